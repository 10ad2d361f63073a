import type { Generated } from "kysely";

/** The live domain's tables, added to the app's Database type (src/platform/db/database.ts). */
declare module "../../platform/db/database.ts" {
  interface Database {
    liveEvent: LiveEventTable;
  }
}

/** The per-member log of live events (replayed after a reconnect). */
export interface LiveEventTable {
  id: Generated<number>;
  memberId: number;
  type: string;
  data: Generated<string>;
  createdAt: string;
}
