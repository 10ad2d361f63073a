import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { CamelCasePlugin, Kysely, sql, SqliteDialect, type SqliteDatabase, type SqliteStatement } from "kysely";
import type { Database } from "./database.ts";

export type DB = Kysely<Database>;

const PRAGMAS = [
  "journal_mode = WAL",
  // Bun's default made inserts ~50x slower in a published benchmark; NORMAL is safe with WAL.
  "synchronous = NORMAL",
  "foreign_keys = ON",
  "busy_timeout = 5000",
];

/**
 * Opens the SQLite file with the driver of the running runtime: bun:sqlite under Bun (which
 * refuses better-sqlite3), better-sqlite3 under Node (vitest). Both are synchronous drivers that
 * Kysely's SqliteDialect drives the same way.
 */
export async function openSqlite(file: string): Promise<DB> {
  if (file !== ":memory:") mkdirSync(dirname(file), { recursive: true });
  const driver = await openDriver(file);
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: new StatementCache(driver) }),
    plugins: [new CamelCasePlugin()],
  });
  const dataVersion = driver.prepare("PRAGMA data_version");
  const select1 = driver.prepare("SELECT 1");
  probes.set(db, {
    commitsByOthers: () => Number((dataVersion.all([])[0] as { data_version: number }).data_version),
    ping: () => void select1.all([]),
  });
  return db;
}

/** Statements prepared once on the raw connection, for checks every request may make. */
const probes = new WeakMap<DB, { commitsByOthers: () => number; ping: () => void }>();

/** Throws when the database does not answer (the health check): a prepared `SELECT 1`. */
export async function pingDatabase(db: DB): Promise<void> {
  const probe = probes.get(db);
  if (probe) probe.ping();
  else await sql`SELECT 1`.execute(db);
}

/**
 * A number that changes whenever another connection (another process, a script, a test's own
 * connection) commits a change to the database; writes made through `db` itself leave it as it is (SQLite's PRAGMA data_version, a few microseconds). Undefined for a
 * database not opened here: in-process caches must then not trust themselves across requests.
 * PostgreSQL has no counterpart: there a cache listens for its invalidations (LISTEN/NOTIFY).
 */
export function commitsByOtherConnections(db: DB): number | undefined {
  return probes.get(db)?.commitsByOthers();
}

async function openDriver(file: string): Promise<SqliteDatabase> {
  if (typeof globalThis.Bun !== "undefined") {
    const { Database: BunDatabase } = await import("bun:sqlite");
    const db = new BunDatabase(file, { create: true });
    for (const p of PRAGMAS) db.run(`PRAGMA ${p}`);
    return db as unknown as SqliteDatabase;
  }
  const { default: BetterSqlite } = await import("better-sqlite3");
  const db = new BetterSqlite(file);
  for (const p of PRAGMAS) db.pragma(p);
  return db as unknown as SqliteDatabase;
}

/** How many distinct statements stay prepared (the app has a few hundred; `in (?, ?, ...)` lists add more). */
const STATEMENT_CACHE_SIZE = 1000;

/**
 * Keeps prepared statements for reuse, least recently used out first. Kysely's SqliteDialect
 * prepares every query it runs; preparing (parsing and planning) cost far more than running a
 * primary-key lookup (a session check: about 95 us prepared each time, a few us reused). A
 * statement is reused only while no other is running on the connection: both drivers run a
 * statement to completion synchronously and Kysely holds the one connection for a stream, whose
 * iteration gets a statement of its own.
 */
class StatementCache implements SqliteDatabase {
  readonly #db: SqliteDatabase;
  readonly #statements = new Map<string, SqliteStatement>();

  constructor(db: SqliteDatabase) {
    this.#db = db;
  }

  prepare(sql: string): SqliteStatement {
    const cached = this.#statements.get(sql);
    if (cached) {
      // Most recently used last: Map keeps insertion order.
      this.#statements.delete(sql);
      this.#statements.set(sql, cached);
      return cached;
    }
    const prepared = this.#db.prepare(sql);
    const db = this.#db;
    const statement: SqliteStatement = {
      reader: prepared.reader,
      all: (parameters) => prepared.all(parameters),
      run: (parameters) => prepared.run(parameters),
      // A stream can be left unfinished: it never shares the cached statement.
      iterate: (parameters) => db.prepare(sql).iterate(parameters),
    };
    this.#statements.set(sql, statement);
    if (this.#statements.size > STATEMENT_CACHE_SIZE) {
      const oldest = this.#statements.keys().next().value!;
      this.#statements.delete(oldest);
    }
    return statement;
  }

  close(): void {
    this.#statements.clear();
    this.#db.close();
  }
}
