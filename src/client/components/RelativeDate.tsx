import { Text, type TextProps, Tooltip } from "@mantine/core";
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
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
const TOOLTIP_DELAY_MS = 300;

/** A date relative to now ("3 h ago"), the exact date and time on hover; the machine-readable date in dateTime. */
export function RelativeDate({ iso, ...props }: { iso: string } & TextProps) {
  const current = useSyncExternalStore(subscribe, snapshot);
  // A date rendered before the clock's last tick would otherwise read "just now" for a minute too long.
  const shown = relativeDate(iso, Math.max(current, Date.now()));
  // The tooltip (floating-ui's hooks and listeners for each date) mounts on the first hover that
  // lasts its open delay, already open: a feed page has dozens of dates, and mounting all their
  // tooltips was a measurable part of its first render (decision 019).
  const [hovered, setHovered] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  if (!hovered) {
    return (
      <Text
        component="time"
        dateTime={iso}
        size="xs"
        c="dimmed"
        {...props}
        onMouseEnter={() => {
          timer.current = window.setTimeout(() => setHovered(true), TOOLTIP_DELAY_MS);
        }}
        onMouseLeave={() => window.clearTimeout(timer.current)}
      >
        {shown}
      </Text>
    );
  }
  return (
    <Tooltip label={exactDate(iso)} openDelay={TOOLTIP_DELAY_MS} withArrow defaultOpened>
      <Text component="time" dateTime={iso} size="xs" c="dimmed" {...props}>
        {shown}
      </Text>
    </Tooltip>
  );
}
