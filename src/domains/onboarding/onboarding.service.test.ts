/**
 * The first hour on a real SQLite file: each checklist step follows what the member did (photo,
 * sport and status, a school, an accepted contact, a post), and the Site Guide drops the tips
 * whose steps are all done ("Complete your profile" leaves once the profile is complete).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMember, makeContacts } from "#support/members.ts";
import { type TestContext, closeTestContext, openTestContext } from "#support/service-context.ts";
import { createCallerFactory } from "../../platform/trpc/init.ts";
import type { AppContext } from "../../platform/context.ts";
import type { DB } from "../../platform/db/client.ts";
import { upsertProfile } from "../profiles/profiles.repository.ts";
import { insertPost } from "../feed/feed.repository.ts";
import { onboardingRouter } from "./onboarding.router.ts";
import * as onboarding from "./onboarding.service.ts";

let db: DB;
let ctx: AppContext;
let t: TestContext | undefined;
beforeAll(async () => {
  t = await openTestContext("onboarding");
  ({ ctx, db } = t);
});
afterAll(() => closeTestContext(t));

const guideTitles = async (actor: Parameters<typeof onboarding.siteGuide>[1]) =>
  (await onboarding.siteGuide(ctx, actor)).map((item) => item.headerText);

describe("firstHour and siteGuide", () => {
  it("follow each step the member takes, until the checklist is complete", async () => {
    const m = await createMember(db, { firstName: "Nia", lastName: "Newcomer", profileType: "" });
    const start = await onboarding.firstHour(ctx, m);
    expect(start).toEqual({
      steps: { photo: false, sportAndStatus: false, education: false, contact: false, post: false },
      done: 0,
      total: 5,
      complete: false,
      percent: 0,
    });
    expect(await guideTitles(m)).toContain("Complete your profile");
    expect(await guideTitles(m)).toContain("Find your people");

    await db.updateTable("member").set({ picturePath: "/uploads/nia.webp", profileType: "Coach" }).where("id", "=", m.memberId).execute();
    expect((await onboarding.firstHour(ctx, m)).steps).toMatchObject({ photo: true, sportAndStatus: false });
    await upsertProfile(db, m.memberId, { sport: "Rowing" }, new Date().toISOString());
    expect((await onboarding.firstHour(ctx, m)).steps.sportAndStatus).toBe(true);
    const school = await db.selectFrom("school").select("id").limit(1).executeTakeFirstOrThrow();
    await db
      .insertInto("memberSchool")
      .values({
        memberId: m.memberId,
        schoolId: school.id,
        degreeTypeId: null,
        major: "Math",
        yearClass: 2020,
        competitionLevel: "",
        societies: "",
        createdAt: new Date().toISOString(),
      })
      .execute();
    const profileDone = await onboarding.firstHour(ctx, m);
    expect(profileDone).toMatchObject({ done: 3, percent: 60, complete: false });
    // The profile's tip goes; the others stay.
    expect(await guideTitles(m)).not.toContain("Complete your profile");
    expect(await guideTitles(m)).toContain("Find your people");
    expect(await guideTitles(m)).toContain("Show your game");

    const friend = await createMember(db, { firstName: "Fay", lastName: "Friend" });
    await makeContacts(db, m, friend);
    await insertPost(db, m.memberId, "Hello Sideline", new Date().toISOString());
    expect(await onboarding.firstHour(ctx, m)).toMatchObject({ done: 5, total: 5, complete: true, percent: 100 });
    expect(await guideTitles(m)).not.toContain("Find your people");
    expect(await guideTitles(m)).not.toContain("Post short updates");
    expect(await guideTitles(m)).toContain("Decide who sees what");
  });

  it("a pending request is no contact yet; the procedures answer for the signed-in member only", async () => {
    const a = await createMember(db, { firstName: "Ada", lastName: "Asker" });
    const b = await createMember(db, { firstName: "Bo", lastName: "Busy" });
    await db
      .insertInto("contactLink")
      .values({ memberId: a.memberId, otherId: b.memberId, status: "pending", createdAt: "2026-01-01", updatedAt: "2026-01-01" })
      .execute();
    expect((await onboarding.firstHour(ctx, a)).steps.contact).toBe(false);

    const caller = createCallerFactory(onboardingRouter);
    const as = (actor: typeof a | null) =>
      caller({ app: ctx, actor, meta: { ip: "127.0.0.1", userAgent: "test" }, startSession() {}, endSession() {} });
    await expect(as(null).firstHour()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    await expect(as(a).firstHour()).resolves.toMatchObject({ total: 5 });
    await expect(as(a).siteGuide()).resolves.toEqual(expect.arrayContaining([expect.objectContaining({ headerText: "Show your game" })]));
  });
});
