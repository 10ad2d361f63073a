import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, findChromium } from "./scripts/chromium.mjs";

/** The engine of this run: E2E_ENGINE=postgres runs the journeys again on PostgreSQL (tests/support/pg.ts). */
export const E2E_ENGINE = process.env.E2E_ENGINE === "postgres" ? "postgres" : "sqlite";
/** The journeys run against the real Bun server, started by tests/e2e/global-setup.ts on this port. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? (E2E_ENGINE === "postgres" ? 3918 : 3917));
const executablePath = findChromium();
if (!executablePath) throw new Error("No Chromium found: run `node scripts/ensure-chromium.mjs` (npm test does).");

export default defineConfig({
  testDir: "tests/e2e",
  // Two server processes on one database: PostgreSQL only (SQLite serves one process). The
  // accessibility sweep checks how screens render, which no engine changes: it runs in the SQLite pass.
  testIgnore: E2E_ENGINE === "postgres" ? ["accessibility.spec.ts"] : ["two-processes.spec.ts"],
  globalSetup: "./tests/e2e/global-setup.ts",
  // Two cores: the server, the browser and one worker already fill them.
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // A journey's ceiling, not its usual time: the longest (four members in four browsers) take 30–40 s on a
  // quiet machine, and the PostgreSQL pass is slower.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    browserName: "chromium",
    launchOptions: { executablePath, args: CHROMIUM_ARGS },
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  // Runs on other ports (E2E_PORT) and the PostgreSQL run keep their traces apart.
  outputDir: ["test-results", ...(process.env.E2E_PORT ? [E2E_PORT] : []), ...(E2E_ENGINE === "postgres" ? ["postgres"] : [])].join("-"),
});
