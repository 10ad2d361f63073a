import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { CamelCasePlugin, Kysely, SqliteDialect, type SqliteDatabase } from "kysely";
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
  const database = await openDriver(file);
  return new Kysely<Database>({
    dialect: new SqliteDialect({ database }),
    plugins: [new CamelCasePlugin()],
  });
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
