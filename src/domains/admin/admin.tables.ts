import type { Generated } from "kysely";

/** The admin domain's tables, added to the app's Database type (src/platform/db/database.ts). */
declare module "../../platform/db/database.ts" {
  interface Database {
    auditLog: AuditLogTable;
  }
}

/** What an admin or moderator did (or the system: actor null), to whom, why and when. */
export interface AuditLogTable {
  id: Generated<number>;
  actorId: number | null;
  /** 'suspend' | 'restore' | 'reset-sessions' | 'grant-role' */
  action: string;
  /** 'member' */
  targetKind: string;
  targetId: string;
  reason: string | null;
  /** JSON text: what changed (a role from and to, a suspension's end). */
  detail: string;
  at: string;
}
