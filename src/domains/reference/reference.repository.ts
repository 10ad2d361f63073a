import { sql } from "kysely";
import type { DB } from "../../platform/db/client.ts";
import type { ReferenceStatus } from "./reference.tables.ts";

/*
 * Schools and companies: the shared lists hold approved rows only. A name a member types is stored
 * pending with added_by_member_id; it appears on that member's entries and nowhere else (not in
 * the lists, not to be picked by id or name by anyone else) until an operator approves it.
 */

/** Rows this member may use on an entry: approved ones, and the pending ones they typed themselves. */
const usableBy = (table: "school" | "company", memberId: number) => {
  const t = sql.raw(table);
  return sql<boolean>`(${t}.status = 'approved' or (${t}.status = 'pending' and ${t}.added_by_member_id = ${memberId}))`;
};

/** The partial unique indexes' predicate, as a literal: a conflict target must name it exactly (a bound value would not match). */
const PENDING = sql.lit<ReferenceStatus>("pending");

type NamedTableName = "sport" | "degreeType" | "competitionLevel" | "otherSportingInterest" | "interest" | "sector";

/** A small named list in its display order. */
export const listNamed = (db: DB, table: NamedTableName) =>
  db.selectFrom(table).select(["id", "name"]).orderBy("sortOrder").orderBy("name").execute();

export const findNamed = (db: DB, table: NamedTableName, name: string) =>
  db.selectFrom(table).select(["id", "name"]).where("name", "=", name).executeTakeFirst();

export const listStates = (db: DB) => db.selectFrom("usState").select(["code", "name"]).orderBy("name").execute();

export const findState = (db: DB, code: string) =>
  db.selectFrom("usState").select(["code", "name"]).where("code", "=", code).executeTakeFirst();

/** The approved schools of one state and type, by name (index school_state_type_name_idx). */
export const listSchools = (db: DB, state: string, type: number) =>
  db
    .selectFrom("school")
    .select(["id", "name", "city", "state", "type", "website"])
    .where("state", "=", state)
    .where("type", "=", type)
    .where("status", "=", "approved")
    .orderBy("name")
    .execute();

/** A school this member may put on an entry (approved, or pending and typed by them). */
export const findSchool = (db: DB, id: number, memberId: number) =>
  db
    .selectFrom("school")
    .select(["id", "name", "city", "state", "type", "website"])
    .where("id", "=", id)
    .where(usableBy("school", memberId))
    .executeTakeFirst();

/** The school of this name, state and type this member may use: an approved one first, else their own pending one. */
export const findSchoolByName = (db: DB, state: string, type: number, name: string, memberId: number) =>
  db
    .selectFrom("school")
    .select(["id", "name", "city", "state", "type", "website"])
    .where("state", "=", state)
    .where("type", "=", type)
    .where("name", "=", name)
    .where(usableBy("school", memberId))
    .orderBy("status")
    .orderBy("id")
    .executeTakeFirst();

/**
 * A school a member typed: pending, theirs alone until approved. Undefined when the member's copy
 * of the name is already there (a save of theirs inserted it at the same moment: the partial
 * unique index school_pending_name_idx).
 */
export async function insertPendingSchool(
  db: DB,
  values: { name: string; state: string; type: number; city: string; addedByMemberId: number },
): Promise<number | undefined> {
  const row = await db
    .insertInto("school")
    .values({ ...values, sourceId: null, status: "pending" })
    .onConflict((oc) => oc.columns(["addedByMemberId", "state", "type", "name"]).where("status", "=", PENDING).doNothing())
    .returning("id")
    .executeTakeFirst();
  return row?.id;
}

export const listIndustries = (db: DB, sectorName: string) =>
  db
    .selectFrom("industry")
    .innerJoin("sector", "sector.id", "industry.sectorId")
    .select(["industry.id", "industry.name"])
    .where("sector.name", "=", sectorName)
    .orderBy("industry.name")
    .execute();

/** The approved companies of an industry (by names), or of a whole sector when no industry is given. */
export function listCompanies(db: DB, sectorName: string, industryName?: string) {
  let q = db
    .selectFrom("company")
    .innerJoin("industry", "industry.id", "company.industryId")
    .innerJoin("sector", "sector.id", "industry.sectorId")
    .select(["company.id", "company.name"])
    .where("sector.name", "=", sectorName)
    .where("company.status", "=", "approved");
  if (industryName) q = q.where("industry.name", "=", industryName);
  return q.orderBy("company.name").execute();
}

/** A company this member may put on an entry (approved, or pending and typed by them). */
export const findCompany = (db: DB, id: number, memberId: number) =>
  db
    .selectFrom("company")
    .leftJoin("industry", "industry.id", "company.industryId")
    .leftJoin("sector", "sector.id", "industry.sectorId")
    .select(["company.id", "company.name", "company.website", "industry.name as industry", "sector.name as sector"])
    .where("company.id", "=", id)
    .where(usableBy("company", memberId))
    .executeTakeFirst();

/** The company of this name this member may use: an approved one first, else their own pending one. */
export const findCompanyByName = (db: DB, name: string, memberId: number) =>
  db
    .selectFrom("company")
    .select(["id", "name"])
    .where("name", "=", name)
    .where(usableBy("company", memberId))
    .orderBy("status")
    .orderBy("id")
    .executeTakeFirst();

/** A company a member typed: pending, theirs alone until approved; undefined when already there (company_pending_name_idx). */
export async function insertPendingCompany(
  db: DB,
  values: { name: string; industryId: number | null; addedByMemberId: number },
): Promise<number | undefined> {
  const row = await db
    .insertInto("company")
    .values({ ...values, status: "pending" })
    .onConflict((oc) => oc.columns(["addedByMemberId", "name"]).where("status", "=", PENDING).doNothing())
    .returning("id")
    .executeTakeFirst();
  return row?.id;
}

export const findIndustry = (db: DB, sectorName: string, industryName: string) =>
  db
    .selectFrom("industry")
    .innerJoin("sector", "sector.id", "industry.sectorId")
    .select(["industry.id"])
    .where("sector.name", "=", sectorName)
    .where("industry.name", "=", industryName)
    .executeTakeFirst();
