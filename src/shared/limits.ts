/** Business constants of the product spec (section 9). Shared by client and server. */
export const PASSWORD_MIN_LENGTH = 5;
/** Not in the spec: a ceiling so that hashing cannot be used to exhaust the server. */
export const PASSWORD_MAX_LENGTH = 128;
export const MINIMUM_AGE_YEARS = 15;
export const REGISTRATION_YEAR_FIRST = 2029;
export const REGISTRATION_YEAR_LAST = 1901;
export const PROFILE_YEAR_FIRST = 2040;
export const PROFILE_YEAR_LAST = 1900;
export const POST_MAX_LENGTH = 150;
export const POSTS_PER_PAGE = 5;
export const NEWS_TEXT_LENGTH = 120;
export const IMAGE_UPLOAD_MAX_BYTES = 3_000_000;
/** Not in the spec: every body but an upload (JSON, forms) stops here; no action needs more than a few KB. */
export const REQUEST_BODY_MAX_BYTES = 64 * 1024;
export const SEARCH_DEBOUNCE_MS = 300;
export const DEFAULT_PICTURE = "default.png";
export const NAME_MAX_LENGTH = 50;
export const EMAIL_MAX_LENGTH = 254;

/** Member status codes ('2' active, '3' deactivated; '1' awaiting e-mail confirmation). */
export const MemberStatus = { AwaitingConfirmation: 1, Active: 2, Deactivated: 3 } as const;
export type MemberStatusCode = (typeof MemberStatus)[keyof typeof MemberStatus];

/** Profile types / current statuses of spec section 1, in display order. */
export const PROFILE_TYPES = [
  "Agent",
  "Athlete (Amateur)",
  "Athlete (Professional)",
  "Athletic Trainer",
  "Coach",
  "Management",
  "Referee",
  "Retired",
  "Scout",
  "Sports Fanatic",
] as const;
export type ProfileType = (typeof PROFILE_TYPES)[number];

export const GENDERS = ["Female", "Male"] as const;
export type Gender = (typeof GENDERS)[number];

export const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

/** Years offered by a year select, newest first. */
export function yearRange(first: number, last: number): number[] {
  const years: number[] = [];
  for (let y = first; y >= last; y--) years.push(y);
  return years;
}

/** Whole years between a birth date and a day, as a person counts their age. */
export function ageOn(birth: { year: number; month: number; day: number }, on: Date): number {
  let age = on.getUTCFullYear() - birth.year;
  const beforeBirthday = on.getUTCMonth() + 1 < birth.month || (on.getUTCMonth() + 1 === birth.month && on.getUTCDate() < birth.day);
  if (beforeBirthday) age -= 1;
  return age;
}

/** True when year-month-day names a real calendar day. */
export function isRealDate(year: number, month: number, day: number): boolean {
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}
