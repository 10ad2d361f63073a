/**
 * Where a read's time goes on PostgreSQL (decisions 034, 044): for the bench's read screens (search,
 * suggestions, a profile, the member lists, the home feed, the messenger, notifications) called in process on DATABASE_URL (a copy
 * of DATA_DIR's community made with `npm run migrate-to-postgres`), as the typical member:
 * - time per service call (min / p50 over the rounds) and the statements it sends, of them how
 *   many prepared (a named statement: precompiled());
 * - for the last call's statements, what PostgreSQL spends on each, summed: planning and execution
 *   as an ad-hoc statement (EXPLAIN ANALYZE with the call's values: what an unprepared statement
 *   costs on every call), and the planning a prepared one still costs on its 8th run (0.0x ms
 *   when PostgreSQL keeps one plan for every value, a full plan when it plans each run anew).
 * Timings on a shared machine move with its load: compare minimums of runs made one after the
 * other. Asserts nothing; reads only (the first suggestions read of a member writes its list).
 * Run: `DATA_DIR=... DATABASE_URL=postgres://... bun scripts/measure-pg-reads.ts [rounds=30] [only=label prefix]`;
 * VERBOSE=1 prints each statement's figures, PLANS=1 its plan (EXPLAIN ANALYZE, BUFFERS); VIEWER=following2000
 * (or starFollower) reads as that member.
 */
import pg from "pg";
import * as contacts from "../src/domains/contacts/contacts.service.ts";
import * as feed from "../src/domains/feed/feed.service.ts";
import * as messages from "../src/domains/messages/messages.service.ts";
import * as notifications from "../src/domains/notifications/notifications.service.ts";
import { MESSAGES_PER_PAGE } from "../src/domains/messages/messages.schema.ts";
import * as profiles from "../src/domains/profiles/profiles.service.ts";
import * as search from "../src/domains/search/search.service.ts";
import { openPostgres } from "../src/platform/db/postgres.ts";
import { openReadOnly, profileTargets, readCommunity, searchTerms } from "./bench/community.ts";
import { measurementActor, measurementContext } from "./bench/measure-context.ts";

const ROUNDS = Number(process.argv[2] ?? 30);
const dataDir = process.env.DATA_DIR ?? "data";
const url = process.env.DATABASE_URL;
if (!url) throw new Error("DATABASE_URL must name the PostgreSQL copy of DATA_DIR's community");

const ro = openReadOnly(dataDir);
const community = readCommunity(ro, dataDir);
const terms = searchTerms(ro, community.searchTerms);
// VIEWER=following2000 (or starFollower): read as that subject of the community instead.
const subject = (process.env.VIEWER ?? "typical") as "typical" | "following2000" | "starFollower";
const me = community[subject]!.memberId;
const [profileId] = profileTargets(ro, me, 1);
ro.close();

/** Every statement a pool connection sends, with its values and whether it went by name (prepared). */
interface Sent {
  text: string;
  values: unknown[];
  prepared: boolean;
}
let log: Sent[] | null = null;
const send = Reflect.get(pg.Client.prototype, "query") as (this: pg.Client, ...args: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const [first, second] = args;
  if (log && typeof first === "object" && first && "text" in first) {
    const q = first as { text: string; values?: unknown[]; name?: string };
    log.push({ text: q.text, values: q.values ?? [], prepared: !!q.name });
  } else if (log && typeof first === "string") log.push({ text: first, values: Array.isArray(second) ? second : [], prepared: false });
  return send.apply(this, args);
} as typeof pg.Client.prototype.query;

const db = await openPostgres(url, { poolMax: 1 });
const ctx = measurementContext(db, dataDir);
const viewer = await measurementActor(db, me);
// A connection of its own for EXPLAIN (the pool's one holds the app's prepared statements).
const explainer = new pg.Client({ connectionString: url });
await explainer.connect();

const literal = (v: unknown): string =>
  v === null || v === undefined
    ? "NULL"
    : typeof v === "number" || typeof v === "boolean"
      ? String(v)
      : Array.isArray(v)
        ? `'{${v.join(",")}}'`
        : explainer.escapeLiteral(typeof v === "string" ? v : JSON.stringify(v));

async function explain(text: string, values: unknown[]) {
  const r = await explainer.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${text}`, values);
  const plan = (r.rows[0] as { "QUERY PLAN": Array<{ "Planning Time": number; "Execution Time": number }> })["QUERY PLAN"][0]!;
  return { planning: plan["Planning Time"], execution: plan["Execution Time"] };
}

/** Planning of a prepared statement's 8th run (PostgreSQL plans the first five for their values). */
async function preparedPlanning(text: string, values: unknown[]): Promise<number> {
  await explainer.query(`PREPARE measured AS ${text}`);
  try {
    const call = `EXECUTE measured(${values.map(literal).join(", ")})`;
    for (let i = 0; i < 7; i++) await explainer.query(call);
    const r = await explainer.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${call}`);
    return (r.rows[0] as { "QUERY PLAN": Array<{ "Planning Time": number }> })["QUERY PLAN"][0]!["Planning Time"];
  } finally {
    await explainer.query("DEALLOCATE measured");
  }
}

const pick = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const f = (x: number) => x.toFixed(2).padStart(6);

const ONLY = process.argv[3];
async function measure(label: string, call: () => Promise<unknown>) {
  if (ONLY && !label.startsWith(ONLY)) return;
  for (let i = 0; i < 3; i++) await call(); // warm: caches, and the connection's prepared statements
  const times: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const t = performance.now();
    await call();
    times.push(performance.now() - t);
  }
  log = [];
  await call();
  const sent = log.filter((s) => !/^(BEGIN|COMMIT|ROLLBACK|SELECT 1)$/i.test(s.text.trim()));
  log = null;
  let [planning, execution, stillPlanned] = [0, 0, 0];
  for (const s of sent) {
    if (!/^\s*(SELECT|WITH)/i.test(s.text)) continue;
    const e = await explain(s.text, s.values);
    planning += e.planning;
    execution += e.execution;
    const now = s.prepared ? await preparedPlanning(s.text, s.values) : e.planning;
    stillPlanned += now;
    if (process.env.VERBOSE)
      console.log(`    ${f(e.planning)} + ${f(e.execution)} ms, now ${f(now)}: ${s.text.replace(/\s+/g, " ").slice(0, 110)}`);
    if (process.env.PLANS) {
      const plan = await explainer.query(`EXPLAIN (ANALYZE, BUFFERS) ${s.text}`, s.values);
      for (const row of plan.rows as Array<{ "QUERY PLAN": string }>) console.log(`      ${row["QUERY PLAN"]}`);
    }
  }
  const sorted = times.sort((a, b) => a - b);
  console.log(
    `${label.padEnd(26)} min ${f(sorted[0]!)}  p50 ${f(pick(sorted, 0.5))} ms  ${sent.length} statements (${sent.filter((s) => s.prepared).length} prepared)  ` +
      `ad hoc: planning ${f(planning)} + execution ${f(execution)} ms; planning per call now ${f(stillPlanned)} ms`,
  );
}

console.log(
  `viewer ${me}, profile ${profileId}; ${ROUNDS} rounds; words 2/3/5: ${terms.byLength[2][0]} ${terms.byLength[3][0]} ${terms.byLength[5][0]}, name ${terms.words[0]}`,
);
for (const len of [2, 3, 5] as const)
  await measure(`search ${len} chars (10)`, () => search.searchMembers(ctx, viewer, terms.byLength[len][0]!, 10));
await measure("search results (50)", () => search.searchMembers(ctx, viewer, terms.words[0]!, 50));
await measure("suggestions (12)", () => search.suggestions(ctx, viewer, 12));
await measure("suggestions (50, Find Contacts)", () => search.suggestions(ctx, viewer, 50));
await measure("profile of another member", () => profiles.viewProfile(ctx, viewer, profileId!));
for (const kind of ["contacts", "requests", "following", "followers"] as const) {
  await measure(`list ${kind} (30)`, () => contacts.listOf(ctx, viewer, kind, { limit: 30 }));
}
await measure("list contacts (200)", () => contacts.listOf(ctx, viewer, "contacts", { limit: 200 }));
await measure("home feed (10)", () => feed.feed(ctx, viewer, { limit: 10 }));
await measure(`messenger list (${MESSAGES_PER_PAGE})`, () => messages.list(ctx, viewer, { view: "all", limit: MESSAGES_PER_PAGE }));
await measure("unread count", () => messages.unreadCount(ctx, viewer));
await measure("notifications (20)", () => notifications.list(ctx, viewer, { view: "all", limit: 20 }));
await measure("notifications unread count", () => notifications.unreadCount(ctx, viewer));
await measure("message search", () => messages.list(ctx, viewer, { view: "all", search: "representation", limit: MESSAGES_PER_PAGE }));
await explainer.end();
await db.destroy();
