import type { Logger } from "./logger.ts";

/**
 * Retention: tables that grow with every action (notifications, live events, client logs) keep
 * rows for a bounded time, so the file grows with activity, not with history. Old rows go in small
 * batches off the request path: each batch is one short write transaction (a few ms of SQLite's
 * write lock: requests waiting for the lock wait no longer than that), and after each batch the job
 * pauses, at least PAUSE_MS and three times as long as the batch took, so pruning a backlog takes
 * at most about a quarter of the server's thread.
 */
export interface RetentionJob {
  name: string;
  /** Deletes at most `limit` rows that are past their time at `now`; answers how many it deleted. */
  deleteBatch(now: Date, limit: number): Promise<number>;
}

export const RETENTION_BATCH = 500;
const PAUSE_MS = 10;

/**
 * Runs each job batch after batch until a batch comes back short of the limit (nothing older is
 * left) or `signal` aborts (the server stops). Answers the rows deleted per job; a failing job is
 * logged and the others still run.
 */
export async function pruneInBatches(
  jobs: readonly RetentionJob[],
  options: { log: Logger; signal?: AbortSignal; now?: () => Date; batch?: number; pauseMs?: number },
): Promise<Record<string, number>> {
  const limit = options.batch ?? RETENTION_BATCH;
  const deleted: Record<string, number> = {};
  for (const job of jobs) {
    deleted[job.name] = 0;
    try {
      while (!options.signal?.aborted) {
        const started = performance.now();
        const n = await job.deleteBatch(options.now?.() ?? new Date(), limit);
        deleted[job.name]! += n;
        if (n < limit) break;
        const took = performance.now() - started;
        await new Promise((resolve) => setTimeout(resolve, Math.max(options.pauseMs ?? PAUSE_MS, 3 * took)));
      }
    } catch (error) {
      options.log.error("retention job failed", { job: job.name, error: String(error) });
    }
  }
  return deleted;
}
