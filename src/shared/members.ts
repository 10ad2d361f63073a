/** What a member is: status codes, profile types and genders of the spec. Shared by client and server. */

/**
 * Member status codes ('2' active, '3' deactivated; '1' awaiting e-mail confirmation; '4' suspended
 * by a moderator or admin, with member.suspended_reason and suspended_until; '5' deletion asked for:
 * hidden until member.deletion_due_at, then purged, unless the member signs in before; decision 036).
 */
export const MemberStatus = { AwaitingConfirmation: 1, Active: 2, Deactivated: 3, Suspended: 4, DeletionPending: 5 } as const;
export type MemberStatusCode = (typeof MemberStatus)[keyof typeof MemberStatus];

/**
 * The one rule for whom other members see (search, cards, contact lists, feed, likes, suggestions,
 * messages, notifications): an active member. Deactivated, suspended and unconfirmed members are
 * hidden. SQL compares member.status with this value; code checks isVisibleMember.
 */
export const VISIBLE_STATUS = MemberStatus.Active;
export const isVisibleMember = (member: { status: number } | undefined | null): boolean => member?.status === VISIBLE_STATUS;

/** Roles, each including the powers of the ones before it. */
export const ROLES = ["member", "moderator", "admin"] as const;
export type Role = (typeof ROLES)[number];
export const roleOf = (text: string): Role => ((ROLES as readonly string[]).includes(text) ? (text as Role) : "member");
/** Whether `role` has at least the powers of `needed`. */
export const hasRole = (role: Role, needed: Role): boolean => ROLES.indexOf(role) >= ROLES.indexOf(needed);

/**
 * Whether a suspension still holds at `now`: it has no end (indefinite) or ends later. One past
 * its end lifts itself when read (sign-in, the admin screens): no job is needed.
 */
export const suspensionHolds = (suspendedUntil: string | null, now: string): boolean => suspendedUntil === null || suspendedUntil > now;

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
