import type { Generated } from "kysely";

/** The notifications domain's tables, added to the app's Database type (src/platform/db/database.ts). */
declare module "../../platform/db/database.ts" {
  interface Database {
    notification: NotificationTable;
  }
}

export interface NotificationTable {
  id: Generated<number>;
  memberId: number;
  kind: string;
  subject: string;
  text: string;
  link: Generated<string>;
  actorId: number | null;
  /** The content the text quotes ("message", "reply"), so removing it removes the quote (decision 041). */
  contentKind: string | null;
  contentId: number | null;
  isRead: Generated<number>;
  createdAt: string;
}
