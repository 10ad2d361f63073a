/**
 * The news service on a real SQLite file: adding items (checked, once per guid), recent news with
 * the default picture, the site guide of the migrations, shortened news text, and enquiries.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestContext, closeTestContext, openTestContext } from "#support/service-context.ts";
import { DomainError, ErrorCodes } from "../../shared/errors.ts";
import { NEWS_TEXT_LENGTH } from "../../shared/limits.ts";
import type { AppContext } from "../../platform/context.ts";
import { freshLimiter } from "#support/limiter.ts";
import { DEFAULT_NEWS_IMAGE, enquiryInput, shortenNews } from "./news.schema.ts";
import * as news from "./news.service.ts";

let ctx: AppContext;
let testContext: TestContext | undefined;
beforeAll(async () => {
  testContext = await openTestContext("news");
  ({ ctx } = testContext);
});
afterAll(() => closeTestContext(testContext));

describe("addNews and recentNews", () => {
  it("adds an item once per guid and lists the newest first, with the default picture when it has none", async () => {
    expect(await news.addNews(ctx, { headerText: "Older", text: "a", postingDate: "2030-01-01", guid: "g-1" })).toBe(true);
    expect(await news.addNews(ctx, { headerText: "Older again", text: "b", guid: "g-1" })).toBe(false);
    expect(
      await news.addNews(ctx, {
        headerText: "Newer",
        text: "c",
        imageUrl: "https://img.example.org/n.png",
        navigateUrl: "/home",
        postingDate: "2030-02-01T10:00:00Z",
      }),
    ).toBe(true);
    const items = await news.recentNews(ctx, 3);
    expect(items.map((i) => i.headerText)).toEqual(["Newer", "Older", "Welcome to Sideline"]);
    expect(items[0]).toMatchObject({
      imageUrl: "https://img.example.org/n.png",
      navigateUrl: "/home",
      postingDate: "2030-02-01T10:00:00.000Z",
    });
    expect(items[1]).toMatchObject({ imageUrl: DEFAULT_NEWS_IMAGE, navigateUrl: "", postingDate: "2030-01-01T00:00:00.000Z" });
  });

  it("refuses an item without a title or with a link or picture that is not http(s) or a site path", async () => {
    const count = async () => (await ctx.db.selectFrom("newsItem").select("id").execute()).length;
    const before = await count();
    for (const bad of [
      { headerText: " ", text: "" },
      { headerText: "x", text: "", navigateUrl: "javascript:alert(1)" },
      { headerText: "x", text: "", imageUrl: "data:image/png;base64,AAAA" },
      { headerText: "x", text: "", imageUrl: "//evil.example/x.png" },
      { headerText: "x", text: "", postingDate: "someday" },
    ]) {
      const error = await news.addNews(ctx, bad).catch((e: unknown) => e);
      expect(error, JSON.stringify(bad)).toBeInstanceOf(DomainError);
      expect((error as DomainError).code).toBe(ErrorCodes.BadInput);
    }
    expect(await count()).toBe(before);
  });
});

describe("shortenNews", () => {
  it("keeps short text, and cuts long text at a word to at most 120 characters with an ellipsis", () => {
    expect(shortenNews("  Short   and\nsweet ")).toBe("Short and sweet");
    const exact = "x".repeat(NEWS_TEXT_LENGTH);
    expect(shortenNews(exact)).toBe(exact);
    const long = "word ".repeat(60);
    const cut = shortenNews(long);
    expect(cut.length).toBeLessThanOrEqual(NEWS_TEXT_LENGTH);
    expect(cut).toMatch(/^(word )*word…$/);
    expect(shortenNews("y".repeat(300))).toBe(`${"y".repeat(NEWS_TEXT_LENGTH - 1)}…`);
  });
});

describe("ads", () => {
  it("answers the site guide of the migrations in order, and nothing for an unknown type", async () => {
    const guide = await news.ads(ctx, "SiteGuide");
    expect(guide).toHaveLength(6);
    expect(guide[0]).toMatchObject({ headerText: "Complete your profile", navigateUrl: "/members/edit-profile", imageUrl: "" });
    expect(await news.ads(ctx, "Banner")).toEqual([]);
  });
});

describe("recordEnquiry", () => {
  it("stores the enquiry, and consumes the mail bucket (limited when limits are on)", async () => {
    const data = enquiryInput.parse({ firstName: "Dana", lastName: "Sponsor", email: "dana@example.org" });
    await news.recordEnquiry(ctx, data, { ip: "10.0.0.1", userAgent: "test" });
    const rows = await ctx.db.selectFrom("adEnquiry").selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ firstName: "Dana", lastName: "Sponsor", email: "dana@example.org", company: "" });

    const limited = { ...ctx, limiter: await freshLimiter(ctx.db) };
    for (let i = 0; i < 10; i++) await news.recordEnquiry(limited, data, { ip: "10.0.0.2", userAgent: "test" });
    const error = await news.recordEnquiry(limited, data, { ip: "10.0.0.2", userAgent: "test" }).catch((e: unknown) => e);
    expect((error as DomainError).code).toBe(ErrorCodes.RateLimited);
    expect(await ctx.db.selectFrom("adEnquiry").select("id").execute()).toHaveLength(11);
  });
});
