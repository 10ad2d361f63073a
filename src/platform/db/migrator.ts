import { Migrator } from "kysely";
import type { DB } from "./client.ts";
import { migrations } from "./migrations.ts";

/**
 * Whether the database has applied exactly the migrations of migrations/: one read of Kysely's
 * small migration table, and neither the migration modules nor the schema introspection that
 * Kysely's Migrator does before it looks (the usual start-up, whatever the database's size).
 */
async function upToDate(db: DB): Promise<boolean> {
  const names = await migrations.names();
  let applied: string[];
  try {
    applied = (await db.selectFrom("kyselyMigration").select("name").execute()).map((r) => r.name);
  } catch {
    return false; // a new database: no migration table yet
  }
  const known = new Set(applied);
  return applied.length === names.length && names.every((name) => known.has(name));
}

/** Applies every pending migration of migrations/ in name order; throws on the first failure. */
export async function migrateToLatest(db: DB): Promise<string[]> {
  if (await upToDate(db)) return [];
  const migrator = new Migrator({
    // Migrations are frozen in time: they get a plain Kysely without the app's plugins or types.
    db: db.withoutPlugins() as never,
    provider: { getMigrations: () => migrations.load() },
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ""} failed: ${String((error as Error)?.message ?? error)}`);
  }
  return (results ?? []).map((r) => r.migrationName);
}
