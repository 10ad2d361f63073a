/** What a member is: status codes, profile types and genders of the spec. Shared by client and server. */

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
