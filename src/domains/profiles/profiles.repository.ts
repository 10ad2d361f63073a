import { type Insertable, type Selectable, sql, type Updateable } from "kysely";
import type { DB } from "../../platform/db/client.ts";
import { notBlockedBetween } from "../../platform/db/member-block.ts";
import { precompiled } from "../../platform/db/precompiled.ts";
import type { Database } from "../../platform/db/database.ts";
import { PRIVACY_DEFAULTS, type PrivacySetting } from "../privacy/privacy.schema.ts";
import type { MemberEmploymentTable, MemberProfileTable, MemberSchoolTable } from "./profiles.tables.ts";

export type ProfileRow = Omit<Selectable<MemberProfileTable>, "memberId" | "updatedAt">;

/** The values of a profile nobody has saved yet (the migration's column defaults). */
export const PROFILE_DEFAULTS: ProfileRow = {
  sport: "",
  bio: "",
  preferredHandFoot: "",
  preferredPosition: "",
  secondaryPosition: "",
  otherSportingInterest: "",
  currentCity: "",
  hometown: "",
  homeNeighborhood: "",
  politicalView: "",
  religiousView: "",
  interests: "",
  industry: "",
  sector: "",
  otherEmail: "",
  facebook: "",
  instagram: "",
  twitter: "",
  website: "",
  homePhone: "",
  cellPhone: "",
  otherPhone: "",
  address: "",
  city: "",
  neighborhood: "",
  state: "",
  zip: "",
  aboutMe: "",
  activities: "",
  personalInterests: "",
  specialSkills: "",
  photoAccountUrl: "",
  videoChannelId: "",
  showGender: 0,
  showBirthDate: 0,
  lookingForEmployment: 0,
  lookingForNetworking: 0,
  lookingForPartnership: 0,
  lookingForRecruitment: 0,
  showAddress: 0,
  showEmail: 0,
  showCellPhone: 0,
  showHomePhone: 0,
  heightInches: null,
  weightLbs: null,
};

/** The alias of a profile or privacy column in findSubject's row (profile.address and privacy.address both exist). */
const aliased = (prefix: "profile" | "privacy", column: string) => `${prefix}${column[0]!.toUpperCase()}${column.slice(1)}`;

/** Each profile column and each privacy setting with its alias in findSubject's row, made once. */
const PROFILE_ALIASES = Object.keys(PROFILE_DEFAULTS).map((column) => [column, aliased("profile", column)] as const);
const PRIVACY_ALIASES = Object.keys(PRIVACY_DEFAULTS).map((setting) => [setting, aliased("privacy", setting)] as const);

/** Everything a profile page shows of a member, as `viewerId` may be related to them (findSubject). */
export interface SubjectRow {
  member: Selectable<Database["member"]>;
  /** The profile, the defaults when never saved. */
  profile: ProfileRow;
  /** The privacy settings, the defaults when never saved. */
  privacy: Record<PrivacySetting, number>;
  /** 1 when the viewer is the member's accepted contact (privacy.service relationOf). */
  viewerIsContact: number;
  /** A block stands between the viewer and the member, either way (decision 035). */
  blocked: boolean;
}

/**
 * A member with their profile and privacy, whether the viewer is their contact, and whether a block
 * stands between them: one statement (primary-key lookups) for what were five round trips, read on
 * every profile page and section. Undefined for no such member.
 */
export async function findSubject(db: DB, viewerId: number, memberId: number): Promise<SubjectRow | undefined> {
  const [row] = (await subjectQuery(db, { viewerId, memberId })) as Array<Record<string, unknown>>;
  if (!row) return undefined;
  const member = {} as Record<string, unknown>;
  const profile = { ...PROFILE_DEFAULTS } as Record<string, unknown>;
  const privacy: Record<string, unknown> = { ...PRIVACY_DEFAULTS };
  for (const [key, value] of Object.entries(row)) if (!SUBJECT_EXTRAS.has(key)) member[key] = value;
  if (row.profileSaved !== null) for (const [column, alias] of PROFILE_ALIASES) profile[column] = row[alias];
  if (row.privacySaved !== null) for (const [setting, alias] of PRIVACY_ALIASES) privacy[setting] = row[alias];
  return {
    member: member as Selectable<Database["member"]>,
    profile: profile as ProfileRow,
    privacy: privacy as Record<PrivacySetting, number>,
    viewerIsContact: Number(row.viewerIsContact),
    blocked: Number(row.blocked) === 1,
  };
}

/** The keys of findSubject's row that are not the member's own columns. */
const SUBJECT_EXTRAS = new Set([
  ...[...PROFILE_ALIASES, ...PRIVACY_ALIASES].map(([, alias]) => alias),
  "profileSaved",
  "privacySaved",
  "viewerIsContact",
  "blocked",
]);

// The reads of a profile page are precompiled (decision 044): built once, prepared on PostgreSQL.
const subjectQuery = precompiled((db, p: { viewerId: number; memberId: number }) =>
  db
    .selectFrom("member as m")
    .leftJoin("memberProfile as p", "p.memberId", "m.id")
    .leftJoin("memberPrivacy as v", "v.memberId", "m.id")
    .selectAll("m")
    .select([
      ...PROFILE_ALIASES.map(([column, alias]) => sql.ref(`p.${column}`).as(alias)),
      ...PRIVACY_ALIASES.map(([setting, alias]) => sql.ref(`v.${setting}`).as(alias)),
      "p.memberId as profileSaved",
      "v.memberId as privacySaved",
      sql<number>`(CASE WHEN EXISTS (SELECT 1 FROM contact_link c WHERE c.member_id = ${p.viewerId} AND c.other_id = m.id AND c.status = 'accepted') THEN 1 ELSE 0 END)`.as(
        "viewerIsContact",
      ),
      sql<number>`(CASE WHEN ${notBlockedBetween(sql.ref("m.id"), sql`${p.viewerId}`)} THEN 0 ELSE 1 END)`.as("blocked"),
    ])
    .where("m.id", "=", p.memberId),
);

/** Writes part of a profile, creating the row on first save. */
export async function upsertProfile(db: DB, memberId: number, patch: Updateable<MemberProfileTable>, at: string): Promise<void> {
  const values = { ...patch, updatedAt: at };
  await db
    .insertInto("memberProfile")
    .values({ ...values, memberId })
    .onConflict((oc) => oc.column("memberId").doUpdateSet(values))
    .execute();
}

/** A member's schools with their names and degree, oldest first (index member_school_member_idx). */
export const listSchools = (db: DB, memberId: number) => schoolsQuery(db, { memberId });
const schoolsQuery = precompiled((db, p: { memberId: number }) =>
  db
    .selectFrom("memberSchool")
    .innerJoin("school", "school.id", "memberSchool.schoolId")
    .leftJoin("degreeType", "degreeType.id", "memberSchool.degreeTypeId")
    .select([
      "memberSchool.id as entryId",
      "memberSchool.schoolId",
      "school.name as schoolName",
      "school.type as schoolType",
      "school.state",
      "school.city",
      "school.website",
      "school.status",
      "memberSchool.degreeTypeId",
      "degreeType.name as degree",
      "memberSchool.major",
      "memberSchool.yearClass",
      "memberSchool.competitionLevel",
      "memberSchool.societies",
    ])
    .where("memberSchool.memberId", "=", p.memberId)
    .orderBy("memberSchool.id"),
);

export async function insertSchoolEntry(db: DB, values: Insertable<MemberSchoolTable>): Promise<number> {
  const row = await db.insertInto("memberSchool").values(values).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

export async function updateSchoolEntry(db: DB, memberId: number, entryId: number, patch: Updateable<MemberSchoolTable>): Promise<boolean> {
  const r = await db.updateTable("memberSchool").set(patch).where("id", "=", entryId).where("memberId", "=", memberId).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function deleteSchoolEntry(db: DB, memberId: number, entryId: number): Promise<boolean> {
  const r = await db.deleteFrom("memberSchool").where("id", "=", entryId).where("memberId", "=", memberId).executeTakeFirst();
  return Number(r.numDeletedRows) === 1;
}

/** A member's jobs with company, industry and sector names, newest first. */
export const listEmployment = (db: DB, memberId: number) => employmentQuery(db, { memberId });
const employmentQuery = precompiled((db, p: { memberId: number }) =>
  db
    .selectFrom("memberEmployment")
    .innerJoin("company", "company.id", "memberEmployment.companyId")
    .leftJoin("industry", "industry.id", "company.industryId")
    .leftJoin("sector", "sector.id", "industry.sectorId")
    .select([
      "memberEmployment.id as entryId",
      "memberEmployment.companyId",
      "company.name as companyName",
      "company.website as companyWebsite",
      "company.status",
      "industry.name as industry",
      "sector.name as sector",
      "memberEmployment.title",
      "memberEmployment.description",
      "memberEmployment.city",
      "memberEmployment.state",
      "memberEmployment.startMonth",
      "memberEmployment.startYear",
      "memberEmployment.endMonth",
      "memberEmployment.endYear",
      "memberEmployment.currentlyWorksHere",
    ])
    .where("memberEmployment.memberId", "=", p.memberId)
    .orderBy("memberEmployment.currentlyWorksHere", "desc")
    // A job without a start year last, as SQLite sorts NULL by default (PostgreSQL would put it first).
    .orderBy("memberEmployment.startYear", (ob) => ob.desc().nullsLast())
    .orderBy("memberEmployment.id", "desc"),
);

export async function insertEmployment(db: DB, values: Insertable<MemberEmploymentTable>): Promise<number> {
  const row = await db.insertInto("memberEmployment").values(values).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

export async function updateEmployment(
  db: DB,
  memberId: number,
  entryId: number,
  patch: Updateable<MemberEmploymentTable>,
): Promise<boolean> {
  const r = await db
    .updateTable("memberEmployment")
    .set(patch)
    .where("id", "=", entryId)
    .where("memberId", "=", memberId)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function deleteEmployment(db: DB, memberId: number, entryId: number): Promise<boolean> {
  const r = await db.deleteFrom("memberEmployment").where("id", "=", entryId).where("memberId", "=", memberId).executeTakeFirst();
  return Number(r.numDeletedRows) === 1;
}
