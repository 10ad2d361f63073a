import type { AppContext } from "../../platform/context.ts";
import * as repo from "./reference.repository.ts";

/**
 * The schools and companies of profile entries, for profiles (which imports this service, never
 * the repository): db first, so they run inside the caller's transaction.
 */
export {
  findCompany,
  findCompanyByName,
  findIndustry,
  findSchool,
  findSchoolByName,
  findState,
  insertPendingCompany,
  insertPendingSchool,
} from "./reference.repository.ts";

/**
 * Lookups for the profile forms: read-only, the same for every member. The small lists are
 * cached per process (they change only through migrations); schools and companies grow as members
 * add them, so they are read each time through their indexes.
 */
const cache = new Map<string, Promise<unknown>>();
function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
  let hit = cache.get(key) as Promise<T> | undefined;
  if (!hit) {
    hit = load();
    cache.set(key, hit);
    hit.catch(() => cache.delete(key));
  }
  return hit;
}

export const sports = (ctx: AppContext) => cached("sports", () => repo.listNamed(ctx.db, "sport"));
export const states = (ctx: AppContext) => cached("states", () => repo.listStates(ctx.db));
export const degreeTypes = (ctx: AppContext) => cached("degreeTypes", () => repo.listNamed(ctx.db, "degreeType"));
export const competitionLevels = (ctx: AppContext) => cached("competitionLevels", () => repo.listNamed(ctx.db, "competitionLevel"));
export const otherSportingInterests = (ctx: AppContext) =>
  cached("otherSportingInterests", () => repo.listNamed(ctx.db, "otherSportingInterest"));
export const interests = (ctx: AppContext) => cached("interests", () => repo.listNamed(ctx.db, "interest"));
export const sectors = (ctx: AppContext) => cached("sectors", () => repo.listNamed(ctx.db, "sector"));

export const schools = (ctx: AppContext, state: string, type: number) => repo.listSchools(ctx.db, state, type);
export const industries = (ctx: AppContext, sector: string) => repo.listIndustries(ctx.db, sector);
export const companies = (ctx: AppContext, sector: string, industry?: string) => repo.listCompanies(ctx.db, sector, industry);

/** True when `name` is one of the list's entries (the sport select must not be its placeholder). */
export async function isSport(ctx: AppContext, name: string): Promise<boolean> {
  return (await sports(ctx)).some((s) => s.name === name);
}
