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
    for (const file of await listMigrationFiles()) {
      const mod = (await import(pathToFileURL(path.join(MIGRATIONS_DIR, file)).href)) as Migration & { default?: Migration };
      migrations[file.slice(0, file.lastIndexOf("."))] = typeof mod.default?.up === "function" ? mod.default : mod;
    }
    return migrations;
  },
};

async function listMigrationFiles(): Promise<string[]> {
  return (await fs.readdir(MIGRATIONS_DIR)).filter((f) => /\.(ts|mts|js|mjs)$/.test(f) && !/\.d\.m?ts$/.test(f)).sort();
}

/**
 * Whether the database has applied exactly the migrations of migrations/: one read of Kysely's
 * small migration table, and neither the migration modules nor the schema introspection that
 * Kysely's Migrator does before it looks (the usual start-up, whatever the database's size).
 */
async function upToDate(db: DB): Promise<boolean> {
  const names = (await listMigrationFiles()).map((file) => file.slice(0, file.lastIndexOf(".")));
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
    provider: migrationFiles,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ""} failed: ${String((error as Error)?.message ?? error)}`);
  }
  return (results ?? []).map((r) => r.migrationName);
}
