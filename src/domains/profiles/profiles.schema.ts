import { z } from "zod";

import { GENDERS, PROFILE_TYPES } from "../../shared/members.ts";
import { isoBirthDate, isRealDate, MONTHS } from "../../shared/calendar.ts";
import { NAME_MAX_LENGTH } from "../../shared/limits.ts";
import { personNameField } from "../../shared/names.ts";
import { texts } from "../../shared/texts.ts";
import type { Relation } from "../privacy/privacy.schema.ts";
import { isRowId, rowIdField } from "../../shared/ids.ts";

// Shared by the profile forms (client) and the services (server): no server imports.

export const ATHLETE_STATUSES = ["Athlete (Amateur)", "Athlete (Professional)"] as const;
export const isAthleteStatus = (status: string) => (ATHLETE_STATUSES as readonly string[]).includes(status);
export const HAND_FOOT = ["Left", "Right"] as const;
export const HEIGHT_MIN_INCHES = 48; // 4' 0"
export const HEIGHT_MAX_INCHES = 90; // 7' 6"
export const WEIGHT_MIN_LBS = 50;
export const WEIGHT_MAX_LBS = 300;
/** The order the spec gives for showing "Looking For". */
export const LOOKING_FOR = ["Employment", "Networking", "Partnership", "Recruitment"] as const;
export type LookingFor = (typeof LOOKING_FOR)[number];

export const formatHeight = (inches: number) => `${Math.floor(inches / 12)}' ${inches % 12}"`;
export const HEIGHT_OPTIONS = Array.from({ length: HEIGHT_MAX_INCHES - HEIGHT_MIN_INCHES + 1 }, (_, i) => HEIGHT_MIN_INCHES + i);
export const WEIGHT_OPTIONS = Array.from({ length: WEIGHT_MAX_LBS - WEIGHT_MIN_LBS + 1 }, (_, i) => WEIGHT_MIN_LBS + i);

const loose = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((v) => (v === null || v === undefined ? "" : String(v).trim()));
const optionalText = (max: number) => loose.pipe(z.string().max(max, `At most ${max} characters.`));
const requiredText = (message: string, max = NAME_MAX_LENGTH) =>
  loose.pipe(z.string().min(1, message).max(max, `At most ${max} characters.`));
const flag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.literal("0"), z.literal("1"), z.literal("true"), z.literal("false")])
  .optional()
  .transform((v) => v === true || v === 1 || v === "1" || v === "true");
/** A flag that may be left out: undefined when not sent. */
const sentFlag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.literal("0"), z.literal("1"), z.literal("true"), z.literal("false")])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === true || v === 1 || v === "1" || v === "true"));
const optionalInt = (min: number, max: number, message: string) =>
  z
    .union([z.number(), z.string(), z.null()])
    .optional()
    .transform((v, ctx) => {
      if (v === null || v === undefined || v === "") return null;
      const n = Number(v);
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return n;
    });

export const basicInfoInput = z
  .object({
    firstName: personNameField(texts.firstNameRequired),
    middleName: personNameField(),
    lastName: personNameField(texts.lastNameRequired),
    title: requiredText(texts.titleRequired, 100),
    sport: requiredText(texts.sportRequired, 100),
    currentStatus: z.enum(PROFILE_TYPES, { message: texts.currentStatusRequired }),
    bio: optionalText(1000),
    gender: z.enum(GENDERS, { message: texts.genderRequired }),
    showGender: flag,
    birthMonth: loose,
    birthDay: loose,
    birthYear: loose,
    showBirthDate: flag,
    lookingForEmployment: flag,
    lookingForNetworking: flag,
    lookingForPartnership: flag,
    lookingForRecruitment: flag,
    preferredHandFoot: z
      .union([z.enum(HAND_FOOT), z.literal(""), z.null()])
      .optional()
      .transform((v) => v ?? ""),
    preferredPosition: optionalText(60),
    secondaryPosition: optionalText(60),
    heightInches: optionalInt(HEIGHT_MIN_INCHES, HEIGHT_MAX_INCHES, `Height must be between 4' 0" and 7' 6".`),
    weightLbs: optionalInt(WEIGHT_MIN_LBS, WEIGHT_MAX_LBS, "Weight must be between 50 and 300 lbs."),
    otherSportingInterest: optionalText(100),
    currentCity: optionalText(100),
    hometown: optionalText(100),
  })
  .superRefine((v, ctx) => {
    const error = profileBirthDateError(v.birthMonth, v.birthDay, v.birthYear);
    if (error) ctx.addIssue({ code: "custom", path: ["birthYear"], message: error });
  })
  .transform(({ birthMonth, birthDay, birthYear, ...rest }) => {
    const athlete = isAthleteStatus(rest.currentStatus);
    return {
      ...rest,
      birthDate: isoBirthDate(birthYear, birthMonth, birthDay),
      // Athlete-only fields are cleared for other statuses; Other Sporting Interest is theirs alone.
      preferredHandFoot: athlete ? rest.preferredHandFoot : "",
      preferredPosition: athlete ? rest.preferredPosition : "",
      secondaryPosition: athlete ? rest.secondaryPosition : "",
      heightInches: athlete ? rest.heightInches : null,
      weightLbs: athlete ? rest.weightLbs : null,
      otherSportingInterest: athlete ? "" : rest.otherSportingInterest,
    };
  });
export type BasicInfoInput = z.input<typeof basicInfoInput>;
export type BasicInfoData = z.output<typeof basicInfoInput>;

/** Birth date of the profile form: all three parts, a real day, not in the future. */
export function profileBirthDateError(month: string, day: string, year: string, today = new Date()): string | null {
  const [m, d, y] = [month, day, year].map((s) => (/^\d{1,4}$/.test(s) ? Number(s) : NaN));
  if (!m || !d || !y || m > MONTHS.length) return texts.birthDateRequiredProfile;
  if (!isRealDate(y, m, d)) return texts.birthDateInvalid;
  if (Date.UTC(y, m - 1, d) > today.getTime()) return texts.birthDateFuture;
  return null;
}

export const contactInfoInput = z.object({
  otherEmail: optionalText(254).pipe(z.union([z.literal(""), z.email(texts.validEmailRequired)])),
  facebook: optionalText(200),
  instagram: optionalText(200),
  twitter: optionalText(200),
  website: optionalText(200),
  homePhone: optionalText(30),
  cellPhone: optionalText(30),
  otherPhone: optionalText(30),
  address: optionalText(200),
  city: optionalText(100),
  neighborhood: optionalText(100),
  state: optionalText(2),
  zip: optionalText(10),
  // Older clients' "show" flags: each, when sent, writes its detail's level (decision 037).
  showAddress: sentFlag,
  showEmail: sentFlag,
  showCellPhone: sentFlag,
  showHomePhone: sentFlag,
});
export type ContactInfoInput = z.input<typeof contactInfoInput>;

export const personalInfoInput = z.object({
  aboutMe: optionalText(2000),
  activities: optionalText(2000),
  interests: optionalText(2000),
  specialSkills: optionalText(2000),
});
export type PersonalInfoInput = z.input<typeof personalInfoInput>;

const id = (message: string) =>
  z
    .union([z.number(), z.string(), z.null()])
    .optional()
    .transform((v, ctx) => {
      const n = Number(v);
      if (v === null || v === undefined || v === "" || !isRowId(n)) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return n;
    });

/** A school of the lists (schoolId), or one the member adds (schoolName with its state and type). */
export const educationInput = z
  .object({
    state: loose.pipe(z.string().regex(/^[A-Za-z]{2}$/, texts.stateRequired)).transform((s) => s.toUpperCase()),
    schoolType: z.coerce.number().int().min(1).max(3).default(3),
    schoolId: z
      .union([z.number(), z.string(), z.null()])
      .optional()
      .transform((v) => (v === null || v === undefined || v === "" || Number(v) <= 0 ? null : Number(v))),
    schoolName: optionalText(200),
    degreeTypeId: id(texts.degreeRequired),
    major: requiredText(texts.majorRequired, 100),
    yearClass: loose.pipe(z.string().regex(/^\d{4}$/, texts.yearRequired)).transform(Number),
    competitionLevel: requiredText(texts.competitionLevelRequired, 50),
    societies: optionalText(500),
  })
  .superRefine((v, ctx) => {
    if (v.schoolId === null && !v.schoolName) ctx.addIssue({ code: "custom", path: ["schoolId"], message: texts.schoolRequired });
  });
export type EducationInput = z.input<typeof educationInput>;
export type EducationData = z.output<typeof educationInput>;

const monthOrNull = optionalInt(1, 12, "Month must be between 1 and 12.");
const yearOrNull = optionalInt(1900, 2100, "Year must be a four-digit year.");

export const COMPANY_REQUIRED = "Company is required.";
export const JOB_TITLE_REQUIRED = "Job title is required.";

/** An employment entry: a company of the lookup (companyId) or a new one (companyName). */
export const employmentInput = z
  .object({
    companyId: z
      .union([z.number(), z.string(), z.null()])
      .optional()
      .transform((v) => (v === null || v === undefined || v === "" || Number(v) <= 0 ? null : Number(v))),
    companyName: optionalText(200),
    sector: optionalText(100),
    industry: optionalText(100),
    title: requiredText(JOB_TITLE_REQUIRED, 100),
    description: optionalText(2000),
    city: optionalText(100),
    state: optionalText(2),
    startMonth: monthOrNull,
    startYear: yearOrNull,
    endMonth: monthOrNull,
    // "Pres" (present) as the original client sends it, or a year.
    endYear: z
      .union([z.literal("Pres"), z.number(), z.string(), z.null()])
      .optional()
      .transform((v, ctx) => {
        if (v === null || v === undefined || v === "" || v === "Pres") return null;
        const n = Number(v);
        if (!Number.isInteger(n) || n < 1900 || n > 2100) {
          ctx.addIssue({ code: "custom", message: "Year must be a four-digit year." });
          return z.NEVER;
        }
        return n;
      }),
    currentlyWorksHere: flag,
  })
  .superRefine((v, ctx) => {
    if (v.companyId === null && !v.companyName) ctx.addIssue({ code: "custom", path: ["companyId"], message: COMPANY_REQUIRED });
  });
export type EmploymentInput = z.input<typeof employmentInput>;
export type EmploymentData = z.output<typeof employmentInput>;

export const photoAccountInput = z.object({
  photoAccountUrl: loose.pipe(
    z
      .string()
      .min(1, texts.instagramUrlRequired)
      .max(300)
      .pipe(z.url({ protocol: /^https?$/, message: "Enter the full address of your photo account, starting with https://" })),
  ),
});
export const videoChannelInput = z.object({
  channelId: loose.pipe(
    z
      .string()
      .min(1, texts.channelIdRequired)
      .max(64)
      .regex(/^[A-Za-z0-9_-]+$/, "A channel ID has only letters, digits, - and _."),
  ),
});

export const entryIdInput = z.object({ entryId: rowIdField("entryId must be an entry id.") });

// What the services answer. Hidden sections are null; hidden fields are empty.

export interface BasicInfo {
  firstName: string;
  middleName: string;
  lastName: string;
  title: string;
  sport: string;
  currentStatus: string;
  bio: string;
  /** null when hidden from this viewer */
  gender: string | null;
  /** YYYY-MM-DD, or null when hidden from this viewer */
  birthDate: string | null;
  showGender: boolean;
  showBirthDate: boolean;
  lookingFor: Record<LookingFor, boolean>;
  preferredHandFoot: string;
  preferredPosition: string;
  secondaryPosition: string;
  heightInches: number | null;
  weightLbs: number | null;
  otherSportingInterest: string;
  currentCity: string;
  hometown: string;
  joinedDate: string;
}

export interface ContactInfo {
  email: string;
  otherEmail: string;
  facebook: string;
  instagram: string;
  twitter: string;
  website: string;
  homePhone: string;
  cellPhone: string;
  otherPhone: string;
  address: string;
  city: string;
  neighborhood: string;
  state: string;
  zip: string;
  showAddress: boolean;
  showEmail: boolean;
  showCellPhone: boolean;
  showHomePhone: boolean;
}

export interface EducationEntry {
  entryId: number;
  schoolId: number;
  schoolName: string;
  schoolType: number;
  state: string;
  city: string;
  website: string;
  degreeTypeId: number | null;
  degree: string;
  major: string;
  yearClass: number | null;
  competitionLevel: string;
  societies: string;
  /** The member typed this school; it waits for an operator's approval and is in no shared list yet. */
  pending: boolean;
}

export interface EmploymentEntry {
  entryId: number;
  companyId: number;
  companyName: string;
  companyWebsite: string;
  industry: string;
  sector: string;
  title: string;
  description: string;
  city: string;
  state: string;
  startMonth: number | null;
  startYear: number | null;
  endMonth: number | null;
  endYear: number | null;
  currentlyWorksHere: boolean;
  /** The member typed this company; it waits for an operator's approval and is in no shared lookup yet. */
  pending: boolean;
}

export interface PersonalInfo {
  aboutMe: string;
  activities: string;
  interests: string;
  specialSkills: string;
}

export interface ProfileView {
  memberId: number;
  /** How the viewer stands to the member, for privacy. */
  relation: Relation;
  name: string;
  title: string;
  picturePath: string;
  basic: BasicInfo | null;
  contact: ContactInfo | null;
  education: EducationEntry[] | null;
  employment: EmploymentEntry[] | null;
  personal: PersonalInfo | null;
  /** null when the photos section is hidden from this viewer */
  photoAccountUrl: string | null;
  /** null when the videos section is hidden from this viewer */
  videoChannelId: string | null;
}
