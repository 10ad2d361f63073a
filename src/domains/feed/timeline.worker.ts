import type { DB } from "../../platform/db/client.ts";
import { restUnlessWoken } from "../../platform/clock.ts";
import type { Logger } from "../../platform/logger.ts";
import { advanceHorizon, fanOutStep, pruneStep } from "./timeline.repository.ts";

/** How often an empty queue is looked at again (posts written by another process; this one's wake it). */
const IDLE_MS = 200;
/**
 * After a batch that took t ms the worker waits REST_PER_WORK × t ms (at least 1 ms), so a backlog
 * takes at most a fifth of the server's thread; while requests keep the thread busy (the wait ends
 * more than BUSY_LATE_MS late) the wait doubles, up to MAX_BACKOFF times: a burst of posts is
 * fanned out when the burst is over instead of slowing the requests that come meanwhile.
 */
const REST_PER_WORK = 4;
const BUSY_LATE_MS = 3;
const MAX_BACKOFF = 64;
/** How often the horizon is checked (it moves by a day at a time). */
const HORIZON_CHECK_MS = 60 * 60_000;

/** The idle waits of the running workers (one per server; tests may start more). */
const idleWorkers = new Set<() => void>();

/** Wakes the idle workers at once: a post was just queued (called after the post's insert). */
export function wakeTimelineWorkers(): void {
  for (const wake of [...idleWorkers]) wake();
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
/**
 * Rests between units of work: REST_PER_WORK times as long as the work since the last rest took
 * (at least 1 ms), longer while requests keep the thread busy.
 */
function pacer() {
  let backoff = 1;
  let workStarted = performance.now();
  const rest = async () => {
    const ms = Math.max(1, (performance.now() - workStarted) * REST_PER_WORK) * backoff;
    const resting = performance.now();
    await pause(ms);
    const late = performance.now() - resting - ms;
    backoff = late > BUSY_LATE_MS ? Math.min(backoff * 2, MAX_BACKOFF) : 1;
    workStarted = performance.now();
  };
  return {
    rest,
    /** Work begins now, after an idle wait (no work; a burst, if any, is over). */
    restart: () => {
      workStarted = performance.now();
      backoff = 1;
    },
    async run<T>(work: () => Promise<T>): Promise<T> {
      workStarted = performance.now();
      const result = await work();
      await rest();
      return result;
    },
  };
}

/**
 * The timeline's background work, on the server's thread but off the request path: drains the
 * fan-out queue one short transaction at a time, yielding to requests between batches, and moves
 * the horizon forward and prunes behind it. Stops after the current batch when `signal` aborts;
 * `stopped` resolves then. The queue is a table, so what is left is done after a restart.
 * On PostgreSQL every server process runs one: a fan-out step runs in one of them at a time (the
 * others find the queue busy and wait as when it is empty), and only the process whose update
 * moved the horizon prunes.
 */
export function startTimelineWorker(deps: { db: DB; log: Logger; signal: AbortSignal; now?: () => number }): { stopped: Promise<void> } {
  const { db, log, signal } = deps;
  const now = deps.now ?? Date.now;
  const paced = pacer();
  const sleep = (ms: number) => restUnlessWoken(ms, signal, idleWorkers);

  async function run(): Promise<void> {
    let nextHorizonCheck = 0;
    while (!signal.aborted) {
      try {
        if (now() >= nextHorizonCheck) {
          nextHorizonCheck = now() + HORIZON_CHECK_MS;
          if (await advanceHorizon(db, now())) await prune();
        }
        if (await fanOutStep(db)) await paced.rest();
        else {
          await sleep(IDLE_MS);
          paced.restart();
        }
      } catch (error) {
        log.error("timeline fan-out failed", { error: String(error) });
        await sleep(5_000);
      }
    }
  }

  async function prune(): Promise<void> {
    let from: number | null = 0;
    while (from !== null && !signal.aborted) {
      from = await paced.run(() => pruneStep(db, from!));
    }
  }

  return { stopped: run() };
}
