import type { SessionMember } from "../../domains/accounts/accounts.schema.ts";
import type { IssuedSession } from "../../domains/accounts/sessions.ts";
import { DEFAULT_PICTURE } from "../../shared/limits.ts";

/*
 * Values in the forms the original service emitted them (docs/rest-api.md "Value formats").
 */

/**
 * A picture field as the original answered it: the file name its clients append to
 * /Images/members/ ("<random>-400.webp"), default.png when the member has none.
 */
export function legacyPicture(picturePath: string | null | undefined): string {
  return (picturePath ?? "").split("/").pop() || DEFAULT_PICTURE;
}

const two = (n: number) => String(n).padStart(2, "0");

/**
 * A date and time as the original's DateTime.ToString() wrote it (en-US, the server's clock, UTC
 * here): "11/22/2026 7:22:46 AM"; "" for a value that is not a date.
 */
export function legacyDateTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  const hours = d.getUTCHours();
  const time = `${hours % 12 || 12}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())} ${hours < 12 ? "AM" : "PM"}`;
  return `${d.getUTCMonth() + 1}/${d.getUTCDate()}/${d.getUTCFullYear()} ${time}`;
}

/** A DateTime as the original's JSON wrote it: ISO-8601 without a zone ("2026-11-22T07:22:46"). */
export function legacyJsonDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? "" : d.toISOString().replace(/(\.000)?Z$/, "");
}

/** A flag the original sent as text (a bool's ToString()): "True" / "False". */
export const flagText = (on: boolean) => (on ? "True" : "False");

/** A flag as legacy clients send it back: "True" / "False" in any case, as well as true/false and 1/0. */
export const flagFromClient = (v: unknown) => (typeof v === "string" ? v.trim().toLowerCase() : v);

/** Height as the profile form shows it (`5' 8"`), "" when not set. */
export const heightText = (inches: number | null) => (inches === null ? "" : `${Math.floor(inches / 12)}' ${inches % 12}"`);

/** Weight as the profile form shows it ("145 lbs"), "" when not set. */
export const weightText = (lbs: number | null) => (lbs === null ? "" : `${lbs} lbs`);

/** The login result of the original service; every string empty when there is no such member. */
export function loginResult(member?: SessionMember | null, session?: IssuedSession | null, status?: number) {
  return {
    memberID: member ? String(member.memberId) : "",
    currentStatus: member ? String(status ?? member.status) : "",
    email: member?.email ?? "",
    title: member?.title ?? "",
    name: member?.name ?? "",
    accessToken: session?.token ?? "",
    picturePath: member ? legacyPicture(member.picturePath) : "",
    expiredDate: session?.expiresAt ?? "",
  };
}
