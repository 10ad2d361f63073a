import { unauthorized } from "../../shared/errors.ts";
import { isSessionActive } from "../accounts/sessions.ts";
import { DAY, isoNow } from "../platform/clock.ts";
import type { Actor, AppContext } from "../platform/context.ts";
import type { LiveEvent, LiveEventType } from "../platform/live.ts";
import * as repo from "./live.repository.ts";

/** How many missed events a reconnecting page replays at most; older ones it refetches anyway. */
const REPLAY_LIMIT = 200;
/** How often an idle stream checks that its session still stands (signed out elsewhere, deactivated). */
export const SESSION_CHECK_MS = 30_000;
/** How long the log keeps events for replay. */
export const LIVE_EVENT_RETENTION_MS = 2 * DAY;

/** Writes a live event to the member's log, then tells their open pages. */
export async function emit(ctx: AppContext, memberId: number, type: LiveEventType, data: Record<string, unknown> = {}): Promise<LiveEvent> {
  const event = await repo.insertEvent(ctx.db, memberId, type, data, isoNow());
  ctx.live.publish(event);
  return event;
}

/**
 * The actor's live events as an async stream: first what they missed after `lastEventId` (a
 * reconnect) or, for a new page, a "stream.ready" event carrying the newest id, then each new one
 * as it happens, until `signal` aborts. It subscribes before replaying, so nothing that happens
 * during the replay is lost, and skips what it yielded already. Once the session ends (signed out
 * on another device, password changed, deactivated) it ends with UNAUTHORIZED: before each event it
 * checks, and every 30 s while idle, so an ended session hears nothing more.
 */
export async function* stream(ctx: AppContext, actor: Actor, lastEventId: number | null, signal?: AbortSignal): AsyncGenerator<LiveEvent> {
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
    let last: number;
    if (lastEventId === null) {
      // A new page starts now: it is told the newest id, so a reconnect after a drop replays from there.
      last = await repo.latestId(ctx.db, actor.memberId);
      yield { id: last, memberId: actor.memberId, type: "stream.ready", data: {}, at: isoNow() };
    } else {
      last = lastEventId;
      for (const event of await repo.eventsAfter(ctx.db, actor.memberId, lastEventId, REPLAY_LIMIT)) {
        last = event.id;
        yield event;
      }
    }
    while (!signal?.aborted) {
      const next = queue.shift();
      if (next) {
        if (next.id > last) {
          await requireSession();
          last = next.id;
          yield next;
        }
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
    signal?.removeEventListener("abort", onAbort);
    unsubscribe();
    ctx.log.debug("live stream closed", { memberId: actor.memberId });
  }
}

/** Drops events older than the retention (called hourly by the server). */
export const pruneLiveEvents = (ctx: AppContext, now = new Date()) => repo.deleteOlderThan(ctx.db, isoNow(new Date(now.getTime() - LIVE_EVENT_RETENTION_MS)));
