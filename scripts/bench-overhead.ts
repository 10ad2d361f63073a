/**
 * Per-request overhead of the real server: `GET /api/health` without and with a bearer token,
 * against a bare `Bun.serve` answering a constant (and Hono answering one with no middleware,
 * the framework's own floor), all measured in the same run with autocannon
 * (64 connections) from its own Node process. The rounds are interleaved so a noisy machine
 * affects every target alike; the table shows the best round of each and its ratio to the bare
 * server. Asserts nothing (the lead takes the final numbers on a quiet machine; `npm run bench`
 * is the full suite).
 * Run: `npx bun scripts/bench-overhead.ts [seconds=5] [rounds=3] [connections=64]`. With
 * BEFORE=<another checkout with its node_modules> the same two health rows are measured for that
 * checkout's server too, in the same rounds (before/after a change).
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { startMailSink } from "../tests/support/mail-sink.ts";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import { freePort, registerAndConfirm, ROOT, startServer } from "../tests/support/server.ts";

const SECONDS = Number(process.argv[2] ?? 5);
const ROUNDS = Number(process.argv[3] ?? 3);
const CONNECTIONS = Number(process.argv[4] ?? 64);
const BUN = path.join(ROOT, "node_modules/.bin/bun");
const AUTOCANNON = path.join(ROOT, "node_modules/autocannon/autocannon.js");

interface Result {
  /** Server CPU time (user + system) per request, in microseconds: steadier than rates on a busy machine. */
  cpuUs: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

function run(command: string, args: string[], env: Record<string, string> = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.setEncoding("utf8").on("data", (s: string) => (out += s));
    child.stderr.setEncoding("utf8").on("data", (s: string) => (err += s));
    child.once("exit", (code) => (code === 0 ? resolve(out) : reject(new Error(`${command} exited ${code}: ${err}`))));
  });
}

/** CPU time a process has used so far (user + system), in microseconds (from /proc; 0 where there is none). */
function cpuTimeUs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}
const CLOCK_TICKS = 100;

/** The parts of autocannon's --json summary read here. */
interface AutocannonSummary {
  requests: { total: number; average: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}

/** autocannon in its own Node process (so the load generator never shares the server's thread). */
async function load(pid: number, url: string, headers: Record<string, string> = {}): Promise<Result> {
  const args = [AUTOCANNON, "--json", "-c", String(CONNECTIONS), "-d", String(SECONDS)];
  for (const [k, v] of Object.entries(headers)) args.push("-H", `${k}=${v}`);
  const cpuBefore = cpuTimeUs(pid);
  const json = JSON.parse(await run("node", [...args, url])) as AutocannonSummary;
  const cpuUs = (cpuTimeUs(pid) - cpuBefore) / Math.max(1, json.requests.total);
  return {
    cpuUs,
    rps: json.requests.average,
    p50: json.latency.p50,
    p99: json.latency.p99,
    errors: json.errors + json.timeouts,
    non2xx: json.non2xx,
  };
}

/** A constant server in its own process: bare Bun.serve (the ceiling of the ceiling), or Hono with no middleware (the framework's floor). */
async function startConstant(kind: "bare" | "hono") {
  const port = await freePort();
  const code =
    kind === "bare"
      ? `Bun.serve({ port: ${port}, hostname: "127.0.0.1", fetch: () => Response.json({ status: "ok" }) }); console.log("ready");`
      : `const { Hono } = await import("hono"); const app = new Hono(); app.get("/api/health", (c) => c.json({ status: "ok" }));
         Bun.serve({ port: ${port}, hostname: "127.0.0.1", fetch: (req, srv) => app.fetch(req, { server: srv }) }); console.log("ready");`;
  const child = spawn(BUN, ["-e", code], { cwd: ROOT, stdio: ["ignore", "pipe", "inherit"] });
  await new Promise<void>((resolve) => child.stdout.once("data", () => resolve()));
  return { pid: child.pid!, url: `http://127.0.0.1:${port}/api/health`, stop: () => child.kill("SIGTERM") };
}

/** The server of another checkout (BEFORE), started as startServer starts this one's. */
async function startBefore(checkout: string, smtpUrl: string) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "sideline-before-"));
  const env = {
    PATH: process.env.PATH!,
    HOME: process.env.HOME!,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    RATE_LIMITS: "off",
    LOG_LEVEL: "warn",
    SMTP_URL: smtpUrl,
  };
  const child = spawn(BUN, [path.join(checkout, "src/server/main.ts")], { cwd: checkout, env, stdio: ["ignore", "ignore", "inherit"] });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if ((await fetch(`${baseUrl}/api/health`).catch(() => null))?.ok) break;
    if (i > 200) throw new Error(`the server of ${checkout} did not start`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { baseUrl, pid: child.pid!, stop: () => (child.kill("SIGTERM"), rmSync(dataDir, { recursive: true, force: true })) };
}

const sink = await startMailSink();
const server = await startServer({ smtpUrl: sink.url, env: { LOG_LEVEL: "warn" } });
const bare = await startConstant("bare");
const hono = await startConstant("hono");
const before = process.env.BEFORE ? await startBefore(path.resolve(process.env.BEFORE), sink.url) : null;
try {
  const member = await registerAndConfirm(server.baseUrl, sink);
  const health = `${server.baseUrl}/api/health`;
  const pid = await serverPid(server.baseUrl);
  const targets: [string, () => Promise<Result>][] = [
    ["bare Bun.serve (constant)", () => load(bare.pid, bare.url)],
    ["Hono, no middleware (constant)", () => load(hono.pid, hono.url)],
    ["/api/health, no token", () => load(pid, health)],
    ["/api/health, bearer token", () => load(pid, health, { Authorization: `Bearer ${member.accessToken}` })],
  ];
  if (before) {
    const old = await registerAndConfirm(before.baseUrl, sink);
    const oldHealth = `${before.baseUrl}/api/health`;
    targets.push(
      ["before: /api/health, no token", () => load(before.pid, oldHealth)],
      ["before: /api/health, bearer token", () => load(before.pid, oldHealth, { Authorization: `Bearer ${old.accessToken}` })],
    );
    await run("node", [AUTOCANNON, "-c", "8", "-d", "1", oldHealth]);
  }
  // Warm the server up (JIT, statement caches) before measuring.
  await run("node", [AUTOCANNON, "-c", "8", "-d", "1", health]);
  const rounds = new Map<string, Result[]>();
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, measure] of targets) {
      const list = rounds.get(name) ?? [];
      list.push(await measure());
      rounds.set(name, list);
    }
  }
  const bestOf = (name: string) => rounds.get(name)!.reduce((a, b) => (b.rps > a.rps ? b : a));
  const ceiling = bestOf(targets[0]![0]).rps;
  console.log(
    `\n${CONNECTIONS} connections, ${SECONDS} s x ${ROUNDS} interleaved rounds: the best round by requests/s, the least server CPU per request\n`,
  );
  console.log("| target | requests/s | ratio to bare | p50 ms | p99 ms | errors | non-2xx | server CPU per request |");
  console.log("|---|---|---|---|---|---|---|---|");
  for (const [name] of targets) {
    const r = bestOf(name);
    const cpu = Math.min(...rounds.get(name)!.map((x) => x.cpuUs));
    const errors = rounds.get(name)!.reduce((n, x) => n + x.errors, 0);
    const non2xx = rounds.get(name)!.reduce((n, x) => n + x.non2xx, 0);
    console.log(
      `| ${name} | ${Math.round(r.rps)} | ${(r.rps / ceiling).toFixed(2)} | ${r.p50} | ${r.p99} | ${errors} | ${non2xx} | ${cpu.toFixed(1)} us |`,
    );
  }
  const rss = await run("ps", ["-o", "rss=", "-p", String(pid)]).catch(() => "");
  if (rss.trim()) console.log(`\nserver RSS after the run: ${Math.round(Number(rss.trim()) / 1024)} MB`);
} finally {
  bare.stop();
  hono.stop();
  before?.stop();
  await server.stop();
  await sink.close();
}

/** The pid listening on the server's port (for its RSS). */
async function serverPid(baseUrl: string): Promise<number> {
  const port = new URL(baseUrl).port;
  const out = await run("sh", ["-c", `ss -ltnpH 'sport = :${port}' | grep -o 'pid=[0-9]*' | head -1 | cut -d= -f2`]);
  return Number(out.trim());
}
