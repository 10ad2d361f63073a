import { picturePathOf } from "../accounts/accounts.service.ts";
import { isoNow } from "../../platform/clock.ts";
import type { AppContext } from "../../platform/context.ts";
import * as repo from "./privacy.repository.ts";
import { PRIVACY_DEFAULTS, PrivacyLevel, type PrivacySetting, type Relation } from "./privacy.schema.ts";

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

/** A contact field with a "show" flag: the owner turned it on and its level lets this viewer see it. */
export function fieldVisible(relation: Relation, flag: number, level: number = PrivacyLevel.Public): boolean {
  return relation === "self" || (flag === 1 && levelAllows(level, relation));
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
