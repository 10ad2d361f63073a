import { Text, type TextProps, Tooltip } from "@mantine/core";
import { useSyncExternalStore } from "react";
import { exactDate, relativeDate } from "../lib/dates.ts";

// One clock for every relative date on the page: "5 min ago" moves on once a minute.
let now = Date.now();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;
function subscribe(listener: () => void) {
  listeners.add(listener);
  timer ??= setInterval(() => {
    now = Date.now();
    for (const l of listeners) l();
  }, 60_000);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}
const snapshot = () => now;

/** A date relative to now ("3 h ago"), the exact date and time on hover; the machine-readable date in dateTime. */
export function RelativeDate({ iso, ...props }: { iso: string } & TextProps) {
  const current = useSyncExternalStore(subscribe, snapshot);
  const exact = exactDate(iso);
  // A date rendered before the clock's last tick would otherwise read "just now" for a minute too long.
  const shown = relativeDate(iso, Math.max(current, Date.now()));
  return (
    <Tooltip label={exact} openDelay={300} withArrow>
      <Text component="time" dateTime={iso} size="xs" c="dimmed" {...props}>
        {shown}
      </Text>
    </Tooltip>
  );
}
