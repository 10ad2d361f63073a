import type { AppContext } from "../../platform/context.ts";
import { restUnlessWoken } from "../../platform/clock.ts";
import { isPostgres } from "../../platform/db/dialect.ts";
import { poolReader, setBackgroundReader, workerReader } from "./search.reader.ts";
import { syncSearchTerms } from "./search.repository.ts";
import { refreshNextSuggestions } from "./search.service.ts";

/** Pause between two suggestion refreshes (each is one member: one read, one short write). */
const REFRESH_GAP_MS = 25;
/** Pause when no list is due. */
const IDLE_MS = 1_000;
/** The typo tables follow the search index's vocabulary this often. */
const TERMS_EVERY_MS = 10 * 60_000;
/** Pause between two chunks of the vocabulary sync. */
const TERMS_GAP_MS = 5;
/** The first step waits this long after start: start-up and the first requests come first. */
const START_DELAY_MS = 3_000;

/**
 * The search domain's background work, off the request path (decision 012): the typo tables
 * brought up to the index's vocabulary at start and every 10 minutes, and the suggestion lists
 * that triggers marked stale (or that are a day old) recomputed one member at a time. With
 * `dbFile` (the server) the candidates are read on a worker thread with its own read-only
 * connection, so the server's thread only writes the result: one short transaction (the same reader
 * computes a member's first list for the request that needs it: search.reader backgroundReader). A pause
 * between two steps lets requests run. On PostgreSQL the reads go to a pooled connection instead (the
 * database server does the work, not the server's thread). The first step waits 3 s after start. Stops when `signal`
 * aborts (the server's shutdown): the timer is cleared, the worker terminated, and `stopped`
 * resolves once a step under way has ended, before the database closes.
 */
export function startSearchUpkeep(
  ctx: AppContext,
  signal: AbortSignal,
  options: { startDelayMs?: number; /** The database file: candidates are read on a worker thread (Bun). */ dbFile?: string } = {},
): { stopped: Promise<void> } {
  const reader = options.dbFile ? workerReader(options.dbFile) : isPostgres(ctx.db) ? poolReader(ctx.db) : null;
  if (reader) setBackgroundReader(reader.read);
  signal.addEventListener(
    "abort",
    () => {
      if (reader) setBackgroundReader(undefined);
      reader?.close();
    },
    { once: true },
  );
  const pause = async (ms: number) => {
    if (signal.aborted) return false;
    await restUnlessWoken(ms, signal);
    return !signal.aborted;
  };

  const run = async () => {
    if (!(await pause(options.startDelayMs ?? START_DELAY_MS))) return;
    let termsDue = 0;
    while (!signal.aborted) {
      try {
        if (Date.now() >= termsDue) {
          const added = await syncSearchTerms(ctx.db, () => pause(TERMS_GAP_MS), reader?.read);
          if (added) ctx.log.info(`search: ${added} new words for typo matching`);
          termsDue = Date.now() + TERMS_EVERY_MS;
        }
        if (signal.aborted) break;
        const refreshed = await refreshNextSuggestions(ctx, Date.now(), reader?.read);
        await pause(refreshed ? REFRESH_GAP_MS : IDLE_MS);
      } catch (error) {
        if (signal.aborted) break;
        ctx.log.error("search upkeep failed", { error: String(error) });
        await pause(IDLE_MS * 10);
      }
    }
  };
  return { stopped: run() };
}
