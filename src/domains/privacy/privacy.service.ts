import { picturePathOf } from "../../shared/pictures.ts";
import type { DB } from "../../platform/db/client.ts";
import { isoNow } from "../../platform/clock.ts";
import type { Actor, AppContext } from "../../platform/context.ts";
import * as repo from "./privacy.repository.ts";
import { MINOR_SECTIONS, PRIVACY_DEFAULTS, PrivacyLevel, type PrivacySetting, type Relation } from "./privacy.schema.ts";

/**
 * Privacy: the levels and defaults (privacy.schema), the rules below, the member_privacy reads and
 * writes, and the relation between two members. Profiles, contacts, search, feed and settings apply
 * these; this domain imports none of them.
 */
export type { PrivacyRow } from "./privacy.repository.ts";
export { settingSql } from "./privacy.repository.ts";

/** A stored setting, or its default when the member never saved (a left join found no row). */
export function settingOf(setting: PrivacySetting, stored: number | null | undefined): number {
  return stored ?? PRIVACY_DEFAULTS[setting];
}

/** A 0/1 setting (a search link, the picture, the contact list) switched on, its default when never saved. */
export function switchedOn(setting: PrivacySetting, stored: number | null | undefined): boolean {
  return settingOf(setting, stored) === 1;
}

/** Whether a viewer in this relation may see something kept at this level. Public means signed-in members. */
export function levelAllows(level: number, relation: Relation): boolean {
  if (relation === "self") return true;
  if (level === PrivacyLevel.Public) return true;
  if (level === PrivacyLevel.OnlyContacts) return relation === "contact";
  return false;
}

/** A profile field with a "show" flag (gender, birth date): the owner turned it on. Contact details have a level instead. */
export function fieldVisible(relation: Relation, flag: number): boolean {
  return relation === "self" || flag === 1;
}

/**
 * The one picture rule, wherever a member is shown (profile header, cards of lists, search and
 * suggestions, feed authors, message parties): a member who hides their picture from non-contacts
 * ("view profile picture" off) shows the default picture to every viewer who is not a contact.
 */
export function pictureFor(relation: Relation, member: { picturePath: string | null; viewProfilePicture?: number | null }): string {
  const visible = relation !== "member" || switchedOn("viewProfilePicture", member.viewProfilePicture);
  return picturePathOf(visible ? member : { picturePath: null });
}

/** The relation, from a row read with the viewer's contact row (cards, pictures): 1 when the viewer is a contact. */
export function relationOf(memberId: number, viewerId: number, viewerIsContact: number | undefined): Relation {
  return memberId === viewerId ? "self" : viewerIsContact === 1 ? "contact" : "member";
}

export async function relationBetween(ctx: AppContext, viewerId: number, memberId: number): Promise<Relation> {
  if (viewerId === memberId) return "self";
  return (await repo.areContacts(ctx.db, viewerId, memberId)) ? "contact" : "member";
}

/** A member's privacy settings, the defaults for those never saved. */
export const privacyOf = (ctx: AppContext, memberId: number): Promise<repo.PrivacyRow> => repo.findPrivacy(ctx.db, memberId);

/** Saves some of a member's privacy settings; others see the change on their next request. */
export const savePrivacy = (ctx: AppContext, memberId: number, patch: Partial<repo.PrivacyRow>): Promise<void> =>
  repo.upsertPrivacy(ctx.db, memberId, patch, isoNow());

// Minors (decision 037): under 18 by birth date, computed when read with the instance clock.

/** Adulthood begins at this age. */
export const ADULT_AGE_YEARS = 18;

/**
 * The latest birth date (YYYY-MM-DD) of an adult on `now`'s day: the same day 18 years before.
 * Birth dates are YYYY-MM-DD text on both engines, so SQL compares them with this as text
 * (`m.birth_date <= ?`); a leap day's "2010-02-29" compares correctly without being a real date.
 */
export function adultBornBy(now: Date = new Date()): string {
  const day = isoNow(now).slice(0, 10);
  return `${String(Number(day.slice(0, 4)) - ADULT_AGE_YEARS).padStart(4, "0")}${day.slice(4)}`;
}

/** Whether a member born on this day is under 18 now. */
export const isMinor = (birthDate: string, now: Date = new Date()): boolean => birthDate > adultBornBy(now);

/** A member's birth date (YYYY-MM-DD), undefined for no such member: the minors' rules read it. */
export const birthDateOf = (ctx: AppContext, memberId: number): Promise<string | undefined> => repo.birthDateOf(ctx.db, memberId);

/** A cutoff that shows every member (a minor viewer: minors may find minors; a post's author: its likers). */
export const NO_MINOR_CUTOFF = "9999-12-31";

/**
 * The viewer whose cutoff is asked: the request's actor (its birth date read with the session), or
 * a member id alone (the date is then read). Never another row holding a birth date (a card's is the
 * member shown).
 */
export type CutoffViewer = Actor | { memberId: number; birthDate?: undefined };

/**
 * The birth date on or before which a member is shown to this viewer in search and suggestions
 * without being their contact or opting in: adultBornBy() for an adult viewer, no limit for a minor
 * one. SQL texts compare `m.birth_date <= ?` with it (one parameter, the statements stay fixed).
 */
export async function minorCutoffFor(ctx: AppContext, viewer: CutoffViewer): Promise<string> {
  // An actor read with its session carries its birth date (decision 051): no read.
  const birthDate = viewer.birthDate ?? (await birthDateOf(ctx, viewer.memberId));
  return birthDate !== undefined && isMinor(birthDate) ? NO_MINOR_CUTOFF : adultBornBy();
}

/**
 * A minor's defaults: every profile section that is Public becomes Only Contacts (Private ones
 * stay), and "view friends list" is off. Called at registration; takes the db first so it runs
 * inside the caller's transaction.
 */
export async function applyMinorDefaults(db: DB, memberId: number): Promise<void> {
  const current = await repo.findPrivacy(db, memberId);
  const patch: Partial<repo.PrivacyRow> = {
    ...Object.fromEntries(MINOR_SECTIONS.filter((s) => current[s] === PrivacyLevel.Public).map((s) => [s, PrivacyLevel.OnlyContacts])),
    // Their contacts and follows are shown to their contacts only (decision 040, second pass); they may open them.
    viewFriendsList: 0,
  };
  await repo.upsertPrivacy(db, memberId, patch, isoNow());
}

/**
 * Whether this member is a minor the viewer may not see in lists (decision 040; in SQL:
 * platform/db/minor-shown `listedToViewer`): under 18, the viewer an adult who is not their
 * contact, and the minor did not opt in to be found by adults. `birthDate`: the member's, when
 * the caller has read it already.
 */
export async function hiddenMinorFor(ctx: AppContext, viewerId: number, memberId: number, birthDate?: string): Promise<boolean> {
  if (viewerId === memberId) return false;
  // The member's birth date first (given by a caller that read the member): an adult costs no more reads.
  const theirs = birthDate ?? (await birthDateOf(ctx, memberId));
  if (theirs === undefined || !isMinor(theirs) || theirs <= (await minorCutoffFor(ctx, { memberId: viewerId }))) return false;
  if ((await relationBetween(ctx, viewerId, memberId)) === "contact") return false;
  return !switchedOn("minorFindable", (await privacyOf(ctx, memberId)).minorFindable);
}
