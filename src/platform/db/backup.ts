/**
 * Online backup and offline restore of the SQLite file (scripts/backup.ts, scripts/restore.ts;
 * README "Backups and restore"). Bun only (bun:sqlite), like the scripts that use it.
 *
 * - Backup: `VACUUM INTO` writes a consistent copy of one read transaction while the server goes on
 *   writing (WAL: readers and the writer do not block each other). The copy is a single file in
 *   rollback-journal mode, checked with integrity_check before it is reported.
 * - Restore: the backup is checked first; the live file must not be open anywhere (switching it
 *   out of WAL needs every other connection closed, so a running server makes it fail with "database
 *   is locked", and it folds the WAL of a stopped server into the file); the replaced file is kept
 *   aside, and the new one moved in with one rename.
 */
import { Database } from "bun:sqlite";
import { copyFileSync, cpSync, existsSync, mkdirSync, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";

/** "ok", or the problems integrity_check lists (a file that is no SQLite database is one). */
export function checkIntegrity(file: string): string {
  let db: Database | undefined;
  try {
    db = new Database(file, { readonly: true });
    const rows = db
      .query("PRAGMA integrity_check")
      .values()
      .map((r) => String(r[0]));
    return rows.join("; ");
  } catch (error) {
    return String(error instanceof Error ? error.message : error);
  } finally {
    db?.close();
  }
}

/** Whether the file holds a Sideline database (the migrations table, with at least one migration). */
export function isSidelineDatabase(file: string): boolean {
  const db = new Database(file, { readonly: true });
  try {
    const row = db.query("select count(*) as n from sqlite_master where type = 'table' and name = 'kysely_migration'").get() as {
      n: number;
    };
    return row.n === 1;
  } finally {
    db.close();
  }
}

/** The uploads folder that belongs to a backup file: `x.db` -> `x.uploads`. */
export const uploadsOf = (backupFile: string) => backupFile.replace(/\.db$/i, "") + ".uploads";

/** A file name part from a date: 2026-11-24T13-05-09Z. */
export const stamp = (at = new Date()) =>
  at
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replace(/:/g, "-");

export class BackupError extends Error {}

/**
 * Copies the database of dataDir to `target` (which must not exist) and, when there is one, the
 * uploads folder next to it. Safe while the server runs and writes.
 */
export function backup(dataDir: string, target: string): { file: string; uploads: string | null } {
  const source = path.join(dataDir, "sideline.db");
  if (!existsSync(source)) throw new BackupError(`There is no database at ${source} (check DATA_DIR).`);
  if (existsSync(target)) throw new BackupError(`${target} exists already: choose another file name.`);
  mkdirSync(path.dirname(target), { recursive: true });
  // Read-write (though only read): a read-only connection cannot open a WAL file whose -shm is gone.
  const db = new Database(source);
  try {
    db.run("PRAGMA busy_timeout = 5000");
    db.query("VACUUM INTO ?").run(target);
  } finally {
    db.close();
  }
  const integrity = checkIntegrity(target);
  if (integrity !== "ok") throw new BackupError(`The copy at ${target} failed its integrity check: ${integrity}`);
  // Pictures are written before the rows that name them and never changed, so a copy taken after
  // the database holds every picture the copy refers to (unless one was replaced meanwhile).
  const uploadsDir = path.join(dataDir, "uploads");
  if (!existsSync(uploadsDir)) return { file: target, uploads: null };
  const uploads = uploadsOf(target);
  cpSync(uploadsDir, uploads, { recursive: true, errorOnExist: false });
  return { file: target, uploads };
}

/**
 * Replaces the database of dataDir (and the uploads, when the backup has them) with a backup. The
 * server must be stopped. What was there is renamed `*.before-restore-<time>` and kept.
 */
export function restore(
  dataDir: string,
  backupFile: string,
): { replaced: string | null; uploadsReplaced: string | null; uploadsRestored: boolean } {
  if (!existsSync(backupFile) || !statSync(backupFile).isFile()) throw new BackupError(`There is no backup file at ${backupFile}.`);
  const integrity = checkIntegrity(backupFile);
  if (integrity !== "ok") throw new BackupError(`${backupFile} failed its integrity check, nothing was changed: ${integrity}`);
  if (!isSidelineDatabase(backupFile)) throw new BackupError(`${backupFile} is not a Sideline database, nothing was changed.`);

  mkdirSync(dataDir, { recursive: true });
  const live = path.join(dataDir, "sideline.db");
  const aside = `.before-restore-${stamp()}`;
  let replaced: string | null = null;
  if (existsSync(live)) {
    const db = new Database(live);
    try {
      db.run("PRAGMA busy_timeout = 1000");
      // Fails while any other connection (a running server) has the file open.
      db.query("PRAGMA journal_mode = DELETE").get();
    } catch (error) {
      throw new BackupError(
        `The database at ${live} is in use (${error instanceof Error ? error.message : String(error)}): stop the server first, nothing was changed.`,
      );
    } finally {
      db.close();
    }
    replaced = live + aside;
    renameSync(live, replaced);
    // Left only by a crash between the check and here; they belong to the old file.
    for (const extra of ["-wal", "-shm", "-journal"]) if (existsSync(live + extra)) renameSync(live + extra, replaced + extra);
  }
  // Copied beside the live path first, so the live path only ever holds a whole file.
  const incoming = `${live}.restoring`;
  rmSync(incoming, { force: true });
  copyFileSync(backupFile, incoming);
  renameSync(incoming, live);

  const backupUploads = uploadsOf(backupFile);
  let uploadsReplaced: string | null = null;
  const uploadsRestored = existsSync(backupUploads);
  if (uploadsRestored) {
    const uploadsDir = path.join(dataDir, "uploads");
    if (existsSync(uploadsDir)) {
      uploadsReplaced = uploadsDir + aside;
      renameSync(uploadsDir, uploadsReplaced);
    }
    cpSync(backupUploads, uploadsDir, { recursive: true });
  }
  return { replaced, uploadsReplaced, uploadsRestored };
}
