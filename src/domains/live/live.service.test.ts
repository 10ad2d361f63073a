/**
 * The live stream on a real SQLite file: new events reach the member's open streams only, a
 * reconnect with lastEventId replays exactly what was missed (then goes on live, with nothing
 * twice), the stream ends when its request is aborted, and old events are pruned.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createMember } from "#support/members.ts";
import { closeTestContext, openTestContext, type TestContext } from "#support/service-context.ts";
import type { DB } from "../../platform/db/client.ts";
import { DomainError, ErrorCodes } from "../../shared/errors.ts";
import type { AppContext } from "../../platform/context.ts";
import type { LiveEvent } from "../../platform/live.ts";
import { serverTexts } from "../../shared/server-texts.ts";
import { createSession } from "../accounts/sessions.ts";
import { isoNow } from "../../platform/clock.ts";
import * as repo from "./live.repository.ts";
import * as live from "./live.service.ts";

let db: DB;
let ctx: AppContext;
let testContext: TestContext | undefined;
beforeAll(async () => {
  testContext = await openTestContext("live");
  ({ ctx, db } = testContext);
});
afterAll(() => closeTestContext(testContext));

/** live.emit, failing the test when it did not write the event. */
async function emit(...args: Parameters<typeof live.emit>): Promise<LiveEvent> {
  const event = await live.emit(...args);
  if (!event) throw new Error("the live event was not written");
  return event;
}

/** Reads `count` events from a stream, then aborts it; fails after 2 s. */
async function take(stream: AsyncGenerator<LiveEvent>, count: number): Promise<LiveEvent[]> {
  const out: LiveEvent[] = [];
  const timeout = setTimeout(() => void stream.return(undefined), 2_000);
  for await (const e of stream) {
    out.push(e);
    if (out.length === count) break;
  }
  clearTimeout(timeout);
  return out;
}

describe("the live stream", () => {
  it("starts a new page with the newest id, then delivers the member's new events to their stream only", async () => {
    const a = await createMember(db);
    const b = await createMember(db);
    const before = await emit(ctx, a.memberId, "messages.changed");
    const controller = new AbortController();
    const stream = live.stream(ctx, a, null, controller.signal);
    const got = take(stream, 3);
    await new Promise((r) => setTimeout(r, 20));
    await emit(ctx, b.memberId, "messages.changed");
    const first = await emit(ctx, a.memberId, "message.received", { subject: "Hi" });
    const second = await emit(ctx, a.memberId, "notifications.changed");
    const events = await got;
    expect(events.map((e) => [e.type, e.id])).toEqual([
      ["stream.ready", before.id],
      ["message.received", first.id],
      ["notifications.changed", second.id],
    ]);
    controller.abort();
  });

  it("a member with no events yet starts from 0", async () => {
    const a = await createMember(db);
    const [ready] = await take(live.stream(ctx, a, null), 1);
    expect(ready).toMatchObject({ type: "stream.ready", id: 0 });
  });

  it("replays what was missed after lastEventId, then goes on live without repeating", async () => {
    const a = await createMember(db);
    const seen = await emit(ctx, a.memberId, "messages.changed");
    const missed1 = await emit(ctx, a.memberId, "message.received", { subject: "While away" });
    const missed2 = await emit(ctx, a.memberId, "notification.created", { subject: "Also" });
    const controller = new AbortController();
    const stream = live.stream(ctx, a, seen.id, controller.signal);
    const got = take(stream, 3);
    await new Promise((r) => setTimeout(r, 20));
    const fresh = await emit(ctx, a.memberId, "messages.changed");
    const events = await got;
    expect(events.map((e) => e.id)).toEqual([missed1.id, missed2.id, fresh.id]);
    expect(events[0]!.data).toEqual({ subject: "While away" });
    controller.abort();
  });

  it("a new page gets an event published while it connects; a long absence replays in full, in order", async () => {
    const a = await createMember(db);
    const stream = live.stream(ctx, a, null);
    const first = stream.next(); // subscribes, then looks up the newest id
    const during = await emit(ctx, a.memberId, "messages.changed");
    expect((await first).value).toMatchObject({ type: "stream.ready" });
    expect((await stream.next()).value).toMatchObject({ id: during.id });
    await stream.return(undefined);

    const ids: number[] = [];
    for (let i = 0; i < 450; i++) ids.push((await emit(ctx, a.memberId, "messages.changed")).id);
    const replayed = await take(live.stream(ctx, a, during.id), 450);
    expect(replayed.map((e) => e.id)).toEqual(ids);
  });

  it("ends when the request is aborted and stops listening", async () => {
    const a = await createMember(db);
    const controller = new AbortController();
    const stream = live.stream(ctx, a, null, controller.signal);
    expect((await stream.next()).value).toMatchObject({ type: "stream.ready" });
    const done = stream.next();
    await new Promise((r) => setTimeout(r, 20));
    controller.abort();
    expect(await done).toEqual({ done: true, value: undefined });
  });

  it("ends with UNAUTHORIZED once its session ends, before the next event reaches it", async () => {
    const a = await createMember(db);
    const stream = live.stream(ctx, a, null, new AbortController().signal);
    expect((await stream.next()).value).toMatchObject({ type: "stream.ready" });
    const next = stream.next();
    await db.deleteFrom("session").where("id", "=", a.sessionId).execute(); // signed out on another device
    await emit(ctx, a.memberId, "message.received", { subject: "Not for a signed-out page" });
    const error = await next.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe(ErrorCodes.Unauthorized);
    // A stream that starts with an ended session ends at once.
    await expect(live.stream(ctx, a, null).next()).rejects.toBeInstanceOf(DomainError);
  });

  it("refuses more than 5 open streams per session and 20 per member with RATE_LIMITED; a closed stream frees its slot", async () => {
    const a = await createMember(db);
    const open = async (actor: typeof a) => {
      const stream = live.stream(ctx, actor, null);
      const first = await stream.next().then(
        (r) => r.value,
        (e: unknown) => e,
      );
      return { stream, first };
    };
    const streams = [];
    for (let i = 0; i < live.LIVE_STREAM_LIMITS.perSession; i++) {
      const opened = await open(a);
      expect(opened.first).toMatchObject({ type: "stream.ready" });
      streams.push(opened.stream);
    }
    const refused = await open(a);
    expect(refused.first).toBeInstanceOf(DomainError);
    expect(refused.first).toMatchObject({ code: ErrorCodes.RateLimited, message: serverTexts.tooManyLiveStreams });
    await streams.pop()!.return(undefined);
    expect((await open(a)).first).toMatchObject({ type: "stream.ready" });

    // Other sessions of the same member (other devices) fill the member's 20.
    for (let device = 0; streams.length + 1 < live.LIVE_STREAM_LIMITS.perMember; device++) {
      const session = await createSession(db, a.memberId, "full", "test");
      for (let i = 0; i < live.LIVE_STREAM_LIMITS.perSession && streams.length + 1 < live.LIVE_STREAM_LIMITS.perMember; i++) {
        const opened = await open({ ...a, sessionId: session.sessionId });
        expect(opened.first).toMatchObject({ type: "stream.ready" });
        streams.push(opened.stream);
      }
    }
    const fresh = await createSession(db, a.memberId, "full", "test");
    expect((await open({ ...a, sessionId: fresh.sessionId })).first).toMatchObject({ code: ErrorCodes.RateLimited });
    // Another member is not affected.
    expect((await open(await createMember(db))).first).toMatchObject({ type: "stream.ready" });
    for (const stream of streams) await stream.return(undefined);
  });

  it.runIf(process.env.SIDELINE_TEST_ENGINE === "postgres")(
    "PostgreSQL: a member's events commit in id order: a second writer waits on the member's lock until the first commits",
    async () => {
      const a = await createMember(db);
      const event = { memberId: a.memberId, type: "messages.changed" as const, data: {}, at: isoNow() };
      let commit!: () => void;
      const committing = new Promise<void>((resolve) => (commit = resolve));
      let firstId = 0;
      const first = db.transaction().execute(async (trx) => {
        [{ id: firstId }] = (await repo.insertEvents(trx, [event])) as [LiveEvent];
        await committing;
      });
      await vi.waitFor(() => expect(firstId).toBeGreaterThan(0));
      let secondId = 0;
      const second = repo.insertEvent(db, a.memberId, "messages.changed", {}, isoNow()).then((e) => (secondId = e.id));
      const waitingOnAdvisoryLock = async () =>
        Number(
          (
            await sql<{ n: number }>`SELECT count(*) AS n FROM pg_stat_activity
              WHERE datname = current_database() AND wait_event_type = 'Lock' AND wait_event = 'advisory'`.execute(db)
          ).rows[0]!.n,
        );
      try {
        await vi.waitFor(async () => expect(await waitingOnAdvisoryLock()).toBe(1), { timeout: 5_000 });
        expect(secondId).toBe(0);
        // The waiting writer drew no id yet: ids are drawn once the lock is held, so they commit in order.
        const drawn = await sql<{
          lastValue: number;
        }>`SELECT pg_sequence_last_value(pg_get_serial_sequence('live_event', 'id')::regclass) AS last_value`.execute(db);
        expect(Number(drawn.rows[0]!.lastValue)).toBe(firstId);
      } finally {
        commit();
        await Promise.all([first, second]);
      }
      expect(secondId).toBeGreaterThan(firstId);
    },
  );

  it("prunes events older than the retention", async () => {
    const a = await createMember(db);
    const old = await emit(ctx, a.memberId, "messages.changed");
    const inThreeDays = new Date(Date.now() + 3 * 24 * 3600_000);
    await emit(ctx, a.memberId, "messages.changed");
    expect(await live.pruneLiveEvents(ctx, inThreeDays)).toBeGreaterThanOrEqual(2);
    expect(await db.selectFrom("liveEvent").select("id").where("id", "=", old.id).executeTakeFirst()).toBeUndefined();
  });
});
