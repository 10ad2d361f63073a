import type { Kysely } from "kysely";
import { idColumn } from "./lib/dialect.ts";

// Frozen in time: no imports from the application. Account settings: notification switches (a lazy
// row with defaults, like member_profile), the security question (the answer only as an Argon2
// hash), why members deactivated (kept for the operator), and an e-mail change waiting for the
// code sent to the new address (one per member; the code only as SHA-256).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("member_notification_settings")
    .addColumn("member_id", "integer", (c) => c.primaryKey().references("member.id").onDelete("cascade"))
    .addColumn("send_msg", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("add_as_friend", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("confirm_friendship_request", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("replies_to_help_quest", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("updated_at", "text", (c) => c.notNull().defaultTo(""))
    .execute();

  await db.schema
    .createTable("member_security_question")
    .addColumn("member_id", "integer", (c) => c.primaryKey().references("member.id").onDelete("cascade"))
    .addColumn("question_id", "integer", (c) => c.notNull())
    .addColumn("answer_hash", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("member_deactivation")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("member_id", "integer", (c) => c.notNull().references("member.id").onDelete("cascade"))
    // 1-5 as listed in the spec, 0 Other, null when the member chose none.
    .addColumn("reason", "integer")
    .addColumn("explanation", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("member_deactivation_member_idx").on("member_deactivation").column("member_id").execute();

  await db.schema
    .createTable("pending_email_change")
    .addColumn("member_id", "integer", (c) => c.primaryKey().references("member.id").onDelete("cascade"))
    .addColumn("new_email", "text", (c) => c.notNull())
    .addColumn("code_hash", "text", (c) => c.notNull().unique())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ["pending_email_change", "member_deactivation", "member_security_question", "member_notification_settings"]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
