import { type Kysely, sql } from "kysely";
import { idColumn } from "./lib/dialect.ts";

// Frozen in time. What admins run from /admin (issue 17, point 2): instance settings (a key-value
// table: site name, about, terms, registration mode), invite codes for invite-only registration,
// the news import's feed list, handled advertising enquiries, and the typed names awaiting review.
// Portable: plain columns, an identity id (idColumn), ordinary and partial indexes.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("site_setting")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("invite_code")
    .addColumn("code", "text", (c) => c.primaryKey())
    .addColumn("created_by_member_id", "integer")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("used_by_email", "text")
    .addColumn("used_at", "text")
    .execute();

  await db.schema
    .createTable("news_feed")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("url", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema.alterTable("ad_enquiry").addColumn("handled_at", "text").execute();
  await db.schema.alterTable("ad_enquiry").addColumn("handled_by_member_id", "integer").execute();
  // The admin screen lists enquiries still to handle first: few rows.
  await db.schema.createIndex("ad_enquiry_open_idx").on("ad_enquiry").column("id").where(sql.ref("handled_at"), "is", null).execute();

  // The typed names screen lists pending schools and companies, oldest first: few rows.
  await db.schema.createIndex("school_pending_idx").on("school").column("id").where(sql.ref("status"), "=", sql.lit("pending")).execute();
  await db.schema.createIndex("company_pending_idx").on("company").column("id").where(sql.ref("status"), "=", sql.lit("pending")).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("company_pending_idx").ifExists().execute();
  await db.schema.dropIndex("school_pending_idx").ifExists().execute();
  await db.schema.dropIndex("ad_enquiry_open_idx").ifExists().execute();
  await db.schema.alterTable("ad_enquiry").dropColumn("handled_by_member_id").execute();
  await db.schema.alterTable("ad_enquiry").dropColumn("handled_at").execute();
  await db.schema.dropTable("news_feed").execute();
  await db.schema.dropTable("invite_code").execute();
  await db.schema.dropTable("site_setting").execute();
}
