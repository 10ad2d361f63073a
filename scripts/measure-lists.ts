/**
 * In-process cost of the member lists on a generated community (a COPY: it opens the file
 * read-write): each list of the typical member as the REST adapter answers it (all, up to 200
 * cards) and as tRPC pages it (30), min / median over N runs, with the statements each ran.
 * Run: `[UNCACHED=1] bun scripts/measure-lists.ts DATA_DIR [runs=30] [memberId]` (UNCACHED: every
 * run reads the database, as after a write; without it repeated questions come from the cache).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import * as contacts from "../src/domains/contacts/contacts.service.ts";
import { contact } from "../src/server/rest/contact.ts";
import { openSqlite, statementsRun } from "../src/platform/db/client.ts";
import type { RestRequest } from "../src/server/rest/registry.ts";
import { measurementActor, measurementContext } from "./bench/measure-context.ts";

const dir = process.argv[2];
if (!dir) throw new Error("usage: bun scripts/measure-lists.ts DATA_DIR [runs] [memberId]");
const runs = Number(process.argv[3] ?? 30);
const community = JSON.parse(readFileSync(path.join(dir, "community.json"), "utf8")) as { subjects: { typical: { id: number } } };
const memberId = Number(process.argv[4] ?? community.subjects.typical.id);
const db = await openSqlite(path.join(dir, "sideline.db"));
const ctx = measurementContext(db, dir);
const actor = await measurementActor(db, memberId);

const restCall = (action: string, query: Record<string, string>) => {
  const lower = Object.fromEntries(Object.entries(query).map(([k, v]) => [k.toLowerCase(), v]));
  const req = { app: ctx, actor, params: [], query: lower, body: {} } as unknown as RestRequest;
  return async () => JSON.stringify(await contact[action]!.handler(req));
};

const cases: Array<[string, () => Promise<unknown>]> = [
  ["rest contacts (all)", restCall("GetMemberContacts", { memberID: String(memberId), show: "All" })],
  ["rest requests", restCall("GetRequestsList", { memberID: String(memberId) })],
  ["rest following", restCall("GetPeopleIFollow", { memberID: String(memberId) })],
  ["rest followers", restCall("GetWhosFollowingMe", { memberID: String(memberId) })],
  ...(["contacts", "requests", "following", "followers"] as const).map(
    (kind) =>
      [`trpc ${kind} (30)`, async () => JSON.stringify(await contacts.listOf(ctx, actor, kind, { limit: 30 }))] as [
        string,
        () => Promise<unknown>,
      ],
  ),
  // Again at the end: the first case also pays for warming up (JIT, page cache).
  ["rest contacts (again)", restCall("GetMemberContacts", { memberID: String(memberId), show: "All" })],
];

// DUMP=file writes every answer once (to compare two versions' answers byte for byte).
const dump: string[] = [];
console.log(`member ${memberId}, ${runs} runs each (min / median ms, statements, bytes)`);
for (const [name, run] of cases) {
  const times: number[] = [];
  let statements = 0;
  let bytes = 0;
  for (let i = 0; i < runs; i++) {
    // UNCACHED=1: a write that changes nothing but that the list cache must take as a change (decision 017).
    if (process.env.UNCACHED) await sql`update member set status = status where id = -1`.execute(db);
    const before = statementsRun(db);
    const t = performance.now();
    const out = (await run()) as string;
    times.push(performance.now() - t);
    statements = statementsRun(db) - before;
    bytes = out.length;
  }
  dump.push(`${name}\t${(await run()) as string}`);
  times.sort((a, b) => a - b);
  console.log(
    `${name.padEnd(22)} ${times[0]!.toFixed(2).padStart(7)} / ${times[Math.floor(runs / 2)]!.toFixed(2).padStart(7)}  ${statements} st  ${bytes} B`,
  );
}
if (process.env.DUMP) await Bun.write(process.env.DUMP, dump.join("\n"));
await db.destroy();
