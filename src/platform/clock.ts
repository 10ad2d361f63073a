/** Time, as ISO-8601 UTC text (how the database stores it). Tests may pass their own `now`. */
export const isoNow = (now: Date = new Date()) => now.toISOString();
export const isoIn = (ms: number, now: Date = new Date()) => new Date(now.getTime() + ms).toISOString();
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/**
 * Waits `ms`, or less: ends at once when `signal` aborts (the server stops) or when the function it
 * adds to `wakers` is called (new work arrived). Background loops rest with it between batches.
 */
export function restUnlessWoken(ms: number, signal: AbortSignal, wakers?: Set<() => void>): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      wakers?.delete(done);
      resolve();
    }
    if (signal.aborted) return done();
    signal.addEventListener("abort", done, { once: true });
    wakers?.add(done);
  });
}
