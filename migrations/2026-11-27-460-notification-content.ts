import { type Kysely, sql } from "kysely";

// Frozen in time. A notification that quotes a member's content (a message's subject, a reply's
// words) names that content (decision 041): content_kind ("message" or "reply") and content_id.
// When a moderator removes the content, its notifications are deleted in the same write unit, found
// through the partial index (only quoting notifications are in it). Nullable: other kinds quote
// nothing, and rows written before this migration stay as they were.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("notification").addColumn("content_kind", "text").execute();
  await db.schema.alterTable("notification").addColumn("content_id", "integer").execute();
  await db.schema
    .createIndex("notification_content_idx")
    .on("notification")
    .columns(["content_kind", "content_id"])
    .where(sql.ref("content_id"), "is not", null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("notification_content_idx").ifExists().execute();
  await db.schema.alterTable("notification").dropColumn("content_id").execute();
  await db.schema.alterTable("notification").dropColumn("content_kind").execute();
}
