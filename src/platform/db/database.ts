import type { Generated } from "kysely";

/**
 * The database as Kysely sees it (camelCase here, snake_case columns through CamelCasePlugin).
 * Dates are ISO-8601 UTC text and flags are 0/1 integers, so the same schema works on SQLite and
 * PostgreSQL and binds on both SQLite drivers.
 *
 * Platform owns only Kysely's migration log; each domain adds its own tables to this interface by
 * declaration merging, in `src/domains/<name>/<name>.tables.ts`, so this layer names no domain.
 */
export interface Database {
  kyselyMigration: KyselyMigrationTable;
}

/** Kysely's own record of applied migrations (read at start-up to skip the migrator). */
export interface KyselyMigrationTable {
  name: string;
  timestamp: Generated<string>;
}
