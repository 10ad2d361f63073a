import { type DB, openSqlite } from "./client.ts";
import { openPostgres } from "./postgres.ts";

export interface DatabaseLocation {
  /** postgres:// or postgresql:// URL; the embedded SQLite file when absent. */
  databaseUrl?: string;
  sqliteFile: string;
  poolMax?: number;
}

/** Opens the database the configuration names: PostgreSQL when a URL is given, else the SQLite file. */
export function openDatabase(where: DatabaseLocation): Promise<DB> {
  return where.databaseUrl ? openPostgres(where.databaseUrl, { poolMax: where.poolMax }) : openSqlite(where.sqliteFile);
}
