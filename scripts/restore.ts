/**
 * npm run restore FILE: puts a backup of npm run backup back as DATA_DIR's database (and its
 * pictures, when the backup has them). Stop the server first: a database still open is refused.
 * The backup is checked with integrity_check before anything changes; the replaced database and
 * uploads folder are kept aside as *.before-restore-<UTC time>. See README "Backups and restore".
 */
import path from "node:path";
import { BackupError, restore } from "../src/platform/db/backup.ts";
import { onSqliteDataDir } from "./lib/sqlite-data-dir.ts";

export function restoreCommand(args: string[]): void {
  onSqliteDataDir("restore", (dataDir) => {
    const [file, ...extra] = args;
    if (!file || extra.length > 0 || file.startsWith("-")) throw new BackupError("Usage: npm run restore FILE");
    const done = restore(dataDir, path.resolve(file));
    console.log(`restored ${path.resolve(file)} into ${dataDir}`);
    if (done.replaced) console.log(`the replaced database is kept as ${done.replaced}`);
    if (done.uploadsRestored)
      console.log(`pictures restored${done.uploadsReplaced ? `; the replaced ones are kept in ${done.uploadsReplaced}` : ""}`);
  });
}

if (import.meta.main) restoreCommand(process.argv.slice(2));
