import type { Kysely } from "kysely";

// Frozen in time. When each scheduled job (news import, retention) last ran, so that processes
// sharing one database run each job once per period between them.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("job_run")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("last_run_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("job_run").execute();
}
