import { picturePathOf } from "../accounts/accounts.service.ts";
import type { Relation } from "../contacts/contacts.service.ts";

/** Privacy levels of the profile sections and contact fields (spec section 3). */
export const PrivacyLevel = { Public: 1, Private: 2, OnlyContacts: 3 } as const;

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
  const visible = relation !== "member" || (member.viewProfilePicture ?? PRIVACY_DEFAULTS.viewProfilePicture) === 1;
  return picturePathOf(visible ? member : { picturePath: null });
}

/**
 * A new member's privacy (rest-api.md "Value formats and defaults"): sections public to members, the
 * other phone private, found by everyone with every search link shown. The migration's column
 * defaults say the same; rows are created on the first save.
 */
export const PRIVACY_DEFAULTS = {
  basicInfo: 1,
  personalInfo: 1,
  contactInfo: 1,
  education: 1,
  workInfo: 1,
  photos: 1,
  videos: 1,
  mobilePhone: 1,
  otherPhone: 2,
  emailAddress: 1,
  searchVisibility: 1,
  viewProfilePicture: 1,
  viewFriendsList: 1,
  viewLinkRequest: 1,
  viewLinkMessage: 1,
} as const;
