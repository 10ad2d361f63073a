/**
 * The member lists through the real server, one request at a time (no queueing: the service time
 * of each route, robust to a loaded machine when read as min / p10 / median): GET /api/health with
 * a token, each REST list of the typical member and each tRPC first page (30), N requests each.
 * Starts `bun src/server/main.ts` of this tree on DATA_DIR (a COPY) and stops it.
 * Run: `[ENCODING=br] bun scripts/measure-lists-http.ts DATA_DIR [requests=300]`.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { startSideline } from "./bench/processes.ts";

const dir = process.argv[2];
if (!dir) throw new Error("usage: bun scripts/measure-lists-http.ts DATA_DIR [requests]");
const n = Number(process.argv[3] ?? 300);
const community = JSON.parse(readFileSync(path.join(dir, "community.json"), "utf8")) as {
  password?: string;
  subjects: { typical: { id: number; email: string } };
};
const server = await startSideline(dir, path.join(import.meta.dir, "../dist/client"));
try {
  const res = await fetch(`${server.baseUrl}/api/account/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: community.subjects.typical.email, password: community.password ?? "sideline" }),
  });
  const { accessToken, memberID } = (await res.json()) as { accessToken: string; memberID: string };
  // As the bench's load generator (autocannon sends no Accept-Encoding); ENCODING=br measures a browser's.
  const headers = { Authorization: `Bearer ${accessToken}`, "Accept-Encoding": process.env.ENCODING ?? "identity" };
  const trpc = (proc: string) =>
    `/trpc/${proc}?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { limit: 30, direction: "forward" } }))}`;
  const routes: Array<[string, string]> = [
    ["health (token)", "/api/health"],
    ["rest contacts (all)", `/api/contact/GetMemberContacts?memberID=${memberID}&show=All`],
    ["rest requests", `/api/contact/GetRequestsList?memberID=${memberID}`],
    ["rest following", `/api/contact/GetPeopleIFollow?memberID=${memberID}`],
    ["rest followers", `/api/contact/GetWhosFollowingMe?memberID=${memberID}`],
    ["trpc contacts (30)", trpc("contacts.contacts")],
    ["trpc requests (30)", trpc("contacts.requests")],
    ["trpc following (30)", trpc("contacts.following")],
    ["trpc followers (30)", trpc("contacts.followers")],
  ];
  console.log(`member ${memberID}, ${n} requests each, one at a time: min / p10 / median ms, bytes`);
  for (const [name, route] of routes) {
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < n; i++) {
      const t = performance.now();
      const r = await fetch(`${server.baseUrl}${route}`, { headers });
      const body = await r.arrayBuffer();
      times.push(performance.now() - t);
      if (r.status !== 200) throw new Error(`${route} answered ${r.status}`);
      bytes = body.byteLength;
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.floor(q * (n - 1))]!.toFixed(2).padStart(6);
    console.log(`${name.padEnd(22)} ${at(0)} / ${at(0.1)} / ${at(0.5)}  ${bytes} B`);
  }
} finally {
  await server.stop();
}
