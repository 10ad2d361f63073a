/**
 * The admin content services on a real database (SQLite, and PostgreSQL in its pass): admins only;
 * news items (add, edit, remove: home shows them), the feeds the import reads (with NEWS_FEEDS),
 * the site guide (add, edit, order, remove), typed names (approve into the shared list, reject),
 * enquiries (handled), instance settings and the registration mode (closed, invite-only), and the
 * audit entry each change writes.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { CompiledQuery } from "kysely";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeTestContext, openTestContext, type TestContext } from "#support/service-context.ts";
import { createMember, type TestMember } from "#support/members.ts";
import { expectError } from "#support/domain-errors.ts";
import type { AppContext } from "../../platform/context.ts";
import { isPostgres } from "../../platform/db/dialect.ts";
import { inWriteUnit } from "../../platform/write-unit.ts";
import { ErrorCodes } from "../../shared/errors.ts";
import { adminContentTexts } from "../../shared/admin-content-texts.ts";
import { registerInput, type RegisterInput } from "../accounts/accounts.schema.ts";
import { register } from "../accounts/accounts.service.ts";
import { feedUrls } from "../news/news-admin.service.ts";
import { enquiryInput } from "../news/news.schema.ts";
import { ads, recentNews, recordEnquiry } from "../news/news.service.ts";
import { publicSiteInfo, SITE_NAME_TTL_MS, siteName } from "../site/site.service.ts";
import * as admin from "./admin.service.ts";
import * as content from "./content.service.ts";

let t: TestContext | undefined;
let ctx: AppContext;
let adminA: TestMember;
let moderator: TestMember;
let plain: TestMember;
const meta = { ip: "203.0.113.9", userAgent: "test" };

beforeAll(async () => {
  t = await openTestContext("admin-content");
  ctx = t.ctx;
  adminA = await createMember(ctx.db, { firstName: "Ada", lastName: "Content", role: "admin" });
  moderator = await createMember(ctx.db, { firstName: "Mo", lastName: "Content", role: "moderator" });
  plain = await createMember(ctx.db, { firstName: "Plain", lastName: "Content" });
});
afterAll(() => closeTestContext(t));

/** The newest audit entry (admins' audit log). */
const lastAudit = async () => (await admin.listAudit(ctx, adminA, undefined)).items[0]!;
const news = { headerText: "Season opener", text: "The league starts on Saturday.", navigateUrl: "", imageUrl: "" };

describe("who may", () => {
  it("refuses moderators and members every content action", async () => {
    for (const actor of [moderator, plain]) {
      await expectError(content.listNews(ctx, actor), ErrorCodes.Forbidden);
      await expectError(content.addNews(ctx, actor, news), ErrorCodes.Forbidden);
      await expectError(content.updateSettings(ctx, actor, { registration: "closed" }), ErrorCodes.Forbidden);
      await expectError(content.listPendingNames(ctx, actor, "school"), ErrorCodes.Forbidden);
      await expectError(content.createInvite(ctx, actor), ErrorCodes.Forbidden);
    }
    expect((await publicSiteInfo(ctx)).registration).toBe("open");
  });
});

describe("news items", () => {
  it("adds, edits and removes an item, which home shows, each audited", async () => {
    const id = await content.addNews(ctx, adminA, news);
    expect((await recentNews(ctx, 5)).map((n) => n.headerText)).toContain("Season opener");
    expect(await lastAudit()).toMatchObject({
      action: "news-add",
      actor: { memberId: adminA.memberId },
      target: { kind: "news", id: String(id), name: "Season opener" },
    });

    await content.editNews(ctx, adminA, id, { ...news, headerText: "Season opener moved" });
    expect((await content.listNews(ctx, adminA)).items.find((n) => n.id === id)).toMatchObject({
      headerText: "Season opener moved",
      source: "admin",
    });
    expect((await lastAudit()).action).toBe("news-edit");

    await content.removeNews(ctx, adminA, id);
    expect((await recentNews(ctx, 50)).map((n) => n.id)).not.toContain(id);
    expect(await lastAudit()).toMatchObject({ action: "news-remove", target: { name: "Season opener moved" } });
    await expectError(content.removeNews(ctx, adminA, id), ErrorCodes.NotFound);
  });

  it("uploads a picture through the media checks (re-encoded, stored, served under /uploads); not for moderators", async () => {
    const png = new Uint8Array(
      await sharp({ create: { width: 60, height: 40, channels: 3, background: "#2a7" } })
        .png()
        .toBuffer(),
    );
    const file = { size: png.length, bytes: () => Promise.resolve(png) };
    await expectError(content.uploadNewsImage(ctx, moderator, file), ErrorCodes.Forbidden);
    const { imageUrl } = await content.uploadNewsImage(ctx, adminA, file);
    expect(imageUrl).toMatch(/^\/uploads\/news\/[a-z2-7]+-400\.webp$/);
    expect(existsSync(path.join(ctx.uploadsDir, imageUrl.slice("/uploads/".length)))).toBe(true);
    const id = await content.addNews(ctx, adminA, { ...news, headerText: "With a picture", imageUrl });
    expect((await recentNews(ctx, 50)).find((n) => n.id === id)?.imageUrl).toBe(imageUrl);
    const text = new TextEncoder().encode("not a picture");
    await expectError(content.uploadNewsImage(ctx, adminA, { size: text.length, bytes: () => Promise.resolve(text) }), ErrorCodes.BadInput);
  });

  it("refuses a javascript: link and writes nothing (no item, no audit entry)", async () => {
    const before = (await lastAudit()).id;
    await expectError(content.addNews(ctx, adminA, { ...news, navigateUrl: "javascript:alert(1)" }), ErrorCodes.BadInput);
    expect((await lastAudit()).id).toBe(before);
  });

  it("pages newest first", async () => {
    const ids: number[] = [];
    for (let i = 0; i < 27; i++) ids.push(await content.addNews(ctx, adminA, { ...news, headerText: `Item ${i}` }));
    const first = await content.listNews(ctx, adminA);
    expect(first.items).toHaveLength(25);
    expect(first.items[0]!.id).toBe(ids.at(-1));
    const second = await content.listNews(ctx, adminA, first.nextCursor!);
    expect(second.items.map((n) => n.id)).toEqual(expect.arrayContaining([ids[0], ids[1]]));
    expect(new Set([...first.items, ...second.items].map((n) => n.id)).size).toBe(first.items.length + second.items.length);
  });
});

describe("feeds", () => {
  it("lists the admins' feeds with the configured ones, once each; a repeat is refused", async () => {
    const id = await content.addFeed(ctx, adminA, "https://news.example/rss");
    await expectError(content.addFeed(ctx, adminA, "https://news.example/rss"), ErrorCodes.BadInput);
    expect(await feedUrls(ctx, ["https://config.example/atom", "https://news.example/rss"])).toEqual([
      "https://config.example/atom",
      "https://news.example/rss",
    ]);
    await content.removeFeed(ctx, adminA, id);
    expect(await content.listFeeds(ctx, adminA)).toEqual([]);
    expect(await lastAudit()).toMatchObject({ action: "feed-remove", target: { kind: "feed", name: "https://news.example/rss" } });
  });

  it("refuses a feed the server must not fetch (local or private address, credentials, not http), writing nothing", async () => {
    const auditBefore = (await lastAudit()).id;
    for (const url of [
      "http://127.0.0.1:8080/rss",
      "http://localhost/rss",
      "http://[::ffff:10.0.0.1]/rss",
      "http://169.254.169.254/latest/meta-data/",
      "http://192.168.1.10/feed",
      "https://admin:secret@news.example/rss",
      "ftp://news.example/rss",
    ]) {
      await expectError(content.addFeed(ctx, adminA, url), ErrorCodes.BadInput, adminContentTexts.feedNotPublic);
    }
    // Any port but the web's (decision 042, review of 2026-11-27, third pass), named as its own rule.
    for (const url of ["https://news.example:6379/rss", "http://93.184.215.14:22/rss"])
      await expectError(content.addFeed(ctx, adminA, url), ErrorCodes.BadInput, adminContentTexts.feedPort);
    expect(await content.listFeeds(ctx, adminA)).toEqual([]);
    expect((await lastAudit()).id).toBe(auditBefore);
  });
});

describe("site guide", () => {
  it("adds at the end, edits, reorders and removes; members' carousel follows", async () => {
    const before = (await content.listGuide(ctx, adminA)).map((g) => g.id);
    const id = await content.addGuideItem(ctx, adminA, {
      headerText: "Find a coach",
      text: "Search by sport.",
      imageUrl: "",
      navigateUrl: "/members",
    });
    expect((await ads(ctx, "SiteGuide")).at(-1)).toMatchObject({ id, headerText: "Find a coach" });

    await content.editGuideItem(ctx, adminA, id, { headerText: "Find your coach", text: "Search.", imageUrl: "", navigateUrl: "/members" });
    await content.orderGuide(ctx, adminA, [id, ...before]);
    expect((await ads(ctx, "SiteGuide"))[0]).toMatchObject({ id, headerText: "Find your coach" });
    await expectError(content.orderGuide(ctx, adminA, [id]), ErrorCodes.BadInput);

    await content.removeGuideItem(ctx, adminA, id);
    expect((await ads(ctx, "SiteGuide")).map((g) => g.id)).toEqual(before);
    expect((await lastAudit()).action).toBe("guide-remove");
  });

  it("refuses a link or picture that is not an http(s) address or a path on this site, and writes nothing", async () => {
    const item = { headerText: "Bad link", text: "", imageUrl: "", navigateUrl: "/members" };
    const kept = await content.addGuideItem(ctx, adminA, { ...item, imageUrl: "https://img.example/a.png" });
    const before = await ads(ctx, "SiteGuide");
    const auditBefore = (await lastAudit()).id;
    for (const bad of ["javascript:alert(1)", "data:text/html,x", "//evil.example/x", "ftp://files.example/a"]) {
      await expectError(content.addGuideItem(ctx, adminA, { ...item, navigateUrl: bad }), ErrorCodes.BadInput);
      await expectError(content.addGuideItem(ctx, adminA, { ...item, imageUrl: bad }), ErrorCodes.BadInput);
    }
    await expectError(content.editGuideItem(ctx, adminA, kept, { ...item, navigateUrl: "javascript:alert(1)" }), ErrorCodes.BadInput);
    expect(await ads(ctx, "SiteGuide")).toEqual(before);
    expect((await lastAudit()).id).toBe(auditBefore);
  });
});

describe("typed names", () => {
  it("approves a school into the shared list, rejects a company; a name already listed is not listed twice", async () => {
    const school = await ctx.db
      .insertInto("school")
      .values({ name: "Ridgeway Academy", state: "TX", type: 3, sourceId: null, addedByMemberId: plain.memberId, status: "pending" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const copy = await ctx.db
      .insertInto("school")
      .values({ name: "Ridgeway Academy", state: "TX", type: 3, sourceId: null, addedByMemberId: adminA.memberId, status: "pending" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const company = await ctx.db
      .insertInto("company")
      .values({ name: "Acme Sportswear", industryId: null, addedByMemberId: plain.memberId, status: "pending" })
      .returning("id")
      .executeTakeFirstOrThrow();

    const pending = await content.listPendingNames(ctx, adminA, "school");
    expect(pending.items.find((p) => p.id === school.id)).toMatchObject({
      name: "Ridgeway Academy",
      state: "TX",
      addedBy: { memberId: plain.memberId, name: "Plain Content" },
    });

    expect(await content.approveName(ctx, adminA, "school", school.id)).toEqual({ name: "Ridgeway Academy", status: "approved" });
    const status = (id: number) => ctx.db.selectFrom("school").select("status").where("id", "=", id).executeTakeFirstOrThrow();
    expect((await status(school.id)).status).toBe("approved");
    // The second copy of a listed name stays its typer's own.
    expect((await content.approveName(ctx, adminA, "school", copy.id)).status).toBe("rejected");
    expect((await content.listPendingNames(ctx, adminA, "school")).items).toEqual([]);
    await expectError(content.approveName(ctx, adminA, "school", school.id), ErrorCodes.NotFound);

    await content.rejectName(ctx, adminA, "company", company.id);
    expect((await ctx.db.selectFrom("company").select("status").where("id", "=", company.id).executeTakeFirstOrThrow()).status).toBe(
      "rejected",
    );
    expect(await lastAudit()).toMatchObject({
      action: "name-reject",
      target: { kind: "company", id: String(company.id), name: "Acme Sportswear" },
    });
  });
});

describe("enquiries", () => {
  it("lists open enquiries and marks one handled", async () => {
    await recordEnquiry(
      ctx,
      enquiryInput.parse({ firstName: "Dana", lastName: "Sponsor", email: "dana@example.org", company: "Kits Ltd" }),
      meta,
    );
    const [open] = (await content.listEnquiries(ctx, adminA, true)).items;
    expect(open).toMatchObject({ name: "Dana Sponsor", company: "Kits Ltd", handledAt: null });
    await content.markEnquiryHandled(ctx, adminA, open!.id);
    expect((await content.listEnquiries(ctx, adminA, true)).items).toEqual([]);
    expect((await content.listEnquiries(ctx, adminA, false)).items[0]!.handledAt).not.toBeNull();
    await expectError(content.markEnquiryHandled(ctx, adminA, 999_999), ErrorCodes.NotFound);
  });
});

describe("instance settings and registration", () => {
  const registration = (overrides: Partial<RegisterInput> = {}) =>
    registerInput.parse({
      firstName: "Reg",
      lastName: "Istrant",
      email: `reg-${Math.random().toString(36).slice(2, 10)}@example.com`,
      password: "Secret-pass-1",
      confirmPwd: "Secret-pass-1",
      gender: "Female",
      month: "3",
      day: "9",
      year: "1990",
      profileType: "Coach",
      ...overrides,
    });
  const members = async () =>
    Number(
      (
        await ctx.db
          .selectFrom("member")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("stores the site's name, about and terms texts, which anyone reads", async () => {
    await content.updateSettings(ctx, adminA, { siteName: "Harbour Sports", aboutText: "A club network.", termsText: "Be kind." });
    expect(await publicSiteInfo(ctx)).toEqual({
      siteName: "Harbour Sports",
      aboutText: "A club network.",
      termsText: "Be kind.",
      registration: "open",
    });
    expect(await lastAudit()).toMatchObject({ action: "settings-update", detail: { changed: ["siteName", "aboutText", "termsText"] } });
  });

  it("the name the server writes into its pages: cached, read again at once after an admin's save, within the TTL after another process's", async () => {
    await content.updateSettings(ctx, adminA, { siteName: "Harbour Sports" });
    const now = Date.now();
    expect(await siteName(ctx, now)).toBe("Harbour Sports");
    // Another server process saves (same database, not this process's service): cached until the TTL ends.
    await ctx.db.updateTable("siteSetting").set({ value: "Harbour Rowing" }).where("key", "=", "siteName").execute();
    expect(await siteName(ctx, now + 1)).toBe("Harbour Sports");
    expect(await siteName(ctx, now + SITE_NAME_TTL_MS)).toBe("Harbour Rowing");
    // This process saves: its next page has the new name, TTL or not.
    await content.updateSettings(ctx, adminA, { siteName: "Harbour Sailing" });
    expect(await siteName(ctx, now + SITE_NAME_TTL_MS + 1)).toBe("Harbour Sailing");
  });

  it("the name in a write unit (a notification's e-mail): the database's cached name, not a read in every transaction", async () => {
    await content.updateSettings(ctx, adminA, { siteName: "Harbour Sports" });
    const now = Date.now();
    expect(await siteName(ctx, now)).toBe("Harbour Sports");
    await ctx.db.updateTable("siteSetting").set({ value: "Harbour Rowing" }).where("key", "=", "siteName").execute();
    expect(await inWriteUnit(ctx, (unit) => siteName(unit, now + 1))).toBe("Harbour Sports");
    // Stale: read through the unit's transaction, and kept for the database outside it.
    expect(await inWriteUnit(ctx, (unit) => siteName(unit, now + SITE_NAME_TTL_MS))).toBe("Harbour Rowing");
    await ctx.db.updateTable("siteSetting").set({ value: "Harbour Sailing" }).where("key", "=", "siteName").execute();
    expect(await siteName(ctx, now + SITE_NAME_TTL_MS + 1)).toBe("Harbour Rowing");
  });

  it("closed: registration is refused with a clear message and writes nothing", async () => {
    await content.updateSettings(ctx, adminA, { registration: "closed" });
    const before = await members();
    await expectError(register(ctx, registration(), meta), ErrorCodes.Forbidden, adminContentTexts.registrationClosed);
    expect(await members()).toBe(before);
  });

  it("invite-only: needs an unused code, which one registration uses", async () => {
    await content.updateSettings(ctx, adminA, { registration: "invite-only" });
    await expectError(register(ctx, registration(), meta), ErrorCodes.BadInput, adminContentTexts.registrationNeedsInvite);
    await expectError(register(ctx, registration({ code: "NOPE123456" }), meta), ErrorCodes.BadInput, adminContentTexts.inviteCodeNotValid);

    const invite = await content.createInvite(ctx, adminA);
    const data = registration({ code: invite.code.toLowerCase() });
    expect(await register(ctx, data, meta)).toBe("NewEmail");
    expect((await content.listInvites(ctx, adminA)).find((i) => i.code === invite.code)).toMatchObject({ usedByEmail: data.email });
    await expectError(register(ctx, registration({ code: invite.code }), meta), ErrorCodes.BadInput, adminContentTexts.inviteCodeNotValid);
    await expectError(content.removeInvite(ctx, adminA, invite.code), ErrorCodes.NotFound);

    await content.updateSettings(ctx, adminA, { registration: "open" });
    expect(await register(ctx, registration(), meta)).toBe("NewEmail");
  });
});

describe("query plans (SQLite)", () => {
  it("the typed names queue and open enquiries read their partial indexes, no scan or sort", async () => {
    if (isPostgres(ctx.db)) return; // At test size PostgreSQL's planner may read the few rows any way.
    const plan = async (text: string) =>
      (await ctx.db.executeQuery<{ detail: string }>(CompiledQuery.raw(`EXPLAIN QUERY PLAN ${text}`))).rows.map((r) => r.detail).join("\n");
    const school = await plan(`select "id", "name" from "school" where "status" = 'pending' and "id" > 0 order by "id" limit 26`);
    expect(school).toMatch(/SEARCH school USING (COVERING )?INDEX school_pending_idx/);
    const company = await plan(`select "id", "name" from "company" where "status" = 'pending' order by "id" limit 26`);
    expect(company).toMatch(/(SCAN|SEARCH) company USING (COVERING )?INDEX company_pending_idx/);
    const enquiries = await plan(
      `select "id", "email" from "ad_enquiry" where "handled_at" is null and "id" < 99 order by "id" desc limit 26`,
    );
    expect(enquiries).toMatch(/SEARCH ad_enquiry USING (COVERING )?INDEX ad_enquiry_open_idx/);
    expect(`${school}\n${company}\n${enquiries}`).not.toMatch(/TEMP B-TREE|SCAN (school|company|ad_enquiry)$/m);
  });
});
