/**
 * The real Sideline server for REST contract tests (and the Playwright journeys): `bun
 * src/server/main.ts` as a child process with a fresh data directory, plus small HTTP helpers.
 * No test framework is imported here.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import BetterSqlite from "better-sqlite3";
import { cloneTestDatabase, isPostgresUrl, testEngine, testPool } from "./pg.ts";
import { freePort } from "./ports.ts";
import type { MailSink } from "./mail-sink.ts";
import { registrationCodeOf } from "./mail-sink.ts";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const BUN = path.join(ROOT, "node_modules/.bin/bun");
const MAIN = path.join(ROOT, "src/server/main.ts");

export { freePort };

/** The environment a child server starts from: only what a process needs, none of the caller's app settings. */
function baseEnv(): Record<string, string> {
  // CLIENT_DIR: the built web client to serve (lets two journey runs use separate builds).
  const keep = ["PATH", "HOME", "TMPDIR", "LANG", "TZ", "CLIENT_DIR"];
  return Object.fromEntries(keep.flatMap((k) => (process.env[k] ? [[k, process.env[k]]] : [])));
}

export interface ServerOptions {
  /** A fixed port (Playwright's baseURL); by default a free one. */
  port?: number;
  /** SMTP_URL (usually a mail sink's url). */
  smtpUrl?: string;
  /** Rate limits are off unless asked for. */
  rateLimits?: boolean;
  /** Extra or overriding environment (CORS_ORIGINS, PORT=abc ...). */
  env?: Record<string, string>;
  /** How long to wait for /api/health (default 20 s). */
  startTimeoutMs?: number;
  /**
   * Run on this data directory (a restart after a crash, a restored backup): it is created if
   * missing and kept on stop(). By default a fresh temporary one that stop() deletes.
   */
  dataDir?: string;
  /**
   * PostgreSQL pass: run on this database (a restart), kept on stop(). By default a fresh clone of
   * the migrated template (tests/support/pg.ts) that stop() drops. Ignored on SQLite.
   */
  databaseUrl?: string;
}

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  /** Path of the SQLite file the server uses (SQLite runs only). */
  dbFile: string;
  /** The server's database for openServerDb: its PostgreSQL URL, or the path of its SQLite file. */
  database: string;
  /** Its DATABASE_URL in the PostgreSQL pass. */
  databaseUrl?: string;
  /** Everything the server wrote to stdout and stderr so far. */
  output: () => string;
  /** Sends a signal (SIGKILL: a crash; SIGTERM: a shutdown) and resolves with the exit code once the process has exited (-1 when a signal ended it). */
  kill: (signal: NodeJS.Signals) => Promise<number | null>;
  stop: () => Promise<void>;
}

function spawnServer(options: ServerOptions, port: number, dataDir: string, databaseUrl?: string) {
  const env: Record<string, string> = {
    ...baseEnv(),
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    RATE_LIMITS: options.rateLimits ? "on" : "off",
    LOG_LEVEL: "debug",
    ...(options.smtpUrl ? { SMTP_URL: options.smtpUrl } : {}),
    ...options.env,
  };
  const child = spawn(BUN, [MAIN], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  child.stdout.setEncoding("utf8").on("data", (s: string) => (out += s));
  child.stderr.setEncoding("utf8").on("data", (s: string) => (out += s));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code, signal) => resolve(code ?? (signal ? -1 : null))));
  return { child, exited, output: () => out };
}

function waitForExit(child: ChildProcess, exited: Promise<unknown>, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return Promise.race([exited.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))]);
}

/** Starts the real server and resolves once GET /api/health answers 200; throws with its output otherwise. */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const port = options.port ?? (await freePort());
  const ownDataDir = !options.dataDir;
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), "sideline-test-"));
  const onPostgres = testEngine() === "postgres";
  const clone = onPostgres && !options.databaseUrl ? await cloneTestDatabase() : undefined;
  const databaseUrl = onPostgres ? (options.databaseUrl ?? clone?.url) : undefined;
  const { child, exited, output } = spawnServer(options, port, dataDir, databaseUrl);
  const baseUrl = `http://127.0.0.1:${port}`;

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      if (!(await waitForExit(child, exited, 5_000))) {
        child.kill("SIGKILL");
        await waitForExit(child, exited, 5_000);
      }
    }
    if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
    await clone?.drop();
  };
  const kill = (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    return exited;
  };

  const timeoutMs = options.startTimeoutMs ?? 20_000;
  const deadline = Date.now() + timeoutMs;
  let exitCode: number | null | undefined;
  void exited.then((code) => (exitCode = code));
  for (;;) {
    if (exitCode !== undefined) {
      await stop();
      throw new Error(`The server exited (code ${exitCode}) before answering /api/health. Its output:\n${output()}`);
    }
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The server did not answer /api/health within ${timeoutMs} ms. Its output:\n${output()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const dbFile = path.join(dataDir, "sideline.db");
  return { baseUrl, dataDir, dbFile, database: databaseUrl ?? dbFile, databaseUrl, output, kill, stop };
}

/** Runs the server with options that should make it refuse to start; resolves with its exit code and output. */
export async function runServerExpectingExit(options: ServerOptions, timeoutMs = 15_000): Promise<{ code: number | null; output: string }> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "sideline-test-"));
  const { child, exited, output } = spawnServer(options, port, dataDir);
  try {
    if (!(await waitForExit(child, exited, timeoutMs))) {
      child.kill("SIGKILL");
      await waitForExit(child, exited, 5_000);
      throw new Error(`The server was still running after ${timeoutMs} ms. Its output:\n${output()}`);
    }
    return { code: child.exitCode, output: output() };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The statements a test runs on a server's database; every answer is a promise, whatever the engine. */
export interface ServerDb {
  /** The first column of the first row (a count, an id). */
  value: <T = unknown>(sql: string, ...params: unknown[]) => Promise<T>;
  rows: <T = Record<string, unknown>>(sql: string, ...params: unknown[]) => Promise<T[]>;
  /** `changes`: the rows the statement wrote. */
  run: (sql: string, ...params: unknown[]) => Promise<{ changes: number }>;
  close: () => Promise<void>;
}

/** A synchronous call's answer (or error) as a promise. */
const later = <T>(answer: () => T): Promise<T> => new Promise((resolve) => resolve(answer()));

/**
 * A direct connection to a running server's database, for checking what was (not) written and for
 * setting up states no endpoint reaches (an expired code). Statements are written with `?`
 * placeholders. Close it before stopping the server.
 */
export function openServerDb(database: string): ServerDb {
  return isPostgresUrl(database) ? openPostgresServerDb(database) : openSqliteServerDb(database);
}

function openPostgresServerDb(url: string): ServerDb {
  const db = testPool(url);
  return {
    value: async <T>(sql: string, ...params: unknown[]) => (await db.query<[T]>(sql, params, "array")).rows[0]?.[0] as T,
    rows: async <T>(sql: string, ...params: unknown[]) => (await db.query(sql, params)).rows as T[],
    run: async (sql: string, ...params: unknown[]) => ({ changes: (await db.query(sql, params)).rowCount ?? 0 }),
    close: () => db.pool.end(),
  };
}

function openSqliteServerDb(dbFile: string): ServerDb {
  const db = new BetterSqlite(dbFile, { fileMustExist: true });
  db.pragma("busy_timeout = 5000");
  return {
    value: <T>(sql: string, ...params: unknown[]) =>
      later(
        () =>
          db
            .prepare(sql)
            .pluck()
            .get(...params) as T,
      ),
    rows: <T>(sql: string, ...params: unknown[]) => later(() => db.prepare(sql).all(...params) as T[]),
    run: (sql: string, ...params: unknown[]) => later(() => ({ changes: db.prepare(sql).run(...params).changes })),
    close: () => later(() => void db.close()),
  };
}

// ---------------------------------------------------------------------------------------------
// HTTP helpers

export interface ApiResponse {
  status: number;
  headers: Headers;
  text: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  json: any;
}

export interface RequestOptions {
  headers?: Record<string, string>;
  /** Sent as JSON (with Content-Type: application/json). */
  body?: unknown;
  /** Sent as it is. */
  rawBody?: string;
}

/** A tiny client for one server: paths are relative to baseUrl ("/api/account/login"). */
export function api(baseUrl: string) {
  async function request(method: string, pathAndQuery: string, options: RequestOptions = {}): Promise<ApiResponse> {
    const headers: Record<string, string> = { ...options.headers };
    let body: string | undefined = options.rawBody;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers["Content-Type"] ??= "application/json";
    }
    const res = await fetch(baseUrl + pathAndQuery, { method, headers, body, redirect: "manual" });
    const text = await res.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: res.status, headers: res.headers, text, json };
  }
  return {
    request,
    get: (p: string, o?: RequestOptions) => request("GET", p, o),
    post: (p: string, o?: RequestOptions) => request("POST", p, o),
    put: (p: string, o?: RequestOptions) => request("PUT", p, o),
    delete: (p: string, o?: RequestOptions) => request("DELETE", p, o),
  };
}
export type Api = ReturnType<typeof api>;

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** Query string from an object (values URL-encoded). */
export const qs = (params: Record<string, string | number>) =>
  "?" +
  Object.entries(params)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join("&");

/** The cookies of a response's Set-Cookie headers, name -> value. */
export function cookiesOf(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of headers.getSetCookie()) {
    const [pair = ""] = line.split(";");
    const eq = pair.indexOf("=");
    if (eq > 0) out[pair.slice(0, eq).trim()] = pair.slice(eq + 1).trim();
  }
  return out;
}

let counter = 0;
/** An e-mail address no other test uses. */
export function uniqueEmail(label = "member"): string {
  counter += 1;
  return `${label}-${process.pid}-${counter}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** A registration body as the original client sends it (all strings). */
export function registrationBody(overrides: Record<string, string> = {}) {
  const password = overrides.password ?? `Pw-${Math.random().toString(36).slice(2, 12)}`;
  return {
    firstName: "Alex",
    lastName: "Runner",
    email: uniqueEmail(),
    password,
    confirmPwd: password,
    gender: "Female",
    month: "5",
    day: "17",
    year: "1995",
    code: "",
    profileType: "Athlete (Amateur)",
    ...overrides,
  };
}

/** The legacy login result (rest-api.md, account/login). */
export interface LoginResult {
  memberID: string;
  currentStatus: string;
  email: string;
  title: string;
  name: string;
  accessToken: string;
  picturePath: string;
  expiredDate: string;
}

export interface RegisteredMember {
  email: string;
  password: string;
  memberId: number;
  accessToken: string;
  login: LoginResult;
}

/**
 * Registers through the real endpoints, reads the confirmation mail from the sink and completes the
 * registration (account/loginNewRegisteredUser). Throws with the server's answer on any surprise.
 */
export async function registerAndConfirm(
  baseUrl: string,
  sink: Pick<MailSink, "waitForMail">,
  overrides: Record<string, string> = {},
  /** Extra request headers (an X-Forwarded-For client address when rate limits are on). */
  headers: Record<string, string> = {},
): Promise<RegisteredMember> {
  const client = api(baseUrl);
  const body = registrationBody(overrides);
  const registered = await client.post("/api/account/register", { body, headers });
  if (registered.status !== 200 || registered.text !== "NewEmail") {
    throw new Error(`register answered ${registered.status}: ${registered.text}`);
  }
  const mail = await sink.waitForMail(body.email);
  const { code } = registrationCodeOf(mail.text);
  const confirmed = await client.post("/api/account/loginNewRegisteredUser", { body: { email: body.email, code }, headers });
  const login = confirmed.json as LoginResult | undefined;
  if (confirmed.status !== 200 || !login?.accessToken) {
    throw new Error(`loginNewRegisteredUser answered ${confirmed.status}: ${confirmed.text}`);
  }
  return { email: body.email, password: body.password, memberId: Number(login.memberID), accessToken: login.accessToken, login };
}
