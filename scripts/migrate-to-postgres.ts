/**
 * npm run migrate-to-postgres [-- SQLITE_FILE]: copies a Sideline SQLite instance (DATA_DIR's
 * sideline.db, or the file named) into the empty PostgreSQL database of DATABASE_URL, verified, with
 * a progress bar. See docs/operations.md, "Switching", and scripts/migrate-to-postgres/copy.ts.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { isSidelineDatabase } from "../src/platform/db/backup.ts";
import { openSqlite } from "../src/platform/db/client.ts";
import { migrateToLatest } from "../src/platform/db/migrator.ts";
import { openPostgres } from "../src/platform/db/postgres.ts";
import { ConfigError, loadConfig } from "../src/server/env.ts";
import { formatCount, progressLine } from "./lib/progress.ts";
import { CopyMismatch, CopyRefused, copyToPostgres } from "./migrate-to-postgres/copy.ts";
import { SqliteSource } from "./migrate-to-postgres/source.ts";

const USAGE = `Usage: DATABASE_URL=postgres://... npm run migrate-to-postgres [-- SQLITE_FILE]

Copies the SQLite database (SQLITE_FILE, or DATA_DIR/sideline.db) into the empty PostgreSQL
database of DATABASE_URL: members, sessions, pictures' paths, posts, messages, everything. Stop the
server first: what it writes after the copy starts is not copied. Pictures stay in DATA_DIR/uploads.`;

class UsageError extends Error {}

async function main(args: string[]): Promise<void> {
  if (args.includes("--help") || args.includes("-h")) return console.log(USAGE);
  if (args.length > 1 || args[0]?.startsWith("-")) throw new UsageError(USAGE);
  const config = loadConfig();
  if (!config.DATABASE_URL) throw new UsageError(`DATABASE_URL is not set: name the PostgreSQL database to copy into.\n\n${USAGE}`);
  const file = path.resolve(args[0] ?? path.join(config.DATA_DIR, "sideline.db"));
  if (!existsSync(file)) throw new UsageError(`There is no SQLite database at ${file} (check DATA_DIR or the path given).`);
  if (!isSidelineDatabase(file))
    throw new UsageError(`${file} is not a Sideline database (it has no migrations table): nothing was copied.`);
  const started = performance.now();

  // Both sides on the latest schema, as the server would bring them at its start.
  for (const [name, open] of [
    ["SQLite", () => openSqlite(file)],
    ["PostgreSQL", () => openPostgres(config.DATABASE_URL!, { poolMax: 1 })],
  ] as const) {
    const db = await open();
    try {
      const applied = await migrateToLatest(db);
      if (applied.length) console.log(`${name}: migrated (${applied.join(", ")})`);
    } finally {
      await db.destroy();
    }
  }

  const source = new SqliteSource(file);
  try {
    console.log(`copying ${file} into ${redacted(config.DATABASE_URL)}`);
    const report = await copyToPostgres(source, config.DATABASE_URL, progressLine(started));
    const width = Math.max(...report.tables.map((t) => t.name.length));
    for (const t of report.tables.filter((t) => t.rows > 0)) console.log(`  ${t.name.padEnd(width)}  ${formatCount(t.rows).padStart(12)}`);
    console.log(
      `verified: row counts of ${report.tables.length} tables, ${formatCount(report.sampledRows)} sampled rows compared column by column, ` +
        `${formatCount(report.searchRows)} members in the search index`,
    );
    console.log(
      `done in ${Math.round((performance.now() - started) / 1000)} s. Start the server with this DATABASE_URL and the same DATA_DIR`,
    );
    console.log(`(pictures in ${path.join(path.dirname(file), "uploads")}, and the same SECRET_KEY or DATA_DIR/secret.key).`);
  } finally {
    source.close();
  }
}

/** The URL without its password, for the console. */
function redacted(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = "***";
  return u.toString();
}

try {
  await main(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof UsageError || error instanceof ConfigError || error instanceof CopyRefused || error instanceof CopyMismatch))
    throw error;
  console.error(error.message);
  process.exit(error instanceof CopyMismatch ? 3 : error instanceof CopyRefused ? 2 : 1);
}
