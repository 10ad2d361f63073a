import { promises as fs } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Migration } from "kysely";

/** The migrations folder of the checkout. */
export const MIGRATIONS_DIR = fileURLToPath(new URL("../../../migrations", import.meta.url));

/** The migrations the migrator applies, by name (a file's name without its extension, as Kysely's FileMigrationProvider names them). */
export interface MigrationSource {
  /** The names alone, without loading a migration module (the start-up check). */
  names: () => Promise<string[]>;
  load: () => Promise<Record<string, Migration>>;
}

/** A module of migrations/ (code, not the data, lib or type files beside them). */
function isMigrationFile(file: string): boolean {
  return /\.(ts|mts|js|mjs)$/.test(file) && !/\.d\.m?ts$/.test(file);
}

async function listMigrationFiles(dir = MIGRATIONS_DIR): Promise<string[]> {
  return (await fs.readdir(dir, { withFileTypes: true }))
    .filter((entry) => entry.isFile() && isMigrationFile(entry.name))
    .map((entry) => entry.name)
    .sort();
}

const migrationName = (file: string) => file.slice(0, file.lastIndexOf("."));

/** A migration module's up/down, whether it exports them by name or as its default export. */
function asMigration(module: unknown): Migration {
  const mod = module as Migration & { default?: Migration };
  return typeof mod.default?.up === "function" ? mod.default : mod;
}

/**
 * The files of a folder, imported when the migrator asks. Importing from here (not from Kysely's
 * FileMigrationProvider inside node_modules, which Node cannot do for .ts files) goes through the
 * runtime that loaded this module: Bun, or vitest's transformer.
 */
export function folderMigrations(dir = MIGRATIONS_DIR): MigrationSource {
  return {
    names: async () => (await listMigrationFiles(dir)).map(migrationName),
    async load() {
      const migrations: Record<string, Migration> = {};
      for (const file of await listMigrationFiles(dir)) {
        migrations[migrationName(file)] = asMigration(await import(pathToFileURL(path.join(dir, file)).href));
      }
      return migrations;
    },
  };
}

/** Migration modules imported already, by file name (the one-file binary's, bundled at build time). */
export function bundledMigrations(modules: Record<string, unknown>): MigrationSource {
  const migrations = Object.fromEntries(Object.entries(modules).map(([file, mod]) => [migrationName(file), asMigration(mod)]));
  return { names: () => Promise.resolve(Object.keys(migrations).sort()), load: () => Promise.resolve(migrations) };
}

/**
 * The source text that stands in for migrations.ts in the one-file binary (scripts/build-binary.ts):
 * it imports every migration file of `dir` statically, so the bundler puts them inside the binary.
 */
export async function bundledMigrationsModule(dir = MIGRATIONS_DIR): Promise<string> {
  const files = await listMigrationFiles(dir);
  const source = fileURLToPath(import.meta.url);
  return [
    `import { bundledMigrations } from ${JSON.stringify(source)};`,
    ...files.map((file, i) => `import * as m${i} from ${JSON.stringify(path.join(dir, file))};`),
    `export const migrations = bundledMigrations({ ${files.map((file, i) => `${JSON.stringify(file)}: m${i}`).join(", ")} });`,
  ].join("\n");
}
