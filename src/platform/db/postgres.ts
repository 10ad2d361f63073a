import { CamelCasePlugin, CompiledQuery, Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { type DB, registerProbes, StatementCounter } from "./client.ts";
import type { Database } from "./database.ts";

// count(*) and sum() answer int8, which pg hands back as a string; every count here is far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, Number);

/** Connections per process unless DATABASE_POOL_MAX says otherwise. */
export const DEFAULT_POOL_MAX = 10;

/**
 * Opens a PostgreSQL database through a pool of `pg` connections, and checks that it answers.
 * Kysely runs a transaction on one pooled connection, so a write unit holds one connection while
 * it is open. Values come back as on SQLite: ids and counts as numbers, dates as the ISO text the
 * columns hold.
 */
export async function openPostgres(url: string, options: { poolMax?: number } = {}): Promise<DB> {
  const pool = new pg.Pool({ connectionString: url, max: options.poolMax ?? DEFAULT_POOL_MAX });
  // An idle connection the server drops (restart, failover) must not crash the process.
  pool.on("error", () => {});
  const counter = new StatementCounter();
  pool.on("connect", (client) => countStatements(client, counter));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [new CamelCasePlugin()] });
  registerProbes(db, { counter });
  try {
    await db.executeQuery(CompiledQuery.raw("SELECT 1"));
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return db;
}

/** Counts what a pooled connection sends (Kysely's queries, its BEGIN and COMMIT, a stream's cursor). */
function countStatements(client: pg.PoolClient, counter: StatementCounter): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    const [first] = args;
    counter.count(typeof first === "string" ? first : String((first as { text?: string } | undefined)?.text ?? ""));
    return query(...args);
  }) as typeof client.query;
}
