import { execFile, execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { cloneTestDatabase, type TestDatabase, testEngine } from "#support/pg.ts";
import { ROOT } from "#support/server.ts";

// `npm run bench` on PostgreSQL (the PostgreSQL pass only): demo data seeded into SQLite, copied
// with migrate-to-postgres into a fresh database, then measured with two server processes sharing
// the port. Only the shape of the results is checked (rows with numbers, no errors, both processes
// counted), never the timings: this machine is shared.

const onPostgres = testEngine() === "postgres";
const BUN = path.join(ROOT, "node_modules/.bin/bun");
const dir = mkdtempSync(path.join(os.tmpdir(), "sideline-bench-pg-"));
const dataDir = path.join(dir, "data");
const jsonFile = path.join(dir, "out.json");
let database: TestDatabase | undefined;

afterAll(async () => {
  await database?.drop();
  rmSync(dir, { recursive: true, force: true });
});

interface Measure {
  rps: number;
  errors: number;
}

describe.runIf(onPostgres)("npm run bench on PostgreSQL", () => {
  it("measures the profile with two processes on the copied community, with no errors", async () => {
    database = await cloneTestDatabase();
    const env = { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir };
    execFileSync(BUN, ["scripts/seed.ts"], { cwd: ROOT, env, encoding: "utf8" });
    execFileSync(BUN, ["scripts/migrate-to-postgres.ts"], { cwd: ROOT, env: { ...env, DATABASE_URL: database.url }, encoding: "utf8" });
    const args = ["--data", dataDir, "--database-url", database.url, "--processes", "2", "--duration", "2", "--only", "health,profile"];
    const { stdout } = await promisify(execFile)(BUN, ["scripts/bench.ts", ...args, "--no-build", "--json", jsonFile], {
      cwd: ROOT,
      env,
      encoding: "utf8",
      timeout: 110_000,
    });
    expect(stdout).toMatch(/Server: PostgreSQL, 2 processes; start-up/);

    const result = JSON.parse(readFileSync(jsonFile, "utf8")) as {
      server: { engine: string; processes: number; idleRssMB: number };
      rows: Array<{
        id: string;
        api: string;
        main: Measure | null;
        latency: Measure | null;
        errors: number;
        note: string;
        cpu?: { appUs: number; dbUs: number | null } | null;
      }>;
    };
    expect(result.server).toMatchObject({ engine: "PostgreSQL, 2 processes", processes: 2 });
    expect(result.rows.map((r) => `${r.id}/${r.api}`)).toEqual([
      "bare/bare",
      "health/rest",
      "health-token/rest",
      "profile/rest",
      "profile/trpc",
    ]);
    for (const row of result.rows) {
      // Answers came (a loaded machine may answer none within a short run at 64 connections), none failed.
      expect(row.main, row.id).not.toBeNull();
      expect(row.main!.rps + row.latency!.rps, row.id).toBeGreaterThan(0);
      expect(row.errors, `${row.id}: ${row.note}`).toBe(0);
    }
    // Where the CPU went per request (Linux /proc): both server processes' and PostgreSQL's.
    if (process.platform === "linux") {
      for (const row of result.rows.filter((r) => r.id === "profile")) {
        expect(row.cpu!.appUs, row.api).toBeGreaterThan(0);
        expect(row.cpu!.dbUs, row.api).toBeGreaterThan(0);
      }
    }
  }, 150_000);

  it("refuses two processes on SQLite", () => {
    expect(() =>
      execFileSync(BUN, ["scripts/bench.ts", "--data", dataDir, "--processes", "2"], {
        cwd: ROOT,
        env: { PATH: process.env.PATH },
        stdio: "pipe",
      }),
    ).toThrow(/--processes above 1 needs PostgreSQL \(--database-url\): SQLite serves one process\./);
  });
});
