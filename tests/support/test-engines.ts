/**
 * Which vitest files run on which engine (vitest.config.ts). Every file runs on SQLite; the
 * database-backed ones run again on PostgreSQL, except the files below, which the PostgreSQL pass
 * leaves out by name and prints with their reason at start (never silently).
 */

/** The vitest files of both passes (Playwright journeys under tests/e2e run with Playwright). */
export const TEST_FILES = [
  "tests/scripts/**/*.test.ts",
  "src/**/*.test.ts",
  "tests/rest/**/*.test.ts",
  "tests/ops/**/*.test.ts",
  "tests/matrix/**/*.test.ts",
  "tests/hostile/**/*.test.ts",
  "tests/lint/**/*.test.ts",
  "tests/binary/**/*.test.ts",
  "tests/docs/**/*.test.ts",
];

/** Files that open no database: they run once, in the SQLite pass. */
export const NO_DATABASE_FILES = [
  "src/client/lib/dates.test.ts",
  "src/client/lib/search-params.test.ts",
  "src/client/features/admin/admin-path.test.ts",
  "src/domains/accounts/accounts.schema.test.ts",
  "src/domains/videos/youtube.test.ts",
  "src/platform/db/migration-source.test.ts",
  "src/platform/mailer.test.ts",
  "src/platform/secret-box.test.ts",
  "src/server/env.test.ts",
  "src/server/http/client-address.test.ts",
  "src/server/http/content-encoding.test.ts",
  "src/shared/names.test.ts",
  "tests/docs/**/*.test.ts",
  "tests/lint/**/*.test.ts",
  "tests/rest/controller-table.test.ts",
  "tests/scripts/first-load.test.ts",
];

/** Files about SQLite itself, with the reason the PostgreSQL pass leaves them out. */
export const SQLITE_ONLY_FILES: Readonly<Record<string, string>> = {
  "tests/ops/backup.test.ts": "backups are SQLite files (VACUUM INTO, integrity_check); PostgreSQL is backed up with pg_dump",
  "tests/scripts/community.test.ts":
    "the community generator bulk-loads a SQLite file through the raw driver (PostgreSQL gets it via migrate-to-postgres)",
  "tests/scripts/seed.test.ts":
    "scripts/seed.ts writes DATA_DIR's SQLite file (its DATABASE_URL run comes with the scripts' PostgreSQL support)",
  "tests/scripts/add-news.test.ts":
    "scripts/add-news.ts writes DATA_DIR's SQLite file (its DATABASE_URL run comes with the scripts' PostgreSQL support)",
  "tests/scripts/bench.test.ts": "the benchmark on a SQLite DATA_DIR; its PostgreSQL run is tests/scripts/bench-postgres.test.ts",
  "tests/binary/binary.test.ts":
    "builds the one-file binary and runs it with only a DATA_DIR beside it (its SQLite file); the PostgreSQL code inside is the same as npm start's",
};

/** The lines the PostgreSQL pass prints at start. */
export function sqliteOnlyReport(): string {
  const lines = Object.entries(SQLITE_ONLY_FILES).map(([file, reason]) => `  - ${file}: ${reason}`);
  return `PostgreSQL pass: ${lines.length} SQLite-only files left out:\n${lines.join("\n")}`;
}
