/**
 * The home feed's timeline (decision 011) on a real SQLite file: after every event that changes
 * who sees what (posts, follows, unfollows, contacts made and dropped, deactivation and
 * reactivation, post deletion, privacy changes, an author becoming a pull author, the horizon
 * moving), the timeline table holds exactly the rows its definition gives, and every member's feed,
 * page by page, equals the feed computed straight from the base tables.
 */
import { CompiledQuery, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMember } from "#support/members.ts";
import { type TestContext, closeTestContext, openTestContext } from "#support/service-context.ts";
import type { DB } from "../../platform/db/client.ts";
import { MemberStatus } from "../../shared/members.ts";
import * as contacts from "../contacts/contacts.service.ts";
import type { Actor, AppContext } from "../../platform/context.ts";
import * as settings from "../settings/settings.service.ts";
import * as repo from "./feed.repository.ts";
import { feedInput } from "./feed.schema.ts";
import * as feed from "./feed.service.ts";
import {
  advanceHorizon,
  FANOUT_LOCK,
  fanOutStep,
  horizon,
  pruneStep,
  queuedPosts,
  rebuildTimeline,
  TIMELINE_WINDOW_DAYS,
} from "./timeline.repository.ts";
import { startTimelineWorker } from "./timeline.worker.ts";

let db: DB;
let ctx: AppContext;
let testContext: TestContext | undefined;
beforeAll(async () => {
  testContext = await openTestContext("timeline");
  ({ ctx, db } = testContext);
});
afterAll(() => closeTestContext(testContext));

/** A small pull threshold, so the test community has a "large" account. */
const PULL = 3;
/** Drains the queue in batches of 2 readers (several batches per post). */
async function drain(): Promise<void> {
  for (let i = 0; i < 10_000 && (await fanOutStep(db, 2, PULL)); i++);
  expect(await queuedPosts(db)).toBe(0);
}

type Row = string;
const rowsOf = async (): Promise<Row[]> =>
  (await sql<{ m: number; p: number }>`SELECT member_id AS m, post_id AS p FROM timeline ORDER BY 1, 2`.execute(db)).rows.map(
    (r) => `${r.m}:${r.p}`,
  );

/** The timeline by its definition: each reader's network posts since the horizon, pull authors' aside. */
const expectedRows = async (): Promise<Row[]> =>
  (
    await sql<{ m: number; p: number }>`
      SELECT r.reader AS m, p.id AS p FROM post p
      JOIN (SELECT followed_id AS author, follower_id AS reader FROM follow
            UNION SELECT other_id, member_id FROM contact_link WHERE status = 'accepted'
            UNION SELECT id, id FROM member) r ON r.author = p.member_id
      WHERE p.created_at >= (SELECT horizon FROM timeline_state)
        AND p.member_id NOT IN (SELECT member_id FROM timeline_pull_author)
      ORDER BY 1, 2`.execute(db)
  ).rows.map((r) => `${r.m}:${r.p}`);

/** Rows of pull authors: allowed (fanned out before they became one) but only to their network. */
const strayRows = async (): Promise<Row[]> =>
  (
    await sql<{ m: number; p: number }>`
      SELECT t.member_id AS m, t.post_id AS p FROM timeline t
      WHERE t.author_id IN (SELECT member_id FROM timeline_pull_author)
        AND NOT (t.author_id = t.member_id
          OR EXISTS (SELECT 1 FROM follow WHERE follower_id = t.member_id AND followed_id = t.author_id)
          OR EXISTS (SELECT 1 FROM contact_link WHERE member_id = t.member_id AND other_id = t.author_id AND status = 'accepted'))`.execute(
      db,
    )
  ).rows.map((r) => `${r.m}:${r.p}`);

async function expectTimelineExact(): Promise<void> {
  const pulled = new Set((await sql<{ id: number }>`SELECT member_id AS id FROM timeline_pull_author`.execute(db)).rows.map((r) => r.id));
  const authorOf = new Map(
    (await sql<{ id: number; a: number }>`SELECT post_id AS id, author_id AS a FROM timeline`.execute(db)).rows.map((r) => [r.id, r.a]),
  );
  const actual = (await rowsOf()).filter((r) => !pulled.has(authorOf.get(Number(r.split(":")[1]))!));
  expect(actual).toEqual(await expectedRows());
  expect(await strayRows()).toEqual([]);
}

/** The feed straight from the base tables (the definition the old query implemented). */
async function referenceFeed(viewerId: number): Promise<number[]> {
  const rows = await sql<{ id: number }>`
    SELECT p.id FROM post p JOIN member m ON m.id = p.member_id
    WHERE m.status = 2 AND p.member_id IN (
      SELECT ${viewerId} UNION SELECT other_id FROM contact_link WHERE member_id = ${viewerId} AND status = 'accepted'
      UNION SELECT followed_id FROM follow WHERE follower_id = ${viewerId})
    ORDER BY p.created_at DESC, p.id`.execute(db);
  return rows.rows.map((r) => r.id);
}

async function feedIds(viewer: Actor, limit: number): Promise<number[]> {
  const ids: number[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 200; i++) {
    const page = await feed.feed(ctx, viewer, feedInput.parse({ cursor, limit }));
    ids.push(...page.items.map((p) => p.postId));
    if (!page.nextCursor) return ids;
    cursor = page.nextCursor;
  }
  throw new Error("paging did not end");
}

let everyone: Actor[] = [];
async function expectFeedsMatch(): Promise<void> {
  for (const m of everyone) {
    const expected = await referenceFeed(m.memberId);
    for (const limit of [1, 3, 50]) expect(await feedIds(m, limit), `member ${m.memberId}, pages of ${limit}`).toEqual(expected);
  }
}

/** Drains, then checks both the table and every feed. */
async function expectConsistent(): Promise<void> {
  await drain();
  await expectTimelineExact();
  await expectFeedsMatch();
}

const at = (msAgo: number) => new Date(Date.now() - msAgo).toISOString();
const DAY = 86_400_000;
const setStatus = (m: Actor, status: number) => db.updateTable("member").set({ status }).where("id", "=", m.memberId).execute();

describe("timeline", () => {
  let a!: Actor, b!: Actor, c!: Actor, d!: Actor, star!: Actor, f1!: Actor, f2!: Actor, f3!: Actor, f4!: Actor;

  it("holds each reader's network posts since the horizon once the queue is drained, and the feed shows queued posts at once", async () => {
    const member = (first: string) => createMember(db, { firstName: first, lastName: "Timeline" });
    [a, b, c, d, star, f1, f2, f3, f4] = await Promise.all([
      member("A"),
      member("B"),
      member("C"),
      member("D"),
      member("Star"),
      member("F1"),
      member("F2"),
      member("F3"),
      member("F4"),
    ]);
    everyone = [a, b, c, d, star, f1, f2, f3, f4];
    await contacts.sendRequest(ctx, a, b.memberId);
    await contacts.acceptRequest(ctx, b, a.memberId);
    await contacts.follow(ctx, c, a.memberId);
    for (const f of [f1, f2, f3, f4]) await contacts.follow(ctx, f, star.memberId);
    await contacts.follow(ctx, a, star.memberId);

    // Posts through the service (now), posts of the last days, and posts older than the horizon.
    for (const m of [a, b, c, d]) await feed.createPost(ctx, m, `now by ${m.memberId}`);
    for (const [m, ago] of [
      [a, DAY],
      [b, 2 * DAY],
      [d, DAY],
    ] as const)
      await repo.insertPost(db, m.memberId, "recent", at(ago));
    for (const [m, ago] of [
      [a, 10 * DAY],
      [b, 30 * DAY],
      [c, 40 * DAY],
    ] as const)
      await repo.insertPost(db, m.memberId, "old", at(ago));
    expect(await queuedPosts(db)).toBe(7); // the old ones are not queued: they are read from the post table

    // Before any fan-out, the feed already shows them (the queue is merged in).
    await expectFeedsMatch();
    await expectConsistent();
    const mine = (await rowsOf()).filter((r) => r.startsWith(`${a.memberId}:`));
    expect(mine.length).toBe(4); // A's own 2 and B's 2; C's are not A's (C follows A, not the other way)
  });

  it("pages through a backlog of one author's queued posts (ties included) like through the timeline", async () => {
    const t = at(60_000);
    for (let i = 0; i < 12; i++) await repo.insertPost(db, b.memberId, `burst ${i}`, i % 3 ? t : at(50_000 - i));
    await feed.createPost(ctx, d, "queued too");
    expect(await queuedPosts(db)).toBe(13);
    await expectFeedsMatch();
    await expectConsistent();
  });

  it("fans out in batches and makes an author with many followers a pull author, whose posts readers merge in", async () => {
    const p = await feed.createPost(ctx, star, "star post");
    expect((await feed.feed(ctx, f1, { limit: 5 })).items[0]!.postId).toBe(p.postId);
    await expectConsistent();
    const pulled = (await sql<{ id: number }>`SELECT member_id AS id FROM timeline_pull_author`.execute(db)).rows.map((r) => r.id);
    expect(pulled).toEqual([star.memberId]);
    expect((await rowsOf()).filter((r) => r.endsWith(`:${p.postId}`))).toEqual([]);
    expect((await feed.feed(ctx, f1, { limit: 5 })).items.map((x) => x.postId)).toEqual([p.postId]);
    await repo.insertPost(db, star.memberId, "star again", at(1000));
    await expectConsistent();
  });

  it("adds the followee's recent posts on follow and removes them on unfollow (kept while still a contact)", async () => {
    await contacts.follow(ctx, d, a.memberId);
    await expectConsistent();
    expect((await rowsOf()).filter((r) => r.startsWith(`${d.memberId}:`)).length).toBe(3 + 2); // D's own 3, A's 2
    await contacts.unfollow(ctx, d, a.memberId);
    await expectConsistent();
    // B follows A too, then unfollows: A stays in B's timeline as a contact.
    await contacts.follow(ctx, b, a.memberId);
    await contacts.unfollow(ctx, b, a.memberId);
    await expectConsistent();
    expect((await feed.feed(ctx, b, { limit: 50 })).items.some((x) => x.author.memberId === a.memberId)).toBe(true);
  });

  it("follows contacts made and dropped (drop keeps the posts of a member still followed)", async () => {
    await contacts.sendRequest(ctx, d, c.memberId);
    await expectConsistent();
    await contacts.acceptRequest(ctx, c, d.memberId);
    await expectConsistent();
    await contacts.follow(ctx, d, c.memberId);
    await contacts.dropContact(ctx, c, d.memberId);
    await expectConsistent();
    expect((await feed.feed(ctx, d, { limit: 50 })).items.some((x) => x.author.memberId === c.memberId)).toBe(true);
    await contacts.dropContact(ctx, a, b.memberId);
    await expectConsistent();
    expect((await feed.feed(ctx, a, { limit: 50 })).items.some((x) => x.author.memberId === b.memberId)).toBe(false);
  });

  it("leaves deactivated authors out and brings them back on reactivation; privacy changes move nothing", async () => {
    await setStatus(a, MemberStatus.Deactivated);
    await expectConsistent();
    expect((await feed.feed(ctx, c, { limit: 50 })).items.some((x) => x.author.memberId === a.memberId)).toBe(false);
    await setStatus(a, MemberStatus.Active);
    await expectConsistent();
    expect((await feed.feed(ctx, c, { limit: 50 })).items.some((x) => x.author.memberId === a.memberId)).toBe(true);

    const before = await rowsOf();
    const current = await settings.getPrivacy(ctx, a);
    await settings.saveSearchPrivacy(ctx, a, { ...current.search, viewProfilePicture: false });
    expect(await rowsOf()).toEqual(before);
    await expectConsistent();
  });

  it("drops a deleted post from every timeline and the queue", async () => {
    const p = await feed.createPost(ctx, a, "to be deleted, still queued");
    await db.deleteFrom("post").where("id", "=", p.postId).execute();
    expect(await queuedPosts(db)).toBe(0);
    const q = await feed.createPost(ctx, a, "to be deleted, fanned out");
    await drain();
    expect((await rowsOf()).filter((r) => r.endsWith(`:${q.postId}`)).length).toBeGreaterThan(1);
    await db.deleteFrom("post").where("id", "=", q.postId).execute();
    expect((await rowsOf()).filter((r) => r.endsWith(`:${q.postId}`))).toEqual([]);
    await expectConsistent();
  });

  it("moves the horizon forward and prunes behind it; older pages come from the post table", async () => {
    const before = await horizon(db);
    expect(await advanceHorizon(db, Date.now())).toBe(false); // not a day behind yet
    expect(await advanceHorizon(db, Date.now() + (1.5 + 0.1) * DAY)).toBe(true);
    expect((await horizon(db)) > before).toBe(true);
    for (let from: number | null = 0; from !== null;) from = await pruneStep(db, from, 2);
    const behind = await sql<{
      n: number;
    }>`SELECT count(*) AS n FROM timeline WHERE created_at < (SELECT horizon FROM timeline_state)`.execute(db);
    expect(behind.rows[0]!.n).toBe(0);
    await expectConsistent();
  });

  it("rebuilds to the same rows the triggers and the fan-out keep", async () => {
    const kept = await horizon(db);
    await rebuildTimeline(db, Date.parse(kept) + TIMELINE_WINDOW_DAYS * DAY, PULL);
    expect(await horizon(db)).toBe(kept);
    await expectConsistent();
  });

  it("runs in the background until its signal aborts, and a queue left behind is drained on the next start", async () => {
    const stop = new AbortController();
    const worker = startTimelineWorker({ db, log: ctx.log, signal: stop.signal });
    const p = await feed.createPost(ctx, b, "drained by the worker");
    for (let i = 0; i < 200 && (await queuedPosts(db)) > 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(await queuedPosts(db)).toBe(0);
    stop.abort();
    await worker.stopped;
    expect((await rowsOf()).filter((r) => r.endsWith(`:${p.postId}`)).length).toBeGreaterThan(0);

    // Stopped: the queue stays in its table; the next worker drains it.
    await feed.createPost(ctx, b, "left for the next start");
    expect(await queuedPosts(db)).toBe(1);
    const again = new AbortController();
    const next = startTimelineWorker({ db, log: ctx.log, signal: again.signal });
    for (let i = 0; i < 200 && (await queuedPosts(db)) > 0; i++) await new Promise((r) => setTimeout(r, 10));
    again.abort();
    await next.stopped;
    expect(await queuedPosts(db)).toBe(0);
    await expectConsistent();
  });

  it("gives an author their own row when their id has more digits than the readers fanned out before", async () => {
    // Ids 1 to 9 are taken: after the readers 1 and 2, the cursor (2) and the author's id (10 or
    // more) must compare as numbers, not as texts ("10" < "2").
    const ten = await createMember(db, { firstName: "Ten", lastName: "Timeline" });
    expect(ten.memberId).toBeGreaterThanOrEqual(10);
    everyone.push(ten);
    for (const m of [a, b, c]) await contacts.follow(ctx, m, ten.memberId);
    const p = await feed.createPost(ctx, ten, "by a member with a two-digit id");
    await expectConsistent();
    expect(await rowsOf()).toContain(`${ten.memberId}:${p.postId}`);
  });

  it.runIf(process.env.SIDELINE_TEST_ENGINE === "postgres")(
    "takes a fan-out step only while no other process is on one (PostgreSQL, where processes share the queue)",
    async () => {
      const p = await feed.createPost(ctx, a, "queued while another process is on a step");
      // Another process on a step: another connection holds the fan-out's lock in its transaction.
      let taken!: () => void, release!: () => void;
      const lockTaken = new Promise<void>((resolve) => (taken = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      const otherProcess = db.transaction().execute(async (trx) => {
        await sql`SELECT pg_advisory_xact_lock(${FANOUT_LOCK})`.execute(trx);
        taken();
        await released;
      });
      await lockTaken;
      expect(await fanOutStep(db, 2, PULL)).toBe(false);
      expect(await queuedPosts(db)).toBe(1);
      release();
      await otherProcess;
      await expectConsistent();
      expect(await rowsOf()).toContain(`${a.memberId}:${p.postId}`);
    },
  );
});

/** The subplans a plan hashes whole that read the viewer's follows or contacts (EXPLAIN's text). */
function hashedNetworkSubplans(plan: string): string[] {
  const lines = plan.split("\n");
  return [...plan.matchAll(/hashed SubPlan (\d+)/g)]
    .map((m) => m[1]!)
    .filter((n) => / on (follow|contact_link)\b/.test(lines[lines.findIndex((l) => l.trim() === `SubPlan ${n}`) + 1] ?? ""));
}

describe("the feed statement on PostgreSQL", () => {
  it.runIf(process.env.SIDELINE_TEST_ENGINE === "postgres")(
    "tests each timeline, pull and queued author against the viewer's network by probes, never by hashing all the viewer's follows",
    async () => {
      const viewer = await createMember(db);
      const now = new Date().toISOString();
      // A member following 1,500: PostgreSQL would hash all 1,500 rows for each of the page's three parts.
      const followed = (
        await sql<{ id: number }>`
          INSERT INTO member (email, password_hash, first_name, middle_name, last_name, gender, birth_date, profile_type, title,
                              status, welcome_back_pending, created_at, updated_at)
          SELECT 'followed-' || g || '-' || ${viewer.memberId} || '@example.com', 'x', 'Pat', '', 'Player', 'Female', '1990-01-01',
                 'Coach', 'Coach', ${MemberStatus.Active}, 0, ${now}, ${now}
          FROM generate_series(1, 1500) AS g RETURNING id`.execute(db)
      ).rows.map((r) => r.id);
      await sql`INSERT INTO follow (follower_id, followed_id, created_at)
        SELECT ${viewer.memberId}, f, ${now} FROM unnest(${followed}::int[]) AS f`.execute(db);
      for (const [i, author] of followed.slice(0, 30).entries())
        await sql`INSERT INTO post (member_id, description, created_at) VALUES (${author}, 'Training', ${at(i * 60_000)})`.execute(db);
      await sql`INSERT INTO timeline_pull_author (member_id) VALUES (${followed[40]!}) ON CONFLICT DO NOTHING`.execute(db);
      await drain();
      await sql`ANALYZE`.execute(db);
      const page = repo.feedPageQuery(db, viewer.memberId, 10).compile(db);
      const planText = (rows: unknown[]) => (rows as Array<{ "QUERY PLAN": string }>).map((r) => r["QUERY PLAN"]).join("\n");
      // The plan for these values, and the one plan a prepared statement may keep for every viewer.
      const custom = planText((await db.executeQuery(CompiledQuery.raw(`EXPLAIN ${page.sql}`, [...page.parameters]))).rows);
      const generic = await db.transaction().execute(async (trx) => {
        await sql`SET LOCAL plan_cache_mode = force_generic_plan`.execute(trx);
        await sql.raw(`PREPARE feed_page_generic AS ${page.sql}`).execute(trx);
        const literal = (v: unknown) => (typeof v === "number" ? String(v) : `'${String(v).replace(/'/g, "''")}'`);
        const args = page.parameters.length ? `(${page.parameters.map(literal).join(", ")})` : "";
        const rows = (await sql.raw(`EXPLAIN EXECUTE feed_page_generic${args}`).execute(trx)).rows;
        await sql`DEALLOCATE feed_page_generic`.execute(trx);
        return planText(rows);
      });
      for (const plan of [custom, generic]) expect(hashedNetworkSubplans(plan), plan).toEqual([]);
      expect(await feedIds(viewer, 10)).toEqual(await referenceFeed(viewer.memberId));
    },
  );
});
