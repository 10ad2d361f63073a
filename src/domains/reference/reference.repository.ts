import type { DB } from "../../server/db/client.ts";

type NamedTableName = "sport" | "degreeType" | "competitionLevel" | "otherSportingInterest" | "interest" | "sector";

/** A small named list in its display order. */
export const listNamed = (db: DB, table: NamedTableName) =>
  db.selectFrom(table).select(["id", "name"]).orderBy("sortOrder").orderBy("name").execute();

export const findNamed = (db: DB, table: NamedTableName, name: string) =>
  db.selectFrom(table).select(["id", "name"]).where("name", "=", name).executeTakeFirst();

export const listStates = (db: DB) => db.selectFrom("usState").select(["code", "name"]).orderBy("name").execute();

export const findState = (db: DB, code: string) =>
  db.selectFrom("usState").select(["code", "name"]).where("code", "=", code).executeTakeFirst();

/** Schools of one state and type, by name (index school_state_type_name_idx). */
export const listSchools = (db: DB, state: string, type: number) =>
  db
    .selectFrom("school")
    .select(["id", "name", "city", "state", "type", "website"])
    .where("state", "=", state)
    .where("type", "=", type)
    .orderBy("name")
    .execute();

export const findSchool = (db: DB, id: number) =>
  db.selectFrom("school").select(["id", "name", "city", "state", "type", "website"]).where("id", "=", id).executeTakeFirst();

export const findSchoolByName = (db: DB, state: string, type: number, name: string) =>
  db
    .selectFrom("school")
    .select(["id", "name", "city", "state", "type", "website"])
    .where("state", "=", state)
    .where("type", "=", type)
    .where("name", "=", name)
    .executeTakeFirst();

export async function insertSchool(
  db: DB,
  values: { name: string; state: string; type: number; city: string; addedByMemberId: number },
): Promise<number> {
  const row = await db.insertInto("school").values({ ...values, sourceId: null }).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

export const listIndustries = (db: DB, sectorName: string) =>
  db
    .selectFrom("industry")
    .innerJoin("sector", "sector.id", "industry.sectorId")
    .select(["industry.id", "industry.name"])
    .where("sector.name", "=", sectorName)
    .orderBy("industry.name")
    .execute();

/** Companies of an industry (by names), or of a whole sector when no industry is given. */
export function listCompanies(db: DB, sectorName: string, industryName?: string) {
  let q = db
    .selectFrom("company")
    .innerJoin("industry", "industry.id", "company.industryId")
    .innerJoin("sector", "sector.id", "industry.sectorId")
    .select(["company.id", "company.name"])
    .where("sector.name", "=", sectorName);
  if (industryName) q = q.where("industry.name", "=", industryName);
  return q.orderBy("company.name").execute();
}

export const findCompany = (db: DB, id: number) =>
  db
    .selectFrom("company")
    .leftJoin("industry", "industry.id", "company.industryId")
    .leftJoin("sector", "sector.id", "industry.sectorId")
    .select(["company.id", "company.name", "company.website", "industry.name as industry", "sector.name as sector"])
    .where("company.id", "=", id)
    .executeTakeFirst();

export const findCompanyByName = (db: DB, name: string) =>
  db.selectFrom("company").select(["id", "name"]).where("name", "=", name).executeTakeFirst();

export async function insertCompany(db: DB, values: { name: string; industryId: number | null; addedByMemberId: number }): Promise<number> {
  const row = await db.insertInto("company").values(values).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

export const findIndustry = (db: DB, sectorName: string, industryName: string) =>
  db
    .selectFrom("industry")
    .innerJoin("sector", "sector.id", "industry.sectorId")
    .select(["industry.id"])
    .where("sector.name", "=", sectorName)
    .where("industry.name", "=", industryName)
    .executeTakeFirst();
