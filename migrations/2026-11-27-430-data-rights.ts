import { type Kysely, sql } from "kysely";
import { idColumn } from "./lib/dialect.ts";

// Frozen in time. Data rights (issue 17, point 5): a member's data exports, and the end of the
// 14-day grace period of an account whose deletion was asked for (status 5 while it runs).
// Portable: plain columns, an identity id (idColumn), ordinary and partial indexes.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("member").addColumn("deletion_due_at", "text").execute();
  // The purge job reads the members whose grace period ended: few rows, a partial index.
  await db.schema
    .createIndex("member_deletion_due_idx")
    .on("member")
    .column("deletion_due_at")
    .where(sql.ref("deletion_due_at"), "is not", null)
    .execute();

  await db.schema
    .createTable("data_export")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("member_id", "integer", (c) => c.notNull().references("member.id").onDelete("cascade"))
    // 'pending' (asked), 'building' (claimed by a process at claimed_at), 'ready', 'failed'
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("file_name", "text")
    .addColumn("size", "integer")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("claimed_at", "text")
    .addColumn("ready_at", "text")
    .addColumn("expires_at", "text")
    .execute();
  // The settings screen lists a member's exports newest first; the request checks for one in progress.
  await db.schema.createIndex("data_export_member_idx").on("data_export").columns(["member_id", "id"]).execute();
  // The worker claims the oldest waiting export; the purge finds expired ones (both: few rows).
  await db.schema.createIndex("data_export_status_idx").on("data_export").columns(["status", "id"]).execute();
  await db.schema.createIndex("data_export_expires_idx").on("data_export").column("expires_at").execute();
  // The purge deletes notifications that name the member (actor_id; its foreign key's SET NULL
  // searched the whole table too) and their client logs: without these, a scan each.
  await db.schema.createIndex("notification_actor_idx").on("notification").column("actor_id").execute();
  await db.schema.createIndex("client_log_member_idx").on("client_log").column("member_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("client_log_member_idx").ifExists().execute();
  await db.schema.dropIndex("notification_actor_idx").ifExists().execute();
  await db.schema.dropTable("data_export").execute();
  await db.schema.dropIndex("member_deletion_due_idx").ifExists().execute();
  await db.schema.alterTable("member").dropColumn("deletion_due_at").execute();
}
