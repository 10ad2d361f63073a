import type { Kysely } from "kysely";

// Frozen in time. Rate-limit events shared by every server process of one PostgreSQL database: one
// row per counted event, read by (bucket, key) within the bucket's window and pruned when older
// than it. SQLite serves one process, which counts in memory; the table is made on both engines so
// the schema is one.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("rate_limit_hit")
    .addColumn("bucket", "text", (c) => c.notNull())
    .addColumn("key", "text", (c) => c.notNull())
    // Milliseconds since the epoch (the limiter's clock).
    .addColumn("at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("rate_limit_hit_key_idx").on("rate_limit_hit").columns(["bucket", "key", "at"]).execute();
  await db.schema.createIndex("rate_limit_hit_at_idx").on("rate_limit_hit").columns(["bucket", "at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("rate_limit_hit").execute();
}
