import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createAppContext } from "../../src/platform/app-context.ts";
import type { AppContext } from "../../src/platform/context.ts";
import { silentLogger } from "../../src/platform/logger.ts";
import { createMailer, type Mailer } from "../../src/platform/mailer.ts";
import { type DB, openSqlite } from "../../src/platform/db/client.ts";
import { migrateToLatest } from "../../src/platform/db/migrator.ts";

export const TEST_PUBLIC_URL = "http://sideline.test";

export interface TestContext {
  ctx: AppContext;
  db: DB;
  dir: string;
  /** The database for openServerDb (tests/support/server.ts): a PostgreSQL URL, or the SQLite file's path. */
  database: string;
  mailer: Mailer;
}

/**
 * For service tests: a real, migrated SQLite file in a fresh temp folder and an AppContext around
 * it (rate limits off, mail to `smtpUrl` or the folder's outbox, uploads in the folder).
 */
export async function openTestContext(label: string, options: { smtpUrl?: string } = {}): Promise<TestContext> {
  const dir = mkdtempSync(path.join(os.tmpdir(), `sideline-${label}-`));
  const database = path.join(dir, "sideline.db");
  const db = await openSqlite(database);
  await migrateToLatest(db);
  const mailer = createMailer({
    smtpUrl: options.smtpUrl,
    from: "Sideline <no-reply@sideline.test>",
    outboxDir: path.join(dir, "mail"),
    log: silentLogger,
  });
  const ctx = createAppContext({ db, mailer, log: silentLogger, publicUrl: TEST_PUBLIC_URL, uploadsDir: path.join(dir, "uploads") });
  return { ctx, db, dir, database, mailer };
}

/** Flushes mail, closes the database and removes the folder. */
export async function closeTestContext(t: Partial<TestContext> | undefined): Promise<void> {
  await t?.ctx?.events.settled();
  await t?.mailer?.flush();
  await t?.db?.destroy();
  if (t?.dir) rmSync(t.dir, { recursive: true, force: true });
}
