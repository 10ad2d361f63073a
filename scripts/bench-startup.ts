/**
 * Start-up to the first answer: starts `bun src/server/main.ts` on the database of DATA_DIR (a
 * large generated one, say), asks GET /api/health every 5 ms, and reports the time from spawn to
 * the first 200 and the CPU the process had used by then (steadier than wall time on a busy
 * machine), as the median of several starts. With BEFORE=<another checkout with its
 * node_modules> that checkout's server is started on the same database in alternation. Stops
 * each server before the next start; asserts nothing.
 * Run: `DATA_DIR=/tmp/big npx bun scripts/bench-startup.ts [starts=5]`.
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { freePort, ROOT } from "../tests/support/server.ts";

const STARTS = Number(process.argv[2] ?? 5);
const BUN = path.join(ROOT, "node_modules/.bin/bun");
const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error("Set DATA_DIR to the data directory whose sideline.db the server should open.");

function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function startOnce(checkout: string): Promise<{ wallMs: number; cpuMs: number }> {
  const port = await freePort();
  const env = {
    PATH: process.env.PATH!,
    HOME: process.env.HOME!,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir!,
    LOG_LEVEL: "warn",
    RATE_LIMITS: "off",
  };
  const started = performance.now();
  const child = spawn(BUN, [path.join(checkout, "src/server/main.ts")], { cwd: checkout, env, stdio: ["ignore", "ignore", "inherit"] });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  try {
    for (;;) {
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return { wallMs: performance.now() - started, cpuMs: cpuMs(child.pid!) };
      if (child.exitCode !== null) throw new Error(`the server of ${checkout} exited with ${child.exitCode}`);
      if (performance.now() - started > 30_000) throw new Error(`the server of ${checkout} did not answer within 30 s`);
      await new Promise((r) => setTimeout(r, 5));
    }
  } finally {
    child.kill("SIGTERM");
    await exited;
  }
}

const checkouts: [string, string][] = [["this checkout", ROOT]];
if (process.env.BEFORE) checkouts.push(["before", path.resolve(process.env.BEFORE)]);
const results = new Map<string, { wallMs: number; cpuMs: number }[]>();
await startOnce(ROOT); // the first start after a change compiles Bun's transpiler cache
for (let i = 0; i < STARTS; i++) {
  for (const [name, checkout] of checkouts) {
    const list = results.get(name) ?? [];
    list.push(await startOnce(checkout));
    results.set(name, list);
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(`\nstart-up to the first answer of GET /api/health on ${path.join(dataDir, "sideline.db")}, median of ${STARTS} starts\n`);
console.log("| server | wall ms | CPU ms by then | each start (wall ms) |");
console.log("|---|---|---|---|");
for (const [name, list] of results) {
  console.log(
    `| ${name} | ${median(list.map((r) => r.wallMs)).toFixed(0)} | ${median(list.map((r) => r.cpuMs)).toFixed(0)} | ${list.map((r) => r.wallMs.toFixed(0)).join(", ")} |`,
  );
}
