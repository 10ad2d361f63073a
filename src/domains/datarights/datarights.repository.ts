import { sql } from "kysely";
import type { Insertable, RawBuilder, Selectable } from "kysely";
import type { DB } from "../../platform/db/client.ts";
import type { DataExportTable } from "./datarights.tables.ts";

export type DataExportRow = Selectable<DataExportTable>;

export async function insertExport(db: DB, values: Insertable<DataExportTable>): Promise<number> {
  const row = await db.insertInto("dataExport").values(values).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

/** The member's archives newest first (data_export_member_idx), a handful at most. */
export const listExports = (db: DB, memberId: number, limit: number) =>
  db.selectFrom("dataExport").selectAll().where("memberId", "=", memberId).orderBy("id", "desc").limit(limit).execute();

export const findExport = (db: DB, id: number) => db.selectFrom("dataExport").selectAll().where("id", "=", id).executeTakeFirst();

/** Whether the member has an archive asked for and not yet prepared. */
export async function hasExportInProgress(db: DB, memberId: number): Promise<boolean> {
  const row = await db
    .selectFrom("dataExport")
    .select("id")
    .where("memberId", "=", memberId)
    .where("status", "in", ["pending", "building"])
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Claims the oldest waiting archive (or one whose claim is older than `staleBefore`: its process
 * died) for this process. The update only succeeds while the row is as it was read, so processes
 * sharing the database never claim the same archive twice.
 */
export async function claimNextExport(db: DB, now: string, staleBefore: string): Promise<DataExportRow | undefined> {
  const waiting = await db
    .selectFrom("dataExport")
    .selectAll()
    .where((eb) => eb.or([eb("status", "=", "pending"), eb.and([eb("status", "=", "building"), eb("claimedAt", "<", staleBefore)])]))
    .orderBy("status", "desc")
    .orderBy("id")
    .limit(1)
    .executeTakeFirst();
  if (!waiting) return undefined;
  const claimed = await db
    .updateTable("dataExport")
    .set({ status: "building", claimedAt: now })
    .where("id", "=", waiting.id)
    .where("status", "=", waiting.status)
    .where((eb) => (waiting.claimedAt === null ? eb("claimedAt", "is", null) : eb("claimedAt", "=", waiting.claimedAt)))
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1 ? { ...waiting, status: "building", claimedAt: now } : undefined;
}

/** Records how an archive ended; false when its row is gone (the member was purged meanwhile). */
export async function finishExport(
  db: DB,
  id: number,
  patch: Pick<DataExportRow, "status" | "fileName" | "size" | "readyAt" | "expiresAt">,
): Promise<boolean> {
  const result = await db.updateTable("dataExport").set(patch).where("id", "=", id).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Archives past their time (data_export_expires_idx), oldest first. */
export const expiredExports = (db: DB, now: string, limit: number) =>
  db.selectFrom("dataExport").select(["id", "fileName"]).where("expiresAt", "<=", now).orderBy("expiresAt").limit(limit).execute();

export async function deleteExport(db: DB, id: number): Promise<void> {
  await db.deleteFrom("dataExport").where("id", "=", id).execute();
}

/**
 * Deletes a member's archive rows and answers their file names, in the purge's transaction: the
 * names as the rows are when deleted (on PostgreSQL the delete waits for a worker's unfinished
 * update of a row and sees its file name), and a worker finishing later finds no row.
 */
export async function deleteExportsOf(db: DB, memberId: number): Promise<string[]> {
  const rows = await db.deleteFrom("dataExport").where("memberId", "=", memberId).returning("fileName").execute();
  return rows.flatMap((r) => (r.fileName ? [r.fileName] : []));
}

/**
 * Everything Sideline holds about a member, table by table: the rows whose `column` names them.
 * Secrets are left out (password hash, session ids, codes and their hashes, the security answer).
 * Read here, in one place, rather than through twelve domains' services: an export must see every
 * row, including those no screen shows (sessions, deactivation reasons, rejected requests).
 */
const SECTIONS: ReadonlyArray<{
  name: string;
  table: string;
  column: string;
  omit?: readonly string[];
  /** Rows left out besides the member's column (a condition on the section's table). */
  only?: (memberId: number) => RawBuilder<unknown>;
}> = [
  { name: "profile", table: "memberProfile", column: "memberId" },
  { name: "schools", table: "memberSchool", column: "memberId" },
  { name: "employments", table: "memberEmployment", column: "memberId" },
  { name: "privacy", table: "memberPrivacy", column: "memberId" },
  { name: "notificationSettings", table: "memberNotificationSettings", column: "memberId" },
  { name: "securityQuestion", table: "memberSecurityQuestion", column: "memberId", omit: ["answerHash"] },
  { name: "pendingEmailChange", table: "pendingEmailChange", column: "memberId", omit: ["codeHash"] },
  { name: "deactivations", table: "memberDeactivation", column: "memberId" },
  { name: "sessions", table: "session", column: "memberId", omit: ["id"] },
  { name: "contacts", table: "contactLink", column: "memberId" },
  { name: "contactsOfOthers", table: "contactLink", column: "otherId" },
  { name: "rejectedContactRequests", table: "contactRejection", column: "memberId" },
  { name: "following", table: "follow", column: "followerId" },
  { name: "followers", table: "follow", column: "followedId" },
  { name: "posts", table: "post", column: "memberId" },
  { name: "replies", table: "postReply", column: "memberId" },
  { name: "likes", table: "postLike", column: "memberId" },
  { name: "messagesSent", table: "message", column: "senderId", only: () => notRemoved },
  {
    name: "messagesReceived",
    table: "message",
    column: "recipientId",
    only: (memberId) => sql`${notRemoved} AND ${keptInInbox(memberId)}`,
  },
  { name: "notifications", table: "notification", column: "memberId" },
  { name: "dataExports", table: "dataExport", column: "memberId", omit: ["fileName"] },
];
const MEMBER_SECRETS = ["passwordHash"] as const;
/**
 * Messages a moderator removed are hidden everywhere (decision 035), the export too; a received
 * message only while the member keeps their inbox copy: one they deleted is no longer theirs to
 * read (review of 2026-11-27, second pass). A sent message is their own words, kept while it exists.
 */
const notRemoved = sql`${sql.ref("message.removedAt")} IS NULL`;
const keptInInbox = (memberId: number) =>
  sql`EXISTS (SELECT 1 FROM ${sql.table("messageCopy")} WHERE ${sql.ref("messageCopy.messageId")} = ${sql.ref("message.id")} AND ${sql.ref("messageCopy.ownerId")} = ${memberId} AND ${sql.ref("messageCopy.box")} = 'inbox')`;

export async function collectMemberData(db: DB, memberId: number): Promise<Record<string, unknown>> {
  const account = await db.selectFrom("member").selectAll().where("id", "=", memberId).executeTakeFirst();
  if (!account) return {};
  const data: Record<string, unknown> = { account: without(account, MEMBER_SECRETS) };
  for (const s of SECTIONS) {
    const { rows } = await sql<
      Record<string, unknown>
    >`SELECT * FROM ${sql.table(s.table)} WHERE ${sql.ref(s.column)} = ${memberId}${s.only ? sql` AND ${s.only(memberId)}` : sql``}`.execute(
      db,
    );
    data[s.name] = rows.map((row) => without(row, s.omit ?? []));
  }
  return data;
}

const without = (row: Record<string, unknown>, keys: readonly string[]) =>
  Object.fromEntries(Object.entries(row).filter(([k]) => !keys.includes(k)));

/**
 * Rows about the member that no foreign key removes with them: their home feed timeline (the feed's
 * tables carry plain ids), client error logs, and notifications others got about them (the text names
 * them; the foreign key would only clear actor_id). Run in the purge's transaction, before the member row goes.
 */
export async function deleteUnlinkedRows(db: DB, memberId: number): Promise<void> {
  await sql`DELETE FROM timeline WHERE member_id = ${memberId}`.execute(db);
  await sql`DELETE FROM timeline_pull_author WHERE member_id = ${memberId}`.execute(db);
  await sql`DELETE FROM timeline_queue WHERE author_id = ${memberId}`.execute(db);
  await db.deleteFrom("clientLog").where("memberId", "=", memberId).execute();
  await db.deleteFrom("notification").where("actorId", "=", memberId).execute();
}
