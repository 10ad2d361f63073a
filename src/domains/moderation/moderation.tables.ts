import type { Generated } from "kysely";

/** The moderation domain's tables, added to the app's Database type (src/platform/db/database.ts). */
declare module "../../platform/db/database.ts" {
  interface Database {
    report: ReportTable;
  }
}

/** A member's report of a member, post, reply or message (decision 035). */
export interface ReportTable {
  id: Generated<number>;
  reporterId: number;
  /** 'member' | 'post' | 'reply' | 'message' */
  targetKind: string;
  /** The member's, post's, reply's or message's id (a message: the message, not a member's copy). */
  targetId: number;
  /** Whom the report is about: the member, or the author of the content. */
  reportedMemberId: number;
  reason: string;
  note: string | null;
  /** 'open' | 'dismissed' | 'removed' | 'warned' | 'suspended' */
  status: Generated<string>;
  createdAt: string;
  resolvedAt: string | null;
  resolvedBy: number | null;
}
