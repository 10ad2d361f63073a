import type { Kysely } from "kysely";

/**
 * Notifications are kept for a bounded time (read ones 30 days, unread ones 90): the retention job
 * deletes them oldest first, in small batches, each batch one range of this index (read state,
 * then age). Live events have had their index on created_at since 2026-11-22-007.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("notification_retention_idx").ifNotExists().on("notification").columns(["is_read", "created_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("notification_retention_idx").ifExists().execute();
}
