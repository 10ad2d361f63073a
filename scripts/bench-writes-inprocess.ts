/**
 * What one write costs on the server's own thread, with nothing else running: the server's HTTP
 * app (Hono, REST and tRPC, sessions, the services, the notification handlers, the mail thread)
 * built as src/server/main.ts builds it, but without Bun.serve and without the background jobs
 * (timeline worker, search upkeep, retention), called in-process one request after another.
 * Per route: statements run, the server thread's CPU time (/proc/thread-self/schedstat), the mail
 * thread's CPU time, and the wall time. Add `--cpu-prof` to bun for a profile. The writes change
 * the database: run it on a copy.
 * Run: `bun scripts/bench-writes-inprocess.ts --data DIR [--n 2000] [--only post,reply] [--api rest,trpc]`.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { registerNotificationHandlers } from "../src/domains/notifications/notifications.service.ts";
import { createAppContext } from "../src/platform/app-context.ts";
import { createLogger } from "../src/platform/logger.ts";
import { createMailerThread } from "../src/platform/mailer.ts";
import { loadKeyMaterial } from "../src/platform/secret-box.ts";
import { createHttpApp } from "../src/server/app.ts";
import { openSqlite, statementsRun } from "../src/platform/db/client.ts";
import { loadConfig } from "../src/server/env.ts";
import { newestContactPost, openReadOnly, readCommunity, requestTargets } from "./bench/community.ts";

const { values: args } = parseArgs({
  options: {
    data: { type: "string" },
    n: { type: "string", default: "2000" },
    only: { type: "string" },
    api: { type: "string", default: "rest,trpc" },
  },
});
if (!args.data) throw new Error("--data DIR (a copy: the writes change it)");
const DATA = path.resolve(args.data);
const N = Number(args.n);
const ONLY = args.only ? new Set(args.only.split(",")) : null;
const APIS = new Set(args.api.split(","));

const threadNs = () => Number(readFileSync("/proc/thread-self/schedstat", "utf8").split(" ")[0]);
/** CPU nanoseconds of every thread of this process but this one, by thread id. */
function otherThreadsNs(): Map<string, number> {
  const out = new Map<string, number>();
  const self = readFileSync("/proc/thread-self/stat", "utf8").split(" ")[0];
  for (const tid of readdirSync("/proc/self/task")) {
    if (tid === self) continue;
    try {
      out.set(tid, Number(readFileSync(`/proc/self/task/${tid}/schedstat`, "utf8").split(" ")[0]));
    } catch {
      // ended meanwhile
    }
  }
  return out;
}
/** CPU used by the threads alive at both readings (the runtime ends and starts helper threads). */
const usedBetween = (before: Map<string, number>, after: Map<string, number>) =>
  [...after].reduce((sum, [tid, ns]) => sum + (before.has(tid) ? ns - before.get(tid)! : 0), 0);

const ro = openReadOnly(DATA);
const community = readCommunity(ro, DATA);
const typical = community.typical!;
const targets = requestTargets(ro, typical.memberId, 2 * N + 800);
const replyTo = newestContactPost(ro, typical.memberId);
ro.close();

const config = loadConfig({ NODE_ENV: "production", DATA_DIR: DATA, RATE_LIMITS: "off", LOG_LEVEL: "warn", HOST: "127.0.0.1", PORT: "1" });
const log = createLogger(config.LOG_LEVEL);
const db = await openSqlite(path.join(DATA, "sideline.db"));
const mailer = createMailerThread({
  smtpUrl: config.SMTP_URL,
  from: config.MAIL_FROM,
  outboxDir: path.join(DATA, "mail"),
  log,
  logLevel: config.LOG_LEVEL,
});
const app = createAppContext({
  db,
  mailer,
  log,
  publicUrl: config.PUBLIC_URL,
  uploadsDir: path.join(DATA, "uploads"),
  rateLimits: config.RATE_LIMITS,
  keyMaterial: loadKeyMaterial({ secretKey: config.SECRET_KEY, dataDir: DATA }),
  onEventHandlerError: (error, event) => log.error("event handler failed", { event: event.type, error: String(error) }),
});
registerNotificationHandlers(app);
const http = createHttpApp({ config, app, clientDir: path.join(DATA, "no-client"), publicDir: path.join(DATA, "no-public") });
const server = { requestIP: () => ({ address: "127.0.0.1", family: "IPv4", port: 40000 }) };
const base = "http://127.0.0.1:1";

async function call(method: string, p: string, headers: Record<string, string>, body?: string): Promise<{ status: number; text: string }> {
  const res = await http.fetch(new Request(`${base}${p}`, { method, headers, body }), { server });
  return { status: res.status, text: await res.text() };
}

const login = await call(
  "POST",
  "/api/account/login",
  { "Content-Type": "application/json" },
  JSON.stringify({ email: typical.email, password: community.password }),
);
const { accessToken: token, memberID } = JSON.parse(login.text) as { accessToken: string; memberID: string };
const me = Number(memberID);
const auth = { Authorization: `Bearer ${token}` };
const json = { ...auth, "Content-Type": "application/json" };

const recipient = (
  JSON.parse(
    (
      await call(
        "GET",
        `/trpc/messages.recipients?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { text: "", limit: 10 } }))}`,
        auth,
      )
    ).text,
  ) as Array<{
    result: { data: Array<{ memberId: number }> };
  }>
)[0]!.result.data[0]!.memberId;
const q = encodeURIComponent;
let target = 0;
type Build = (i: number) => [string, string, Record<string, string>, string?];
const routes: Array<[string, "rest" | "trpc", Build]> = [
  ["post", "rest", (i) => ["POST", `/api/member/SavePosts/${me}/0?postMsg=${q(`bench post p${i}`)}`, auth]],
  ["post", "trpc", (i) => ["POST", "/trpc/feed.post?batch=1", json, JSON.stringify({ 0: { text: `bench post p${i}` } })]],
  ["reply", "rest", (i) => ["POST", `/api/member/SavePosts/${me}/${replyTo}?postMsg=${q(`bench reply p${i}`)}`, auth]],
  [
    "reply",
    "trpc",
    (i) => ["POST", "/trpc/feed.reply?batch=1", json, JSON.stringify({ 0: { postId: replyTo, text: `bench reply p${i}` } })],
  ],
  [
    "message",
    "rest",
    (i) => [
      "POST",
      `/api/message/CreateMessage?to=${recipient}&from=${me}&subject=${q(`bench p${i}`)}&body=${q("A message from the bench.")}`,
      auth,
    ],
  ],
  [
    "message",
    "trpc",
    (i) => [
      "POST",
      "/trpc/messages.send?batch=1",
      json,
      JSON.stringify({ 0: { toMemberId: recipient, subject: `bench p${i}`, body: "A message from the bench." } }),
    ],
  ],
  ["request", "rest", () => ["PUT", `/api/contact/SendRequestContact?memberID=${me}&contactID=${targets[target++]}`, auth]],
  ["request", "trpc", () => ["POST", "/trpc/contacts.sendRequest?batch=1", json, JSON.stringify({ 0: { memberId: targets[target++] } })]],
];

console.log(`${N} requests a route, one after the other, in process (no background jobs)`);
console.log("| route | API | statements | server thread µs | other threads µs | wall µs |");
console.log("|---|---|--:|--:|--:|--:|");
let seq = 0;
for (const [name, api, build] of routes) {
  if ((ONLY && !ONLY.has(name)) || !APIS.has(api)) continue;
  const send = async () => {
    const [method, p, headers, body] = build(seq++);
    const res = await call(method, p, headers, body);
    if (res.status !== 200) throw new Error(`${name} (${api}) answered ${res.status}: ${res.text.slice(0, 200)}`);
    await app.events.settled();
  };
  for (let i = 0; i < Math.min(300, N); i++) await send(); // warm up
  await mailer.flush();
  const [s0, t0, o0, w0] = [statementsRun(db), threadNs(), otherThreadsNs(), performance.now()];
  for (let i = 0; i < N; i++) await send();
  const [s1, t1, w1] = [statementsRun(db), threadNs(), performance.now()];
  await mailer.flush();
  const o1 = otherThreadsNs();
  console.log(
    `| ${name} | ${api} | ${((s1 - s0) / N).toFixed(1)} | ${((t1 - t0) / 1000 / N).toFixed(0)} | ${(usedBetween(o0, o1) / 1000 / N).toFixed(0)} | ${(((w1 - w0) * 1000) / N).toFixed(0)} |`,
  );
}
await mailer.flush();
await db.destroy();
process.exit(0);
