import { DomainError, ErrorCodes, unauthorized } from "../../shared/errors.ts";
import { serverTexts } from "../../shared/server-texts.ts";
import { isSessionActive } from "../accounts/accounts.service.ts";
import { DAY, isoNow } from "../../platform/clock.ts";
import type { Actor, AppContext } from "../../platform/context.ts";
import type { DB } from "../../platform/db/client.ts";
import type { LiveBus, LiveEvent, LiveEventType } from "../../platform/live.ts";
import { RETENTION_BATCH } from "../../platform/retention.ts";
import type { WriteUnit } from "../../platform/write-unit.ts";
import * as repo from "./live.repository.ts";

/** A reconnecting page's missed events are read in pages of this size. */
const REPLAY_PAGE = 200;
/** How often an idle stream checks that its session still stands (signed out elsewhere, deactivated). */
export const SESSION_CHECK_MS = 30_000;
/**
 * How long the log keeps events for replay: a page that reconnects (the client does after 15 s of
 * silence; a laptop waking up after a night) gets the toasts of what it missed. One that comes back
 * later still reloads its lists on reconnecting; only those toasts are left out.
 */
export const LIVE_EVENT_RETENTION_MS = DAY;

/**
 * Streams one process keeps open at once: a page holds one, so five per session (tabs of one
 * browser) and twenty per member (their devices) are generous; past that a client is hoarding
 * connections, each of which holds memory and a socket.
 */
export const LIVE_STREAM_LIMITS = { perSession: 5, perMember: 20 } as const;

/** Open streams per session and per member, for each bus (one per server process). */
const openStreams = new WeakMap<LiveBus, Map<string, number>>();

/** Takes a stream slot for the actor, or throws RATE_LIMITED; the returned function gives it back (once). */
function reserveStream(ctx: AppContext, actor: Actor): () => void {
  let counts = openStreams.get(ctx.live);
  if (!counts) openStreams.set(ctx.live, (counts = new Map<string, number>()));
  const keys = [`session:${actor.sessionId}`, `member:${actor.memberId}`] as const;
  if ((counts.get(keys[0]) ?? 0) >= LIVE_STREAM_LIMITS.perSession || (counts.get(keys[1]) ?? 0) >= LIVE_STREAM_LIMITS.perMember) {
    throw new DomainError(ErrorCodes.RateLimited, serverTexts.tooManyLiveStreams);
  }
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    for (const key of keys) {
      const left = (counts.get(key) ?? 1) - 1;
      if (left > 0) counts.set(key, left);
      else counts.delete(key);
    }
  };
}

/**
 * Writes a live event to the member's log, then tells their open pages. Best effort: the action it
 * follows has happened already, so a failure here is logged, never thrown back (the pages catch up
 * on their next refresh). Inside a write unit the unit's events are written together in one
 * statement at its end and told after its commit; the answer is then null.
 */
export async function emit(
  ctx: AppContext,
  memberId: number,
  type: LiveEventType,
  data: Record<string, unknown> = {},
): Promise<LiveEvent | null> {
  if (ctx.unit) {
    gather(ctx.unit, { memberId, type, data, at: isoNow() });
    return null;
  }
  try {
    const event = await repo.insertEvent(ctx.db, memberId, type, data, isoNow());
    ctx.live.publish(event);
    return event;
  } catch (error) {
    ctx.log.error("live event not sent", { memberId, type, error: String(error) });
    return null;
  }
}

/** The live events a write unit has gathered so far. */
const gathered = new WeakMap<WriteUnit, Array<Omit<LiveEvent, "id">>>();

function gather(unit: WriteUnit, event: Omit<LiveEvent, "id">) {
  let events = gathered.get(unit);
  if (!events) {
    gathered.set(unit, (events = []));
    unit.beforeCommit.push(async (scope) => {
      try {
        for (const written of await repo.insertEvents(scope.db, events!)) scope.live.publish(written);
      } catch (error) {
        scope.log.error("live events not sent", { count: events!.length, error: String(error) });
      }
    });
  }
  events.push(event);
}

/**
 * The actor's live events as an async stream: first what they missed after `lastEventId` (a
 * reconnect) or, for a new page, a "stream.ready" event carrying the newest id, then each new one
 * as it happens, until `signal` aborts. It subscribes before replaying, so nothing that happens
 * during the replay is lost, and skips what the page has already. Once the session ends (signed out
 * on another device, password changed, deactivated) it ends with UNAUTHORIZED: before each event it
 * checks, and every 30 s while idle, so an ended session hears nothing more. Past
 * LIVE_STREAM_LIMITS open streams it ends at once with RATE_LIMITED.
 */
export async function* stream(ctx: AppContext, actor: Actor, lastEventId: number | null, signal?: AbortSignal): AsyncGenerator<LiveEvent> {
  const release = reserveStream(ctx, actor);
  const queue: LiveEvent[] = [];
  // Resolves the idle wait: a new event, or the request's end.
  let wake: (() => void) | null = null;
  const unsubscribe = ctx.live.subscribe(actor.memberId, (event) => {
    queue.push(event);
    wake?.();
  });
  const onAbort = () => wake?.();
  signal?.addEventListener("abort", onAbort, { once: true });
  const requireSession = async () => {
    if (!(await isSessionActive(ctx.db, actor.sessionId))) throw unauthorized("Your session has ended. Please log in again.");
  };
  try {
    await requireSession();
    // What this page has had already: everything up to lastEventId, and what the replay sends.
    const had = new Set<number>();
    // The id of the last logged event sent: an unlogged one (id 0) goes under it, so a reconnect resumes there.
    let sent = lastEventId ?? 0;
    if (lastEventId === null) {
      // A new page starts now: it is told the newest id, so a reconnect after a drop replays from there.
      sent = await repo.latestId(ctx.db, actor.memberId);
      yield { id: sent, memberId: actor.memberId, type: "stream.ready", data: {}, at: isoNow() };
    } else {
      let after = lastEventId;
      for (;;) {
        const page = await repo.eventsAfter(ctx.db, actor.memberId, after, REPLAY_PAGE);
        for (const event of page) {
          had.add(event.id);
          after = sent = event.id;
          yield event;
        }
        if (page.length < REPLAY_PAGE) break;
      }
    }
    while (!signal?.aborted) {
      const next = queue.shift();
      if (next?.id === 0) {
        await requireSession();
        yield { ...next, id: sent };
        continue;
      }
      if (next) {
        // Heard during the replay, or older than the page's last event: it has it already.
        if (had.delete(next.id) || (lastEventId !== null && next.id <= lastEventId)) continue;
        await requireSession();
        sent = next.id;
        yield next;
        continue;
      }
      let timer: ReturnType<typeof setTimeout> | undefined;
      let idle = false;
      await new Promise<void>((resolve) => {
        wake = resolve;
        timer = setTimeout(() => {
          idle = true;
          resolve();
        }, SESSION_CHECK_MS);
      });
      clearTimeout(timer);
      wake = null;
      if (idle) await requireSession();
    }
  } finally {
    release();
    signal?.removeEventListener("abort", onAbort);
    unsubscribe();
    ctx.log.debug("live stream closed", { memberId: actor.memberId });
  }
}

/**
 * Deletes a member's logged events of one type whose data `match` picks, so no reconnecting page
 * replays them (a moderator removed the words they carry; review of 2026-11-27, second pass). In
 * the caller's write unit. Pages that showed them already keep what they showed.
 */
export async function forgetEvents(
  ctx: AppContext,
  memberId: number,
  type: LiveEventType,
  match: (data: Record<string, unknown>) => boolean,
): Promise<number> {
  const rows = await repo.eventsOfType(ctx.db, memberId, type).execute();
  const ids = rows.filter((r) => match(JSON.parse(r.data) as Record<string, unknown>)).map((r) => r.id);
  await repo.deleteEvents(ctx.db, memberId, ids);
  return ids.length;
}

/** A member's events after an id, oldest first, one replay page at most (for a bus catching up after a gap). */
export const eventsAfter = (db: DB, memberId: number, afterId: number) => repo.eventsAfter(db, memberId, afterId, REPLAY_PAGE);

/** Drops up to `limit` events older than the retention, oldest first (the server's retention job runs it in batches). */
export const pruneLiveEvents = (ctx: AppContext, now = new Date(), limit = RETENTION_BATCH) =>
  repo.deleteOlderThan(ctx.db, isoNow(new Date(now.getTime() - LIVE_EVENT_RETENTION_MS)), limit);
