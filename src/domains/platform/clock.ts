/** Time, as ISO-8601 UTC text (how the database stores it). Tests may pass their own `now`. */
export const isoNow = (now: Date = new Date()) => now.toISOString();
export const isoIn = (ms: number, now: Date = new Date()) => new Date(now.getTime() + ms).toISOString();
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
