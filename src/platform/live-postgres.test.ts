import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeTestContext, openTestContext, type TestContext } from "#support/service-context.ts";
import { testEngine } from "#support/pg.ts";
import type { LiveEvent } from "./live.ts";
import { PostgresLiveBus } from "./live-postgres.ts";
import { silentLogger } from "./logger.ts";

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

  it("tells an older event that arrives after a newer one (two processes' events crossing), and each event once", async () => {
    const heard = hear(8, 3);
    bus!.publish(event(105, 8));
    bus!.publish(event(103, 8));
    bus!.publish(event(105, 8));
    bus!.publish(event(104, 8));
    await heard.done;
    expect(heard.ids).toEqual([105, 103, 104]);
  });
});
