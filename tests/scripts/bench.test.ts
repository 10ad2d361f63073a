import { execFile, execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT } from "#support/server.ts";

// `npm run bench` in its tiny mode on a demo-seeded temporary DATA_DIR: the real production
// server, the bare Bun.serve and the autocannon process all run. Only the shape of the results is
// checked (rows with numbers, no errors), never the timings: this machine is shared.

const BUN = path.join(ROOT, "node_modules/.bin/bun");
const dir = mkdtempSync(path.join(os.tmpdir(), "sideline-bench-"));
const dataDir = path.join(dir, "data");
const jsonFile = path.join(dir, "out.json");

afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Measure {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}
interface Row {
  id: string;
  api: string;
  kind: string;
  main: Measure | null;
  latency: Measure | null;
  ratio: number | null;
  errors: number;
  rssMB: number | null;
  cpu?: { appUs: number; dbUs: number | null; loadUs: number; machineBusy: number } | null;
  note: string;
}

describe("npm run bench", () => {
  it("measures the ceiling and the profile (REST and tRPC) against the bare server, with no errors", async () => {
    execFileSync(BUN, ["scripts/seed.ts"], { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir }, encoding: "utf8" });
    const { stdout } = await promisify(execFile)(
      BUN,
      ["scripts/bench.ts", "--data", dataDir, "--duration", "1", "--only", "health,profile", "--no-build", "--json", jsonFile],
      { cwd: ROOT, encoding: "utf8", timeout: 110_000 },
    );
    // The table is printed as well.
    expect(stdout).toMatch(/\| route \| API \| req\/s @64 \| ratio \|/);
    expect(stdout).toMatch(/profile of another member \| tRPC \|/);

    const result = JSON.parse(readFileSync(jsonFile, "utf8")) as {
      machine: { cores: number; memoryGB: number };
      data: { sizes: { members: number; posts: number } };
      server: { startupMs: number };
      options: { connections: number; latencyConnections: number };
      rows: Row[];
    };
    expect(result.machine.cores).toBeGreaterThan(0);
    expect(result.data.sizes.members).toBe(20);
    expect(result.data.sizes.posts).toBeGreaterThan(0);
    expect(result.server.startupMs).toBeGreaterThan(0);
    expect(result.options).toMatchObject({ connections: 64, latencyConnections: 8 });

    const keys = result.rows.map((r) => `${r.id}/${r.api}`);
    expect(keys).toEqual(["bare/bare", "health/rest", "health-token/rest", "profile/rest", "profile/trpc"]);
    for (const row of result.rows) {
      for (const m of [row.main, row.latency]) {
        expect(m, row.id).not.toBeNull();
        expect(m!.rps, row.id).toBeGreaterThan(0);
        expect(Number.isFinite(m!.p50) && Number.isFinite(m!.p99), row.id).toBe(true);
        expect(m!.p99, row.id).toBeGreaterThanOrEqual(m!.p50);
        expect(m!.errors, row.id).toBe(0);
      }
      expect(row.errors, `${row.id}: ${row.note}`).toBe(0);
    }
    // Ratios: the ceiling rows to the bare server, the routes to the ceiling measured before them.
    for (const row of result.rows.slice(1)) expect(row.ratio, row.id).toBeGreaterThan(0);
    expect(result.rows.find((r) => r.id === "profile")!.rssMB).toBeGreaterThan(0);
    // Where the CPU went per request (Linux /proc): the server's and the load generator's; no PostgreSQL on SQLite.
    if (process.platform === "linux") {
      for (const row of result.rows.filter((r) => r.id === "profile")) {
        expect(row.cpu, row.api).toMatchObject({ dbUs: null });
        expect(row.cpu!.appUs, row.api).toBeGreaterThan(0);
        expect(row.cpu!.loadUs, row.api).toBeGreaterThan(0);
        expect(row.cpu!.machineBusy, row.api).toBeGreaterThan(0);
        expect(row.cpu!.machineBusy, row.api).toBeLessThanOrEqual(1);
      }
    }
  }, 120_000);
});
