import type { Logger } from "./logger.ts";

/**
 * Retention: tables that grow with every action (notifications, live events, client logs) keep
 * rows for a bounded time, so the file grows with activity, not with history. Old rows go in small
 * batches off the request path. A batch is one statement on the server's one connection: while it
 * runs, no request is answered and the write lock is held. So the batch size adapts to keep each
 * batch near TARGET_BATCH_MS: halved after a slower batch, doubled (up to the limit given) after a
 * quick one. Measured on the 100,000-member file on a loaded machine, a cold 500-row batch of
 * notifications took 140 ms (each row touches four indexes, three of them at random pages): fixed
 * sizes cannot be right everywhere. After each batch the job pauses, at least PAUSE_MS and three
 * times as long as the batch took, so a backlog takes at most about a quarter of the thread.
 */
export interface RetentionJob {
  name: string;
  /** Deletes at most `limit` rows that are past their time at `now`; answers how many it deleted. */
  deleteBatch: (now: Date, limit: number) => Promise<number>;
}

export const RETENTION_BATCH = 500;
const PAUSE_MS = 10;
const TARGET_BATCH_MS = 5;
const SMALLEST_BATCH = 10;

/**
 * Runs each job batch after batch until a batch comes back short of the limit (nothing older is
 * left) or `signal` aborts (the server stops). Answers the rows deleted per job; a failing job is
 * logged and the others still run.
 */
export async function pruneInBatches(
  jobs: readonly RetentionJob[],
  options: { log: Logger; signal?: AbortSignal; now?: () => Date; batch?: number; pauseMs?: number },
): Promise<Record<string, number>> {
  const largest = options.batch ?? RETENTION_BATCH;
  const deleted: Record<string, number> = {};
  for (const job of jobs) {
    deleted[job.name] = 0;
    let limit = Math.min(largest, 100);
    try {
      while (!options.signal?.aborted) {
        const started = performance.now();
        const n = await job.deleteBatch(options.now?.() ?? new Date(), limit);
        const took = performance.now() - started;
        deleted[job.name]! += n;
        if (n < limit) break;
        if (took > TARGET_BATCH_MS) limit = Math.max(Math.min(SMALLEST_BATCH, largest), Math.floor(limit / 2));
        else if (took < TARGET_BATCH_MS / 2) limit = Math.min(largest, limit * 2);
        await new Promise((resolve) => setTimeout(resolve, Math.max(options.pauseMs ?? PAUSE_MS, 3 * took)));
      }
    } catch (error) {
      options.log.error("retention job failed", { job: job.name, error: String(error) });
    }
  }
  return deleted;
}
