/**
 * npm run backup [FILE]: a consistent copy of DATA_DIR's database, taken while the server runs
 * (SQLite's VACUUM INTO), checked with integrity_check; the uploaded pictures are copied next to it
 * (FILE without .db, plus .uploads). Without FILE: DATA_DIR/backups/sideline-<UTC time>.db.
 * See README "Backups and restore".
 */
import path from "node:path";
import { backup, BackupError, stamp } from "../src/platform/db/backup.ts";
import { onSqliteDataDir } from "./lib/sqlite-data-dir.ts";

export function backupCommand(args: string[]): void {
  onSqliteDataDir("backup", (dataDir) => {
    const [target, ...extra] = args;
    if (extra.length > 0 || target?.startsWith("-")) throw new BackupError("Usage: npm run backup [FILE]");
    const file = path.resolve(target ?? path.join(dataDir, "backups", `sideline-${stamp()}.db`));
    const done = backup(dataDir, file);
    console.log(`backup written: ${done.file} (integrity ok)${done.uploads ? `; pictures: ${done.uploads}` : ""}`);
  });
}

if (import.meta.main) backupCommand(process.argv.slice(2));
