import { CamelCasePlugin, CompiledQuery, Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { type DB, registerProbes, StatementCounter } from "./client.ts";
import type { Database } from "./database.ts";
import { preparedStatementName } from "./prepared-statements.ts";

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
  // Idle connections stay open (pg closes them after 10 s by default): a new one costs an
  // authentication, a cold catalog cache (the first plan of the feed's statement took 20-40 ms
  // against 2 later) and preparing the hot statements again; there are at most poolMax of them,
  // and they do not keep a finished script alive.
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolMax ?? DEFAULT_POOL_MAX,
    idleTimeoutMillis: 0,
    allowExitOnIdle: true,
    options: sessionOptions(url),
  });
  // An idle connection the server drops (restart, failover) must not crash the process.
  pool.on("error", () => {});
  const counter = new StatementCounter();
  pool.on("connect", (client) => sendThroughCounter(client, counter));
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

/**
 * The settings of every connection, after any the URL's `options` gives: no parallel workers. Every
 * statement here reads a few index ranges; when an estimate is skewed (a member with 11,000 sent
 * messages made PostgreSQL expect 5,681 rows of a 10-message inbox) it started two workers to read
 * them, which took 15-80 ms of a query that runs in 1.
 */
function sessionOptions(url: string): string {
  const given = new URL(url).searchParams.get("options");
  return [given, "-c max_parallel_workers_per_gather=0"].filter(Boolean).join(" ");
}

/**
 * Counts what a pooled connection sends (Kysely's queries, its BEGIN and COMMIT, a stream's cursor),
 * and sends a text marked for preparing by its name: `pg` prepares it on this connection the first
 * time, then only executes it. A statement that passes a watch counts as settled once its changes
 * are visible to other connections or undone: when it completes outside a transaction, else when
 * the transaction's COMMIT or ROLLBACK completes (statementsMatchedOrSettled).
 */
function sendThroughCounter(client: pg.PoolClient, counter: StatementCounter): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  let inTransaction = false;
  /** The watches passed by statements of the open transaction. */
  const passedInTransaction = new Set<number>();
  client.query = ((...args: unknown[]) => {
    const [first, values] = args;
    const text = typeof first === "string" ? first : String((first as { text?: string } | undefined)?.text ?? "");
    const passed = counter.count(text);
    const name = typeof first === "string" && Array.isArray(values) ? preparedStatementName(text) : undefined;
    const result = name ? query({ name, text, values }) : query(...args);
    const boundary = transactionBoundary(text);
    let countWhenDone: Iterable<number> = [];
    if (boundary) {
      // A transaction's end settles what it ran; a BEGIN, what one that never ended here left.
      countWhenDone = [...passedInTransaction];
      passedInTransaction.clear();
      inTransaction = boundary === "begin";
      // A BEGIN that failed opened nothing (Kysely then sends no ROLLBACK).
      if (inTransaction && isPromise(result)) result.catch(() => (inTransaction = false));
    } else if (inTransaction) {
      for (const watch of passed) passedInTransaction.add(watch);
    } else {
      countWhenDone = passed;
    }
    const done = () => counter.countSettled(countWhenDone);
    if (!isPromise(result)) {
      done();
      return result;
    }
    result.then(done, done);
    return boundary === "commit" ? result.then(refuseRolledBackCommit) : result;
  }) as typeof client.query;
}

/**
 * A COMMIT of a transaction that a failed statement had aborted answers ROLLBACK, not an error:
 * nothing was written. It must not pass for a commit: a write unit whose handler's statement
 * failed (its failures are reported, not thrown) would tell its caller it was done, and send its
 * pushes and e-mail for rows that do not exist. SQLite has no such state: a failed statement
 * leaves its transaction usable.
 */
function refuseRolledBackCommit<R>(result: R): R {
  if ((result as { command?: string } | undefined)?.command === "ROLLBACK") {
    throw new Error("The transaction was rolled back: a statement in it had failed.");
  }
  return result;
}

/** Whether a text Kysely sends opens or ends a transaction ("rollback to" a savepoint does neither). */
function transactionBoundary(text: string): "begin" | "commit" | "rollback" | undefined {
  const s = text.trimStart().slice(0, 20).toLowerCase();
  if (s.startsWith("begin") || s.startsWith("start transaction")) return "begin";
  if (s.startsWith("commit") || s.startsWith("end")) return "commit";
  if (s.startsWith("rollback") && !s.startsWith("rollback to")) return "rollback";
  return undefined;
}

const isPromise = (value: unknown): value is Promise<unknown> => typeof (value as Promise<unknown> | undefined)?.then === "function";
