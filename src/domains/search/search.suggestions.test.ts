/**
 * The precomputed suggestion lists (member_suggestion, decision 012) on a real SQLite file: a list
 * is computed on a member's first read; what disqualifies a suggestion (a contact, a request either
 * way, a request rejected in the last 90 days, deactivation, contacts-only search visibility) takes effect at once, because every stored
 * entry is checked again when read (and so does its undoing: such entries stay in the list); what changes scores (mutual contacts, a candidate's profile or
 * privacy) marks the list stale through triggers, and the background refresh recomputes it to what
 * a fresh computation gives. Follows change nothing. The refresh of one member is one short write.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createMember } from "#support/members.ts";
import { type TestContext, closeTestContext, openTestContext } from "#support/service-context.ts";
import type { DB } from "../../platform/db/client.ts";
import { MemberStatus } from "../../shared/members.ts";
import * as contacts from "../contacts/contacts.service.ts";
import type { Actor, AppContext } from "../../platform/context.ts";
import { upsertProfile } from "../profiles/profiles.repository.ts";
import { PrivacyLevel } from "../privacy/privacy.schema.ts";
import { upsertPrivacy } from "../privacy/privacy.repository.ts";
import { type Reader, setBackgroundReader } from "./search.reader.ts";
import { computeSuggestionsQuery, SUGGESTIONS_KEPT } from "./search.repository.ts";
import * as search from "./search.service.ts";
import { startSearchUpkeep } from "./search.upkeep.ts";

let t: TestContext | undefined;
let db: DB;
let ctx: AppContext;
beforeAll(async () => {
  t = await openTestContext("search-suggestions");
  ({ db, ctx } = t);
});
afterAll(() => closeTestContext(t));
beforeEach(async () => {
  await db.deleteFrom("member").execute();
});

const at = () => new Date().toISOString();
const member = async (sport = "Rowing", type = "Scout") => {
  const m = await createMember(db, {
    firstName: "Sam",
    lastName: `S${Math.random().toString(36).slice(2, 7)}`,
    profileType: type,
    title: type,
  });
  await upsertProfile(db, m.memberId, { sport }, at());
  return m;
};
const suggest = async (viewer: Actor) => (await search.suggestions(ctx, viewer, 50)).map((c) => c.memberId);
const stored = async (viewer: Actor) =>
  (
    await sql<{
      id: number;
    }>`SELECT suggested_id AS id FROM member_suggestion WHERE member_id = ${viewer.memberId} ORDER BY score DESC, suggested_id DESC`.execute(
      db,
    )
  ).rows.map((r) => r.id);
const fresh = async (viewer: Actor) => (await computeSuggestionsQuery(viewer.memberId, SUGGESTIONS_KEPT).execute(db)).rows.map((r) => r.id);
const stale = async (viewer: Actor) =>
  (await sql<{ stale: number }>`SELECT stale FROM member_suggestion_state WHERE member_id = ${viewer.memberId}`.execute(db)).rows[0]
    ?.stale ?? null;
async function connect(a: Actor, b: Actor) {
  await contacts.sendRequest(ctx, a, b.memberId);
  await contacts.acceptRequest(ctx, b, a.memberId);
}
/** After the refresh, the stored list is what a computation from scratch gives, and reads show it. */
async function expectConsistent(viewer: Actor) {
  await search.refreshDueSuggestions(ctx);
  expect(await stale(viewer)).toBe(0);
  expect(await stored(viewer)).toEqual(await fresh(viewer));
}

describe("member_suggestion", () => {
  it("is computed on a member's first read, and a new member gets suggestions at once", async () => {
    const [a, b, c] = [await member(), await member(), await member("Golf", "Coach")];
    expect(await stale(a)).toBeNull();
    expect(await suggest(a)).toEqual([b.memberId, c.memberId]);
    expect(await stored(a)).toEqual([b.memberId, c.memberId]);
    const newcomer = await member();
    expect(await suggest(newcomer)).toEqual([b.memberId, a.memberId, c.memberId]);
  });

  it("follows contacts added and dropped, requests either way, follows, deactivation and search privacy", async () => {
    const viewer = await member();
    const [f1, f2, x, y, z] = [
      await member(),
      await member(),
      await member("Golf", "Coach"),
      await member("Golf", "Coach"),
      await member("Golf", "Coach"),
    ];
    await suggest(viewer);
    await expectConsistent(viewer);

    // A contact leaves the list at once; the mutual contacts it brings re-rank the list after the refresh.
    await connect(viewer, f1);
    expect(await suggest(viewer)).not.toContain(f1.memberId);
    expect(await stale(viewer)).toBeGreaterThan(0);
    // f1's new contact z is a contact of a contact now: the viewer's list goes stale and re-ranks.
    await connect(f1, z);
    expect(await stale(viewer)).toBeGreaterThan(0);
    await expectConsistent(viewer);
    expect(await suggest(viewer)).toEqual([f2.memberId, z.memberId, y.memberId, x.memberId]);

    // Requests either way leave the list at once.
    await contacts.sendRequest(ctx, viewer, f2.memberId);
    await contacts.sendRequest(ctx, y, viewer.memberId);
    expect(await suggest(viewer)).toEqual([z.memberId, x.memberId]);
    await contacts.rejectRequest(ctx, viewer, y.memberId);
    await expectConsistent(viewer);
    // A rejected requester stays out for 90 days (issue 16), then comes back.
    expect(await suggest(viewer)).toEqual([z.memberId, x.memberId]);
    await db
      .updateTable("contactRejection")
      .set({ rejectedAt: "2000-01-01T00:00:00.000Z" })
      .where("memberId", "=", viewer.memberId)
      .execute();
    expect(await suggest(viewer)).toEqual([z.memberId, y.memberId, x.memberId]);

    // Follows change nothing.
    await contacts.follow(ctx, viewer, x.memberId);
    await contacts.follow(ctx, x, viewer.memberId);
    expect(await suggest(viewer)).toEqual([z.memberId, y.memberId, x.memberId]);
    await expectConsistent(viewer);

    // Deactivation and contacts-only search visibility leave the list at once, and come back.
    await db.updateTable("member").set({ status: MemberStatus.Deactivated }).where("id", "=", z.memberId).execute();
    await upsertPrivacy(db, y.memberId, { searchVisibility: 2 }, at());
    expect(await suggest(viewer)).toEqual([x.memberId]);
    await expectConsistent(viewer);
    await db.updateTable("member").set({ status: MemberStatus.Active }).where("id", "=", z.memberId).execute();
    await upsertPrivacy(db, y.memberId, { searchVisibility: 1 }, at());
    await expectConsistent(viewer);
    expect(await suggest(viewer)).toEqual([z.memberId, y.memberId, x.memberId]);

    // A candidate's profile and basic-info privacy re-rank the lists they are in.
    await upsertProfile(db, x.memberId, { sport: "Rowing" }, at());
    await expectConsistent(viewer);
    expect(await suggest(viewer)).toEqual([x.memberId, z.memberId, y.memberId]);
    await upsertPrivacy(db, x.memberId, { basicInfo: PrivacyLevel.Private }, at());
    await expectConsistent(viewer);
    expect(await suggest(viewer)).toEqual([z.memberId, y.memberId, x.memberId]);

    // Dropping the contact brings f1 back and takes z's mutual contact away.
    await contacts.dropContact(ctx, viewer, f1.memberId);
    await expectConsistent(viewer);
    expect(await suggest(viewer)).toEqual([f1.memberId, z.memberId, y.memberId, x.memberId]);
  });

  it("leaves a member whose request was rejected out of the rejecter's suggestions for 90 days, then lets them back", async () => {
    const [a, b, c] = [await member(), await member(), await member()];
    expect(await suggest(a)).toEqual([c.memberId, b.memberId]);
    await contacts.sendRequest(ctx, b, a.memberId);
    await contacts.rejectRequest(ctx, a, b.memberId);
    // Rejected: gone from a's suggestions (a's own list, not b's: b still sees a).
    expect(await suggest(a)).toEqual([c.memberId]);
    expect(await suggest(b)).toContain(a.memberId);
    await search.refreshDueSuggestions(ctx);
    expect(await suggest(a)).toEqual([c.memberId]);
    // 89 days later still hidden; 91 days later back, with no recomputation needed.
    const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60_000).toISOString();
    await db
      .updateTable("contactRejection")
      .set({ rejectedAt: daysAgo(89) })
      .where("memberId", "=", a.memberId)
      .execute();
    expect(await suggest(a)).toEqual([c.memberId]);
    await db
      .updateTable("contactRejection")
      .set({ rejectedAt: daysAgo(91) })
      .where("memberId", "=", a.memberId)
      .execute();
    expect(await suggest(a)).toEqual([c.memberId, b.memberId]);
    // A second rejection starts the 90 days again (one row per pair).
    await contacts.sendRequest(ctx, b, a.memberId);
    await contacts.rejectRequest(ctx, a, b.memberId);
    expect(await suggest(a)).toEqual([c.memberId]);
    expect(await db.selectFrom("contactRejection").selectAll().execute()).toHaveLength(1);
  });

  it("keeps changes that arrive during a refresh: the list stays stale until a refresh sees them", async () => {
    const viewer = await member();
    const other = await member();
    await suggest(viewer);
    await connect(viewer, other);
    const before = await stale(viewer);
    expect(before).toBeGreaterThan(0);
    // A change lands between the read of the state and the write of the new list.
    await sql`UPDATE member_suggestion_state SET stale = stale + 1 WHERE member_id = ${viewer.memberId}`.execute(db);
    expect(await search.refreshNextSuggestions(ctx)).toBe(true);
    await search.refreshDueSuggestions(ctx);
    expect(await stale(viewer)).toBe(0);
  });

  it("refreshes in the background and stops on shutdown", async () => {
    const viewer = await member();
    const other = await member();
    await suggest(viewer);
    await connect(viewer, other);
    expect(await stale(viewer)).toBeGreaterThan(0);
    const shutdown = new AbortController();
    const upkeep = startSearchUpkeep(ctx, shutdown.signal, { startDelayMs: 0 });
    for (let i = 0; i < 250 && (await stale(viewer)) !== 0; i += 1) await new Promise((r) => setTimeout(r, 20));
    expect(await stale(viewer)).toBe(0);
    shutdown.abort();
    await upkeep.stopped;
  });

  it("computes a member's first list on the background's reader when the server runs one, and reads the list alone afterwards", async () => {
    const viewer = await member();
    const others = [await member(), await member()];
    const asked: string[] = [];
    // Stands in for the worker thread (Bun only): runs what it is given on the test's connection.
    const reader: Reader = async (query) => {
      asked.push(query.sql);
      return (await db.executeQuery(query)).rows;
    };
    setBackgroundReader(reader);
    try {
      expect((await suggest(viewer)).sort()).toEqual(others.map((m) => m.memberId).sort());
      expect(asked).toHaveLength(1);
      expect(asked[0]).toContain("WITH me AS");
      // The list exists: the next reads use it, on the request's connection.
      await suggest(viewer);
      expect(asked).toHaveLength(1);
    } finally {
      setBackgroundReader(undefined);
    }
    // Without a background reader (tests, scripts) the first list is read on the caller's connection.
    const second = await member();
    expect((await suggest(second)).length).toBeGreaterThan(0);
    expect(asked).toHaveLength(1);
  });
});
