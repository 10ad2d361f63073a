import type { Generated } from "kysely";

/** The data rights domain's table, added to the app's Database type (src/platform/db/database.ts). */
declare module "../../platform/db/database.ts" {
  interface Database {
    dataExport: DataExportTable;
  }
}

/** An archive of a member's data: asked for, prepared by a worker, downloadable until expiresAt. */
export interface DataExportTable {
  id: Generated<number>;
  memberId: number;
  /** 'pending' | 'building' | 'ready' | 'failed' */
  status: string;
  /** The zip's name in DATA_DIR/exports (random, never reused) once ready. */
  fileName: string | null;
  size: number | null;
  createdAt: string;
  /** When a process claimed it (status 'building'); a claim older than STALE_CLAIM_MS is taken over. */
  claimedAt: string | null;
  readyAt: string | null;
  expiresAt: string | null;
}
