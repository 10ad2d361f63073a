/**
 * What one write request sends to PostgreSQL (issue 14: writes at 258-976/s against 2,000): the bench's
 * writes (a post, a reply, a message; REST, as the typical member with a bearer token) through the
 * Hono app as the server builds it, in process (no network, no background workers: the timeline
 * fan-out runs off the request; the notification handlers as the server registers them; mail discarded), on DATABASE_URL (a copy of DATA_DIR's community: the writes add rows).
 * For each: the statements of one request in order (each a round trip; "prep" when sent by name, i.e.
 * prepared), then the time per request (min / p50 over the rounds). RATE_LIMITS=on adds the rate
 * limit table's statements (the bench runs with them off; the table is emptied first, and the
 * requests are not timed: the message limit would refuse them). Asserts nothing.
 * Run: `DATA_DIR=... DATABASE_URL=postgres://... bun scripts/measure-pg-writes.ts [rounds=50]`.
 */
import path from "node:path";
import { sql } from "kysely";
import pg from "pg";
import { createHttpApp } from "../src/server/app.ts";
import { loadConfig } from "../src/server/env.ts";
import { openPostgres } from "../src/platform/db/postgres.ts";
import { newestContactPost, openReadOnly, readCommunity } from "./bench/community.ts";
import { registerLiveLikes } from "../src/domains/feed/feed.service.ts";
import { registerNotificationHandlers } from "../src/domains/notifications/notifications.service.ts";
import { createAppContext } from "../src/platform/app-context.ts";
import { silentLogger } from "../src/platform/logger.ts";
import { discardingMailer } from "../src/platform/mailer.ts";

const ROUNDS = Number(process.argv[2] ?? 50);
const dataDir = process.env.DATA_DIR ?? "data";
const url = process.env.DATABASE_URL;
if (!url) throw new Error("DATABASE_URL must name a PostgreSQL copy of DATA_DIR's community (the writes add rows)");

const ro = openReadOnly(dataDir);
const community = readCommunity(ro, dataDir);
const typical = community.typical!;
const replyTo = newestContactPost(ro, typical.memberId);
ro.close();

let log: string[] | null = null;
const send = Reflect.get(pg.Client.prototype, "query") as (this: pg.Client, ...args: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const [first] = args;
  if (log) {
    const q = typeof first === "string" ? { text: first } : (first as { text?: string; name?: string });
    log.push(
      `${q.name ? "prep" : "    "} ${String(q.text ?? "")
        .replace(/\s+/g, " ")
        .trim()
        .slice(0, 120)}`,
    );
  }
  return send.apply(this, args);
} as typeof pg.Client.prototype.query;

const limitsOn = process.env.RATE_LIMITS === "on";
const db = await openPostgres(url);
// As the server builds it (src/server/main.ts): the notification handlers write in each unit.
const ctx = createAppContext({
  db,
  log: silentLogger,
  mailer: discardingMailer,
  publicUrl: "http://sideline.test",
  uploadsDir: path.join(dataDir, "uploads"),
  rateLimits: limitsOn,
});
registerNotificationHandlers(ctx);
registerLiveLikes(ctx);
const http = createHttpApp({
  config: loadConfig({ NODE_ENV: "production", RATE_LIMITS: limitsOn ? "on" : "off", LOG_LEVEL: "warn" }),
  app: ctx,
  clientDir: path.join(import.meta.dir, "../dist/client"),
  publicDir: path.join(import.meta.dir, "../public"),
});
const call = async (method: string, p: string, headers: Record<string, string> = {}, body?: string) => {
  const res = await http.fetch(new Request(`http://127.0.0.1${p}`, { method, headers, body }));
  if (res.status >= 300) throw new Error(`${method} ${p}: ${res.status} ${await res.text()}`);
  return res.text();
};
const login = JSON.parse(
  await call(
    "POST",
    "/api/account/login",
    { "Content-Type": "application/json" },
    JSON.stringify({ email: typical.email, password: community.password }),
  ),
) as { accessToken: string; memberID: string };
const auth = { Authorization: `Bearer ${login.accessToken}` };
const me = Number(login.memberID);
const recipients = JSON.parse(
  await call("GET", `/trpc/messages.recipients?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { text: "", limit: 10 } }))}`, auth),
) as Array<{ result: { data: Array<{ memberId: number }> } }>;
const recipient = recipients[0]!.result.data[0]!.memberId;
const q = encodeURIComponent;

const writes: Array<[string, (i: number) => string]> = [
  ["post", (i) => `/api/member/SavePosts/${me}/0?postMsg=${q(`bench post m${i}`)}`],
  ["reply", (i) => `/api/member/SavePosts/${me}/${replyTo}?postMsg=${q(`bench reply m${i}`)}`],
  [
    "message",
    (i) =>
      `/api/message/CreateMessage?to=${recipient}&from=${me}&subject=${q(`bench m${i}`)}&body=${q("A message from measure-pg-writes.")}`,
  ],
];
const pick = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
// With limits on, a message route would meet its limit: its statements are shown for one request, untimed.
const rounds = limitsOn ? 0 : ROUNDS;
for (const [name, route] of writes) {
  if (limitsOn) await sql`DELETE FROM rate_limit_hit`.execute(db);
  for (let i = 0; i < 3; i++) await call("POST", route(i), auth);
  log = [];
  await call("POST", route(3), auth);
  const sent = log;
  log = null;
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const t = performance.now();
    await call("POST", route(10 + i), auth);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const timing = rounds ? `; min ${times[0]!.toFixed(2)} p50 ${pick(times, 0.5).toFixed(2)} ms` : "";
  console.log(`${name}: ${sent.length} round trips${timing}`);
  for (const line of sent) console.log(`  ${line}`);
}
await db.destroy();
