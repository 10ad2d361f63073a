import { useEffect, useState } from "react";

/**
 * False on the first render, true once the browser has painted it and is idle (or after `maxWaitMs`):
 * a screen renders what matters first (the feed) in a short task, and the rest (the right column)
 * in a task of its own afterwards, instead of one long task that blocks input (Lighthouse's TBT).
 */
export function useAfterPaint(maxWaitMs = 500): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let idle: number | undefined;
    // The frame after this one is painted; then wait for an idle moment.
    const frame = requestAnimationFrame(() => {
      idle =
        typeof requestIdleCallback === "function"
          ? requestIdleCallback(() => setReady(true), { timeout: maxWaitMs })
          : window.setTimeout(() => setReady(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (idle !== undefined) (typeof cancelIdleCallback === "function" ? cancelIdleCallback : clearTimeout)(idle);
    };
  }, [maxWaitMs]);
  return ready;
}
