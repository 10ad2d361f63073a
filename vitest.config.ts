import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

// Unit and service tests (next to the code) and REST contract tests (each starts the real Bun
// server). Playwright journeys under tests/e2e run with Playwright, never here.
export default defineConfig({
  test: {
    environment: "node",
    include: [
      "tests/scripts/**/*.test.ts",
      "src/**/*.test.ts",
      "tests/rest/**/*.test.ts",
      "tests/ops/**/*.test.ts",
      "tests/matrix/**/*.test.ts",
      "tests/hostile/**/*.test.ts",
      "tests/lint/**/*.test.ts",
    ],
    exclude: ["tests/e2e/**", "**/node_modules/**"],
    // Argon2 hashing and starting a server take a while on a small machine.
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Each REST file also runs a Bun server: no more parallel files than cores, at most 2.
    pool: "forks",
    maxWorkers: Math.max(1, Math.min(2, availableParallelism())),
  },
});
