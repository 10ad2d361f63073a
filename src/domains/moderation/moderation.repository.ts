import { type Insertable, sql } from "kysely";
import type { DB } from "../../platform/db/client.ts";
import type { ReportTable } from "./moderation.tables.ts";

/** Records a report; false when the reporter has an open report of this target already (the partial unique index). */
export async function insertReport(db: DB, report: Insertable<ReportTable>): Promise<boolean> {
  const row = await db
    .insertInto("report")
    .values(report)
    .onConflict((oc) => oc.columns(["reporterId", "targetKind", "targetId"]).where("status", "=", sql.lit("open")).doNothing())
    .returning("id")
    .executeTakeFirst();
  return !!row;
}

/** Whether the reporter has an open report of this target (a probe of the partial unique index). */
export async function hasOpenReport(db: DB, reporterId: number, targetKind: string, targetId: number): Promise<boolean> {
  const row = await db
    .selectFrom("report")
    .select("id")
    .where("reporterId", "=", reporterId)
    .where("targetKind", "=", targetKind)
    .where("targetId", "=", targetId)
    .where("status", "=", sql.lit("open"))
    .executeTakeFirst();
  return !!row;
}

export const findOpenReport = (db: DB, reportId: number) =>
  db.selectFrom("report").selectAll().where("id", "=", reportId).where("status", "=", sql.lit("open")).executeTakeFirst();

/** Every open report of one target (several members may report the same post): resolved together. */
export const openReportsOf = (db: DB, targetKind: string, targetId: number) =>
  db
    .selectFrom("report")
    .select(["id", "reporterId"])
    .where("targetKind", "=", targetKind)
    .where("targetId", "=", targetId)
    .where("status", "=", sql.lit("open"))
    .execute();

export async function resolveReports(db: DB, ids: number[], status: string, by: number, at: string): Promise<void> {
  await db.updateTable("report").set({ status, resolvedBy: by, resolvedAt: at }).where("id", "in", ids).execute();
}

/**
 * One page of open reports, newest first (keyset on id over the open reports' partial index), with
 * both members' names and the reported content (primary-key joins; only the row of the report's
 * kind matches). `moderatorId` narrows it to what that moderator may answer: reports about plain
 * members other than themself (the reported member is the content's author for content).
 */
export function openReports(db: DB, limit: number, beforeId?: number, moderatorId?: number) {
  let q = db
    .selectFrom("report")
    .innerJoin("member as reporter", "reporter.id", "report.reporterId")
    .innerJoin("member as reported", "reported.id", "report.reportedMemberId")
    .leftJoin("post", (j) => j.onRef("post.id", "=", "report.targetId").on("report.targetKind", "=", sql.lit("post")))
    .leftJoin("postReply", (j) => j.onRef("postReply.id", "=", "report.targetId").on("report.targetKind", "=", sql.lit("reply")))
    .leftJoin("message", (j) => j.onRef("message.id", "=", "report.targetId").on("report.targetKind", "=", sql.lit("message")))
    .select([
      "report.id",
      "report.createdAt",
      "report.reason",
      "report.note",
      "report.targetKind",
      "report.targetId",
      "report.reporterId",
      "reporter.firstName as reporterFirstName",
      "reporter.lastName as reporterLastName",
      "report.reportedMemberId",
      "reported.firstName as reportedFirstName",
      "reported.lastName as reportedLastName",
      "post.description as postText",
      "postReply.description as replyText",
      "message.subject as messageSubject",
      "message.body as messageBody",
    ])
    .where("report.status", "=", sql.lit("open"));
  if (beforeId !== undefined) q = q.where("report.id", "<", beforeId);
  if (moderatorId !== undefined) q = q.where("reported.role", "=", sql.lit("member")).where("report.reportedMemberId", "<>", moderatorId);
  return q.orderBy("report.id", "desc").limit(limit).execute();
}

const CONTENT_TABLE = { post: "post", reply: "postReply", message: "message" } as const;

/** Marks a post, reply or message removed (hidden everywhere its domain reads it). */
export async function markRemoved(db: DB, kind: keyof typeof CONTENT_TABLE, id: number, at: string): Promise<void> {
  await db.updateTable(CONTENT_TABLE[kind]).set({ removedAt: at }).where("id", "=", id).execute();
  // A removed message no longer counts as unread.
  if (kind === "message") await db.updateTable("messageCopy").set({ isRead: 1 }).where("messageId", "=", id).execute();
}
