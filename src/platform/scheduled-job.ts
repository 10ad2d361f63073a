import type { Logger } from "./logger.ts";

export interface ScheduledJob {
  /** No new run starts; resolves once the run in progress (if any) has ended. */
  stop: () => Promise<void>;
}

/**
 * Runs `run` off the request path: first `firstAfterMs` after the call, then every `everyMs` from
 * that first tick. A run never overlaps the one before it (a tick during a run is skipped), a
 * failure is logged as "<name> failed" and the next tick tries again. Jobs that must run once
 * across server processes wrap their work in runOncePer (src/platform/db/job-lock.ts); `run`
 * watches the server's shutdown signal to end early, and `stop` waits for it.
 */
export function scheduleJob(
  name: string,
  options: { everyMs: number; firstAfterMs: number; log: Logger },
  run: () => Promise<unknown>,
): ScheduledJob {
  let running: Promise<unknown> | undefined;
  const tick = () => {
    // (A run that throws before its first await fails like one that rejects.)
    running ??= new Promise((resolve) => resolve(run()))
      .catch((error) => options.log.error(`${name} failed`, { error: String(error) }))
      .finally(() => (running = undefined));
  };
  let every: ReturnType<typeof setInterval> | undefined;
  const first = setTimeout(() => {
    // The period's timer first: a stop called from the run's first moments clears it.
    every = setInterval(tick, options.everyMs);
    every.unref();
    tick();
  }, options.firstAfterMs);
  // The timers alone do not keep a process alive (a script or a test that forgot to stop).
  first.unref();
  return {
    async stop() {
      clearTimeout(first);
      clearInterval(every);
      await running;
    },
  };
}
