import type { Generated } from "kysely";

/** The settings domain's tables, added to the app's Database type (src/platform/db/database.ts). */
declare module "../../platform/db/database.ts" {
  interface Database {
    memberNotificationSettings: MemberNotificationSettingsTable;
    memberSecurityQuestion: MemberSecurityQuestionTable;
    memberDeactivation: MemberDeactivationTable;
    pendingEmailChange: PendingEmailChangeTable;
  }
}

/** Notification switches (spec section 3); one row once saved, reads fall back to all on. */
export interface MemberNotificationSettingsTable {
  memberId: number;
  sendMsg: Generated<number>;
  addAsFriend: Generated<number>;
  confirmFriendshipRequest: Generated<number>;
  repliesToHelpQuest: Generated<number>;
  updatedAt: Generated<string>;
}

/** The member's security question (1-6) and the Argon2 hash of the normalised answer. */
export interface MemberSecurityQuestionTable {
  memberId: number;
  questionId: number;
  answerHash: string;
  updatedAt: string;
}

/** Why a member deactivated (reason 1-5, 0 Other, null none chosen): kept for the operator. */
export interface MemberDeactivationTable {
  id: Generated<number>;
  memberId: number;
  reason: number | null;
  explanation: string;
  createdAt: string;
}

/** An e-mail change waiting for the code sent to the new address (SHA-256 of the code only). */
export interface PendingEmailChangeTable {
  memberId: number;
  newEmail: string;
  codeHash: string;
  expiresAt: string;
  createdAt: string;
}
