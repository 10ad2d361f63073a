import type { Kysely } from "kysely";

/** Client logs are kept 7 days: the hourly pruning deletes by age. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("client_log_created_idx").on("client_log").column("created_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("client_log_created_idx").ifExists().execute();
}
