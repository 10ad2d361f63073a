import type { Insertable, Selectable } from "kysely";
import type { DB } from "../../platform/db/client.ts";
import type { MemberDeactivationTable, PendingEmailChangeTable } from "./settings.tables.ts";

/** The notification switches as stored (0/1). */
export interface NotificationRow {
  sendMsg: number;
  addAsFriend: number;
  confirmFriendshipRequest: number;
  repliesToHelpQuest: number;
}

/** A member who never saved the Notifications tab gets every notification (docs/rest-api.md, "Value formats and defaults"). */
export const NOTIFICATION_DEFAULTS: NotificationRow = { sendMsg: 1, addAsFriend: 1, confirmFriendshipRequest: 1, repliesToHelpQuest: 1 };

export async function findNotificationSettings(db: DB, memberId: number): Promise<NotificationRow> {
  const row = await db
    .selectFrom("memberNotificationSettings")
    .select(["sendMsg", "addAsFriend", "confirmFriendshipRequest", "repliesToHelpQuest"])
    .where("memberId", "=", memberId)
    .executeTakeFirst();
  return row ?? { ...NOTIFICATION_DEFAULTS };
}

/** Writes the switches, creating the row on first save. */
export async function upsertNotificationSettings(db: DB, memberId: number, values: NotificationRow, at: string): Promise<void> {
  const row = { ...values, updatedAt: at };
  await db
    .insertInto("memberNotificationSettings")
    .values({ memberId, ...row })
    .onConflict((oc) => oc.column("memberId").doUpdateSet(row))
    .execute();
}

export const findSecurityQuestion = (db: DB, memberId: number) =>
  db.selectFrom("memberSecurityQuestion").select(["questionId", "answerHash"]).where("memberId", "=", memberId).executeTakeFirst();

export async function upsertSecurityQuestion(db: DB, memberId: number, questionId: number, answerHash: string, at: string): Promise<void> {
  const row = { questionId, answerHash, updatedAt: at };
  await db
    .insertInto("memberSecurityQuestion")
    .values({ memberId, ...row })
    .onConflict((oc) => oc.column("memberId").doUpdateSet(row))
    .execute();
}

export async function insertDeactivation(db: DB, values: Insertable<MemberDeactivationTable>): Promise<void> {
  await db.insertInto("memberDeactivation").values(values).execute();
}

/** A member's deactivations, oldest first (for the operator). */
export const listDeactivations = (db: DB, memberId: number): Promise<Array<Selectable<MemberDeactivationTable>>> =>
  db.selectFrom("memberDeactivation").selectAll().where("memberId", "=", memberId).orderBy("id").execute();

export type PendingEmailChangeRow = Selectable<PendingEmailChangeTable>;

export const findPendingEmailChange = (db: DB, memberId: number) =>
  db.selectFrom("pendingEmailChange").selectAll().where("memberId", "=", memberId).executeTakeFirst();

export const findPendingEmailChangeByCode = (db: DB, codeHash: string) =>
  db.selectFrom("pendingEmailChange").selectAll().where("codeHash", "=", codeHash).executeTakeFirst();

/** Records the member's pending change, replacing (and so voiding the code of) an earlier one. */
export async function putPendingEmailChange(db: DB, values: PendingEmailChangeRow): Promise<void> {
  const { memberId: _m, ...rest } = values;
  await db
    .insertInto("pendingEmailChange")
    .values(values)
    .onConflict((oc) => oc.column("memberId").doUpdateSet(rest))
    .execute();
}

/**
 * Removes the member's pending change; with `codeHash`, only when it is still that one. True when
 * this call removed it (so a code is used once, even when two confirmations race).
 */
export async function deletePendingEmailChange(db: DB, memberId: number, codeHash?: string): Promise<boolean> {
  let q = db.deleteFrom("pendingEmailChange").where("memberId", "=", memberId);
  if (codeHash !== undefined) q = q.where("codeHash", "=", codeHash);
  const result = await q.executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
