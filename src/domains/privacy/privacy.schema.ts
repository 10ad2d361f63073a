// Shared by the client and the server: no server imports.

/** Privacy levels of the profile sections and contact fields (spec section 3). */
export const PrivacyLevel = { Public: 1, Private: 2, OnlyContacts: 3 } as const;
export type PrivacyLevelValue = (typeof PrivacyLevel)[keyof typeof PrivacyLevel];

/**
 * The relation between a viewer and a member, which every privacy rule reads: the member themself,
 * an accepted contact, or another (signed-in) member. It is the one name of this idea; the links
 * and buttons of a list row or a profile are contacts' `MemberLinks` and `Relationship`.
 */
export type Relation = "self" | "contact" | "member";

/**
 * A new member's privacy (docs/rest-api.md "Value formats and defaults"): sections public to members, the
 * other phone private, found by everyone with every search link shown. The migration's column
 * defaults say the same; rows are created on the first save, so every read of a member_privacy
 * column falls back to these (privacy.service `settingOf`, and `settingSql` in SQL texts).
 */
export const PRIVACY_DEFAULTS = {
  basicInfo: 1,
  personalInfo: 1,
  contactInfo: 1,
  education: 1,
  workInfo: 1,
  photos: 1,
  videos: 1,
  mobilePhone: 2,
  otherPhone: 2,
  emailAddress: 2,
  homePhone: 2,
  address: 2,
  searchVisibility: 1,
  viewProfilePicture: 1,
  viewFriendsList: 1,
  viewLinkRequest: 1,
  viewLinkMessage: 1,
  minorFindable: 0,
} as const;

/** The profile sections that start Only Contacts for a minor (at registration, or when a birth date makes them one). */
export const MINOR_SECTIONS = ["basicInfo", "personalInfo", "contactInfo", "education", "workInfo", "photos", "videos"] as const;

/** A member_privacy column: a section's or field's level, search visibility, or a 0/1 switch. */
export type PrivacySetting = keyof typeof PRIVACY_DEFAULTS;
