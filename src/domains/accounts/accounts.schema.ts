import { z } from "zod";
import { ageOn, isoBirthDate, isRealDate } from "../../shared/calendar.ts";
import { EMAIL_MAX_LENGTH, MINIMUM_AGE_YEARS, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../../shared/limits.ts";
import { GENDERS, PROFILE_TYPES, type Role } from "../../shared/members.ts";
import { personNameField } from "../../shared/names.ts";
import { texts } from "../../shared/texts.ts";

// Shared by the client (form validation) and the server (tRPC and REST input): no server imports.

/**
 * Legacy clients send numbers as strings and sometimes as numbers: accept both, keep text. A
 * missing value is empty text, so the field's own "required" message is the one shown.
 */
const text = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((v) => (v === null || v === undefined ? "" : String(v)));

export const emailField = text.pipe(
  z.string().trim().toLowerCase().max(EMAIL_MAX_LENGTH, texts.validEmailRequired).pipe(z.email(texts.validEmailRequired)),
);

/** A password as typed at login: required, never trimmed. */
export const passwordField = text.pipe(z.string().min(1, texts.passwordRequired).max(PASSWORD_MAX_LENGTH, texts.passwordTooLong));

/** A new password: required, at least 5 characters (the 12 of the guidance is not enforced). */
export const newPasswordField = text.pipe(
  z
    .string()
    .min(1, texts.passwordRequired)
    .min(PASSWORD_MIN_LENGTH, texts.passwordMinRegister)
    .max(PASSWORD_MAX_LENGTH, texts.passwordTooLong),
);

export const loginInput = z.object({ email: emailField, password: passwordField });
export type LoginInput = z.infer<typeof loginInput>;

const optionalNumberText = text.transform((v) => v.trim());

export const registerInput = z
  .object({
    firstName: personNameField(texts.firstNameIsRequired),
    lastName: personNameField(texts.lastNameIsRequired),
    email: emailField,
    password: newPasswordField,
    confirmPwd: text.pipe(z.string().min(1, texts.reEnterRequired)),
    gender: z.enum(GENDERS, { message: texts.genderRequired }),
    month: optionalNumberText,
    day: optionalNumberText,
    year: optionalNumberText,
    profileType: z.enum(PROFILE_TYPES, { message: texts.profileTypeRequired }),
    /** An invite code: needed while registration is invite-only (decision 039); otherwise not used. */
    code: optionalNumberText.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.confirmPwd && v.password !== v.confirmPwd) {
      ctx.addIssue({ code: "custom", path: ["confirmPwd"], message: texts.reEnterMustMatch });
    }
    const birthError = birthDateError(v.month, v.day, v.year);
    if (birthError) ctx.addIssue({ code: "custom", path: ["birthDate"], message: birthError });
  })
  .transform(({ confirmPwd: _c, month, day, year, ...rest }) => ({
    ...rest,
    birthDate: isoBirthDate(year, month, day),
  }));
export type RegisterInput = z.input<typeof registerInput>;
export type RegisterData = z.output<typeof registerInput>;

/** The birth-date rule of registration: all three parts, a real day, at least 15 years old. */
export function birthDateError(month: string, day: string, year: string, today = new Date()): string | null {
  const [m, d, y] = [month, day, year].map((s) => (/^\d{1,4}$/.test(s) ? Number(s) : NaN));
  if (!m || !d || !y) return texts.birthDateRequired;
  if (!isRealDate(y, m, d)) return texts.birthDateInvalid;
  if (ageOn({ year: y, month: m, day: d }, today) < MINIMUM_AGE_YEARS) return texts.tooYoung;
  return null;
}

export const registrationCodeInput = z.object({
  email: emailField,
  code: text.pipe(z.string().trim().min(1, "A confirmation code is required.").max(200)),
});

export const resetRequestInput = z.object({ email: emailField });

export const resetCodeField = text.pipe(z.string().trim().toUpperCase().min(1, texts.resetCodeRequired).max(64, texts.resetCodeRequired));

export const resetCodeInput = z.object({ code: resetCodeField });

export const changePasswordWithCodeInput = z.object({
  email: emailField,
  code: resetCodeField,
  password: newPasswordField,
});

export const setStatusInput = z.object({
  memberId: text.pipe(z.string().trim().regex(/^\d+$/, "memberId must be a member id.")).transform(Number),
  status: text
    .pipe(
      z
        .string()
        .trim()
        .regex(/^[23]$/, "status must be 2 (active) or 3 (deactivated)."),
    )
    .transform(Number),
});

export const clientLogInput = z.object({
  message: text.pipe(z.string().trim().min(1, "message is required.")),
  stack: optionalNumberText,
  url: optionalNumberText,
  level: z.enum(["error", "warn", "info"]).default("error"),
});

/** The signed-in member as the client sees it (tRPC account.me). */
export interface SessionMember {
  memberId: number;
  email: string;
  firstName: string;
  lastName: string;
  name: string;
  title: string;
  picturePath: string;
  status: number;
  welcomeBackPending: boolean;
  /** 'member', 'moderator' or 'admin': the client shows the Admin link to moderators and admins. */
  role: Role;
}
