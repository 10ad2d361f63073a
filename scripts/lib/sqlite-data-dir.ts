import path from "node:path";
import { BackupError } from "../../src/platform/db/backup.ts";
import { ConfigError, loadConfig } from "../../src/server/env.ts";

/**
 * What `npm run backup` and `npm run restore` (sideline backup, restore) share: they run on
 * DATA_DIR's SQLite file, and a bad setting or a refused copy ends with its message and exit code 1.
 */
export function onSqliteDataDir(command: "backup" | "restore", run: (dataDir: string) => void): void {
  try {
    const config = loadConfig();
    if (config.DATABASE_URL)
      throw new BackupError(
        `DATABASE_URL is set: npm run ${command} handles the SQLite file only. Use pg_dump / pg_restore (docs/operations.md, "Backups on PostgreSQL").`,
      );
    run(path.resolve(config.DATA_DIR));
  } catch (error) {
    if (!(error instanceof BackupError || error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
