/**
 * Posts suggested to an empty feed (issue 16) on a real SQLite file: by members sharing the
 * viewer's sport or state, only where the author's privacy allows (search visibility Everyone, and
 * the matching section Public), never the viewer's own or a deactivated author's, none once the
 * feed has posts; bounded and read through indexes (EXPLAIN QUERY PLAN).
 */
import { CompiledQuery } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createMember, makeContacts } from "#support/members.ts";
import { postgresPlan } from "#support/plans.ts";
import { type TestContext, closeTestContext, openTestContext } from "#support/service-context.ts";
import type { DB } from "../../platform/db/client.ts";
import { isPostgres } from "../../platform/db/dialect.ts";
import type { Actor, AppContext } from "../../platform/context.ts";
import { MemberStatus } from "../../shared/members.ts";
import { upsertPrivacy } from "../privacy/privacy.repository.ts";
import { PrivacyLevel } from "../privacy/privacy.schema.ts";
import { upsertProfile } from "../profiles/profiles.repository.ts";
import * as repo from "./feed.repository.ts";
import * as feed from "./feed.service.ts";
import { suggestedPostsQuery } from "./suggested.repository.ts";

let db: DB;
let ctx: AppContext;
let t: TestContext | undefined;
beforeAll(async () => {
  t = await openTestContext("feed-suggested");
  ({ ctx, db } = t);
});
afterAll(() => closeTestContext(t));
beforeEach(async () => {
  await db.deleteFrom("member").execute();
});

const now = () => new Date().toISOString();
let seq = 0;
async function member(profile: { sport?: string; state?: string } = {}) {
  const m = await createMember(db, { firstName: "Sue", lastName: `Gest${++seq}` });
  await upsertProfile(db, m.memberId, profile, now());
  return m;
}
const postBy = (m: Actor, text: string, at = now()) => repo.insertPost(db, m.memberId, text, at);
const suggested = async (viewer: Actor) => (await feed.suggestedPosts(ctx, viewer)).map((p) => [p.text, p.reason]);

describe("suggestedPosts", () => {
  it("suggests recent posts of members sharing the sport or the state, newest first, labelled with the reason", async () => {
    const viewer = await member({ sport: "Rowing", state: "RI" });
    const rower = await member({ sport: "Rowing", state: "CA" });
    const neighbour = await member({ sport: "Golf", state: "RI" });
    const stranger = await member({ sport: "Golf", state: "CA" });
    await postBy(rower, "rowing post", new Date(Date.now() - 60_000).toISOString());
    await postBy(neighbour, "neighbour post");
    await postBy(stranger, "stranger post");
    const posts = await feed.suggestedPosts(ctx, viewer);
    expect(posts.map((p) => p.text).sort()).toEqual(["neighbour post", "rowing post"]);
    expect(Object.fromEntries(posts.map((p) => [p.text, p.reason]))).toEqual({ "rowing post": "sport", "neighbour post": "state" });
    expect(posts[0]!.author).toMatchObject({ memberId: expect.any(Number), name: expect.stringMatching(/^Sue Gest/) });
    // Newest first.
    expect(posts.map((p) => p.createdAt)).toEqual([...posts.map((p) => p.createdAt)].sort().reverse());
  });

  it("leaves out authors whose privacy does not allow it, deactivated authors, and posts older than 90 days", async () => {
    const viewer = await member({ sport: "Rowing", state: "RI" });
    const hidden = await member({ sport: "Rowing" });
    const privateBasic = await member({ sport: "Rowing" });
    const privateContact = await member({ state: "RI" });
    const contactsOnlyBasic = await member({ sport: "Rowing" });
    const gone = await member({ sport: "Rowing" });
    const old = await member({ sport: "Rowing" });
    const fine = await member({ sport: "Rowing" });
    await upsertPrivacy(db, hidden.memberId, { searchVisibility: 2 }, now());
    await upsertPrivacy(db, privateBasic.memberId, { basicInfo: PrivacyLevel.Private }, now());
    await upsertPrivacy(db, privateContact.memberId, { contactInfo: PrivacyLevel.Private }, now());
    await upsertPrivacy(db, contactsOnlyBasic.memberId, { basicInfo: PrivacyLevel.OnlyContacts }, now());
    await db.updateTable("member").set({ status: MemberStatus.Deactivated }).where("id", "=", gone.memberId).execute();
    for (const m of [hidden, privateBasic, privateContact, contactsOnlyBasic, gone, fine]) await postBy(m, `post ${m.memberId}`);
    await postBy(old, "too old", new Date(Date.now() - 91 * 24 * 60 * 60_000).toISOString());
    expect(await suggested(viewer)).toEqual([[`post ${fine.memberId}`, "sport"]]);
  });

  it("suggests nothing to a member with neither sport nor state, and nothing once their feed has a post", async () => {
    const blank = await member();
    const other = await member({ sport: "Rowing", state: "RI" });
    await postBy(other, "a post");
    expect(await suggested(blank)).toEqual([]);

    const viewer = await member({ sport: "Rowing" });
    expect(await suggested(viewer)).toEqual([["a post", "sport"]]);
    const friend = await member({ sport: "Golf" });
    await makeContacts(db, viewer, friend);
    await postBy(friend, "from my network");
    expect(await suggested(viewer)).toEqual([]);
  });

  it("is bounded: at most five posts, read through the attribute and post indexes", async () => {
    const viewer = await member({ sport: "Rowing", state: "RI" });
    for (let i = 0; i < 8; i++) await postBy(await member({ sport: "Rowing" }), `post ${i}`);
    expect(await suggested(viewer)).toHaveLength(5);
    const compiled = suggestedPostsQuery(viewer.memberId, "2000-01-01", 5).compile(db);
    if (isPostgres(db)) {
      const plan = await postgresPlan(db, compiled.sql, compiled.parameters);
      expect(plan).toMatch(/member_profile_sport_idx/);
      expect(plan).toMatch(/member_profile_state_idx/);
      expect(plan).toMatch(/post_member_created_idx/);
      expect(plan).not.toMatch(/Seq Scan on (post|member_profile)\b/);
      return;
    }
    const explain = CompiledQuery.raw(`EXPLAIN QUERY PLAN ${compiled.sql}`, [...compiled.parameters]) as CompiledQuery<{ detail: string }>;
    const plan = (await db.executeQuery(explain)).rows.map((r) => r.detail).join("\n");
    expect(plan).toMatch(/member_profile_sport_idx/);
    expect(plan).toMatch(/member_profile_state_idx/);
    expect(plan).toMatch(/post_member_created_idx/);
    expect(plan).not.toMatch(/SCAN (post|member_profile)\b(?! USING)/);
  });
});
