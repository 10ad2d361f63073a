import { texts } from "../../shared/texts.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * A date as the lists show it (architecture guide, "Dates"): relative while recent ("just now",
 * "5 min ago", "3 h ago", "2 d ago"), the calendar date from a week on ("12 Mar 2026"). Dates a
 * little in the future (a clock ahead of the server's) read "just now".
 */
export function relativeDate(iso: string, now: number = Date.now(), locale?: string): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return "";
  const age = now - at;
  if (age < MINUTE) return texts.timeJustNow;
  if (age < HOUR) return texts.timeMinutesAgo.replace("{n}", String(Math.floor(age / MINUTE)));
  if (age < DAY) return texts.timeHoursAgo.replace("{n}", String(Math.floor(age / HOUR)));
  if (age < 7 * DAY) return texts.timeDaysAgo.replace("{n}", String(Math.floor(age / DAY)));
  return new Date(at).toLocaleDateString(locale, { day: "numeric", month: "short", year: "numeric" });
}

/** The exact date and time, for the hover text of a relative date. */
export function exactDate(iso: string, locale?: string): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return "";
  return new Date(at).toLocaleString(locale, { dateStyle: "full", timeStyle: "short" });
}
