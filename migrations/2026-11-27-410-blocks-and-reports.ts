import { type Kysely, sql } from "kysely";
import { idColumn } from "./lib/dialect.ts";

// Frozen in time. Blocking and reporting (issue 17 point 3, decision 035):
// - member_block: one row per blocker and blocked member. The primary key (blocker_id, blocked_id)
//   and the reverse index (blocked_id, blocker_id) make "is there a block either way" two probes.
// - report: a member's report of a member, a post, a reply or a message; one open report per
//   reporter and target (a partial unique index); the moderators' queue pages newest first on the
//   open reports' partial index.
// - removed_at on post, post_reply and message: content a moderator removed (hidden everywhere).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("member_block")
    .addColumn("blocker_id", "integer", (c) => c.notNull().references("member.id").onDelete("cascade"))
    .addColumn("blocked_id", "integer", (c) => c.notNull().references("member.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("member_block_pk", ["blocker_id", "blocked_id"])
    .execute();
  await db.schema.createIndex("member_block_blocked_idx").on("member_block").columns(["blocked_id", "blocker_id"]).execute();

  await db.schema
    .createTable("report")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("reporter_id", "integer", (c) => c.notNull().references("member.id").onDelete("cascade"))
    .addColumn("target_kind", "text", (c) => c.notNull())
    .addColumn("target_id", "integer", (c) => c.notNull())
    .addColumn("reported_member_id", "integer", (c) => c.notNull().references("member.id").onDelete("cascade"))
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("note", "text")
    .addColumn("status", "text", (c) => c.notNull().defaultTo("open"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("resolved_at", "text")
    .addColumn("resolved_by", "integer")
    .execute();
  await db.schema
    .createIndex("report_open_unique_idx")
    .on("report")
    .columns(["reporter_id", "target_kind", "target_id"])
    .unique()
    .where(sql.ref("status"), "=", sql.lit("open"))
    .execute();
  await db.schema.createIndex("report_open_idx").on("report").column("id").where(sql.ref("status"), "=", sql.lit("open")).execute();
  // Resolving a target's reports together (the same post reported by several members).
  await db.schema.createIndex("report_target_idx").on("report").columns(["target_kind", "target_id"]).execute();

  for (const table of ["post", "post_reply", "message"]) {
    await db.schema.alterTable(table).addColumn("removed_at", "text").execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["post", "post_reply", "message"]) {
    await db.schema.alterTable(table).dropColumn("removed_at").execute();
  }
  await db.schema.dropTable("report").ifExists().execute();
  await db.schema.dropTable("member_block").ifExists().execute();
}
