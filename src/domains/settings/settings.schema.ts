import { z } from "zod";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../../shared/limits.ts";
import { personNameField } from "../../shared/names.ts";
import { texts } from "../../shared/texts.ts";
import { emailField } from "../accounts/accounts.schema.ts";
import { PrivacyLevel, type PrivacyLevelValue } from "../privacy/privacy.schema.ts";

// Account and privacy settings: shared by the settings screens (client) and the server (tRPC and
// REST input). No server imports.

/** The six security questions of the spec (section 3), by id. */
export const SECURITY_QUESTIONS = [
  { id: 1, text: texts.securityQuestion1 },
  { id: 2, text: texts.securityQuestion2 },
  { id: 3, text: texts.securityQuestion3 },
  { id: 4, text: texts.securityQuestion4 },
  { id: 5, text: texts.securityQuestion5 },
  { id: 6, text: texts.securityQuestion6 },
] as const;

/** The six deactivation reasons of the spec (section 3), in the order the form lists them (0 Other last). */
export const DEACTIVATION_REASONS = [
  { id: 1, text: texts.deactivationReason1 },
  { id: 2, text: texts.deactivationReason2 },
  { id: 3, text: texts.deactivationReason3 },
  { id: 4, text: texts.deactivationReason4 },
  { id: 5, text: texts.deactivationReason5 },
  { id: 0, text: texts.deactivationReason0 },
] as const;

/** The placeholder value of the legacy selects ("nothing chosen"). */
export const SELECT_PLACEHOLDER = "select";

export const SECURITY_ANSWER_MAX_LENGTH = 200;
export const DEACTIVATION_EXPLANATION_MAX_LENGTH = 2000;

/** Privacy levels of profile sections and fields: 1 Public (signed-in members), 2 Private, 3 Only Contacts. */
export const PRIVACY_LEVELS = [
  { id: PrivacyLevel.Public, text: texts.privacyPublic },
  { id: PrivacyLevel.Private, text: texts.privacyPrivate },
  { id: PrivacyLevel.OnlyContacts, text: texts.privacyOnlyContacts },
] as const;
export type { PrivacyLevelValue };

/** Who may find the member in search: 1 Everyone, 2 Only Contacts. */
export const SEARCH_VISIBILITY = [
  { id: 1, text: texts.searchEveryone },
  { id: 2, text: texts.searchOnlyContacts },
] as const;
export type SearchVisibilityValue = 1 | 2;

/** The sections and fields that have a level, in the order of the Profile tab. */
export const PROFILE_PRIVACY_KEYS = [
  "basicInfo",
  "personalInfo",
  "contactInfo",
  "education",
  "workInfo",
  "photos",
  "videos",
  "mobilePhone",
  "homePhone",
  "otherPhone",
  "emailAddress",
  "address",
] as const;
export type ProfilePrivacyKey = (typeof PROFILE_PRIVACY_KEYS)[number];

/** The "shown to every member who finds you (true) or only to contacts (false)" switches of the Search tab. */
export const SEARCH_FLAG_KEYS = [
  "viewProfilePicture",
  "viewFriendsList",
  "viewLinkToRequestAddingYouAsFriend",
  "viewLinkToSendYouMsg",
] as const;
export type SearchFlagKey = (typeof SEARCH_FLAG_KEYS)[number];

/** Legacy clients send numbers as strings and sometimes as numbers: accept both, keep trimmed text. */
const loose = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((v) => (v === null || v === undefined ? "" : String(v).trim()));

/** A password as typed: never trimmed. */
const rawText = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((v) => (v === null || v === undefined ? "" : String(v)));

/** A switch: JSON booleans, and `1`/`0`, `"true"`/`"false"` as legacy clients send them. */
export const flagField = z
  .union([z.boolean(), z.number(), z.string(), z.null()])
  .optional()
  .transform((v, ctx) => {
    if (typeof v === "boolean") return v;
    const s = v === null || v === undefined ? "" : String(v).trim().toLowerCase();
    if (s === "1" || s === "true") return true;
    if (s === "0" || s === "false") return false;
    ctx.addIssue({ code: "custom", message: "Must be true or false (1 or 0)." });
    return z.NEVER;
  });

/** A whole number from a number or a string of digits, checked against the allowed values. */
const choice = <T extends number>(allowed: readonly T[], message: string) =>
  z
    .union([z.number(), z.string(), z.null()])
    .optional()
    .transform((v, ctx) => {
      const s = v === null || v === undefined ? "" : String(v).trim();
      const n = /^\d{1,2}$/.test(s) ? Number(s) : NaN;
      if (!(allowed as readonly number[]).includes(n)) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return n as T;
    });

export const privacyLevelField = choice<PrivacyLevelValue>([1, 2, 3], texts.privacyLevelInvalid);
export const searchVisibilityField = choice<SearchVisibilityValue>([1, 2], texts.searchVisibilityInvalid);

// ---------------------------------------------------------------------------------------------
// Name

/** The name rule of src/shared/names.ts: plain words, at most 50 characters. */
export const nameInput = z.object({
  firstName: personNameField(texts.firstNameRequired),
  middleName: personNameField(),
  lastName: personNameField(texts.lastNameRequired),
});
export type NameInput = z.input<typeof nameInput>;
export type NameData = z.output<typeof nameInput>;

export interface NameInfo {
  firstName: string;
  middleName: string;
  lastName: string;
}

// ---------------------------------------------------------------------------------------------
// Password (spec section 5, "Account password form")

export const passwordChangeInput = z
  .object({
    currentPassword: rawText.pipe(z.string().min(1, texts.currentPasswordRequired).max(PASSWORD_MAX_LENGTH, texts.passwordTooLong)),
    newPassword: rawText.pipe(
      z
        .string()
        .min(1, texts.passwordRequired)
        .min(PASSWORD_MIN_LENGTH, texts.newPasswordMin)
        .max(PASSWORD_MAX_LENGTH, texts.passwordTooLong),
    ),
    confirmPassword: rawText.pipe(z.string().min(1, texts.pleaseReEnterPassword)),
  })
  .superRefine((v, ctx) => {
    if (v.confirmPassword && v.newPassword !== v.confirmPassword) {
      ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: texts.reEnterMustMatch });
    }
  });
export type PasswordChangeInput = z.input<typeof passwordChangeInput>;
export type PasswordChangeData = z.output<typeof passwordChangeInput>;

export interface PasswordChanged {
  changed: true;
  /** How many other devices were signed out. */
  otherSessionsEnded: number;
}

// ---------------------------------------------------------------------------------------------
// Security question

const questionIds = SECURITY_QUESTIONS.map((q) => q.id);

export const securityQuestionInput = z.object({
  /** 1-6; the legacy placeholder "select" (or nothing) answers "Security question required." */
  questionId: choice(questionIds, texts.securityQuestionRequired),
  answer: loose.pipe(z.string().min(1, texts.securityAnswerRequired).max(SECURITY_ANSWER_MAX_LENGTH, texts.securityAnswerTooLong)),
});
export type SecurityQuestionInput = z.input<typeof securityQuestionInput>;
export type SecurityQuestionData = z.output<typeof securityQuestionInput>;

/** What the member sees of their security question: never the answer. */
export interface SecurityQuestionInfo {
  /** 1-6, or null when none was chosen yet. */
  questionId: number | null;
  hasAnswer: boolean;
}

/** How answers are compared: trimmed, inner spaces collapsed, lower-cased. */
export const normaliseSecurityAnswer = (answer: string) => answer.trim().replace(/\s+/g, " ").toLowerCase();

// ---------------------------------------------------------------------------------------------
// Notification settings (spec section 3)

export const notificationSettingsInput = z.object({
  sendMsg: flagField,
  addAsFriend: flagField,
  confirmFriendShipRequest: flagField,
  repliesToYourHelpQuest: flagField,
});
export type NotificationSettings = z.output<typeof notificationSettingsInput>;
export const NOTIFICATION_KEYS = ["sendMsg", "addAsFriend", "confirmFriendShipRequest", "repliesToYourHelpQuest"] as const;
export type NotificationKey = (typeof NOTIFICATION_KEYS)[number];

// ---------------------------------------------------------------------------------------------
// Deactivation

const reasonIds = DEACTIVATION_REASONS.map((r) => r.id);

export const deactivateInput = z.object({
  /** 1-5 or 0 (Other); "select" or nothing means no reason given (the spec has no required check). */
  reason: z
    .union([z.number(), z.string(), z.null()])
    .optional()
    .transform((v, ctx) => {
      const s = v === null || v === undefined ? "" : String(v).trim();
      if (s === "" || s.toLowerCase() === SELECT_PLACEHOLDER) return null;
      const n = /^\d$/.test(s) ? Number(s) : NaN;
      if (!(reasonIds as readonly number[]).includes(n)) {
        ctx.addIssue({ code: "custom", message: texts.deactivationReasonInvalid });
        return z.NEVER;
      }
      return n;
    }),
  explanation: loose.pipe(z.string().max(DEACTIVATION_EXPLANATION_MAX_LENGTH, texts.deactivationExplanationTooLong)),
  /** Sent by the original client (always false); accepted and not used. */
  futureEmail: z.unknown().optional(),
});
export type DeactivateInput = z.input<typeof deactivateInput>;
export type DeactivateData = z.output<typeof deactivateInput>;

// ---------------------------------------------------------------------------------------------
// E-mail change

export const emailChangeInput = z.object({ email: emailField });

export const emailChangeCodeField = loose.pipe(
  z.string().toUpperCase().min(1, texts.emailChangeCodeRequired).max(64, texts.emailChangeCodeInvalid),
);

/** The confirmation: the new address and the code sent to it (the link carries both). */
export const confirmEmailChangeInput = z.object({ email: emailField, code: emailChangeCodeField });

export interface EmailInfo {
  email: string;
  /** The address waiting for its code, or null. */
  pendingEmail: string | null;
  pendingExpiresAt: string | null;
}

export interface EmailChangeRequested {
  pendingEmail: string;
  expiresAt: string;
}

// ---------------------------------------------------------------------------------------------
// Privacy

export const profilePrivacyInput = z.object(
  Object.fromEntries(PROFILE_PRIVACY_KEYS.map((k) => [k, privacyLevelField])) as Record<ProfilePrivacyKey, typeof privacyLevelField>,
);
export type ProfilePrivacy = Record<ProfilePrivacyKey, PrivacyLevelValue>;

export const searchPrivacyInput = z.object({
  visibility: searchVisibilityField,
  viewProfilePicture: flagField,
  viewFriendsList: flagField,
  viewLinkToRequestAddingYouAsFriend: flagField,
  viewLinkToSendYouMsg: flagField,
  findableByAdults: flagField,
});
/** findableByAdults: a minor's opt-in to be found by adults who are not contacts (decision 037). */
export type SearchPrivacy = { visibility: SearchVisibilityValue; findableByAdults: boolean } & Record<SearchFlagKey, boolean>;

export interface PrivacySettings {
  profile: ProfilePrivacy;
  search: SearchPrivacy;
  /** The member is under 18 today: the Search tab offers findableByAdults. */
  minor: boolean;
}

// ---------------------------------------------------------------------------------------------
// Signed-in devices

/** The opaque id of a signed-in device (never the session's token nor its stored hash). */
export const sessionIdInput = z.object({
  id: z
    .string()
    .trim()
    .regex(/^[0-9a-f]{32}$/, texts.sessionNotFound),
});

export interface SessionInfo {
  id: string;
  /** "Chrome on Linux", "Safari on iOS", "curl" ... */
  device: string;
  browser: string;
  os: string;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
  /** The session this request came with. */
  current: boolean;
}
