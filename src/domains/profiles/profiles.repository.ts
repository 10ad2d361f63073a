import type { Insertable, Selectable, Updateable } from "kysely";
import type { DB } from "../../platform/db/client.ts";
import { precompiled } from "../../platform/db/precompiled.ts";
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

export async function findProfile(db: DB, memberId: number): Promise<ProfileRow> {
  const [row] = await profileQuery(db, { memberId });
  if (!row) return { ...PROFILE_DEFAULTS };
  const { memberId: _m, updatedAt: _u, ...profile } = row;
  return profile;
}

// The reads of a profile page are precompiled (decision 044): built once, prepared on PostgreSQL.
const profileQuery = precompiled((db, p: { memberId: number }) =>
  db.selectFrom("memberProfile").selectAll().where("memberId", "=", p.memberId),
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
