import { sql } from "kysely";
import type { DB } from "./client.ts";
import { isPostgres } from "./dialect.ts";

declare module "./database.ts" {
  interface Database {
    jobRun: { name: string; lastRunAt: string };
  }
}

/**
 * Runs a scheduled job unless it ran less than `periodMs` ago, by this process or any other
 * sharing the database: each process keeps its own timer, and the job still runs once per period
 * between them. On PostgreSQL the check and the run hold a session advisory lock named after the
 * job on one pooled connection, so a second process that asks meanwhile skips at once; SQLite
 * serves one process. Answers whether the job ran here.
 */
export async function runOncePer(db: DB, name: string, periodMs: number, job: () => Promise<unknown>, now = new Date()): Promise<boolean> {
  if (!isPostgres(db)) return runIfDue(db, name, periodMs, job, now);
  return db.connection().execute(async (connection) => {
    const lock = `sideline:job:${name}`;
    const { rows } = await sql<{ got: boolean }>`SELECT pg_try_advisory_lock(hashtext(${lock})) AS got`.execute(connection);
    if (!rows[0]?.got) return false;
    try {
      return await runIfDue(db, name, periodMs, job, now);
    } finally {
      await sql`SELECT pg_advisory_unlock(hashtext(${lock}))`.execute(connection);
    }
  });
}

async function runIfDue(db: DB, name: string, periodMs: number, job: () => Promise<unknown>, now: Date): Promise<boolean> {
  const last = await db.selectFrom("jobRun").select("lastRunAt").where("name", "=", name).executeTakeFirst();
  // A little slack: timers of one period fire a few milliseconds early or late.
  if (last && now.getTime() - Date.parse(last.lastRunAt) < periodMs - 1_000) return false;
  const at = now.toISOString();
  await db
    .insertInto("jobRun")
    .values({ name, lastRunAt: at })
    .onConflict((oc) => oc.column("name").doUpdateSet({ lastRunAt: at }))
    .execute();
  await job();
  return true;
}
