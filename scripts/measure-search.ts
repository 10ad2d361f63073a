/**
 * In-process cost of the bench's search and suggestion routes (decision 012), with the bench's
 * subject and words, on DATA_DIR's database (use a copy: the first suggestions read of a member
 * writes its list): first the service calls, then the whole requests (REST and tRPC, through the
 * Hono app as the server builds it, without the network and without the background workers). For
 * each: time per call (min / p50 / p90 / p99 over every word and round), statements per call and
 * the answer's size. Timings on a shared machine move with its load: compare the minimums and the
 * statement counts of runs made one after the other. Asserts nothing.
 * Run: `DATA_DIR=... bun scripts/measure-search.ts [rounds=30]`.
 */
import path from "node:path";
import * as search from "../src/domains/search/search.service.ts";
import { createHttpApp } from "../src/server/app.ts";
import { openSqlite, statementsRun } from "../src/platform/db/client.ts";
import { loadConfig } from "../src/server/env.ts";
import { openReadOnly, readCommunity, searchTerms } from "./bench/community.ts";
import { measurementActor, measurementContext } from "./bench/measure-context.ts";

const ROUNDS = Number(process.argv[2] ?? 30);
const dataDir = process.env.DATA_DIR ?? "data";
const ro = openReadOnly(dataDir);
const community = readCommunity(ro, dataDir);
const terms = searchTerms(ro, community.searchTerms);
ro.close();
const me = community.typical!.memberId;
const db = await openSqlite(path.join(dataDir, "sideline.db"));
const ctx = measurementContext(db, dataDir);
const viewer = await measurementActor(db, me);

const pick = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
async function measure(label: string, inputs: string[], call: (input: string) => Promise<unknown>) {
  for (const input of inputs) await call(input); // warm the page cache and the statement cache
  const times: number[] = [];
  let statements = 0;
  let bytes = 0;
  for (let r = 0; r < ROUNDS; r++) {
    for (const input of inputs) {
      const before = statementsRun(db);
      const t = performance.now();
      const result = await call(input);
      times.push(performance.now() - t);
      bytes += (typeof result === "string" ? result : JSON.stringify(result)).length;
      statements += statementsRun(db) - before;
    }
  }
  const sorted = times.sort((a, b) => a - b);
  const n = sorted.length;
  const f = (x: number) => x.toFixed(2).padStart(6);
  console.log(
    `${label.padEnd(30)} n=${String(n).padStart(4)}  min ${f(sorted[0]!)}  p50 ${f(pick(sorted, 0.5))}  p90 ${f(pick(sorted, 0.9))}  p99 ${f(pick(sorted, 0.99))} ms  ` +
      `${(statements / n).toFixed(1)} statements  ${Math.round(bytes / n)} B json`,
  );
}

console.log(`viewer ${me}; ${ROUNDS} rounds; words: ${JSON.stringify(terms.byLength)} ${JSON.stringify(terms.words)}`);
for (const len of [2, 3, 5] as const)
  await measure(`search-${len} (10)`, terms.byLength[len], (w) => search.searchMembers(ctx, viewer, w, 10));
await measure("search-results (50)", terms.words, (w) => search.searchMembers(ctx, viewer, w, 50));
await measure("typo words (10)", ["olivai", "emmma", "jonh", "sophai", "wiliams"], (w) => search.searchMembers(ctx, viewer, w, 10));
await measure("suggestions (12)", ["-"], () => search.suggestions(ctx, viewer, 12));
await measure("suggestions (10)", ["-"], () => search.suggestions(ctx, viewer, 10));

// The whole request, as the bench sends it (a bearer token, no Accept-Encoding).
const http = createHttpApp({
  config: loadConfig({ NODE_ENV: "production", RATE_LIMITS: "off", LOG_LEVEL: "warn" }),
  app: ctx,
  clientDir: path.join(import.meta.dir, "../dist/client"),
  publicDir: path.join(import.meta.dir, "../public"),
});
const login = await http.fetch(
  new Request("http://127.0.0.1/api/account/login", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: community.typical!.email, password: community.password }),
  }),
);
const token = ((await login.json()) as { accessToken: string }).accessToken;
const get = async (p: string) => {
  const res = await http.fetch(new Request(`http://127.0.0.1${p}`, { headers: { Authorization: `Bearer ${token}` } }));
  if (res.status !== 200) throw new Error(`${p}: ${res.status}`);
  return res.text();
};
const q = encodeURIComponent;
const trpc = (proc: string, input: unknown) => get(`/trpc/${proc}?batch=1&input=${q(JSON.stringify({ 0: input }))}`);
for (const len of [2, 3, 5] as const) {
  await measure(`REST search-${len}`, terms.byLength[len], (w) => get(`/api/contact/SearchResults?memberID=${me}&searchText=${q(w)}`));
  await measure(`tRPC search-${len}`, terms.byLength[len], (w) => trpc("search.members", { text: w, limit: 10 }));
}
await measure("REST search-results", terms.words, (w) => get(`/api/contact/SearchAllResults?memberID=${me}&searchText=${q(w)}`));
await measure("tRPC search-results", terms.words, (w) => trpc("search.members", { text: w, limit: 50 }));
await measure("REST suggestions", ["-"], () => get(`/api/contact/GetMemberSuggestions?memberID=${me}`));
await measure("tRPC suggestions", ["-"], () => trpc("search.suggestions", { limit: 12 }));
await measure("REST health", ["-"], () => get("/api/health"));
await db.destroy();
