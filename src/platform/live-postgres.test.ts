import { sql } from "kysely";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { closeTestContext, openTestContext, type TestContext } from "#support/service-context.ts";
import { testEngine } from "#support/pg.ts";
import type { LiveEvent } from "./live.ts";
import { PostgresLiveBus } from "./live-postgres.ts";
import { silentLogger } from "./logger.ts";
import { statementsRun } from "./db/client.ts";

// The live bus of several processes (LISTEN/NOTIFY): the PostgreSQL pass only (SQLite serves one
// process, with the in-memory bus).
const onPostgres = testEngine() === "postgres";

let t: TestContext | undefined;
let bus: PostgresLiveBus | undefined;
beforeAll(async () => {
  if (!onPostgres) return;
  t = await openTestContext("live-postgres");
  bus = new PostgresLiveBus({ url: t.database, db: t.db, log: silentLogger, readEventsAfter: () => Promise.resolve([]) });
  await bus.start();
});
afterAll(async () => {
  await bus?.stop();
  await closeTestContext(t);
});

const event = (id: number, memberId = 7): LiveEvent => ({
  id,
  memberId,
  type: "notification.created",
  data: { n: id },
  at: new Date().toISOString(),
});

/** What a subscriber of `memberId` hears until `count` events have come (or 5 s have passed). */
function hear(memberId: number, count: number): { ids: number[]; done: Promise<void> } {
  const ids: number[] = [];
  let resolve!: () => void;
  const done = new Promise<void>((r) => (resolve = r));
  const unsubscribe = bus!.subscribe(memberId, (e) => {
    ids.push(e.id);
    if (ids.length === count) {
      unsubscribe();
      resolve();
    }
  });
  setTimeout(() => {
    unsubscribe();
    resolve();
  }, 5_000);
  return { ids, done };
}

describe.runIf(onPostgres)("PostgreSQL live bus", () => {
  it("delivers a burst of one member's events, all of them and in the order published", async () => {
    const heard = hear(7, 60);
    for (let id = 1; id <= 60; id++) bus!.publish(event(id));
    await heard.done;
    expect(heard.ids).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
  });

  it("sends a burst's notices in one statement, and a multi-byte event over NOTIFY's byte limit by its id", async () => {
    // 3,000 characters of 3 bytes each: under 7,000 characters, over NOTIFY's 8,000 bytes whole.
    const wide = { ...event(41, 9), data: { text: "€".repeat(3_000) } };
    const asked: Array<[number, number]> = [];
    const own = new PostgresLiveBus({
      url: t!.database,
      db: t!.db,
      log: silentLogger,
      readEventsAfter: (memberId, afterId) => {
        asked.push([memberId, afterId]);
        return Promise.resolve(memberId === 9 && afterId === 40 ? [wide] : []);
      },
    });
    await own.start();
    try {
      const heard: LiveEvent[] = [];
      const unsubscribe = own.subscribe(9, (e) => heard.push(e));
      const before = statementsRun(t!.db);
      for (let id = 1; id <= 40; id++) own.publish(event(id, 9));
      own.publish(wide);
      await vi.waitFor(() => expect(heard).toHaveLength(41), { timeout: 5_000 });
      unsubscribe();
      expect(heard.map((e) => e.id)).toEqual(Array.from({ length: 41 }, (_, i) => i + 1));
      expect(heard[40]).toEqual(wide);
      // The wide one travelled as its id and was read from the log.
      expect(asked).toEqual([[9, 40]]);
      // One statement for the 41 notices.
      expect(statementsRun(t!.db) - before).toBe(1);
    } finally {
      await own.stop();
    }
  });

  it("tells an older event that arrives after a newer one (two processes' events crossing), and each event once", async () => {
    const heard = hear(8, 3);
    bus!.publish(event(105, 8));
    bus!.publish(event(103, 8));
    bus!.publish(event(105, 8));
    bus!.publish(event(104, 8));
    await heard.done;
    expect(heard.ids).toEqual([105, 103, 104]);
  });

  it("a notice counter moves with each notice, and answers undefined while its connection hears nothing (then listens again)", async () => {
    // A bus of its own, with a quick heartbeat: a channel of noticesOn turns the heartbeat on.
    const watcher = new PostgresLiveBus({
      url: t!.database,
      db: t!.db,
      log: silentLogger,
      readEventsAfter: () => Promise.resolve([]),
      heartbeatMs: 50,
      deafAfterMs: 300,
    });
    const heard = watcher.noticesOn("sideline_test_notices");
    await watcher.start();
    try {
      expect(() => watcher.noticesOn("too_late")).toThrow();
      const until = async (ok: () => boolean, ms = 3_000) => {
        const deadline = Date.now() + ms;
        while (!ok()) {
          if (Date.now() > deadline) throw new Error("not within the time");
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      };
      const first = heard()!;
      expect(first).toBeTypeOf("number");
      await sql`SELECT pg_notify('sideline_test_notices', '')`.execute(t!.db);
      await until(() => heard() === first + 1);
      // Still counting after several heartbeats' time: it hears them.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(heard()).toBe(first + 1);

      // The connection stays open but hears nothing more (as behind a pooler or a silent cut).
      await (watcher as unknown as { client: pg.Client }).client.query("UNLISTEN *");
      await until(() => heard() === undefined);
      // It is replaced, and the counter moves past every value it had (what was sent meanwhile is lost).
      await until(() => heard() !== undefined);
      expect(heard()).toBeGreaterThan(first + 1);
    } finally {
      await watcher.stop();
    }
    expect(heard()).toBeUndefined();
  });
});
