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
  // 64 MB of page cache per connection (the default is 2 MB): a list page's rows lie on scattered
  // pages of a large file, and re-reading them from the OS cost My Contacts 14 ms against 9 ms.
  "cache_size = -65536",
];

/**
 * Opens the SQLite file with the driver of the running runtime: bun:sqlite under Bun (which
 * refuses better-sqlite3), better-sqlite3 under Node (vitest). Both are synchronous drivers that
 * Kysely's SqliteDialect drives the same way.
 */
export async function openSqlite(file: string): Promise<DB> {
  if (file !== ":memory:") mkdirSync(dirname(file), { recursive: true });
  const driver = await openDriver(file);
  const statements = new StatementCache(driver);
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: statements }),
    plugins: [new CamelCasePlugin()],
  });
  const dataVersion = driver.prepare("PRAGMA data_version");
  const select1 = driver.prepare("SELECT 1");
  registerProbes(db, {
    counter: statements.counter,
    commitsByOthers: () => Number((dataVersion.all([])[0] as { data_version: number }).data_version),
    ping: () => void select1.all([]),
  });
  return db;
}

/**
 * Counts the statements run on one database, in total and per watch (watchStatements); each
 * distinct text is tested once per watch. Both engines count: SQLite per prepared statement,
 * PostgreSQL per query its pool's connections send (BEGIN and COMMIT included).
 */
export class StatementCounter {
  statementsRun = 0;
  /** Per watch: statements run that passed its test. */
  readonly matched: number[] = [];
  /** Per watch, PostgreSQL: such statements whose transaction has ended (SQLite: none counted, see watchStatements). */
  readonly settled: number[] = [];
  /** Per distinct text: the watches tested so far and those it passes (bounded: `in (?, ?, ...)` lists vary). */
  readonly #passes = new Map<string, { tested: number; passes: number[] }>();

  /**
   * Counts one statement of text `sql` (for SQLite, `memo` is its prepared statement's own record);
   * answers the watches it passed.
   */
  count(sql: string, memo = this.#memoOf(sql)): readonly number[] {
    this.statementsRun++;
    for (; memo.tested < watches.length; memo.tested++) if (watches[memo.tested]!(sql)) memo.passes.push(memo.tested);
    for (const watch of memo.passes) this.matched[watch] = (this.matched[watch] ?? 0) + 1;
    return memo.passes;
  }

  /** PostgreSQL: statements that passed these watches were committed or rolled back (one each; a transaction counts once per watch). */
  countSettled(passed: Iterable<number>): void {
    for (const watch of passed) this.settled[watch] = (this.settled[watch] ?? 0) + 1;
  }

  #memoOf(sql: string) {
    let memo = this.#passes.get(sql);
    if (!memo) {
      if (this.#passes.size >= STATEMENT_CACHE_SIZE) this.#passes.clear();
      this.#passes.set(sql, (memo = { tested: 0, passes: [] }));
    }
    return memo;
  }
}

interface Probes {
  counter: StatementCounter;
  /** SQLite's data_version; absent where other connections' commits cannot be seen (PostgreSQL). */
  commitsByOthers?: () => number;
  /** A prepared `SELECT 1` (SQLite); else the health check sends one. */
  ping?: () => void;
}

/** Statement counts and checks every request may make, per database opened here. */
const probes = new WeakMap<DB, Probes>();

/** Called by the engine's opener (this file, postgres.ts) for the database it made. */
export function registerProbes(db: DB, probe: Probes): void {
  probes.set(db, probe);
}

/** How many statements Kysely has run on `db` so far (for tests and benchmarks that count them). */
export function statementsRun(db: DB): number {
  return probes.get(db)?.counter.statementsRun ?? Number.NaN;
}

/** Tests of statement texts registered by watchStatements, in registration order. */
const watches: Array<(sql: string) => boolean> = [];

/**
 * Registers a test of a statement's SQL text (made once per distinct statement, so it may be
 * thorough) and answers a watch to pass to statementsMatched: how many statements that pass it
 * each database has run (attempted, whether or not they then failed or were rolled back). For an
 * in-process cache that must notice writes it was not told about.
 */
export function watchStatements(matches: (sql: string) => boolean): number {
  return watches.push(matches) - 1;
}

/** How many statements passing `watch` have run on `db`; undefined for a database not opened here. */
export function statementsMatched(db: DB, watch: number): number | undefined {
  const counter = probes.get(db)?.counter;
  return counter && (counter.matched[watch] ?? 0);
}

/**
 * A count of the settling of statements passing `watch` on `db`: on PostgreSQL it moves when such a
 * statement completes outside a transaction, and once when a transaction that ran any of them
 * completes its COMMIT or ROLLBACK; on SQLite it never moves (a transaction and every read share
 * the one connection). Undefined for a database not opened here.
 */
export function statementsSettled(db: DB, watch: number): number | undefined {
  const counter = probes.get(db)?.counter;
  return counter && (counter.settled[watch] ?? 0);
}

/**
 * A number that moves with every statement passing `watch` that runs on `db`, and on PostgreSQL
 * again when its transaction ends (when it completes outside one). For an in-process cache: a
 * read that began after such a statement and ended before its commit (another pooled connection
 * sees the rows as they were) sees the number move before anyone is answered after the commit.
 * On SQLite a transaction and every read share the one connection, so the statement is enough.
 * Undefined for a database not opened here.
 */
export function statementsMatchedOrSettled(db: DB, watch: number): number | undefined {
  const counter = probes.get(db)?.counter;
  return counter && (counter.matched[watch] ?? 0) + (counter.settled[watch] ?? 0);
}

/** Throws when the database does not answer (the health check): a prepared `SELECT 1`. */
export async function pingDatabase(db: DB): Promise<void> {
  const ping = probes.get(db)?.ping;
  if (ping) ping();
  else await sql`SELECT 1`.execute(db);
}

/**
 * No entry of an in-process cache kept on the signals below answers longer than this after its
 * read began: a bound on what a signal missed in a way the checks do not see could cost
 * (PostgresLiveBus notices a deaf listener in 6 s).
 */
export const MAX_TRUSTED_AGE_MS = 10_000;

/** PostgreSQL: per database and channel, the counter of the change notices this process hears. */
const changeNotices = new WeakMap<DB, Map<string, () => number | undefined>>();

/**
 * Lets commitsByOtherConnections answer for a PostgreSQL database and `channel`: `heard` counts the
 * notices of that channel this process hears (PostgresLiveBus.noticesOn), which triggers send for
 * every statement that changes what a cache reads (migrations 2026-11-27-490 and -500). It answers
 * undefined while the listener is down or deaf: the caches then keep nothing.
 */
export function trustChangeNotices(db: DB, channel: string, heard: () => number | undefined): void {
  const byChannel = changeNotices.get(db) ?? new Map<string, () => number | undefined>();
  changeNotices.set(db, byChannel.set(channel, heard));
}

/**
 * A number that changes whenever another connection (another process, a script, a test's own
 * connection) commits a change to the database; writes made through `db` itself leave it as it
 * is. SQLite: PRAGMA data_version (it takes the read lock, a few microseconds). PostgreSQL: the
 * counter of `channel`'s notices once trustChangeNotices gave it (the changes that channel's
 * triggers announce, this process's own included), else undefined (other processes write unseen).
 * Undefined also for a database not opened here: in-process caches must then not trust
 * themselves across requests.
 */
export function commitsByOtherConnections(db: DB, channel?: string): number | undefined {
  const heard = channel === undefined ? undefined : changeNotices.get(db)?.get(channel);
  return heard ? heard() : probes.get(db)?.commitsByOthers?.();
}

/** Whether commitsByOtherConnections answers for `db` and `channel` (SQLite opened here, or notices trusted), without running it. */
export function seesOtherConnections(db: DB, channel?: string): boolean {
  return (channel !== undefined && changeNotices.get(db)?.has(channel) === true) || probes.get(db)?.commitsByOthers !== undefined;
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
  return db;
}

/** How many distinct statements stay prepared (the app has a few hundred; `in (?, ?, ...)` lists add more). */
const STATEMENT_CACHE_SIZE = 1000;

/**
 * Keeps prepared statements for reuse, least recently used out first. Kysely's SqliteDialect
 * prepares every query it runs, and preparing (parsing, planning) costs more than running a
 * primary-key lookup: measured on bun:sqlite, the session check's join took 35-45 us prepared each
 * time and 5-11 us reused, `SELECT 1` 4-10 us against 0.3 us. Sharing one statement is safe:
 * both drivers run a statement to completion synchronously on the one connection, and a stream
 * (which Kysely may leave unfinished) iterates a statement of its own.
 */
class StatementCache implements SqliteDatabase {
  readonly #db: SqliteDatabase;
  readonly #statements = new Map<string, SqliteStatement>();
  readonly counter = new StatementCounter();

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
    // The watches this statement passes, tested once per watch (watches may register later).
    const memo = { tested: 0, passes: [] as number[] };
    const count = () => this.counter.count(sql, memo);
    const statement: SqliteStatement = {
      reader: prepared.reader,
      all: (parameters) => (count(), prepared.all(parameters)),
      run: (parameters) => (count(), prepared.run(parameters)),
      // A stream can be left unfinished: it never shares the cached statement.
      iterate: (parameters) => (count(), db.prepare(sql).iterate(parameters)),
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
