import { promises as fs } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { FileMigrationProvider, Migrator } from "kysely";
import type { DB } from "./client.ts";

const MIGRATIONS_DIR = fileURLToPath(new URL("../../../migrations", import.meta.url));

/** Applies every pending migration of migrations/ in name order; throws on the first failure. */
export async function migrateToLatest(db: DB): Promise<string[]> {
  const migrator = new Migrator({
    // Migrations are frozen in time: they get a plain Kysely without the app's plugins or types.
    db: db.withoutPlugins() as never,
    provider: new FileMigrationProvider({ fs, path, migrationFolder: MIGRATIONS_DIR }),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ""} failed: ${String((error as Error)?.message ?? error)}`);
  }
  return (results ?? []).map((r) => r.migrationName);
}
