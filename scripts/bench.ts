/**
 * npm run bench: the production server (`bun src/server/main.ts`, prebuilt client, RATE_LIMITS=off,
 * LOG_LEVEL=warn) on an existing database (DATA_DIR, e.g. from `npm run seed -- --members 100000`),
 * loaded over HTTP by autocannon in a second process (Node), route by route; prints a table
 * (requests/s, ratio to the ceiling measured right before, p50, p99, latency at 8 connections,
 * errors, server RSS) and writes it as JSON. Method and how to read it: docs/performance.md.
 * `--help` lists the options.
 */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { MESSAGES_PER_PAGE } from "../src/domains/messages/messages.schema.ts";
import { POSTS_PER_PAGE } from "../src/shared/limits.ts";
import {
  type Community,
  messageSearchWord,
  newestContactPost,
  openReadOnly,
  profileTargets,
  readCommunity,
  requestTargets,
  searchTerms,
  type Subject,
} from "./bench/community.ts";
import {
  BUN,
  countCpu,
  type CpuPerRequest,
  type LoadGenerator,
  type LoadRequest,
  type LoadResult,
  type LoadSpec,
  ROOT,
  type SidelineServer,
  rssMB,
  sampleRss,
  startBare,
  startLoadGenerator,
  startSideline,
} from "./bench/processes.ts";
import { waitForFanOut } from "./bench/fan-out.ts";
import { describeMachine, describeSizes, type Machine, type Measure, renderTable, type Row, writeDocSection } from "./bench/report.ts";

const HELP = `npm run bench [-- options]

Starts the production server on DATA_DIR's database and loads it with autocannon (a Node process of
its own), route by route. Each route's requests/s is divided by the ceiling (GET /api/health with a
bearer token) measured right before it. Writes run last; they add rows to the database.

  --data DIR                 the data directory (default: $DATA_DIR, else ./data)
  --connections N            connections of the throughput runs (default 64)
  --latency-connections N    connections of the latency runs (default 8)
  --duration S               seconds of each throughput run (default 3; the lead's runs use 10)
  --latency-duration S       seconds of each latency run (default half of --duration, at least 1)
  --ceiling-duration S       seconds of the ceiling run before each route (default a third of --duration, at least 1)
  --only a,b                 route ids or groups to run (the ceiling and the bare server always run)
  --skip a,b                 route ids or groups to leave out (e.g. writes)
  --api rest,trpc            which API paths (default both)
  --timeout S                a request unanswered after S seconds counts as an error (default 10)
  --star-rate N              posts per second by the star in the "star posts" scenario (default 2)
  --stall-route ID           the route looped in the stall scenario (default: the slowest read measured)
  --json FILE                where the results go (default bench-results/latest.json)
  --database-url URL         run the server on this PostgreSQL database (default: $BENCH_DATABASE_URL), a copy of
                             --data's community made with npm run migrate-to-postgres (the routes' subjects are
                             read from the SQLite file); without it, on the SQLite file
  --processes N              server processes sharing the port (PostgreSQL only; default 1); RSS is their sum
  --write-doc                replace the "Latest results" section of docs/performance.md
  --build                    rebuild the web client first (by default only when it is missing)
  --no-build                 never build the web client (the API does not need it)

Groups and route ids:
`;

// ---------------------------------------------------------------------------------------------
// Options

const { values: args } = parseArgs({
  options: {
    data: { type: "string" },
    connections: { type: "string", default: "64" },
    "latency-connections": { type: "string", default: "8" },
    duration: { type: "string", default: "3" },
    "latency-duration": { type: "string" },
    "ceiling-duration": { type: "string" },
    only: { type: "string" },
    skip: { type: "string" },
    api: { type: "string", default: "rest,trpc" },
    timeout: { type: "string", default: "10" },
    "star-rate": { type: "string", default: "2" },
    "stall-route": { type: "string" },
    json: { type: "string" },
    "database-url": { type: "string" },
    processes: { type: "string", default: "1" },
    "write-doc": { type: "boolean", default: false },
    build: { type: "boolean", default: false },
    "no-build": { type: "boolean", default: false },
    help: { type: "boolean", default: false },
  },
  strict: true,
});

function positive(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) {
    console.error(`--${name} must be a positive number (got "${value}").`);
    process.exit(2);
  }
  return n;
}

const CONNECTIONS = Math.round(positive("connections", args.connections, 64));
const LATENCY_CONNECTIONS = Math.round(positive("latency-connections", args["latency-connections"], 8));
const DURATION = positive("duration", args.duration, 3);
const LATENCY_DURATION = positive("latency-duration", args["latency-duration"], Math.max(1, DURATION / 2));
const CEILING_DURATION = positive("ceiling-duration", args["ceiling-duration"], Math.max(1, DURATION / 3));
/**
 * A route whose single answer takes long would leave CONNECTIONS requests queued in the server
 * after each run (64 x 8 s of suggestions = 8 minutes) and spoil the runs after it: such a route
 * runs with as many connections as answer within this many milliseconds one after the other, and
 * for at least three answers' time. The server answers one request at a time, so its requests/s
 * hardly depend on the connection count; the row says so.
 */
const QUEUE_BUDGET_MS = 10_000;
const TIMEOUT = positive("timeout", args.timeout, 10);
const STAR_RATE = positive("star-rate", args["star-rate"], 2);
const APIS = new Set(
  args.api
    .split(",")
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean),
);
for (const a of APIS) {
  if (a !== "rest" && a !== "trpc") {
    console.error(`--api takes rest, trpc or both (got "${a}").`);
    process.exit(2);
  }
}
const listOf = (s: string | undefined) =>
  s
    ? new Set(
        s
          .split(",")
          .map((x) => x.trim())
          .filter(Boolean),
      )
    : null;
const ONLY = listOf(args.only);
const SKIP = listOf(args.skip) ?? new Set<string>();
const DATA_DIR = path.resolve(args.data ?? process.env.DATA_DIR ?? "data");
const DATABASE_URL = args["database-url"] ?? process.env.BENCH_DATABASE_URL;
const PROCESSES = Math.round(positive("processes", args.processes, 1));
if (DATABASE_URL && args["write-doc"]) {
  console.error(
    '--write-doc replaces the SQLite table of docs/performance.md ("Latest results"); a PostgreSQL run goes beside it by hand.',
  );
  process.exit(2);
}
if (PROCESSES > 1 && !DATABASE_URL) {
  console.error("--processes above 1 needs PostgreSQL (--database-url): SQLite serves one process.");
  process.exit(2);
}
/** How the table names the engine: "SQLite", or "PostgreSQL, 2 processes". */
const ENGINE = DATABASE_URL ? `PostgreSQL, ${PROCESSES} process${PROCESSES > 1 ? "es" : ""}` : "SQLite";
const JSON_FILE = path.resolve(args.json ?? path.join(ROOT, "bench-results/latest.json"));
const CLIENT_DIR = path.resolve(ROOT, process.env.CLIENT_DIR ?? "dist/client");

// ---------------------------------------------------------------------------------------------
// The routes

type Api = "rest" | "trpc";
interface RouteDef {
  id: string;
  group: string;
  kind: "read" | "write";
  label: string;
  api: Api;
  /** The requests a connection sends in turn; null when the route cannot run (see missing). */
  requests: LoadRequest[] | null;
  /** Values of __TARGET__ (one contact request each). */
  targets?: number[];
  missing?: string;
  note?: string;
}

/** Route ids and groups, in the order they run (writes last; the stall scenario before them). */
const CATALOGUE: Array<{ id: string; group: string; label: string }> = [
  { id: "feed-typical", group: "feed", label: "home feed, typical member" },
  { id: "feed-following2000", group: "feed", label: "home feed, member following 2,000" },
  { id: "feed-starfollower", group: "feed", label: "home feed, follower of a 30k-follower member" },
  { id: "profile", group: "profile", label: "profile of another member" },
  { id: "contacts", group: "contacts", label: "My Contacts" },
  { id: "requests", group: "contacts", label: "Requests" },
  { id: "following", group: "contacts", label: "People I Follow" },
  { id: "followers", group: "contacts", label: "People Following Me" },
  { id: "find-contacts", group: "contacts", label: "Find Contacts (suggestion strip)" },
  { id: "search-2", group: "search", label: "navbar search, 2 characters" },
  { id: "search-3", group: "search", label: "navbar search, 3 characters" },
  { id: "search-5", group: "search", label: "navbar search, 5 characters" },
  { id: "search-results", group: "search", label: "search results (a name, 50)" },
  { id: "suggestions", group: "suggestions", label: "suggestions (right column)" },
  { id: "messages", group: "messages", label: "messenger list" },
  { id: "message-search", group: "messages", label: "message search" },
  { id: "unread", group: "messages", label: "unread count" },
  { id: "notifications", group: "notifications", label: "notifications" },
  { id: "stall", group: "stall", label: "stall: ceiling while one client loops the slowest route" },
  { id: "post", group: "writes", label: "write: a post" },
  { id: "reply", group: "writes", label: "write: a reply" },
  { id: "message", group: "writes", label: "write: a message" },
  { id: "request", group: "writes", label: "write: a contact request" },
  { id: "star", group: "writes", label: "write: a 30k-follower member posts while followers read" },
];
const CEILING_IDS = ["bare", "health", "health-token"];

if (args.help) {
  const groups = new Map<string, string[]>();
  for (const r of CATALOGUE) groups.set(r.group, [...(groups.get(r.group) ?? []), r.id]);
  console.log(
    HELP + [`  health: ${CEILING_IDS.join(", ")} (always run)`, ...[...groups].map(([g, ids]) => `  ${g}: ${ids.join(", ")}`)].join("\n"),
  );
  process.exit(0);
}
for (const name of [...(ONLY ?? []), ...SKIP]) {
  if (![...CATALOGUE.flatMap((r) => [r.id, r.group]), ...CEILING_IDS].includes(name)) {
    console.error(`Unknown route or group "${name}". See npm run bench -- --help.`);
    process.exit(2);
  }
}
const wanted = (id: string) => {
  const entry = CATALOGUE.find((r) => r.id === id)!;
  if (SKIP.has(id) || SKIP.has(entry.group)) return false;
  return !ONLY || ONLY.has(id) || ONLY.has(entry.group);
};

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const rest = (method: LoadRequest["method"], p: string, token: string): LoadRequest => ({ method, path: p, headers: bearer(token) });
const trpcGet = (proc: string, input: unknown, token: string): LoadRequest => ({
  method: "GET",
  path: `/trpc/${proc}?batch=1&input=${encodeURIComponent(JSON.stringify(input === undefined ? {} : { 0: input }))}`,
  headers: bearer(token),
});
/** A tRPC mutation as httpBatchLink sends it; `raw` lets a placeholder (__TARGET__) stand for a number. */
const trpcPost = (proc: string, input: unknown, token: string, raw?: string): LoadRequest => ({
  method: "POST",
  path: `/trpc/${proc}?batch=1`,
  headers: { ...bearer(token), "Content-Type": "application/json" },
  body: raw ?? JSON.stringify({ 0: input }),
});
const q = encodeURIComponent;
/** The first page of an infinite query, as the web client asks for it. */
const firstPage = (input: Record<string, unknown>) => ({ ...input, direction: "forward" });

// ---------------------------------------------------------------------------------------------
// Measuring

interface Ctx {
  load: LoadGenerator;
  baseUrl: string;
  /** The server's processes (their RSS is summed). */
  pid: number[];
  healthToken: LoadRequest;
  /** A health answer within this many ms means the server has nothing queued (see settle). */
  quickMs: number;
  server: SidelineServer;
}

function spec(url: string, requests: LoadRequest[], connections: number, duration: number, extra: Partial<LoadSpec> = {}): LoadSpec {
  return { url, connections, duration, timeout: TIMEOUT, requests, ...extra };
}

const measureOf = (r: LoadResult): Measure => ({ rps: r.rps, p50: r.p50, p99: r.p99, errors: r.non2xx + r.errors });

function errorDetail(results: LoadResult[]): Row["errorDetail"] {
  const statusCodes: Record<string, number> = {};
  for (const r of results) for (const [code, n] of Object.entries(r.statusCodes)) statusCodes[code] = (statusCodes[code] ?? 0) + n;
  return {
    non2xx: results.reduce((n, r) => n + r.non2xx, 0),
    errors: results.reduce((n, r) => n + r.errors, 0),
    timeouts: results.reduce((n, r) => n + r.timeouts, 0),
    statusCodes,
  };
}

/** How long one health answer takes on the idle server (median of 7): what "quick" means for settle(). */
async function idleHealthMs(baseUrl: string): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 7; i++) {
    const t = performance.now();
    await (await fetch(`${baseUrl}/api/health`)).arrayBuffer();
    times.push(performance.now() - t);
  }
  return times.sort((a, b) => a - b)[3]!;
}

/** Waits until the server answers health quickly again (requests queued by a slow route drain). */
async function settle(ctx: Ctx): Promise<number> {
  const started = performance.now();
  let quick = 0;
  while (performance.now() - started < 120_000) {
    if (!ctx.server.running())
      throw new Error(`The server exited during the run. Its last lines:\n${ctx.server.output().slice(-30).join("\n")}`);
    const t = performance.now();
    try {
      await (await fetch(`${ctx.baseUrl}/api/health`)).arrayBuffer();
    } catch {
      // a refused connection counts as slow
    }
    if (performance.now() - t < ctx.quickMs) {
      if (++quick >= 3) break;
    } else {
      quick = 0;
    }
  }
  return performance.now() - started;
}

function substitute(text: string, target?: number) {
  return text.replaceAll("__SEQ__", "check").replaceAll("__TARGET__", String(target ?? 0));
}

/** Sends the request once (as a check, and to warm the caches); answers its status and the start of its body. */
async function probe(ctx: Ctx, r: LoadRequest, target?: number): Promise<{ status: number; body: string; ms: number }> {
  const started = performance.now();
  const res = await fetch(`${ctx.baseUrl}${substitute(r.path, target)}`, {
    method: r.method,
    headers: r.headers,
    body: r.body === undefined ? undefined : substitute(r.body, target),
  });
  const body = (await res.text()).slice(0, 300);
  return { status: res.status, body, ms: performance.now() - started };
}

function emptyRow(def: { id: string; group: string; kind: Row["kind"]; api: Row["api"]; label: string }, note: string): Row {
  return {
    id: def.id,
    group: def.group,
    kind: def.kind,
    api: def.api,
    label: def.label,
    request: "",
    main: null,
    latency: null,
    ratioOf: null,
    baseRps: null,
    ratio: null,
    errors: 0,
    errorDetail: { non2xx: 0, errors: 0, timeouts: 0, statusCodes: {} },
    rssMB: null,
    note,
  };
}

const describeRequest = (r: LoadRequest, rotation: number) =>
  `${r.method} ${decodeURIComponent(r.path)}${r.body ? ` ${r.body}` : ""}${rotation > 1 ? ` (and ${rotation - 1} more in turn)` : ""}`;

function log(line: string) {
  console.error(line);
}

function summary(row: Row): string {
  const m = row.main;
  const l = row.latency;
  const parts = [`${row.id} ${row.api}`.padEnd(26)];
  if (m)
    parts.push(
      `${m.rps.toFixed(0).padStart(7)} req/s`,
      row.ratio !== null ? `ratio ${row.ratio.toFixed(3)}` : "",
      `p50 ${m.p50} ms p99 ${m.p99} ms`,
    );
  if (l) parts.push(`@${LATENCY_CONNECTIONS}: p50 ${l.p50} ms p99 ${l.p99} ms`);
  if (row.cpu) parts.push(describeCpu(row.cpu));
  if (row.errors) parts.push(`errors ${row.errors}`);
  if (row.note) parts.push(`(${row.note})`);
  return parts.filter(Boolean).join("  ");
}

/** CPU per request at the main connection count: the server, PostgreSQL, the load generator, and the machine's use. */
function describeCpu(cpu: CpuPerRequest): string {
  const db = cpu.dbUs === null ? "" : ` + PostgreSQL ${cpu.dbUs.toFixed(0)}`;
  return `cpu/request µs: app ${cpu.appUs.toFixed(0)}${db} + load ${cpu.loadUs.toFixed(0)} (machine ${(cpu.machineBusy * 100).toFixed(0)}% busy)`;
}

/** The ceiling right before, the route at CONNECTIONS, then at LATENCY_CONNECTIONS. */
async function measureRoute(ctx: Ctx, def: RouteDef): Promise<Row> {
  const base = { id: def.id, group: def.group, kind: def.kind, api: def.api, label: def.label } as const;
  if (!def.requests) return emptyRow(base, def.missing ?? "cannot run");
  const notes: string[] = def.note ? [def.note] : [];
  let targets = def.targets;
  let checkTarget: number | undefined;
  if (targets) {
    if (targets.length < 2) return emptyRow(base, "no member left to ask (every member is linked to the subject already)");
    checkTarget = targets[0];
    targets = targets.slice(1);
  }
  // Each request once (a check, and the caches warmed), then the first again, timed.
  for (const r of def.requests) {
    const answer = await probe(ctx, r, checkTarget);
    if (answer.status < 200 || answer.status > 299) {
      return emptyRow(base, `not measured: ${describeRequest(r, 1)} answered ${answer.status} ${answer.body.replace(/\s+/g, " ")}`);
    }
  }
  const single = def.kind === "read" ? (await probe(ctx, def.requests[0]!)).ms : 0;
  const fit = (wantedConnections: number) => Math.max(1, Math.min(wantedConnections, Math.floor(QUEUE_BUDGET_MS / Math.max(single, 1))));
  const runFor = (seconds: number) => Math.max(seconds, Math.min(60, Math.ceil((3 * single) / 1000)));
  if (fit(CONNECTIONS) < CONNECTIONS) {
    notes.push(
      `slow: one answer took ${single.toFixed(0)} ms, so ${fit(CONNECTIONS)} connections (not ${CONNECTIONS}) for ${runFor(DURATION)} s`,
    );
  }

  const [ceiling] = await ctx.load.run([spec(ctx.baseUrl, [ctx.healthToken], CONNECTIONS, CEILING_DURATION)]);
  await settle(ctx);
  const stopRss = sampleRss(ctx.pid);
  // Each contact request needs a member not asked before: the two runs take their own targets.
  const half = targets ? Math.floor(targets.length / 2) : 0;
  const extra = (part: 0 | 1): Partial<LoadSpec> => {
    if (!targets) return {};
    const mine = part === 0 ? targets.slice(0, half) : targets.slice(half);
    return { targets: mine, maxOverallRequests: mine.length };
  };
  const connectionsFor = (part: 0 | 1, wantedConnections: number) =>
    targets ? Math.max(1, Math.min(wantedConnections, part === 0 ? half : targets.length - half)) : fit(wantedConnections);
  const c64 = connectionsFor(0, CONNECTIONS);
  const stopCpu = countCpu(ctx.pid, ctx.load.pid, Boolean(DATABASE_URL));
  const [main] = await ctx.load.run([spec(ctx.baseUrl, def.requests, c64, runFor(DURATION), extra(0))]);
  const cpu = stopCpu(main!.ok + main!.non2xx);
  const busy = await settle(ctx);
  if (busy > 1_000) notes.push(`server busy ${(busy / 1000).toFixed(1)} s after the run`);
  const c8 = connectionsFor(1, LATENCY_CONNECTIONS);
  const [latency] = await ctx.load.run([spec(ctx.baseUrl, def.requests, c8, runFor(LATENCY_DURATION), extra(1))]);
  await settle(ctx);
  const rss = stopRss();
  if (targets && (main!.ok >= half || latency!.ok >= targets.length - half)) {
    notes.push(`ran out of members to ask (${targets.length}): the run stopped early`);
  }
  if (targets && c64 !== CONNECTIONS) notes.push(`${c64} connections (as many as members to ask)`);
  const detail = errorDetail([main!, latency!]);
  const row: Row = {
    ...base,
    request: describeRequest(def.requests[0]!, def.requests.length),
    main: measureOf(main!),
    latency: measureOf(latency!),
    ratioOf: "ceiling",
    baseRps: ceiling!.rps,
    ratio: ceiling!.rps > 0 ? main!.rps / ceiling!.rps : null,
    errors: detail.non2xx + detail.errors,
    errorDetail: detail,
    rssMB: rss,
    cpu,
    note: notes.join("; "),
  };
  if (detail.non2xx) row.note = [row.note, `answers: ${JSON.stringify(detail.statusCodes)}`].filter(Boolean).join("; ");
  return row;
}

/** The bare server and the ceiling (health without and with a token), each at both connection counts. */
async function measureCeiling(
  ctx: Ctx,
  id: string,
  label: string,
  url: string,
  request: LoadRequest,
  pid: number | number[] | undefined,
  bareRps: number | null,
): Promise<Row> {
  const stopRss = sampleRss(pid);
  const [main] = await ctx.load.run([spec(url, [request], CONNECTIONS, DURATION)]);
  await settle(ctx);
  const [latency] = await ctx.load.run([spec(url, [request], LATENCY_CONNECTIONS, LATENCY_DURATION)]);
  await settle(ctx);
  const rss = stopRss();
  const detail = errorDetail([main!, latency!]);
  return {
    id,
    group: "health",
    kind: "ceiling",
    api: id === "bare" ? "bare" : "rest",
    label,
    request: describeRequest(request, 1).replace(/Bearer \S+/, "Bearer …"),
    main: measureOf(main!),
    latency: measureOf(latency!),
    ratioOf: bareRps === null ? null : "bare",
    baseRps: bareRps,
    ratio: bareRps ? main!.rps / bareRps : null,
    errors: detail.non2xx + detail.errors,
    errorDetail: detail,
    rssMB: id === "bare" ? null : rss,
    note: id === "bare" ? "a tiny Bun.serve in its own process answering a constant" : "",
  };
}

// ---------------------------------------------------------------------------------------------
// Run

async function login(baseUrl: string, subject: Subject, password: string): Promise<{ token: string; memberId: number } | string> {
  const res = await fetch(`${baseUrl}/api/account/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: subject.email, password }),
  });
  const body = (await res.json().catch(() => ({}))) as { accessToken?: string; memberID?: string; message?: string };
  if (res.status !== 200 || !body.accessToken)
    return `login of ${subject.role} (${subject.email}) answered ${res.status} ${body.message ?? "without a token"}`;
  return { token: body.accessToken, memberId: Number(body.memberID) };
}

function machine(load: LoadGenerator): Machine {
  return {
    cores: os.availableParallelism(),
    memoryGB: os.totalmem() / 1024 ** 3,
    cpu: os.cpus()[0]?.model.trim() ?? "unknown CPU",
    os: `${os.type()} ${os.release()}`,
    loadAverage: os.loadavg(),
    bun: Bun.version,
    node: load.node,
    autocannon: load.autocannon,
  };
}

async function main() {
  if (!existsSync(path.join(DATA_DIR, "sideline.db"))) {
    console.error(
      `No database at ${path.join(DATA_DIR, "sideline.db")}. Generate one first, e.g.\n  DATA_DIR=${DATA_DIR} npm run seed -- --members 100000\nthen: npm run bench -- --data ${DATA_DIR}`,
    );
    process.exit(2);
  }
  const missingClient = !existsSync(path.join(CLIENT_DIR, "index.html"));
  if (args.build || (missingClient && !args["no-build"])) {
    log(`building the web client into ${CLIENT_DIR} ...`);
    const built = Bun.spawnSync([BUN, "scripts/build-client.ts"], {
      cwd: ROOT,
      env: { ...process.env, CLIENT_DIR },
      stdout: "inherit",
      stderr: "inherit",
    });
    if (built.exitCode !== 0) throw new Error("the client build failed");
  }

  const load = await startLoadGenerator();
  const bare = await startBare();
  const server = await startSideline(DATA_DIR, CLIENT_DIR, { databaseUrl: DATABASE_URL, processes: PROCESSES });
  const cleanups: Array<() => Promise<void>> = [() => load.stop(), () => bare.stop(), () => server.stop()];
  const stopAll = async () => {
    for (const f of cleanups.splice(0).reverse()) await f().catch(() => {});
  };
  process.once("SIGINT", () => void stopAll().then(() => process.exit(130)));
  try {
    await run(load, bare, server);
  } finally {
    await stopAll();
  }
}

async function run(load: LoadGenerator, bare: { baseUrl: string; pid: number | undefined }, server: SidelineServer) {
  const startedAt = new Date();
  const idleRss = rssMB(server.pids);
  log(`server up in ${server.startupMs.toFixed(0)} ms (RSS ${idleRss?.toFixed(0) ?? "?"} MB); ${ENGINE}; data: ${DATA_DIR}`);
  const db = openReadOnly(DATA_DIR);
  const community: Community = readCommunity(db, DATA_DIR);
  log(`data: ${describeSizes(community.sizes)}`);
  for (const note of community.notes) log(`note: ${note}`);

  // Sign the subjects in over the REST API.
  const tokens = new Map<number, string>();
  const notes = [...community.notes];
  const fanOut = await waitForFanOut(DATA_DIR, DATABASE_URL, log);
  if (fanOut.backlog > 0) {
    const left = fanOut.left ? `, ${fanOut.left} still queued` : "";
    notes.push(
      `Before the run: the fan-out of ${fanOut.backlog} posts an earlier run queued, ${(fanOut.waitedMs / 1000).toFixed(0)} s${left}.`,
    );
  }
  const signIn = async (s: Subject | undefined): Promise<{ token: string; memberId: number } | undefined> => {
    if (!s) return undefined;
    const known = tokens.get(s.memberId);
    if (known) return { token: known, memberId: s.memberId };
    const result = await login(server.baseUrl, s, community.password);
    if (typeof result === "string") {
      notes.push(result);
      log(`note: ${result}`);
      return undefined;
    }
    tokens.set(result.memberId, result.token);
    return result;
  };
  const typical = await signIn(community.typical);
  const following = await signIn(community.following2000);
  const starFollower = await signIn(community.starFollower);
  const star = await signIn(community.star);

  const healthToken: LoadRequest = typical ? rest("GET", "/api/health", typical.token) : { method: "GET", path: "/api/health" };
  if (!typical) notes.push("No typical member signed in: the ceiling is measured without a token.");
  const ctx: Ctx = {
    load,
    baseUrl: server.baseUrl,
    pid: server.pids,
    healthToken,
    quickMs: Math.max(50, 5 * (await idleHealthMs(server.baseUrl))),
    server,
  };
  const rows: Row[] = [];
  const done = (row: Row) => {
    rows.push(row);
    log(summary(row));
  };

  // What the routes need, read once.
  const T = typical;
  const profiles = T ? profileTargets(db, T.memberId, 20) : [];
  const terms = searchTerms(db, community.searchTerms);
  const msgWord = T ? messageSearchWord(db, T.memberId) : "game";
  const needsTargets = wanted("request") && T;
  const targetPool = needsTargets
    ? requestTargets(db, T.memberId, Math.max(2_000, Math.ceil(2_500 * (DURATION + LATENCY_DURATION)) * 2 + 4))
    : [];
  // A contact's post to reply to (not the member's own: a run's posts would otherwise be the
  // newest, and a reply to one's own post notifies nobody).
  const replyTo = T && wanted("reply") ? newestContactPost(db, T.memberId) : undefined;
  db.close();
  // A contact who takes messages.
  let recipient: number | undefined;
  if (T && wanted("message")) {
    const recipients = (await (
      await fetch(`${server.baseUrl}${trpcGet("messages.recipients", { text: "", limit: 10 }, T.token).path}`, { headers: bearer(T.token) })
    ).json()) as Array<{ result?: { data?: Array<{ memberId: number }> } }>;
    recipient = recipients[0]?.result?.data?.[0]?.memberId;
  }

  // The catalogue with its requests, for each API.
  const defs: RouteDef[] = [];
  const add = (id: string, build: Partial<Record<Api, LoadRequest[] | null>>, missing?: string, extra: Partial<RouteDef> = {}) => {
    const entry = CATALOGUE.find((r) => r.id === id)!;
    if (!wanted(id)) return;
    for (const api of ["rest", "trpc"] as const) {
      if (!APIS.has(api) || !(api in build)) continue;
      const requests = missing ? null : (build[api] ?? null);
      defs.push({
        id,
        group: entry.group,
        kind: entry.group === "writes" ? "write" : "read",
        label: entry.label,
        api,
        requests,
        missing,
        ...extra,
      });
    }
  };
  const noSubject = (role: string) => `no ${role} subject (see the notes)`;
  const feedRoute = (id: string, who: typeof T, role: string, note?: string) =>
    add(
      id,
      {
        rest: who ? [rest("GET", `/api/member/getRecentPosts/${who.memberId}`, who.token)] : null,
        trpc: who ? [trpcGet("feed.page", firstPage({ limit: POSTS_PER_PAGE }), who.token)] : null,
      },
      who ? undefined : noSubject(role),
      note ? { note } : {},
    );
  const standIn = (s: Subject | undefined) => (s?.note ? `member ${s.memberId}: ${s.note}` : undefined);
  feedRoute("feed-typical", T, "typical", standIn(community.typical));
  feedRoute("feed-following2000", following, "following2000", standIn(community.following2000));
  feedRoute("feed-starfollower", starFollower, "starFollower", standIn(community.starFollower));
  const t = T?.token ?? "";
  const me = T?.memberId ?? 0;
  const noTypical = T ? undefined : noSubject("typical");
  add(
    "profile",
    {
      rest: profiles.map((id) => rest("GET", `/api/member/GetMemberGeneralInfoV2?memberID=${id}`, t)),
      trpc: profiles.map((id) => trpcGet("profiles.view", { memberId: id }, t)),
    },
    noTypical ?? (profiles.length ? undefined : "no other member"),
    { note: `${profiles.length} members in turn` },
  );
  const list = (id: string, restPath: string, proc: string) =>
    add(id, { rest: [rest("GET", restPath, t)], trpc: [trpcGet(proc, firstPage({ limit: 30 }), t)] }, noTypical);
  list("contacts", `/api/contact/GetMemberContacts?memberID=${me}&show=All`, "contacts.contacts");
  list("requests", `/api/contact/GetRequestsList?memberID=${me}`, "contacts.requests");
  list("following", `/api/contact/GetPeopleIFollow?memberID=${me}`, "contacts.following");
  list("followers", `/api/contact/GetWhosFollowingMe?memberID=${me}`, "contacts.followers");
  // The web client's Find Contacts strip is the same call as its suggestions (search.suggestions, 12).
  add("find-contacts", { rest: [rest("GET", `/api/contact/GetMemberContactSuggestions?memberID=${me}`, t)] }, noTypical);
  for (const len of [2, 3, 5] as const) {
    const words = terms.byLength[len];
    add(
      `search-${len}`,
      {
        rest: words.map((w) => rest("GET", `/api/contact/SearchResults?memberID=${me}&searchText=${q(w)}`, t)),
        trpc: words.map((w) => trpcGet("search.members", { text: w, limit: 10 }, t)),
      },
      noTypical ?? (words.length ? undefined : `no name has ${len} letters`),
      { note: `${words.length} prefixes in turn (${words.slice(0, 3).join(", ")}…)` },
    );
  }
  add(
    "search-results",
    {
      rest: terms.words.map((w) => rest("GET", `/api/contact/SearchAllResults?memberID=${me}&searchText=${q(w)}`, t)),
      trpc: terms.words.map((w) => trpcGet("search.members", { text: w, limit: 50 }, t)),
    },
    noTypical ?? (terms.words.length ? undefined : "no names"),
    { note: `${terms.words.length} names in turn (${terms.words.slice(0, 3).join(", ")}…)` },
  );
  add(
    "suggestions",
    { rest: [rest("GET", `/api/contact/GetMemberSuggestions?memberID=${me}`, t)], trpc: [trpcGet("search.suggestions", { limit: 12 }, t)] },
    noTypical,
  );
  add(
    "messages",
    {
      rest: [rest("GET", `/api/message/GetMemberMessages/${me}?showType=All&limit=${MESSAGES_PER_PAGE}`, t)],
      trpc: [trpcGet("messages.list", firstPage({ view: "all", limit: MESSAGES_PER_PAGE }), t)],
    },
    noTypical,
  );
  add(
    "message-search",
    {
      rest: [rest("GET", `/api/message/SearchMessages/${me}?searchKey=${q(msgWord)}&limit=${MESSAGES_PER_PAGE}`, t)],
      trpc: [trpcGet("messages.list", firstPage({ view: "all", search: msgWord, limit: MESSAGES_PER_PAGE }), t)],
    },
    noTypical,
    { note: `"${msgWord}"` },
  );
  add(
    "unread",
    { rest: [rest("GET", `/api/message/GetTotalUnreadMessages/${me}`, t)], trpc: [trpcGet("messages.unreadCount", undefined, t)] },
    noTypical,
  );
  add(
    "notifications",
    {
      rest: [rest("GET", `/api/message/GetMemberNotifications/${me}?showType=All`, t)],
      trpc: [trpcGet("notifications.list", firstPage({ view: "all" }), t)],
    },
    noTypical,
  );
  const reads = defs.filter((d) => d.kind === "read");
  add(
    "post",
    {
      rest: [rest("POST", `/api/member/SavePosts/${me}/0?postMsg=${q("bench post __SEQ__")}`, t)],
      trpc: [trpcPost("feed.post", { text: "bench post __SEQ__" }, t)],
    },
    noTypical,
  );
  add(
    "reply",
    {
      rest: [rest("POST", `/api/member/SavePosts/${me}/${replyTo}?postMsg=${q("bench reply __SEQ__")}`, t)],
      trpc: [trpcPost("feed.reply", { postId: replyTo, text: "bench reply __SEQ__" }, t)],
    },
    noTypical ?? (replyTo ? undefined : "no post in the typical member's feed"),
  );
  add(
    "message",
    {
      rest: [
        rest(
          "POST",
          `/api/message/CreateMessage?to=${recipient}&from=${me}&subject=${q("bench __SEQ__")}&body=${q("A message from npm run bench.")}`,
          t,
        ),
      ],
      trpc: [trpcPost("messages.send", { toMemberId: recipient, subject: "bench __SEQ__", body: "A message from npm run bench." }, t)],
    },
    noTypical ?? (recipient ? undefined : "the typical member has no contact who takes messages"),
  );
  // Each contact request goes to a member not linked to the typical member; REST and tRPC take their own.
  const halfPool = Math.floor(targetPool.length / (APIS.size || 1));
  add(
    "request",
    {
      rest: [rest("PUT", `/api/contact/SendRequestContact?memberID=${me}&contactID=__TARGET__`, t)],
      trpc: [trpcPost("contacts.sendRequest", null, t, `{"0":{"memberId":__TARGET__}}`)],
    },
    noTypical,
  );
  let poolAt = 0;
  for (const d of defs) {
    if (d.id !== "request") continue;
    d.targets = targetPool.slice(poolAt, poolAt + halfPool);
    poolAt += halfPool;
  }

  const writes = defs.filter((d) => d.kind === "write");
  const estimate =
    3 * (DURATION + LATENCY_DURATION + 0.5) +
    (reads.length + writes.length) * (CEILING_DURATION + DURATION + LATENCY_DURATION + 0.8) +
    (wanted("stall") ? 2 * DURATION + 1 : 0) +
    (wanted("star") ? 2 * DURATION + 1 : 0);
  log(
    `${reads.length} reads and ${writes.length} writes at ${CONNECTIONS} connections for ${DURATION} s and ${LATENCY_CONNECTIONS} for ${LATENCY_DURATION} s, ` +
      `each after ${CEILING_DURATION} s of the ceiling: about ${(estimate / 60).toFixed(1)} min`,
  );

  // The reference and the ceiling.
  const bareRow = await measureCeiling(
    ctx,
    "bare",
    "bare Bun.serve answering a constant",
    bare.baseUrl,
    { method: "GET", path: "/" },
    bare.pid,
    null,
  );
  done(bareRow);
  done(
    await measureCeiling(
      ctx,
      "health",
      "`GET /api/health` without a token",
      server.baseUrl,
      { method: "GET", path: "/api/health" },
      server.pids,
      bareRow.main!.rps,
    ),
  );
  done(
    await measureCeiling(
      ctx,
      "health-token",
      "`GET /api/health` with a bearer token (the ceiling)",
      server.baseUrl,
      healthToken,
      server.pids,
      bareRow.main!.rps,
    ),
  );

  for (const def of reads) done(await measureRoute(ctx, def));

  // One client loops the slowest read while the ceiling is measured: how much of it is left.
  if (wanted("stall")) {
    const slowest = rows.filter((r) => r.kind === "read" && r.main && r.main.rps > 0).sort((a, b) => a.main!.rps - b.main!.rps)[0];
    const named = args["stall-route"];
    const chosen = named
      ? reads.find((d) => d.id === named && d.requests)
      : slowest
        ? reads.find((d) => d.id === slowest.id && d.api === slowest.api)
        : reads.find((d) => d.id === "suggestions" && d.requests);
    const base = {
      id: "stall",
      group: "stall",
      kind: "scenario",
      api: chosen?.api ?? "rest",
      label: CATALOGUE.find((r) => r.id === "stall")!.label,
    } as const;
    if (!chosen?.requests) {
      done(emptyRow(base, args["stall-route"] ? `no route ${args["stall-route"]} measured in this run` : "no read route measured"));
    } else {
      const [alone] = await load.run([spec(server.baseUrl, [healthToken], CONNECTIONS, DURATION)]);
      await settle(ctx);
      const stopRss = sampleRss(server.pids);
      const [during, looper] = await load.run([
        spec(server.baseUrl, [healthToken], CONNECTIONS, DURATION),
        spec(server.baseUrl, chosen.requests, 1, DURATION + 0.5),
      ]);
      const busy = await settle(ctx);
      const rss = stopRss();
      const detail = errorDetail([during!]);
      done({
        ...base,
        label: `stall: ceiling while one client loops "${chosen.label}"`,
        request: describeRequest(healthToken, 1).replace(/Bearer \S+/, "Bearer …"),
        main: measureOf(during!),
        latency: null,
        ratioOf: "alone",
        baseRps: alone!.rps,
        ratio: alone!.rps > 0 ? during!.rps / alone!.rps : null,
        errors: detail.non2xx + detail.errors,
        errorDetail: detail,
        rssMB: rss,
        note:
          `ceiling alone ${alone!.rps.toFixed(0)} req/s, p99 ${alone!.p99} ms; the looping client (${chosen.api}) got ${looper!.rps.toFixed(1)} req/s, ` +
          `p50 ${looper!.p50} ms` +
          (busy > 1_000 ? `; server busy ${(busy / 1000).toFixed(1)} s after` : ""),
      });
    }
  }

  for (const def of writes) done(await measureRoute(ctx, def));

  // The star posts while followers read their feeds: their p99 alone and during.
  if (wanted("star")) {
    const base = { id: "star", group: "writes", kind: "scenario", api: APIS.has("rest") ? "rest" : "trpc", label: "" } as const;
    const readers: Array<{ token: string; memberId: number }> = [];
    for (const s of community.starFollowers) {
      const signed = await signIn(s);
      if (signed) readers.push(signed);
    }
    if (!star || readers.length === 0) {
      done(
        emptyRow(
          { ...base, label: CATALOGUE.find((r) => r.id === "star")!.label },
          star ? "no follower of the star signed in" : noSubject("star"),
        ),
      );
    } else {
      const feedReq = (r: { token: string; memberId: number }) =>
        base.api === "rest"
          ? rest("GET", `/api/member/getRecentPosts/${r.memberId}`, r.token)
          : trpcGet("feed.page", firstPage({ limit: POSTS_PER_PAGE }), r.token);
      const postReq =
        base.api === "rest"
          ? rest("POST", `/api/member/SavePosts/${star.memberId}/0?postMsg=${q("bench star post __SEQ__")}`, star.token)
          : trpcPost("feed.post", { text: "bench star post __SEQ__" }, star.token);
      const readsReq = readers.map(feedReq);
      for (const r of [...readsReq, postReq]) {
        const answer = await probe(ctx, r);
        if (answer.status < 200 || answer.status > 299)
          throw new Error(`star scenario: ${describeRequest(r, 1)} answered ${answer.status} ${answer.body}`);
      }
      const followers = community.star?.note ?? community.star?.about ?? "";
      const stopRss = sampleRss(server.pids);
      const [alone] = await load.run([spec(server.baseUrl, readsReq, LATENCY_CONNECTIONS, DURATION)]);
      await settle(ctx);
      const [during, posts] = await load.run([
        spec(server.baseUrl, readsReq, LATENCY_CONNECTIONS, DURATION),
        spec(server.baseUrl, [postReq], 1, DURATION, { overallRate: STAR_RATE }),
      ]);
      const busy = await settle(ctx);
      const rss = stopRss();
      const aloneRow: Row = {
        ...emptyRow({ ...base, label: `feed of ${readers.length} followers of the star, alone` }, ""),
        request: describeRequest(readsReq[0]!, readsReq.length),
        latency: measureOf(alone!),
        errors: alone!.non2xx + alone!.errors,
        errorDetail: errorDetail([alone!]),
        rssMB: rss,
        note: `${alone!.rps.toFixed(0)} req/s at ${LATENCY_CONNECTIONS} connections; star = member ${star.memberId}${followers ? ` (${followers})` : ""}`,
      };
      aloneRow.id = "star-alone";
      const duringDetail = errorDetail([during!, posts!]);
      const p99Ratio = alone!.p99 > 0 ? during!.p99 / alone!.p99 : null;
      const duringRow: Row = {
        ...emptyRow({ ...base, label: `the same while the star posts (${STAR_RATE}/s)` }, ""),
        id: "star-during",
        request: describeRequest(postReq, 1),
        latency: measureOf(during!),
        errors: duringDetail.non2xx + duringDetail.errors,
        errorDetail: duringDetail,
        rssMB: rss,
        note:
          `feed p99 ${p99Ratio === null ? "?" : p99Ratio.toFixed(2)}× alone, ${during!.rps.toFixed(0)} req/s; the star's ${posts!.ok} posts: p50 ${posts!.p50} ms, p99 ${posts!.p99} ms` +
          (busy > 1_000 ? `; server busy ${(busy / 1000).toFixed(1)} s after` : ""),
      };
      done(aloneRow);
      done(duringRow);
    }
  }

  // Sign the bench's sessions out again.
  for (const token of tokens.values()) {
    await fetch(`${server.baseUrl}/api/account/logout`, { method: "POST", headers: bearer(token) }).catch(() => undefined);
  }

  const mach = machine(load);
  const serverLines = server.output();
  if (serverLines.length) notes.push(`the server wrote ${serverLines.length} warning or error lines; the last: ${serverLines.at(-1)}`);
  const table = renderTable(rows, CONNECTIONS, LATENCY_CONNECTIONS);
  const result = {
    version: 1,
    date: startedAt.toISOString(),
    machine: mach,
    data: { dir: DATA_DIR, fromCommunityJson: community.fromFile, sizes: community.sizes },
    options: {
      connections: CONNECTIONS,
      latencyConnections: LATENCY_CONNECTIONS,
      duration: DURATION,
      latencyDuration: LATENCY_DURATION,
      ceilingDuration: CEILING_DURATION,
      timeout: TIMEOUT,
      starRate: STAR_RATE,
      apis: [...APIS],
      only: ONLY ? [...ONLY] : null,
      skip: [...SKIP],
    },
    server: { engine: ENGINE, processes: PROCESSES, startupMs: server.startupMs, idleRssMB: idleRss },
    subjects: Object.fromEntries(
      (["typical", "following2000", "starFollower", "star"] as const).map((role) => [
        role,
        community[role] ? { ...community[role] } : null,
      ]),
    ),
    notes,
    rows,
    serverLog: serverLines.slice(-50),
  };
  mkdirSync(path.dirname(JSON_FILE), { recursive: true });
  writeFileSync(JSON_FILE, `${JSON.stringify(result, null, 2)}\n`);

  const header = [
    `Run of ${startedAt.toISOString().slice(0, 16).replace("T", " ")} UTC (${((Date.now() - startedAt.getTime()) / 1000).toFixed(0)} s).`,
    `Machine: ${describeMachine(mach)}.`,
    `Data: ${describeSizes(community.sizes)}${community.fromFile ? "" : " (not a generated community)"}.`,
    `Server: ${ENGINE}; start-up to the first answer ${server.startupMs.toFixed(0)} ms, RSS ${idleRss?.toFixed(0) ?? "?"} MB idle.`,
    `Load: ${CONNECTIONS} connections for ${DURATION} s (req/s, ratio, p50, p99), then ${LATENCY_CONNECTIONS} for ${LATENCY_DURATION} s (@${LATENCY_CONNECTIONS}); ` +
      `the ceiling for ${Number(CEILING_DURATION.toFixed(1))} s right before each route.` +
      (ONLY || SKIP.size
        ? ` Only part of the routes: ${[ONLY ? `--only ${[...ONLY].join(",")}` : "", SKIP.size ? `--skip ${[...SKIP].join(",")}` : ""].filter(Boolean).join(" ")}.`
        : ""),
  ];
  const text = [header.join("\n"), "", table, ...(notes.length ? ["", ...notes.map((n) => `- ${n}`)] : [])].join("\n");
  console.log(`\n${text}\n\nJSON: ${path.relative(process.cwd(), JSON_FILE) || JSON_FILE}`);
  if (args["write-doc"]) {
    const doc = path.join(ROOT, "docs/performance.md");
    writeDocSection(
      doc,
      header.map((l) => `${l}  `).join("\n") + `\n\n${table}\n${notes.length ? `\n${notes.map((n) => `- ${n}`).join("\n")}\n` : ""}`,
    );
    console.log(`docs/performance.md: "Latest results" replaced.`);
  }
}

await main();
