import { texts } from "../../shared/texts.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * One formatter per locale and style: toLocaleString builds a new Intl.DateTimeFormat on every call
 * (about 1 ms each on a slow phone, and a feed shows dozens of dates); format() gives the same text.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale ?? ""}|${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) formatters.set(key, (format = new Intl.DateTimeFormat(locale, options)));
  return format;
}
const CALENDAR_DATE: Intl.DateTimeFormatOptions = { day: "numeric", month: "short", year: "numeric" };
const DATE_AND_TIME: Intl.DateTimeFormatOptions = { dateStyle: "full", timeStyle: "short" };

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
  return formatter(locale, CALENDAR_DATE).format(at);
}

/** The exact date and time, for the hover text of a relative date. */
export function exactDate(iso: string, locale?: string): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return "";
  return formatter(locale, DATE_AND_TIME).format(at);
}
