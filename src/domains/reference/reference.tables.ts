import type { Generated } from "kysely";

/** The reference domain's tables, added to the app's Database type (src/platform/db/database.ts). */
declare module "../../platform/db/database.ts" {
  interface Database {
    sport: NamedTable;
    degreeType: NamedTable;
    competitionLevel: NamedTable;
    otherSportingInterest: NamedTable;
    interest: NamedTable;
    sector: NamedTable;
    usState: UsStateTable;
    school: SchoolTable;
    industry: IndustryTable;
    company: CompanyTable;
  }
}

export interface NamedTable {
  id: Generated<number>;
  name: string;
  sortOrder: Generated<number>;
}

export interface UsStateTable {
  code: string;
  name: string;
}

export interface SchoolTable {
  id: Generated<number>;
  name: string;
  city: Generated<string>;
  state: string;
  /** 1 public high school, 2 private high school, 3 college */
  type: number;
  website: Generated<string>;
  sourceId: string | null;
  addedByMemberId: number | null;
  /** 'approved' (in the shared list) or 'pending' (typed by addedByMemberId, on their entries only until an operator approves it). */
  status: Generated<ReferenceStatus>;
}

/** rejected: an admin kept it out of the shared list; it stays on its typer's entries only. */
export type ReferenceStatus = "approved" | "pending" | "rejected";

export interface IndustryTable {
  id: Generated<number>;
  sectorId: number;
  name: string;
}

export interface CompanyTable {
  id: Generated<number>;
  industryId: number | null;
  name: string;
  website: Generated<string>;
  addedByMemberId: number | null;
  /** As SchoolTable.status. */
  status: Generated<ReferenceStatus>;
}
