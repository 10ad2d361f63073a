import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { NO_DATABASE_FILES, SQLITE_ONLY_FILES, TEST_FILES } from "./tests/support/test-engines.ts";

// Unit and service tests (next to the code) and REST contract tests (each starts the real Bun
// server), in two projects: `sqlite` runs every file, `postgres` runs the database-backed files
// again on PostgreSQL (tests/support/pg.ts; the SQLite-only files are printed with their reason).
// Playwright journeys under tests/e2e run with Playwright, never here.
const exclude = ["tests/e2e/**", "**/node_modules/**"];
const shared = {
  environment: "node",
  // Argon2 hashing and starting a server take a while on a small machine.
  testTimeout: 20_000,
  hookTimeout: 30_000,
} as const;

export default defineConfig({
  test: {
    // Each REST file also runs a Bun server: no more parallel files than cores, at most 2.
    pool: "forks",
    maxWorkers: Math.max(1, Math.min(2, availableParallelism())),
    projects: [
      { test: { ...shared, name: "sqlite", include: TEST_FILES, exclude } },
      {
        test: {
          ...shared,
          name: "postgres",
          include: TEST_FILES,
          exclude: [...exclude, ...NO_DATABASE_FILES, ...Object.keys(SQLITE_ONLY_FILES)],
          env: { SIDELINE_TEST_ENGINE: "postgres" },
          globalSetup: ["tests/support/pg-global-setup.ts"],
          setupFiles: ["tests/support/pg-worker-setup.ts"],
          // A clone of the template per file, a server's pool per REST file: slower starts than SQLite.
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
