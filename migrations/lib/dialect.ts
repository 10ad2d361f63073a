import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter } from "kysely";

// The few places where a migration must say one thing to SQLite and another to PostgreSQL. This
// folder is not a migration (the migrator reads only the files directly in migrations/), and it
// imports nothing from the application: migrations stay frozen in time.

/** Any Kysely instance, whatever the tables a migration declares. */
type AnyKysely = Pick<Kysely<unknown>, "getExecutor">;

export function onPostgres(db: AnyKysely): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * An integer primary key numbered by the database: SQLite's AUTOINCREMENT (never reusing a
 * deleted id), PostgreSQL's identity column (a sequence, which never reuses either).
 */
export function idColumn(db: AnyKysely): (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder {
  return onPostgres(db) ? (c) => c.primaryKey().generatedByDefaultAsIdentity() : (c) => c.primaryKey().autoIncrement();
}
