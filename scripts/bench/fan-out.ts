/**
 * The server's fan-out backlog before a run. Posts an earlier run wrote (the writes rows post
 * thousands a second as one member) wait in `timeline_queue`, and the server fans them out between
 * requests (decision 011): each step holds its thread for several milliseconds, so a run that starts
 * on a backlog measures the backlog in its tails. A live community's queue is empty within a second
 * of a post, so the bench waits for it first.
 */
import pg from "pg";
import { openReadOnly } from "./community.ts";

const POLL_MS = 1_000;

async function queuedPosts(dataDir: string, databaseUrl: string | undefined): Promise<number> {
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return Number((await client.query<{ n: string }>("SELECT count(*) AS n FROM timeline_queue")).rows[0]!.n);
    } finally {
      await client.end();
    }
  }
  const db = openReadOnly(dataDir);
  try {
    return Number(db.query("SELECT count(*) AS n FROM timeline_queue").values()[0]![0]);
  } finally {
    db.close();
  }
}

/**
 * Waits until the running server has emptied the fan-out queue (at most `timeoutMs`, then goes on
 * and says so); answers the backlog found and how long the wait took.
 */
export async function waitForFanOut(
  dataDir: string,
  databaseUrl: string | undefined,
  log: (line: string) => void,
  timeoutMs = 20 * 60_000,
): Promise<{ backlog: number; waitedMs: number; left: number }> {
  const started = performance.now();
  const backlog = await queuedPosts(dataDir, databaseUrl);
  let left = backlog;
  if (backlog > 0) log(`${backlog} posts wait for their fan-out (an earlier run's writes): waiting until the server has written them`);
  while (left > 0 && performance.now() - started < timeoutMs) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    left = await queuedPosts(dataDir, databaseUrl);
  }
  const waitedMs = performance.now() - started;
  if (backlog > 0)
    log(
      left
        ? `${left} posts still queued after ${(waitedMs / 1000).toFixed(0)} s: measuring anyway`
        : `fan-out done in ${(waitedMs / 1000).toFixed(0)} s`,
    );
  return { backlog, waitedMs, left };
}
