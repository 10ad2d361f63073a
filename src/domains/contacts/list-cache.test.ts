/**
 * The list page cache (list-cache.ts, decisions 017 and 046) on a real database: after every event
 * that changes what a list shows (follows, requests, accepts, rejects, drops, a profile, privacy,
 * name, picture or status change, a write by another connection), every page a viewer asks for
 * equals the page read fresh from the database; and pages are served from memory while nothing
 * changed. On PostgreSQL (its pass) the cache trusts the list change notices a real listener
 * hears (PostgresLiveBus, as the server wires it); the last block checks what only PostgreSQL has:
 * another connection's write heard, a read racing a write's commit, the listener gone.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createMember } from "#support/members.ts";
import { testEngine } from "#support/pg.ts";
import { openServerDb } from "#support/server.ts";
import { type TestContext, closeTestContext, openTestContext } from "#support/service-context.ts";
import { type DB, statementsRun, trustChangeNotices } from "../../platform/db/client.ts";
import { isPostgres } from "../../platform/db/dialect.ts";
import { PostgresLiveBus } from "../../platform/live-postgres.ts";
import { silentLogger } from "../../platform/logger.ts";
import type { Actor, AppContext } from "../../platform/context.ts";
import { listInput } from "./contacts.schema.ts";
import { cardsFor, type ListKind, listMembers } from "./contacts.repository.ts";
import * as contacts from "./contacts.service.ts";
import { adultBornBy } from "../privacy/privacy.service.ts";
import { cachedListPages, LIST_CHANGES_CHANNEL, mayChangeLists } from "./list-cache.ts";

let db: DB;
let ctx: AppContext;
let testContext: TestContext | undefined;
/** PostgreSQL: the listener of the list change notices, as the server starts it. */
let bus: PostgresLiveBus | undefined;
/** PostgreSQL: its counter, as handed to the cache. */
let heard: (() => number | undefined) | undefined;
beforeAll(async () => {
  testContext = await openTestContext("list-cache");
  ({ ctx, db } = testContext);
  if (isPostgres(db)) {
    bus = new PostgresLiveBus({ url: testContext.database, db, log: silentLogger, readEventsAfter: () => Promise.resolve([]) });
    heard = bus.noticesOn(LIST_CHANGES_CHANNEL);
    trustChangeNotices(db, LIST_CHANGES_CHANNEL, heard);
    await bus.start();
  }
});
afterAll(async () => {
  await bus?.stop();
  await closeTestContext(testContext);
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/**
 * Until the notices of the writes so far have arrived: SQLite's data_version shows another
 * connection's commit at once; PostgreSQL's notice (this process's own writes send one too) arrives
 * within a few ms, and would empty the cache in the middle of what follows.
 */
const noticesLanded = () => (isPostgres(db) ? sleep(50) : Promise.resolve());

const KINDS: ListKind[] = ["contacts", "requests", "following", "followers"];

/** Every list of every owner as each viewer may ask it (whole; filtered, first page of 2, counted). */
function questions(people: Actor[]) {
  const out: Array<{ viewer: Actor; kind: ListKind; input: { memberId: number; limit: number; search?: string } }> = [];
  for (const viewer of people) {
    for (const owner of people) {
      for (const kind of KINDS) {
        if (kind === "requests" && owner !== viewer) continue;
        for (const input of [{ limit: 200 }, { limit: 2, search: "member" }])
          out.push({ viewer, kind, input: { memberId: owner.memberId, ...input } });
      }
    }
  }
  return out;
}

/** The page as the service answers it (maybe from the cache), as an error message when it refuses. */
const served = (q: ReturnType<typeof questions>[number]) =>
  contacts.listOf(ctx, q.viewer, q.kind, listInput.parse(q.input)).then(
    (page) => ({ items: page.items, total: page.total }),
    (e: Error) => e.message,
  );

/** The same page read fresh (the cards of cardsFor + relationsOf, the path search uses), or the service's refusal. */
async function fresh(q: ReturnType<typeof questions>[number], refusal: unknown) {
  if (typeof refusal === "string") return refusal;
  const read = await listMembers(db, q.kind, q.input.memberId, q.viewer.memberId, {
    search: q.input.search,
    limit: q.input.limit,
    cutoff: adultBornBy(),
  });
  const rows = new Map(
    (
      await cardsFor(
        db,
        read.rows.map((r) => r.memberId),
        q.viewer.memberId,
      )
    ).map((r) => [r.memberId, r]),
  );
  return {
    items: await contacts.cardsOf(
      ctx,
      q.viewer,
      read.rows.map((r) => rows.get(r.memberId)!),
    ),
    total: read.total,
  };
}

/** The member's own contacts, asked twice: the second answer runs no statement for the page. */
async function servedFromMemory(viewer: Actor) {
  await noticesLanded();
  const input = listInput.parse({ memberId: viewer.memberId, limit: 200 });
  await contacts.listOf(ctx, viewer, "contacts", input);
  const before = statementsRun(db);
  const page = await contacts.listOf(ctx, viewer, "contacts", input);
  expect(cachedListPages(db)).toBeGreaterThan(0);
  expect(statementsRun(db) - before).toBe(0);
  return page;
}

/** The member ids of the viewer's own People I Follow, as served. */
const followedBy = async (viewer: Actor) =>
  (await contacts.listOf(ctx, viewer, "following", listInput.parse({ memberId: viewer.memberId, limit: 200 }))).items.map(
    (card) => card.memberId,
  );

describe("list page cache", () => {
  it("tells the statements that write what the lists read", () => {
    for (const text of [
      'insert into "follow" ("follower_id") values (?)',
      'update "member" set "status" = ? where "id" = ?',
      'update "member_privacy" set "basic_info" = ?',
      'insert into "member_profile" ("member_id") values (?) on conflict do update set "city" = ?',
      'delete from "contact_link" where "member_id" = ?',
      "REPLACE INTO member_privacy (member_id) VALUES (1)",
      "with x as (select 1) delete from follow where follower_id in (select * from x)",
      "truncate follow",
      "TRUNCATE TABLE session, member CASCADE",
    ]) {
      expect(mayChangeLists(text), text).toBe(true);
    }
    for (const text of [
      'select * from "member"',
      'insert into "timeline" (member_id) select follower_id from follow',
      'update "session" set "last_seen_at" = ?',
      'insert into "member_suggestion" ("member_id") values (?)',
      'delete from "member_search" where rowid = ?',
      "truncate session",
    ]) {
      expect(mayChangeLists(text), text).toBe(false);
    }
  });

  // About 2,000 list reads: 5-15 s on a loaded machine.
  it(
    "every page equals the page read fresh after each event that changes lists, and is served from memory between events",
    { timeout: 90_000 },
    async () => {
      const a = await createMember(db, { firstName: "Ada", lastName: "Member" });
      const b = await createMember(db, { firstName: "Ben", lastName: "Member" });
      const c = await createMember(db, { firstName: "Cy", lastName: "Member" });
      const d = await createMember(db, { firstName: "Di", lastName: "Other" });
      const people = [a, b, c, d];
      const all = questions(people);
      const other = openServerDb(testContext!.database);
      const events: Array<[string, () => unknown]> = [
        ["a asks b", () => contacts.sendRequest(ctx, a, b.memberId)],
        ["b accepts", () => contacts.acceptRequest(ctx, b, a.memberId)],
        ["c asks a", () => contacts.sendRequest(ctx, c, a.memberId)],
        ["a rejects c", () => contacts.rejectRequest(ctx, a, c.memberId)],
        ["c asks b", () => contacts.sendRequest(ctx, c, b.memberId)],
        ["b accepts c", () => contacts.acceptRequest(ctx, b, c.memberId)],
        ["a follows c", () => contacts.follow(ctx, a, c.memberId)],
        ["d follows a", () => contacts.follow(ctx, d, a.memberId)],
        ["a unfollows c", () => contacts.unfollow(ctx, a, c.memberId)],
        ["b drops a", () => contacts.dropContact(ctx, b, a.memberId)],
        [
          "c's profile place",
          () => db.insertInto("memberProfile").values({ memberId: c.memberId, city: "Reno", state: "NV", sport: "Golf" }).execute(),
        ],
        [
          "c hides sections",
          () =>
            db.insertInto("memberPrivacy").values({ memberId: c.memberId, basicInfo: 2, contactInfo: 3, viewProfilePicture: 0 }).execute(),
        ],
        [
          "c opens them",
          () => db.updateTable("memberPrivacy").set({ basicInfo: 1, contactInfo: 1 }).where("memberId", "=", c.memberId).execute(),
        ],
        ["b renamed", () => db.updateTable("member").set({ firstName: "Bea", lastName: "Zed" }).where("id", "=", b.memberId).execute()],
        ["c's picture", () => db.updateTable("member").set({ picturePath: "/uploads/c.webp" }).where("id", "=", c.memberId).execute()],
        ["c deactivated", () => db.updateTable("member").set({ status: 3 }).where("id", "=", c.memberId).execute()],
        ["c back", () => db.updateTable("member").set({ status: 2 }).where("id", "=", c.memberId).execute()],
        ["d's privacy hides lists", () => db.insertInto("memberPrivacy").values({ memberId: d.memberId, viewFriendsList: 0 }).execute()],
        ["another connection renames a", () => other.run("update member set first_name = 'Abe' where id = ?", a.memberId)],
        [
          "another connection: d follows c",
          () =>
            other.run(
              "insert into follow (follower_id, followed_id, created_at) values (?, ?, ?)",
              d.memberId,
              c.memberId,
              new Date().toISOString(),
            ),
        ],
        ["another connection: c's profile", () => other.run("update member_profile set city = 'Elko' where member_id = ?", c.memberId)],
      ];
      try {
        for (const [name, event] of [["start", () => undefined] as [string, () => unknown], ...events]) {
          await event();
          if (name.startsWith("another connection")) await noticesLanded();
          // Each question twice: the second is served from the cache when nothing changed since the first.
          for (const q of all) {
            const first = await served(q);
            const again = await served(q);
            const expected = await fresh(q, first);
            const what = `after "${name}": ${q.kind} of ${q.input.memberId} seen by ${q.viewer.memberId} ${JSON.stringify(q.input)}`;
            expect(first, what).toEqual(expected);
            expect(again, what).toEqual(expected);
          }
        }
        // Nothing changed since the last round: every answer comes from memory (no statement run for the page).
        await servedFromMemory(a);
      } finally {
        await other.close();
      }
    },
  );
});

describe.runIf(testEngine() === "postgres")("on PostgreSQL, while this process hears the list change notices", () => {
  it("another connection's follow is heard: the next page shows it", async () => {
    const a = await createMember(db, { firstName: "Heard", lastName: "Follower" });
    const b = await createMember(db, { firstName: "Heard", lastName: "Followed" });
    expect(await followedBy(a)).toEqual([]);
    await servedFromMemory(a);
    const other = openServerDb(testContext!.database);
    try {
      await other.run(
        "insert into follow (follower_id, followed_id, created_at) values (?, ?, ?)",
        a.memberId,
        b.memberId,
        new Date().toISOString(),
      );
    } finally {
      await other.close();
    }
    await noticesLanded();
    expect(await followedBy(a)).toEqual([b.memberId]);
  });

  it("a page read between a write's statement and its commit is not served once the commit is answered", async () => {
    const a = await createMember(db, { firstName: "Racing", lastName: "Reader" });
    const b = await createMember(db, { firstName: "Racing", lastName: "Writer" });
    // The notices stand still here (as when they have not arrived yet): only this process's own count can tell.
    let stillCounter = heard!();
    expect(stillCounter).toBeDefined();
    trustChangeNotices(db, LIST_CHANGES_CHANNEL, () => stillCounter);
    try {
      expect(await followedBy(a)).toEqual([]);
      await db.transaction().execute(async (tx) => {
        await tx
          .insertInto("follow")
          .values({ followerId: a.memberId, followedId: b.memberId, createdAt: new Date().toISOString() })
          .execute();
        // Another pooled connection reads the page as committed (without the follow); it may keep it.
        expect(await followedBy(a)).toEqual([]);
        expect(await followedBy(a)).toEqual([]);
      });
      expect(await followedBy(a)).toEqual([b.memberId]);
      // And with the counter moving, pages are kept again.
      stillCounter = (stillCounter ?? 0) + 1;
      await servedFromMemory(a);
    } finally {
      trustChangeNotices(db, LIST_CHANGES_CHANNEL, heard!);
    }
  });

  it("a page answers from memory for ten seconds after its read, then is read again", async () => {
    const a = await createMember(db, { firstName: "Aging", lastName: "Page" });
    await servedFromMemory(a);
    const readBy = performance.now();
    const clock = vi.spyOn(performance, "now");
    const input = listInput.parse({ memberId: a.memberId, limit: 200 });
    try {
      clock.mockReturnValue(readBy + 9_000);
      let before = statementsRun(db);
      await contacts.listOf(ctx, a, "contacts", input);
      expect(statementsRun(db) - before).toBe(0);
      clock.mockReturnValue(readBy + 10_001);
      before = statementsRun(db);
      await contacts.listOf(ctx, a, "contacts", input);
      expect(statementsRun(db) - before).toBeGreaterThan(0);
    } finally {
      clock.mockRestore();
    }
  });

  it("reads every page again once the notices are no longer heard", async () => {
    const a = await createMember(db, { firstName: "Deaf", lastName: "Reader" });
    await servedFromMemory(a);
    await bus!.stop();
    const input = listInput.parse({ memberId: a.memberId, limit: 200 });
    await contacts.listOf(ctx, a, "contacts", input);
    const before = statementsRun(db);
    await contacts.listOf(ctx, a, "contacts", input);
    expect(statementsRun(db) - before).toBeGreaterThan(0);
    expect(cachedListPages(db)).toBe(0);
  });
});
