import path from "node:path";
import { createAppContext } from "../../src/platform/app-context.ts";
import type { AppContext } from "../../src/platform/context.ts";
import type { DB } from "../../src/platform/db/client.ts";
import { migrateToLatest } from "../../src/platform/db/migrator.ts";
import { openDatabase } from "../../src/platform/db/open.ts";
import { createLogger } from "../../src/platform/logger.ts";
import { createMailer } from "../../src/platform/mailer.ts";
import { type Config, ConfigError, databaseLocation, loadConfig } from "../../src/server/env.ts";

/**
 * What an operator's command (add-news, create-admin) works with: the server's configuration, its
 * database (DATA_DIR or DATABASE_URL, migrated), and an AppContext around it whose mail goes to the
 * outbox folder. `fail` is called with the message of an invalid configuration.
 */
export async function openOperatorContext(
  fail: (message: string) => never,
): Promise<{ ctx: AppContext; db: DB; config: Config; dataDir: string }> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  const log = createLogger("warn");
  const dataDir = path.resolve(config.DATA_DIR);
  const db = await openDatabase(databaseLocation(config));
  await migrateToLatest(db);
  const ctx = createAppContext({
    db,
    mailer: createMailer({ from: config.MAIL_FROM, outboxDir: path.join(dataDir, "mail"), log }),
    log,
    publicUrl: config.PUBLIC_URL,
    uploadsDir: path.join(dataDir, "uploads"),
  });
  return { ctx, db, config, dataDir };
}
