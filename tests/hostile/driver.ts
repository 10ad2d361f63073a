/**
 * The hostile-input suites' side of the wire: a signed-in member with a few contacts, posts and
 * messages to aim at; the list of every REST action and tRPC procedure; one function that sends a
 * request and checks the three rules (no 5xx, an answer within 1 s, nothing written after a 4xx).
 */
import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { restControllers } from "../../src/server/rest/controllers.ts";
import type { RestAction } from "../../src/server/rest/registry.ts";
import { appRouter } from "../../src/server/trpc/root.ts";
import type { Harness } from "#support/harness.ts";
import { cookiesOf, registerAndConfirm, ROOT } from "#support/server.ts";
import { abbreviate, type WireBody } from "./arbitraries.ts";
import { type DatabaseWatch, watchDatabase } from "./db-watch.ts";

/** Every answer must be complete within this. */
export const ANSWER_WITHIN_MS = 1_000;
/** A request still unanswered after this is given up (the server is stuck: the test has failed anyway). */
const GIVE_UP_MS = 10_000;

/**
 * The one 5xx that is the contract, not a failure: the photo provider retired its token exchange,
 * and rest-api.md documents this action as answering 501 Not Implemented (tests/rest/media.test.ts).
 */
const DOCUMENTED_5XX = new Map<string, number>([
  ["member/getinstagramaccesstoken", 501],
  // The original's actions Sideline refuses on purpose answer 501 with the reason (docs/rest-api.md).
  ...Object.entries(restControllers).flatMap(([controller, actions]) =>
    Object.entries(actions)
      .filter(([, action]) => action.refused !== undefined)
      .map(([name]) => [`${controller}/${name}`.toLowerCase(), 501] as [string, number]),
  ),
]);

/** The base seed of every property (HOSTILE_SEED=... reruns a reported failure). */
export const BASE_SEED = Number(process.env.HOSTILE_SEED ?? 20261124);

/** One seed per endpoint, derived from the base seed, so endpoints do not all draw the same values. */
export function seedFor(label: string): number {
  return createHash("sha256").update(`${BASE_SEED}:${label}`).digest().readInt32LE(0);
}

/** fast-check settings: seeded, no shrinking (each shrink step is a server round trip; a hung server makes it minutes). */
export const propertyOptions = (label: string, numRuns: number): fc.Parameters<unknown> => ({
  seed: seedFor(label),
  numRuns,
  endOnFailure: true,
});

// ---------------------------------------------------------------------------------------------
// Endpoints

export interface RestEndpoint {
  /** "member/SaveMemberGeneralInfo" */
  name: string;
  controller: string;
  action: string;
  def: RestAction;
  /** The field names worth sending: those the action's handler reads (see fieldsReachedFrom). */
  fields: string[];
}

const REST_DIR = path.join(ROOT, "src/server/rest");

/** Quoted identifiers in a text: field names, and some words that are not (harmless extra fields). */
const literalsIn = (text: string) => [...text.matchAll(/["'`]([A-Za-z][A-Za-z0-9_]{0,40})["'`]/g)].map((m) => m[1]!);

/** A module's top-level declarations (functions and consts), name -> source text. */
function declarationsOf(source: string): Map<string, string> {
  const starts = [...source.matchAll(/^(?:export\s+)?(?:async\s+)?(?:function\*?\s+([\w$]+)|(?:const|let)\s+([\w$]+))/gm)];
  return new Map(starts.map((m, i) => [m[1] ?? m[2]!, source.slice(m.index, starts[i + 1]?.index ?? source.length)]));
}

/**
 * The field names an action reads: the quoted names in its handler and in every declaration of
 * its module that the handler reaches (basicInput -> BASIC_FIELDS ...).
 */
function fieldsReachedFrom(handler: string, declarations: Map<string, string>): string[] {
  const names = new Set<string>();
  const visited = new Set<string>();
  const queue = [handler];
  while (queue.length > 0) {
    const text = queue.pop()!;
    for (const literal of literalsIn(text)) names.add(literal);
    for (const [identifier] of text.matchAll(/[A-Za-z_$][\w$]*/g)) {
      if (!visited.has(identifier) && declarations.has(identifier)) {
        visited.add(identifier);
        queue.push(declarations.get(identifier)!);
      }
    }
  }
  return [...names];
}

const isAction = (v: unknown): v is RestAction =>
  !!v && typeof v === "object" && Array.isArray((v as RestAction).methods) && typeof (v as RestAction).handler === "function";

/** Every action the server dispatches (restControllers, which app.ts dispatches), with the field names it reads. */
export async function restEndpoints(): Promise<RestEndpoint[]> {
  const modulesOf = new Map<RestAction, Set<string>>();
  const declarations = new Map<string, Map<string, string>>();
  const files = readdirSync(REST_DIR).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"));
  for (const file of files) {
    const mod = (await import(path.join(REST_DIR, file))) as Record<string, unknown>;
    const own = declarationsOf(readFileSync(path.join(REST_DIR, file), "utf8"));
    for (const [name, exported] of Object.entries(mod)) {
      if (!exported || typeof exported !== "object") continue;
      const defs = Object.values(exported).filter(isAction);
      for (const def of defs) modulesOf.set(def, (modulesOf.get(def) ?? new Set()).add(file));
      // A controller holds every action of the module: reaching it would pull in every name.
      if (defs.length > 0) own.delete(name);
    }
    declarations.set(file, own);
  }
  const out: RestEndpoint[] = [];
  for (const [controller, actions] of Object.entries(restControllers)) {
    for (const [action, def] of Object.entries(actions)) {
      const handler = def.handler.toString();
      const read = [...(modulesOf.get(def) ?? [])].flatMap((f) => fieldsReachedFrom(handler, declarations.get(f)!));
      // Ids every action may take, the field its ownership rule reads, then the names it reads.
      const ownField = typeof def.own?.memberId === "object" ? [def.own.memberId.field] : [];
      const fields = [...new Set(["memberID", "id", ...ownField, ...read])];
      out.push({ name: `${controller}/${action}`, controller, action, def, fields });
    }
  }
  return out;
}

export interface TrpcEndpoint {
  /** "profiles.saveBasic" */
  name: string;
  type: "query" | "mutation" | "subscription";
  /** The input's zod schema (the first .input()), if any. */
  input: unknown;
}

/** Every procedure of the app router (new ones included). */
export function trpcEndpoints(): TrpcEndpoint[] {
  const procedures = (
    appRouter as unknown as { _def: { procedures: Record<string, { _def: { type: TrpcEndpoint["type"]; inputs: unknown[] } }> } }
  )._def.procedures;
  return Object.entries(procedures).map(([name, p]) => ({ name, type: p._def.type, input: p._def.inputs[0] }));
}

type ZodLike = {
  _zod?: {
    def?: { type: string; shape?: Record<string, unknown>; innerType?: unknown; in?: unknown; options?: unknown[]; element?: unknown };
  };
};

/** The object shape of a zod schema under optional / nullable / default / pipe wrappers, or null. */
export function shapeOf(schema: unknown): Record<string, unknown> | null {
  let s = schema as ZodLike | undefined;
  for (let i = 0; i < 10 && s; i++) {
    const def = s._zod?.def;
    if (!def) return null;
    if (def.type === "object") return def.shape ?? null;
    if (def.innerType) s = def.innerType;
    else if (def.type === "pipe") s = def.in as ZodLike;
    else return null;
  }
  return null;
}

/** Paths of a schema's fields, nested objects' included (["school", "schoolName"]). */
export function fieldPathsOf(schema: unknown, depth = 0): string[][] {
  const shape = shapeOf(schema);
  if (!shape || depth > 3) return [];
  return Object.entries(shape).flatMap(([k, v]) => [[k], ...fieldPathsOf(v, depth + 1).map((p) => [k, ...p])]);
}

/** Names of a schema's fields, nested objects' included. */
export const fieldNamesOf = (schema: unknown): string[] => [...new Set(fieldPathsOf(schema).map((p) => p[p.length - 1]!))];

// ---------------------------------------------------------------------------------------------
// The signed-in member and what there is to aim at

export interface Member {
  memberId: number;
  email: string;
  password: string;
  /** Bearer token of the REST service. */
  token: string;
  /** The web client's session cookie and XSRF pair. */
  cookieToken: string;
  xsrf: string;
}

export interface Fixture {
  /** The member every request is sent as. */
  me: Member;
  /** A contact of theirs. */
  contactId: number;
  /** Ids that exist (members, posts, replies, message copies, entries, sessions) and some that do not, as text. */
  ids: string[];
}

const SESSION_ID = (token: string) => createHash("sha256").update(token).digest("hex");

async function postJson(h: Harness, pathAndQuery: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await h.c.post(pathAndQuery, { body, headers });
  if (res.status >= 300) throw new Error(`${pathAndQuery} answered ${res.status}: ${res.text}`);
  return res;
}

/** REST bearer token and tRPC cookie session for an active member (reactivating a deactivated one). */
async function signIn(h: Harness, m: Pick<Member, "email" | "password" | "memberId">): Promise<Member> {
  const origin = { Origin: h.server.baseUrl };
  const status = await h.db.value<number>("select status from member where id = ?", m.memberId);
  if (status === 3) await postJson(h, "/trpc/account.reactivate", { email: m.email, password: m.password }, origin);
  const rest = await postJson(h, "/api/account/login", { email: m.email, password: m.password });
  const trpc = await postJson(h, "/trpc/account.login", { email: m.email, password: m.password }, origin);
  const token = rest.json?.accessToken as string;
  const cookieToken = cookiesOf(trpc.headers).sideline_session ?? "";
  if (!token || !cookieToken) throw new Error(`could not sign in again: ${rest.text} / ${trpc.text}`);
  return { ...m, token, cookieToken, xsrf: `xsrf${m.memberId}hostile` };
}

/** Ids of rows that a statement selects, or none when the statement no longer fits the schema. */
async function idsOf(h: Harness, sql: string, ...params: unknown[]): Promise<string[]> {
  try {
    return (await h.db.rows<{ id: unknown }>(sql, ...params)).map((r) => String(r.id));
  } catch {
    return [];
  }
}

/**
 * Two members who are contacts, each with a post, a reply and a message between them, the caller
 * with a school and a job (best effort: a setup call that a later rule refuses only means fewer ids).
 */
export async function createFixture(h: Harness): Promise<Fixture> {
  const a = await registerAndConfirm(h.server.baseUrl, h.sink);
  const b = await registerAndConfirm(h.server.baseUrl, h.sink);
  const as = (m: { accessToken: string }) => ({ Authorization: `Bearer ${m.accessToken}` });
  const steps: Array<() => Promise<unknown>> = [
    () => h.c.put(`/api/contact/SendRequestContact?memberID=${a.memberId}&contactID=${b.memberId}`, { headers: as(a) }),
    () => h.c.put(`/api/contact/AcceptRequest?memberID=${b.memberId}&contactID=${a.memberId}`, { headers: as(b) }),
    () => h.c.post(`/api/member/SavePosts/${b.memberId}/0`, { headers: as(b), body: { postMsg: "A post to reply to" } }),
    () => h.c.post(`/api/member/SavePosts/${a.memberId}/0`, { headers: as(a), body: { postMsg: "My own post" } }),
    () =>
      h.c.post(`/api/message/CreateMessage`, {
        headers: as(b),
        body: { to: a.memberId, from: b.memberId, subject: "Hi", body: "Hello there" },
      }),
    () =>
      h.c.post(`/api/message/CreateMessage`, {
        headers: as(a),
        body: { to: b.memberId, from: a.memberId, subject: "Re", body: "Hello back" },
      }),
    () =>
      h.c.post(`/api/member/AddMemberSchool/${a.memberId}`, {
        headers: as(a),
        body: {
          schoolName: "Hostile Input Academy",
          schoolType: 2,
          state: "WI",
          degreeTypeID: 3,
          major: "General",
          yearClass: "2012",
          sportLevelType: "Club Sports",
        },
      }),
    () =>
      h.c.post(`/api/member/AddWorkExperience/${a.memberId}`, {
        headers: as(a),
        body: {
          companyName: "Hostile Input Inc",
          sector: "Technology",
          industry: "Software",
          title: "Tester",
          city: "Madison",
          state: "WI",
          startMonth: "1",
          startYear: "2020",
          currentlyWorkedHere: true,
        },
      }),
  ];
  for (const step of steps) await step();
  const postId = (await idsOf(h, "select id from post where member_id = ?", b.memberId))[0];
  if (postId) await h.c.post(`/api/member/SavePosts/${a.memberId}/${postId}`, { headers: as(a), body: { postMsg: "A reply" } });

  const me = await signIn(h, { memberId: a.memberId, email: a.email, password: a.password });
  const ids = [
    String(a.memberId),
    String(b.memberId),
    "999999",
    ...(await idsOf(h, "select id from post")),
    ...(await idsOf(h, "select id from post_reply")),
    ...(await idsOf(h, "select id from message_copy")),
    ...(await idsOf(h, "select id from notification")),
    ...(await idsOf(h, "select id from member_school")),
    ...(await idsOf(h, "select school_id as id from member_school")),
    ...(await idsOf(h, "select id from member_employment")),
    ...(await idsOf(h, "select company_id as id from member_employment")),
    ...(await idsOf(h, "select id from live_event")),
    ...(await idsOf(h, "select id from session where member_id = ?", a.memberId)),
  ];
  return { me, contactId: b.memberId, ids: [...new Set(ids)] };
}

// ---------------------------------------------------------------------------------------------
// Sending and checking

/** A request as the suites generate it; the member's credentials are added when it is sent. */
export interface HostileRequest {
  /** "member/SaveMemberGeneralInfo" or "profiles.saveBasic": the endpoint meant (for the report and the 5xx exception). */
  endpoint: string;
  method: string;
  /** Path and query, already encoded. */
  path: string;
  body: WireBody | null;
  /** How the request authenticates: as the member ("member"), or with a broken credential. */
  auth: "member" | "garbage";
  /** Extra headers (tRPC: trpc-accept for a JSON-lines answer). */
  headers?: Record<string, string>;
}

/** A one-line description of a request for reports (long values shortened). */
export function describeRequest(r: HostileRequest): string {
  const body = r.body
    ? ` body[${r.body.kind}${r.body.contentType ? `; ${abbreviate(r.body.contentType, 60)}` : ""}]=${typeof r.body.body === "string" ? abbreviate(r.body.body) : `bytes(${r.body.body.length})`}`
    : "";
  return `${r.method} ${abbreviate(r.path)}${body}${r.auth === "garbage" ? " (broken credentials)" : ""}`;
}

/** Makes fast-check print a generated request briefly (100 KB values would drown the report). */
export const printable = (r: HostileRequest): HostileRequest => Object.assign(r, { [fc.toStringMethod]: () => describeRequest(r) });

export interface HostileContext {
  h: Harness;
  fixture: Fixture;
  watch: DatabaseWatch;
}

/** The server's answer as seen by the checks. */
export interface Exchange {
  /** The HTTP status, or 0 when the server closed the connection on an oversized request. */
  status: number;
  ms: number;
  text: string;
  /** 5xx statuses reported inside a 200/207 tRPC answer (batches, JSON lines, event streams). */
  innerServerErrors: number[];
}

const GARBAGE_AUTH = [
  "Bearer",
  "Bearer ",
  "Bearer \u00ff\u00fe",
  `Bearer ${"a".repeat(10_000)}`,
  "Basic Og==",
  "bearer    x",
  "Bearer a b c",
  "Bearer 0000000000000000",
];

function headersFor(ctx: HostileContext, r: HostileRequest, trpc: boolean): Record<string, string> {
  const me = ctx.fixture.me;
  // A connection per request: one that the server closed after refusing an oversized request is
  // never reused for the next one (the next request would fail for the previous one's sake).
  const headers: Record<string, string> = { Connection: "close", ...r.headers };
  if (r.body?.contentType !== undefined) headers["Content-Type"] = r.body.contentType;
  if (r.auth === "garbage") {
    headers.Authorization = GARBAGE_AUTH[r.path.length % GARBAGE_AUTH.length]!;
  } else if (trpc) {
    // As the web client sends it from the site: session cookie, the XSRF pair and the Origin.
    headers.Cookie = `sideline_session=${me.cookieToken}; XSRF-TOKEN=${me.xsrf}`;
    headers["X-XSRF-TOKEN"] = me.xsrf;
    headers.Origin = ctx.h.server.baseUrl;
  } else {
    headers.Authorization = `Bearer ${me.token}`;
  }
  return headers;
}

/** Reads an answer; an event stream only until its first event (it never ends by itself). */
async function readAnswer(res: Response): Promise<string> {
  if (!(res.headers.get("content-type") ?? "").startsWith("text/event-stream")) return res.text();
  const reader = res.body!.getReader();
  try {
    const { value } = await reader.read();
    return value ? new TextDecoder().decode(value) : "";
  } finally {
    await reader.cancel().catch(() => {});
  }
}

/** Bun reads at most this much of a request head (it answers 431 past it). */
const HEAD_LIMIT_BYTES = 16 * 1024;
/** The JSON and form body limit the server is to enforce (413 past it). */
const BODY_LIMIT_BYTES = 64 * 1024;
const isMultipart = (r: HostileRequest) => (r.body?.contentType ?? "").toLowerCase().startsWith("multipart/form-data");
/** Bytes of the body as sent (GET and HEAD send none). */
const bodyBytes = (r: HostileRequest) =>
  !r.body || r.method === "GET" || r.method === "HEAD"
    ? 0
    : typeof r.body.body === "string"
      ? Buffer.byteLength(r.body.body)
      : r.body.body.length;

/** How a socket closed under a request still being written shows in Node's fetch. */
const CLOSED_EARLY = new Set(["ECONNRESET", "EPIPE", "UND_ERR_SOCKET"]);

export async function exchange(ctx: HostileContext, r: HostileRequest): Promise<Exchange> {
  const trpc = r.path.startsWith("/trpc/");
  const headers = headersFor(ctx, r, trpc);
  const body = r.body && r.method !== "GET" && r.method !== "HEAD" ? r.body.body : undefined;
  const started = performance.now();
  let res: Response;
  let text: string;
  try {
    res = await fetch(ctx.h.server.baseUrl + r.path, {
      method: r.method,
      headers,
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(GIVE_UP_MS),
    });
    text = await readAnswer(res);
  } catch (error) {
    const ms = performance.now() - started;
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    // A server may refuse an oversized request (431, 413) and close the connection before the
    // client has written all of it; the client then sees a broken pipe instead of the answer.
    const headBytes = r.path.length + Object.entries(headers).reduce((n, [k, v]) => n + k.length + v.length + 4, 0);
    const oversized = headBytes > HEAD_LIMIT_BYTES || bodyBytes(r) > BODY_LIMIT_BYTES;
    if (oversized && CLOSED_EARLY.has(cause?.code ?? ""))
      return { status: 0, ms, text: `connection closed (${cause?.code})`, innerServerErrors: [] };
    throw new Error(
      `no answer after ${Math.round(ms)} ms (${String(error)}${cause ? `: ${cause.code} ${cause.message}` : ""}) to ${describeRequest(r)}`,
      { cause: error },
    );
  }
  const ms = performance.now() - started;
  const innerServerErrors = trpc ? [...text.matchAll(/"httpStatus":\s*(5\d\d)/g)].map((m) => Number(m[1])) : [];
  return { status: res.status, ms, text, innerServerErrors };
}

/**
 * Sends one hostile request as the member and checks the rules: no 5xx (but the documented 501),
 * the whole answer within 1 s, after a 4xx every table exactly as before, and no body over the
 * 64 KB limit accepted (uploads, multipart, keep their own 3 MB rule). After an accepted
 * request that wrote, the member signs in again if it ended their session or deactivated them.
 */
export async function sendAndCheck(ctx: HostileContext, r: HostileRequest): Promise<Exchange> {
  await waitForDataExports(ctx);
  await ctx.watch.settle();
  await ctx.watch.begin();
  let x: Exchange;
  try {
    x = await exchange(ctx, r);
  } catch (error) {
    await ctx.watch.end();
    throw error;
  }
  if (process.env.HOSTILE_DEBUG) console.log(`${x.status} ${Math.round(x.ms)}ms ${describeRequest(r).slice(0, 150)}`);
  // Status 0: an oversized request refused by closing the connection (see exchange).
  const refused = x.status === 0 || (x.status >= 400 && x.status < 500);
  const changed = refused ? await ctx.watch.changedTables() : (await ctx.watch.end(), []);
  if (await ctx.watch.committed()) await ensureSignedIn(ctx);

  const where = () => `${x.status} in ${Math.round(x.ms)} ms to ${describeRequest(r)}\nanswer: ${abbreviate(x.text, 400)}`;
  const serverLog = () =>
    ctx.h.server
      .output()
      .split("\n")
      .filter((l) => /error/i.test(l))
      .slice(-5)
      .join("\n");
  const documented = DOCUMENTED_5XX.get(r.endpoint.toLowerCase());
  if (x.status >= 500 && x.status !== documented) throw new Error(`server error: ${where()}\nserver log:\n${serverLog()}`);
  if (x.innerServerErrors.length > 0) throw new Error(`server error inside the answer: ${where()}\nserver log:\n${serverLog()}`);
  if (x.ms > ANSWER_WITHIN_MS) throw new Error(`too slow (limit ${ANSWER_WITHIN_MS} ms): ${where()}`);
  if (changed.length > 0) throw new Error(`a refused request changed the database (tables: ${changed.join(", ")}): ${where()}`);
  const bytes = bodyBytes(r);
  if (bytes > BODY_LIMIT_BYTES && !isMultipart(r) && x.status >= 200 && x.status < 300) {
    throw new Error(
      `a ${bytes}-byte body was accepted (the limit of JSON, form and other non-upload bodies is ${BODY_LIMIT_BYTES} bytes: 413): ${where()}`,
    );
  }
  return x;
}

/** Signs the member in again when an accepted request ended a session or deactivated them. */
export async function ensureSignedIn(ctx: HostileContext): Promise<void> {
  const me = ctx.fixture.me;
  const stands = async (token: string) =>
    (await ctx.watch.value<number>(
      "select count(*) from session s join member m on m.id = s.member_id where s.id = ? and s.scope = 'full' and m.status = 2",
      SESSION_ID(token),
    )) === 1;
  if ((await stands(me.token)) && (await stands(me.cookieToken))) return;
  ctx.fixture.me = await signIn(ctx.h, me);
}

/**
 * Waits until no data archive an accepted request asked for is still waiting: the server's worker
 * builds it within seconds (decision 036) and writes the archive, a notification and a live event,
 * reactions that must not be taken for a later request's.
 */
async function waitForDataExports(ctx: HostileContext, withinMs = 30_000): Promise<void> {
  const deadline = Date.now() + withinMs;
  const waiting = () => ctx.watch.value<number>("select count(*) from data_export where status in ('pending', 'building')");
  while (Number(await waiting()) > 0) {
    if (Date.now() > deadline) throw new Error("a data archive was still waiting after 30 s");
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Waits until the server answers again (after a request that hung it), so one failure does not fail the next test. */
export async function waitUntilHealthy(ctx: HostileContext, withinMs = 120_000): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${ctx.h.server.baseUrl}/api/health`, { signal: AbortSignal.timeout(5_000) });
      if (res.status === 200) return;
    } catch {
      // still busy
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * A stand-in for the built web client (index.html only). Paths the API does not claim fall through
 * to the single-page app, which answers 503 "not built yet" in a checkout without a build; a real
 * deployment always has one, so the suites run the server with this.
 */
export function stubClientDir(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), "sideline-hostile-client-"));
  writeFileSync(path.join(dir, "index.html"), "<!doctype html><title>Sideline</title><div id=root></div>");
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export async function openHostileContext(h: Harness): Promise<HostileContext> {
  const fixture = await createFixture(h);
  const watch = watchDatabase(h.server.database);
  return { h, fixture, watch };
}
