import type { AppContext } from "../platform/context.ts";
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
 * The search domain's background work, off the request path, on the server's own connection
 * (decision 012): the typo tables brought up to the index's vocabulary at start and every 10
 * minutes, and the suggestion lists that triggers marked stale (or that are a day old) recomputed
 * one member at a time, with a pause between two so requests run in between and no write holds the
 * lock for more than a few milliseconds. The first step waits 3 s after start. Stops when `signal` aborts (the server's shutdown): no timer
 * is left and a step under way finishes before the database closes (`stopped` resolves then).
 */
export function startSearchUpkeep(ctx: AppContext, signal: AbortSignal, options: { startDelayMs?: number } = {}): { stopped: Promise<void> } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let wake: (() => void) | undefined;
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      wake = resolve;
      timer = setTimeout(resolve, ms);
    });
  signal.addEventListener("abort", () => {
    clearTimeout(timer);
    wake?.();
  }, { once: true });
  const pause = async (ms: number) => {
    if (signal.aborted) return false;
    await sleep(ms);
    return !signal.aborted;
  };

  const run = async () => {
    if (!(await pause(options.startDelayMs ?? START_DELAY_MS))) return;
    let termsDue = 0;
    while (!signal.aborted) {
      try {
        if (Date.now() >= termsDue) {
          const added = await syncSearchTerms(ctx.db, () => pause(TERMS_GAP_MS));
          if (added) ctx.log.info(`search: ${added} new words for typo matching`);
          termsDue = Date.now() + TERMS_EVERY_MS;
        }
        if (signal.aborted) break;
        const refreshed = await refreshNextSuggestions(ctx);
        await pause(refreshed ? REFRESH_GAP_MS : IDLE_MS);
      } catch (error) {
        ctx.log.error("search upkeep failed", { error: String(error) });
        await pause(IDLE_MS * 10);
      }
    }
  };
  return { stopped: run() };
}
