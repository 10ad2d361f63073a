import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createAppContext } from "../../src/platform/app-context.ts";
import type { AppContext } from "../../src/platform/context.ts";
import { silentLogger } from "../../src/platform/logger.ts";
import { createMailer, type Mailer } from "../../src/platform/mailer.ts";
import type { DB } from "../../src/platform/db/client.ts";
import { migrateToLatest } from "../../src/platform/db/migrator.ts";
import { openDatabase } from "../../src/platform/db/open.ts";
import { cloneTestDatabase, testEngine } from "./pg.ts";

export const TEST_PUBLIC_URL = "http://sideline.test";

export interface TestContext {
  ctx: AppContext;
  db: DB;
  dir: string;
  /** The database for openServerDb (tests/support/server.ts): a PostgreSQL URL, or the SQLite file's path. */
  database: string;
  mailer: Mailer;
  /** Drops the PostgreSQL clone (closeTestContext calls it). */
  dropDatabase?: () => Promise<void>;
}

/**
 * For service tests: a real, migrated database (a SQLite file in a fresh temp folder, or in the
 * PostgreSQL pass a clone of the migrated template) and an AppContext around it (rate limits off,
 * mail to `smtpUrl` or the folder's outbox, uploads in the folder).
 */
export async function openTestContext(label: string, options: { smtpUrl?: string } = {}): Promise<TestContext> {
  const dir = mkdtempSync(path.join(os.tmpdir(), `sideline-${label}-`));
  const sqliteFile = path.join(dir, "sideline.db");
  const clone = testEngine() === "postgres" ? await cloneTestDatabase() : undefined;
  const db = await openDatabase({ databaseUrl: clone?.url, sqliteFile });
  await migrateToLatest(db);
  const { ctx, mailer } = contextOver(db, dir, options);
  return { ctx, db, dir, database: clone?.url ?? sqliteFile, mailer, dropDatabase: clone?.drop };
}

/**
 * An AppContext over an open database, as the server makes one: rate limits off, mail to `smtpUrl`
 * or `dir`/mail, uploads in `dir`/uploads. `close` settles events, flushes mail and closes the database.
 */
export function contextOver(
  db: DB,
  dir: string,
  options: { smtpUrl?: string } = {},
): { ctx: AppContext; mailer: Mailer; close: () => Promise<void> } {
  const mailer = createMailer({
    smtpUrl: options.smtpUrl,
    from: "Sideline <no-reply@sideline.test>",
    outboxDir: path.join(dir, "mail"),
    log: silentLogger,
  });
  const ctx = createAppContext({ db, mailer, log: silentLogger, publicUrl: TEST_PUBLIC_URL, uploadsDir: path.join(dir, "uploads") });
  const close = async () => {
    await ctx.events.settled();
    await mailer.flush();
    await db.destroy();
  };
  return { ctx, mailer, close };
}

/** Flushes mail, closes the database (dropping a PostgreSQL clone) and removes the folder. */
export async function closeTestContext(t: Partial<TestContext> | undefined): Promise<void> {
  await t?.ctx?.events.settled();
  await t?.mailer?.flush();
  await t?.db?.destroy();
  await t?.dropDatabase?.();
  if (t?.dir) rmSync(t.dir, { recursive: true, force: true });
}
