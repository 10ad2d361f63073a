/**
 * The processes of `npm run bench`: the production server, the bare Bun.serve reference and the
 * load generator (Node + autocannon), each a child of its own, plus the server's memory.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { freePort } from "../../tests/support/ports.ts";

export const ROOT = path.resolve(import.meta.dir, "../..");
export const BUN = path.join(ROOT, "node_modules/.bin/bun");

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}

async function stopChild(child: ChildProcess, graceMs = 8_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGTERM");
  const done = await Promise.race([exited(child).then(() => true), new Promise<boolean>((r) => setTimeout(r, graceMs, false))]);
  if (!done) {
    child.kill("SIGKILL");
    await exited(child);
  }
}

/** Resident memory of a process (of several together) in MB (Linux /proc), or null where it cannot be read. */
export function rssMB(pid: number | number[] | undefined): number | null {
  const pids = (Array.isArray(pid) ? pid : [pid]).filter((p) => p !== undefined);
  if (pids.length === 0) return null;
  try {
    let kB = 0;
    for (const p of pids) {
      const match = readFileSync(`/proc/${p}/status`, "utf8").match(/^VmRSS:\s+(\d+)\s+kB/m);
      if (!match) return null;
      kB += Number(match[1]);
    }
    return kB / 1024;
  } catch {
    return null;
  }
}

/** CPU time (user + system) of each process, in ms (Linux /proc); a process that cannot be read is left out. */
function cpuMsOf(pids: number[]): Map<number, number> {
  const tickMs = 1000 / 100; // USER_HZ: 100 on Linux
  const times = new Map<number, number>();
  for (const p of pids) {
    try {
      // The fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
      const fields = readFileSync(`/proc/${p}/stat`, "utf8").split(") ")[1]!.split(" ");
      times.set(p, (Number(fields[11]) + Number(fields[12])) * tickMs);
    } catch {
      // exited meanwhile
    }
  }
  return times;
}

/** The processes of PostgreSQL on this machine (the postmaster and its backends): command "postgres". */
function postgresPids(): number[] {
  try {
    return readdirSync("/proc")
      .filter((name) => /^\d+$/.test(name))
      .map(Number)
      .filter((p) => {
        try {
          return readFileSync(`/proc/${p}/comm`, "utf8").trim() === "postgres";
        } catch {
          return false;
        }
      });
  } catch {
    return [];
  }
}

/** The machine's CPU time, busy and all, in ms of every core together (/proc/stat's first line). */
function machineCpuMs(): { busy: number; total: number } | null {
  try {
    const ticks = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1, 9).map(Number);
    const idle = ticks[3]! + ticks[4]!;
    const total = ticks.reduce((a, b) => a + b, 0);
    return { busy: (total - idle) * 10, total: total * 10 };
  } catch {
    return null;
  }
}

/** Where a run's CPU went, per request, in µs; busy is the machine's share of all its cores' time. */
export interface CpuPerRequest {
  appUs: number;
  /** PostgreSQL's processes (null on SQLite: none ran). */
  dbUs: number | null;
  loadUs: number;
  machineBusy: number;
}

/**
 * Starts counting the CPU time of the server's processes, PostgreSQL's (any on the machine: the
 * benchmark's copy should be the only busy one) and the load generator; the function it answers
 * stops and divides by the requests answered. Null where /proc cannot be read.
 */
export function countCpu(
  serverPids: number[],
  loadPid: number | undefined,
  usesPostgres: boolean,
): (requests: number) => CpuPerRequest | null {
  const pids = () => [...serverPids, ...(loadPid === undefined ? [] : [loadPid]), ...(usesPostgres ? postgresPids() : [])];
  const before = cpuMsOf(pids());
  const machineBefore = machineCpuMs();
  return (requests) => {
    const after = cpuMsOf(pids());
    const machineAfter = machineCpuMs();
    if (!machineBefore || !machineAfter || requests <= 0 || serverPids.some((p) => !after.has(p))) return null;
    // A backend that started during the run counts from zero.
    const spent = (p: number) => (after.get(p) ?? 0) - (before.get(p) ?? 0);
    const sum = (ps: number[]) => ps.reduce((n, p) => n + spent(p), 0);
    const others = new Set([...serverPids, loadPid]);
    const db = [...after.keys()].filter((p) => !others.has(p));
    const perRequest = (ms: number) => (ms * 1000) / requests;
    return {
      appUs: perRequest(sum(serverPids)),
      dbUs: usesPostgres ? perRequest(sum(db)) : null,
      loadUs: perRequest(loadPid === undefined ? 0 : spent(loadPid)),
      machineBusy: (machineAfter.busy - machineBefore.busy) / Math.max(1, machineAfter.total - machineBefore.total),
    };
  };
}

/** Samples a process's RSS (several processes' sum) every 200 ms until stopped; answers the highest value seen. */
export function sampleRss(pid: number | number[] | undefined): () => number | null {
  let max = rssMB(pid);
  const timer = setInterval(() => {
    const now = rssMB(pid);
    if (now !== null && (max === null || now > max)) max = now;
  }, 200);
  return () => {
    clearInterval(timer);
    const now = rssMB(pid);
    if (now !== null && (max === null || now > max)) max = now;
    return max;
  };
}

export interface SidelineServer {
  baseUrl: string;
  /** The first process. */
  pid: number | undefined;
  /** Every process listening on the port (one, unless --processes). */
  pids: number[];
  startupMs: number;
  /** Lines the server wrote (warnings and errors at LOG_LEVEL=warn). */
  output: () => string[];
  /** False once a process has exited (a crash under load). */
  running: () => boolean;
  stop: () => Promise<void>;
}

export interface SidelineOptions {
  /** DATABASE_URL: the server runs on this PostgreSQL database (DATA_DIR keeps the uploads and the key). */
  databaseUrl?: string;
  /** Processes listening on the one port (PostgreSQL: the kernel spreads connections among them, SO_REUSEPORT). */
  processes?: number;
}

/**
 * Whether the process holds a socket listening on the port (Linux: its file descriptors against
 * the listening sockets of /proc/net/tcp). A second process on a shared port answers nothing that
 * tells it from the first, so its readiness is read here.
 */
function listensOn(pid: number | undefined, port: number): boolean {
  if (!pid) return false;
  const hexPort = `:${port.toString(16).toUpperCase().padStart(4, "0")}`;
  const listening = new Set<string>();
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let text: string;
    try {
      text = readFileSync(table, "utf8");
    } catch {
      continue;
    }
    for (const line of text.split("\n").slice(1)) {
      const f = line.trim().split(/\s+/);
      if (f[1]?.endsWith(hexPort) && f[3] === "0A") listening.add(`socket:[${f[9]}]`);
    }
  }
  try {
    return readdirSync(`/proc/${pid}/fd`).some((fd) => {
      try {
        return listening.has(readlinkSync(`/proc/${pid}/fd/${fd}`));
      } catch {
        return false;
      }
    });
  } catch {
    return false;
  }
}

async function answersHealth(baseUrl: string): Promise<boolean> {
  try {
    return (await fetch(`${baseUrl}/api/health`)).status === 200;
  } catch {
    return false; // not listening yet
  }
}

/**
 * Starts `bun src/server/main.ts` as in production and waits for GET /api/health; with
 * `processes`, that many on one port, each started once the one before it listens.
 */
export async function startSideline(dataDir: string, clientDir: string, options: SidelineOptions = {}): Promise<SidelineServer> {
  const port = await freePort();
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? "",
    ...(process.env.TMPDIR ? { TMPDIR: process.env.TMPDIR } : {}),
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    DATA_DIR: dataDir,
    CLIENT_DIR: clientDir,
    RATE_LIMITS: "off",
    LOG_LEVEL: "warn",
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
  };
  const started = performance.now();
  const children: ChildProcess[] = [];
  const lines: string[] = [];
  const stop = async () => void (await Promise.all(children.map((c) => stopChild(c))));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (let i = 0; i < (options.processes ?? 1); i++) {
    const child = spawn(BUN, [path.join(ROOT, "src/server/main.ts")], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
    children.push(child);
    for (const stream of [child.stdout, child.stderr]) createInterface({ input: stream }).on("line", (l) => lines.push(l));
    // The first one migrates, then answers; the ones after it only add a listener to the port.
    while (!(i === 0 ? await answersHealth(baseUrl) : listensOn(child.pid, port))) {
      if (child.exitCode !== null || child.signalCode !== null) {
        await stop();
        throw new Error(`The server exited before it was ready:\n${lines.slice(-30).join("\n")}`);
      }
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`The server was not ready within 120 s:\n${lines.slice(-30).join("\n")}`);
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  return {
    baseUrl,
    pid: children[0]!.pid,
    pids: children.flatMap((c) => (c.pid ? [c.pid] : [])),
    startupMs: performance.now() - started,
    output: () => lines,
    running: () => children.every((c) => c.exitCode === null && c.signalCode === null),
    stop,
  };
}

/** The bare Bun.serve answering a constant (scripts/bench/bare-server.ts). */
export async function startBare(): Promise<{ baseUrl: string; pid: number | undefined; stop: () => Promise<void> }> {
  const child = spawn(BUN, [path.join(ROOT, "scripts/bench/bare-server.ts")], { cwd: ROOT, stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once("line", resolve);
    child.once("exit", (code) => reject(new Error(`the bare server exited (${code})`)));
  });
  return { baseUrl: `http://127.0.0.1:${port.trim()}`, pid: child.pid, stop: () => stopChild(child, 2_000) };
}

export interface LoadRequest {
  method: "GET" | "POST" | "PUT";
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadSpec {
  url: string;
  connections: number;
  duration: number;
  timeout?: number;
  requests: LoadRequest[];
  maxOverallRequests?: number;
  overallRate?: number;
  targets?: number[];
}

export interface LoadResult {
  rps: number;
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  mean: number;
  seconds: number;
  statusCodes: Record<string, number>;
}

export interface LoadGenerator {
  node: string;
  /** The load generator's process (its CPU is counted apart from the server's). */
  pid: number | undefined;
  autocannon: string;
  /** Runs the specs at the same time in the load process; answers their results in order. */
  run: (specs: LoadSpec[]) => Promise<LoadResult[]>;
  stop: () => Promise<void>;
}

/** The load generator: `node scripts/bench/load.mjs`, driven by JSON lines on stdin/stdout. */
export async function startLoadGenerator(): Promise<LoadGenerator> {
  const child = spawn("node", [path.join(ROOT, "scripts/bench/load.mjs")], { cwd: ROOT, stdio: ["pipe", "pipe", "inherit"] });
  const waiting = new Map<number, { resolve: (r: LoadResult[]) => void; reject: (e: Error) => void }>();
  let ready: (v: { node: string; autocannon: string }) => void;
  const readyP = new Promise<{ node: string; autocannon: string }>((r) => (ready = r));
  createInterface({ input: child.stdout }).on("line", (line) => {
    const msg = JSON.parse(line) as {
      ready?: boolean;
      node: string;
      autocannon: string;
      id: number;
      results?: LoadResult[];
      error?: string;
    };
    if (msg.ready) return ready({ node: msg.node, autocannon: msg.autocannon });
    const w = waiting.get(msg.id);
    waiting.delete(msg.id);
    if (msg.error) w?.reject(new Error(`load generator: ${msg.error}`));
    else w?.resolve(msg.results!);
  });
  child.once("exit", (code) => {
    for (const w of waiting.values()) w.reject(new Error(`the load generator exited (${code})`));
    waiting.clear();
  });
  const versions = await Promise.race([
    readyP,
    new Promise<never>((_, reject) =>
      child.once("exit", (code) => reject(new Error(`the load generator (node) exited (${code}) before it was ready`))),
    ),
  ]);
  let nextId = 1;
  return {
    ...versions,
    pid: child.pid,
    run(specs) {
      const id = nextId++;
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        child.stdin.write(`${JSON.stringify({ id, runs: specs })}\n`);
      });
    },
    async stop() {
      child.stdin.end();
      await stopChild(child, 2_000);
    },
  };
}
