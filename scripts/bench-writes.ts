/**
 * What one write costs the server, by thread: starts the production server (as `npm run bench`
 * does: RATE_LIMITS=off, LOG_LEVEL=warn) on a copy of a generated community, sends each write
 * (a post, a reply, a message, a contact request; REST) N times from a few concurrent clients and
 * reads the CPU time every server thread used meanwhile from /proc (schedstat: nanoseconds on the
 * CPU). CPU per request is steadier than requests/s on a machine shared with other work. Prints a
 * table; asserts nothing. The writes change the database: run it on a copy.
 * Run: `bun scripts/bench-writes.ts --data DIR [--n 2000] [--clients 4] [--only post,reply]`.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { newestContactPost, openReadOnly, readCommunity, requestTargets } from "./bench/community.ts";
import { rssMB, startSideline } from "./bench/processes.ts";

const { values: args } = parseArgs({
  options: {
    data: { type: "string" },
    n: { type: "string", default: "2000" },
    clients: { type: "string", default: "4" },
    only: { type: "string" },
  },
});
if (!args.data) throw new Error("--data DIR (a copy: the writes change it)");
const DATA = path.resolve(args.data);
const N = Number(args.n);
const CLIENTS = Number(args.clients);
const ONLY = args.only ? new Set(args.only.split(",")) : null;

/** CPU nanoseconds used so far by each thread of the process, by thread id, with the thread's name. */
function threadCpu(pid: number): Map<number, { name: string; ns: number }> {
  const out = new Map<number, { name: string; ns: number }>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const ns = Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, "utf8").split(" ")[0]);
      out.set(Number(tid), { name: readFileSync(`/proc/${pid}/task/${tid}/comm`, "utf8").trim(), ns });
    } catch {
      // the thread ended meanwhile
    }
  }
  return out;
}

const db = openReadOnly(DATA);
const community = readCommunity(db, DATA);
const typical = community.typical!;
const targets = requestTargets(db, typical.memberId, 2 * N + 400);
const replyTo = newestContactPost(db, typical.memberId);
db.close();

const server = await startSideline(DATA, path.join(DATA, "no-client"));
const pid = server.pid!;
try {
  const login = await fetch(`${server.baseUrl}/api/account/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: typical.email, password: community.password }),
  });
  const { accessToken: token, memberID } = (await login.json()) as { accessToken: string; memberID: string };
  const me = Number(memberID);
  const auth = { Authorization: `Bearer ${token}` };
  const recipients = (await (
    await fetch(
      `${server.baseUrl}/trpc/messages.recipients?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { text: "", limit: 10 } }))}`,
      { headers: auth },
    )
  ).json()) as Array<{ result: { data: Array<{ memberId: number }> } }>;
  const recipient = recipients[0]!.result.data[0]!.memberId;
  const q = encodeURIComponent;
  let target = 0;
  const routes: Array<[string, (i: number) => [string, string]]> = [
    ["post", (i) => ["POST", `/api/member/SavePosts/${me}/0?postMsg=${q(`bench post w${i}`)}`]],
    ["reply", (i) => ["POST", `/api/member/SavePosts/${me}/${replyTo}?postMsg=${q(`bench reply w${i}`)}`]],
    [
      "message",
      (i) => [
        "POST",
        `/api/message/CreateMessage?to=${recipient}&from=${me}&subject=${q(`bench w${i}`)}&body=${q("A message from bench-writes.")}`,
      ],
    ],
    ["request", () => ["PUT", `/api/contact/SendRequestContact?memberID=${me}&contactID=${targets[target++]}`]],
  ];
  console.log(`${N} requests a route from ${CLIENTS} clients; server CPU per request by thread (µs), wall, RSS after`);
  for (const [name, build] of routes) {
    if (ONLY && !ONLY.has(name)) continue;
    let seq = 0;
    const send = async () => {
      const [method, p] = build(seq++);
      const res = await fetch(`${server.baseUrl}${p}`, { method, headers: auth });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${name} answered ${res.status}`);
    };
    const runMany = async (count: number) => {
      let left = count;
      await Promise.all(
        Array.from({ length: CLIENTS }, async () => {
          while (left-- > 0) await send();
        }),
      );
    };
    await runMany(Math.min(200, N)); // warm up: JIT, prepared statements, caches
    await new Promise((r) => setTimeout(r, 300));
    const before = threadCpu(pid);
    const t0 = performance.now();
    await runMany(N);
    const wall = performance.now() - t0;
    await new Promise((r) => setTimeout(r, 300)); // let the mail thread finish what it was given
    const after = threadCpu(pid);
    const byThread: string[] = [];
    let total = 0;
    for (const [tid, a] of after) {
      const us = (a.ns - (before.get(tid)?.ns ?? 0)) / 1000 / N;
      total += us;
      if (us >= 5) byThread.push(`${tid === pid ? "main" : `${a.name}#${tid - pid}`} ${us.toFixed(0)}`);
    }
    console.log(
      `${name.padEnd(8)} total ${total.toFixed(0).padStart(5)} µs | ${byThread.join(", ")} | wall ${(wall / N).toFixed(2)} ms/req (${Math.round((N / wall) * 1000)}/s) | RSS ${rssMB(pid)?.toFixed(0)} MB`,
    );
  }
} finally {
  await server.stop();
}
