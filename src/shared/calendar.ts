/** Calendar rules for dates of birth and year selects. Shared by client and server. */

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

/** A date of birth as stored and sent: YYYY-MM-DD from its three parts as typed. */
export function isoBirthDate(year: string, month: string, day: string): string {
  return `${year.padStart(4, "0")}-${month.padStart(2, "0")}-${day.padStart(2, "0")}`;
}

/** "May 17, 1995" from YYYY-MM-DD, without a time zone shift ("" when it is not a date). */
export function formatBirthDate(iso: string): string {
  const [y, m, d] = iso.split("-").map(Number);
  return y && m && d ? `${MONTHS[m - 1]} ${d}, ${y}` : "";
}
