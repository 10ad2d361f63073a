/**
 * Retention on a real database (SQLite; PostgreSQL in its pass): read notifications go after 30 days, unread ones after 90, live
 * events after a day; the job deletes in batches (each a bounded statement), keeps everything
 * younger, and a stop interrupts it between two batches.
 */
import { CompiledQuery } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createMember } from "#support/members.ts";
import { postgresPlan } from "#support/plans.ts";
import { closeTestContext, openTestContext, type TestContext } from "#support/service-context.ts";
import type { DB } from "./db/client.ts";
import { isPostgres } from "./db/dialect.ts";
import { LIVE_EVENT_RETENTION_MS, pruneLiveEvents } from "../domains/live/live.service.ts";
import { NOTIFICATION_RETENTION_MS, pruneNotifications } from "../domains/notifications/notifications.service.ts";
import { DAY, HOUR } from "./clock.ts";
import type { AppContext } from "./context.ts";
import { silentLogger } from "./logger.ts";
import { pruneInBatches, type RetentionJob } from "./retention.ts";

let db: DB;
let ctx: AppContext;
let testContext: TestContext | undefined;
beforeAll(async () => {
  testContext = await openTestContext("retention");
  ({ ctx, db } = testContext);
});
afterAll(() => closeTestContext(testContext));
beforeEach(async () => {
  await db.deleteFrom("notification").execute();
  await db.deleteFrom("liveEvent").execute();
});

const NOW = new Date("2026-11-25T12:00:00.000Z");
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
const jobs: RetentionJob[] = [
  { name: "read", deleteBatch: (now, limit) => pruneNotifications(ctx, true, now, limit) },
  { name: "unread", deleteBatch: (now, limit) => pruneNotifications(ctx, false, now, limit) },
  { name: "live", deleteBatch: (now, limit) => pruneLiveEvents(ctx, now, limit) },
];

async function notification(memberId: number, age: number, read: boolean) {
  const row = await db
    .insertInto("notification")
    .values({ memberId, kind: "member.followed", subject: "s", text: "t", link: "/", isRead: read ? 1 : 0, createdAt: ago(age) })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}
const liveEvent = async (memberId: number, age: number) =>
  (
    await db
      .insertInto("liveEvent")
      .values({ memberId, type: "messages.changed", data: "{}", createdAt: ago(age) })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;
const ids = async (table: "notification" | "liveEvent") =>
  (await db.selectFrom(table).select("id").orderBy("id").execute()).map((r) => r.id);

/** The batches' shape (notifications.repository, live.repository), for their plans. */
const NOTIFICATION_BATCH =
  "DELETE FROM notification WHERE id IN (SELECT id FROM notification WHERE is_read = 1 AND created_at < '2026' ORDER BY created_at LIMIT 500)";
const LIVE_BATCH = "DELETE FROM live_event WHERE id IN (SELECT id FROM live_event WHERE created_at < '2026' ORDER BY created_at LIMIT 500)";

describe("retention", () => {
  it("deletes read notifications after 30 days, unread after 90, live events after a day; keeps the rest", async () => {
    const m = await createMember(db);
    const keep: number[] = [];
    // Past their time: 7 read ones, 5 unread ones (more than a batch of 2 each).
    for (let i = 0; i < 7; i++) await notification(m.memberId, NOTIFICATION_RETENTION_MS.read + (i + 1) * HOUR, true);
    for (let i = 0; i < 5; i++) await notification(m.memberId, NOTIFICATION_RETENTION_MS.unread + (i + 1) * HOUR, false);
    // Within it: read ones a little younger than 30 days, unread ones between 30 and 90 days.
    keep.push(await notification(m.memberId, NOTIFICATION_RETENTION_MS.read - HOUR, true));
    keep.push(await notification(m.memberId, NOTIFICATION_RETENTION_MS.read + DAY, false));
    keep.push(await notification(m.memberId, NOTIFICATION_RETENTION_MS.unread - HOUR, false));
    keep.push(await notification(m.memberId, 0, true));
    for (let i = 0; i < 3; i++) await liveEvent(m.memberId, LIVE_EVENT_RETENTION_MS + (i + 1) * HOUR);
    const liveKept = [await liveEvent(m.memberId, LIVE_EVENT_RETENTION_MS - HOUR), await liveEvent(m.memberId, 0)];

    const deleted = await pruneInBatches(jobs, { log: silentLogger, now: () => NOW, batch: 2, pauseMs: 0 });
    expect(deleted).toEqual({ read: 7, unread: 5, live: 3 });
    expect(await ids("notification")).toEqual(keep);
    expect(await ids("liveEvent")).toEqual(liveKept);
    // A second run finds nothing more.
    expect(await pruneInBatches(jobs, { log: silentLogger, now: () => NOW, batch: 2, pauseMs: 0 })).toEqual({
      read: 0,
      unread: 0,
      live: 0,
    });
  });

  it("a batch deletes at most its limit, oldest first", async () => {
    const m = await createMember(db);
    await notification(m.memberId, NOTIFICATION_RETENTION_MS.read + 3 * DAY, true);
    await notification(m.memberId, NOTIFICATION_RETENTION_MS.read + 2 * DAY, true);
    const old = await notification(m.memberId, NOTIFICATION_RETENTION_MS.read + DAY, true);
    expect(await pruneNotifications(ctx, true, NOW, 2)).toBe(2);
    expect(await ids("notification")).toEqual([old]);
  });

  it("a stop interrupts the run between two batches; a failing job does not stop the others", async () => {
    const m = await createMember(db);
    for (let i = 0; i < 6; i++) await notification(m.memberId, NOTIFICATION_RETENTION_MS.read + (i + 1) * HOUR, true);
    await liveEvent(m.memberId, LIVE_EVENT_RETENTION_MS + HOUR);
    const stop = new AbortController();
    const stopping: RetentionJob = {
      name: "read",
      deleteBatch: async (now, limit) => ((n) => (stop.abort(), n))(await pruneNotifications(ctx, true, now, limit)),
    };
    expect(await pruneInBatches([stopping], { log: silentLogger, now: () => NOW, batch: 2, pauseMs: 0, signal: stop.signal })).toEqual({
      read: 2,
    });
    const errors: string[] = [];
    const log = { ...silentLogger, error: (msg: string) => void errors.push(msg) };
    const broken: RetentionJob = { name: "broken", deleteBatch: () => Promise.reject(new Error("disk on fire")) };
    expect(await pruneInBatches([broken, jobs[2]!], { log, now: () => NOW, pauseMs: 0 })).toEqual({ broken: 0, live: 1 });
    expect(errors).toEqual(["retention job failed"]);
  });

  it("each batch is one range of an index (no scan of the table)", async () => {
    if (isPostgres(db)) {
      // The range of the index, whichever way the planner reads it (at test size it may sort the few rows found).
      const notificationPlan = await postgresPlan(db, NOTIFICATION_BATCH);
      expect(notificationPlan).toMatch(/Index (Only )?Scan (using|on) notification_retention_idx/);
      expect(notificationPlan).toMatch(/Index Cond: \(\(is_read = 1\) AND \(created_at < '2026'::text\)\)/);
      const livePlan = await postgresPlan(db, LIVE_BATCH);
      expect(livePlan).toMatch(/Index (Only )?Scan (using|on) live_event_created_idx/);
      expect(livePlan).toMatch(/Index Cond: \(created_at < '2026'::text\)/);
      expect(`${notificationPlan}\n${livePlan}`).not.toMatch(/Seq Scan/);
      return;
    }
    const plans = async (sql: string) =>
      (await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`EXPLAIN QUERY PLAN ${sql}`))).rows.map((r) => r.detail);
    const notificationPlan = await plans(NOTIFICATION_BATCH);
    expect(notificationPlan.join("\n")).toMatch(
      /SEARCH notification USING (COVERING )?INDEX notification_retention_idx \(is_read=\? AND created_at<\?\)/,
    );
    const livePlan = await plans(LIVE_BATCH);
    expect(livePlan.join("\n")).toMatch(/SEARCH live_event USING (COVERING )?INDEX live_event_created_idx \(created_at<\?\)/);
    expect([...notificationPlan, ...livePlan].join("\n")).not.toMatch(/SCAN|TEMP B-TREE/);
  });
});
