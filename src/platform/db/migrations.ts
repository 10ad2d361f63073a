import { folderMigrations, type MigrationSource } from "./migration-source.ts";

/**
 * The migrations the migrator applies: the files of migrations/, read from the folder. The
 * one-file binary has no folder: its build replaces this module with one that imports the same
 * files statically (bundledMigrationsModule, scripts/build-binary.ts; decision 033).
 */
export const migrations: MigrationSource = folderMigrations();
