/** The site domain's tables, added to the app's Database type (src/platform/db/database.ts). */
declare module "../../platform/db/database.ts" {
  interface Database {
    siteSetting: SiteSettingTable;
    inviteCode: InviteCodeTable;
  }
}

/** One instance setting (site name, about, terms, registration mode); absent: the built-in default. */
export interface SiteSettingTable {
  key: string;
  value: string;
}

/** A code an admin made for invite-only registration; used once. */
export interface InviteCodeTable {
  code: string;
  createdByMemberId: number | null;
  createdAt: string;
  usedByEmail: string | null;
  usedAt: string | null;
}
