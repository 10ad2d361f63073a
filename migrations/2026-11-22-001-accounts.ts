import type { Kysely } from "kysely";
import { idColumn } from "./lib/dialect.ts";

// Frozen in time: no imports from the application. Dates are ISO text, flags 0/1 integers.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("member")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("first_name", "text", (c) => c.notNull())
    .addColumn("middle_name", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("last_name", "text", (c) => c.notNull())
    .addColumn("gender", "text", (c) => c.notNull())
    .addColumn("birth_date", "text", (c) => c.notNull())
    .addColumn("profile_type", "text", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("picture_path", "text")
    .addColumn("status", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("welcome_back_pending", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("session")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("member_id", "integer", (c) => c.notNull().references("member.id").onDelete("cascade"))
    .addColumn("scope", "text", (c) => c.notNull().defaultTo("full"))
    .addColumn("user_agent", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("last_seen_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("session_member_idx").on("session").column("member_id").execute();

  await db.schema
    .createTable("one_time_code")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("member_id", "integer", (c) => c.notNull().references("member.id").onDelete("cascade"))
    .addColumn("purpose", "text", (c) => c.notNull())
    .addColumn("code_hash", "text", (c) => c.notNull().unique())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("one_time_code_member_idx").on("one_time_code").columns(["member_id", "purpose"]).execute();

  await db.schema
    .createTable("client_log")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("member_id", "integer")
    .addColumn("level", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("stack", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("url", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ["client_log", "one_time_code", "session", "member"]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
