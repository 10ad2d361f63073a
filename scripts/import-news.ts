/**
 * Imports news from the operator's RSS/Atom feeds into the database of DATA_DIR.
 * Usage: NEWS_FEEDS=https://a.example/rss,https://b.example/atom bun scripts/import-news.ts [URL ...]
 * (the server also imports NEWS_FEEDS hourly while it runs). Entries already imported are skipped.
 */
import path from "node:path";
import { importFeeds } from "../src/domains/news/feed-import.ts";
import { feedUrls } from "../src/domains/news/news-admin.service.ts";
import { createAppContext } from "../src/platform/app-context.ts";
import { createLogger } from "../src/platform/logger.ts";
import { createMailer } from "../src/platform/mailer.ts";
import { openDatabase } from "../src/platform/db/open.ts";
import { migrateToLatest } from "../src/platform/db/migrator.ts";
import { databaseLocation, loadConfig } from "../src/server/env.ts";

const config = loadConfig();
const dataDir = path.resolve(config.DATA_DIR);
const db = await openDatabase(databaseLocation(config));
await migrateToLatest(db);
const log = createLogger(config.LOG_LEVEL);
const ctx = createAppContext({
  db,
  log,
  mailer: createMailer({ from: config.MAIL_FROM, outboxDir: path.join(dataDir, "mail"), log }),
  publicUrl: config.PUBLIC_URL,
  uploadsDir: path.join(dataDir, "uploads"),
});
// Arguments, else NEWS_FEEDS and the feeds admins listed (/admin).
const urls = process.argv.slice(2).length > 0 ? process.argv.slice(2) : await feedUrls(ctx, config.NEWS_FEEDS);
if (urls.length === 0) {
  console.error("import-news: no feeds; set NEWS_FEEDS, list feeds in /admin or pass URLs as arguments.");
  process.exit(2);
}
let failed = false;
for (const r of await importFeeds(ctx, urls)) {
  console.log(`${r.url}: ${r.added} added, ${r.skipped} skipped${r.error ? ` (failed: ${r.error})` : ""}`);
  failed ||= !!r.error;
}
await db.destroy();
process.exit(failed ? 1 : 0);
