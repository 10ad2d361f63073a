import type { Generated } from "kysely";

/** The messages domain's tables, added to the app's Database type (src/platform/db/database.ts). */
declare module "../../platform/db/database.ts" {
  interface Database {
    message: MessageTable;
    messageCopy: MessageCopyTable;
  }
}

/** A private message as sent, once; each member reads and changes only their own copy. */
export interface MessageTable {
  id: Generated<number>;
  senderId: number;
  recipientId: number;
  subject: string;
  body: string;
  createdAt: string;
  /** When a moderator removed it (decision 035): hidden everywhere. */
  removedAt: string | null;
}

/** One member's copy of a message: the recipient's in 'inbox', the sender's in 'sent'. */
export interface MessageCopyTable {
  id: Generated<number>;
  messageId: number;
  ownerId: number;
  box: "inbox" | "sent";
  isRead: Generated<number>;
  createdAt: string;
}
