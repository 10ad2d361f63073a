/**
 * The list page cache (list-cache.ts, decision 017) on a real SQLite file: after every event that
 * changes what a list shows (follows, requests, accepts, rejects, drops, a profile, privacy, name,
 * picture or status change, a write by another connection), every page a viewer asks for equals
 * the page read fresh from the database; and pages are served from memory while nothing changed.
 * On PostgreSQL (its pass) the cache is off (other processes write unseen): the same pages, each
 * read from the database.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMember } from "#support/members.ts";
import { openServerDb } from "#support/server.ts";
import { type TestContext, closeTestContext, openTestContext } from "#support/service-context.ts";
import { type DB, statementsRun } from "../../platform/db/client.ts";
import { isPostgres } from "../../platform/db/dialect.ts";
import type { Actor, AppContext } from "../../platform/context.ts";
import { listInput } from "./contacts.schema.ts";
import { cardsFor, type ListKind, listMembers } from "./contacts.repository.ts";
import * as contacts from "./contacts.service.ts";
import { adultBornBy } from "../privacy/privacy.service.ts";
import { cachedListPages, mayChangeLists } from "./list-cache.ts";

let db: DB;
let ctx: AppContext;
let testContext: TestContext | undefined;
beforeAll(async () => {
  testContext = await openTestContext("list-cache");
  ({ ctx, db } = testContext);
});
afterAll(() => closeTestContext(testContext));

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
    ]) {
      expect(mayChangeLists(text), text).toBe(true);
    }
    for (const text of [
      'select * from "member"',
      'insert into "timeline" (member_id) select follower_id from follow',
      'update "session" set "last_seen_at" = ?',
      'insert into "member_suggestion" ("member_id") values (?)',
      'delete from "member_search" where rowid = ?',
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
        // Nothing changed since the last round: every answer comes from memory (no statement run for
        // the page). On PostgreSQL nothing is kept, and the page is read again.
        const q = all.find((x) => x.viewer === a && x.kind === "contacts" && x.input.memberId === a.memberId)!;
        await contacts.listOf(ctx, a, "contacts", listInput.parse(q.input));
        const before = statementsRun(db);
        await contacts.listOf(ctx, a, "contacts", listInput.parse(q.input));
        if (isPostgres(db)) {
          expect(cachedListPages(db)).toBe(0);
          expect(statementsRun(db) - before).toBeGreaterThan(0);
        } else {
          expect(cachedListPages(db)).toBeGreaterThan(0);
          expect(statementsRun(db) - before).toBe(0);
        }
      } finally {
        await other.close();
      }
    },
  );
});
