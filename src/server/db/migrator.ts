import { promises as fs } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { type Migration, type MigrationProvider, Migrator } from "kysely";
import type { DB } from "./client.ts";

const MIGRATIONS_DIR = fileURLToPath(new URL("../../../migrations", import.meta.url));

/**
 * The migrations of migrations/, named by file name without extension (as Kysely's
 * FileMigrationProvider names them). Kysely's provider imports from inside node_modules, which
 * Node (vitest) cannot do for .ts files; importing from here goes through the runtime that loaded
 * this module (Bun, or vitest's transformer), which can.
 */
const migrationFiles: MigrationProvider = {
  async getMigrations() {
    const migrations: Record<string, Migration> = {};
    const files = (await fs.readdir(MIGRATIONS_DIR)).filter((f) => /\.(ts|mts|js|mjs)$/.test(f) && !/\.d\.m?ts$/.test(f)).sort();
    for (const file of files) {
      const mod = (await import(pathToFileURL(path.join(MIGRATIONS_DIR, file)).href)) as Migration & { default?: Migration };
      migrations[file.slice(0, file.lastIndexOf("."))] = typeof mod.default?.up === "function" ? mod.default : mod;
    }
    return migrations;
  },
};

/** Applies every pending migration of migrations/ in name order; throws on the first failure. */
export async function migrateToLatest(db: DB): Promise<string[]> {
  const migrator = new Migrator({
    // Migrations are frozen in time: they get a plain Kysely without the app's plugins or types.
    db: db.withoutPlugins() as never,
    provider: migrationFiles,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ""} failed: ${String((error as Error)?.message ?? error)}`);
  }
  return (results ?? []).map((r) => r.migrationName);
}
