import { type Kysely, sql } from "kysely";
import { idColumn } from "./lib/dialect.ts";

// Frozen in time. Roles (member, moderator, admin), suspension (status 4, with its reason and its
// end, null: indefinitely), and the audit log of what admins and moderators did.
// Portable: plain columns with defaults, an identity id (idColumn), an ordinary index.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("member")
    .addColumn("role", "text", (c) => c.notNull().defaultTo("member"))
    .execute();
  await db.schema.alterTable("member").addColumn("suspended_until", "text").execute();
  await db.schema.alterTable("member").addColumn("suspended_reason", "text").execute();
  // The admin members screen filters by role; few members have another role than 'member'.
  await db.schema.createIndex("member_role_idx").on("member").column("role").where(sql.ref("role"), "<>", sql.lit("member")).execute();
  // The admin members screen finds members by the beginning of their first or last name
  // (lowercased) or e-mail (stored lowercased, its unique index serves): ranges of these indexes.
  await db.schema
    .createIndex("member_first_name_lower_idx")
    .on("member")
    .expression(sql`lower(first_name)`)
    .execute();
  await db.schema
    .createIndex("member_last_name_lower_idx")
    .on("member")
    .expression(sql`lower(last_name)`)
    .execute();
  await db.schema.createIndex("member_suspended_idx").on("member").column("id").where(sql.ref("status"), "=", sql.lit(4)).execute();

  await db.schema
    .createTable("audit_log")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("actor_id", "integer")
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("target_kind", "text", (c) => c.notNull())
    .addColumn("target_id", "text", (c) => c.notNull())
    .addColumn("reason", "text")
    .addColumn("detail", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("at", "text", (c) => c.notNull())
    .execute();
  // Newest first by id (ids grow with time): the primary key serves the keyset; this index serves
  // the target's history (a member's detail screen).
  await db.schema.createIndex("audit_log_target_idx").on("audit_log").columns(["target_kind", "target_id", "id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("audit_log").execute();
  await db.schema.dropIndex("member_suspended_idx").ifExists().execute();
  await db.schema.dropIndex("member_role_idx").ifExists().execute();
  await db.schema.dropIndex("member_last_name_lower_idx").ifExists().execute();
  await db.schema.dropIndex("member_first_name_lower_idx").ifExists().execute();
  await db.schema.alterTable("member").dropColumn("suspended_reason").execute();
  await db.schema.alterTable("member").dropColumn("suspended_until").execute();
  await db.schema.alterTable("member").dropColumn("role").execute();
}
