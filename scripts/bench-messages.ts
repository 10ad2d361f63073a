/**
 * Benchmark of the messenger's paths on a real SQLite file (a temp folder, removed afterwards):
 * sending, the first page and a deep page of a large mailbox, search, the unread count, and how
 * long a sent message takes to reach the recipient's open live stream. Prints numbers; asserts
 * nothing. Run: `npx bun scripts/bench-messages.ts [messages=20000]`.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import * as live from "../src/domains/live/live.service.ts";
import { messageListInput } from "../src/domains/messages/messages.schema.ts";
import * as messages from "../src/domains/messages/messages.service.ts";
import { createAppContext } from "../src/platform/app-context.ts";
import { silentLogger } from "../src/platform/logger.ts";
import { createMailer } from "../src/platform/mailer.ts";
import { openSqlite } from "../src/platform/db/client.ts";
import { migrateToLatest } from "../src/platform/db/migrator.ts";
import { createMember, makeContacts } from "#support/members.ts";

const TOTAL = Number(process.argv[2] ?? 20_000);
const dir = mkdtempSync(path.join(os.tmpdir(), "sideline-bench-"));
const db = await openSqlite(path.join(dir, "sideline.db"));
await migrateToLatest(db);
const ctx = createAppContext({
  db,
  mailer: createMailer({ from: "bench@sideline.local", outboxDir: path.join(dir, "mail"), log: silentLogger }),
  log: silentLogger,
  publicUrl: "http://localhost",
  uploadsDir: path.join(dir, "uploads"),
});

const member = (firstName: string) => createMember(db, { firstName, lastName: "Bench" });
const reader = await member("Reader");
const writers = await Promise.all(Array.from({ length: 20 }, (_, i) => member(`Writer${i}`)));
for (const w of writers) await makeContacts(db, w, reader);

function stats(label: string, samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const pick = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(2);
  console.log(`${label.padEnd(44)} n=${String(samples.length).padStart(5)}  p50 ${pick(0.5)} ms  p95 ${pick(0.95)} ms  max ${pick(1)} ms`);
}
async function time(n: number, fn: (i: number) => Promise<unknown>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn(i);
    out.push(performance.now() - t);
  }
  return out;
}

console.log(
  `Sideline messages benchmark: ${TOTAL} messages to one member from 20 contacts (${typeof Bun !== "undefined" ? "Bun" : "Node"}, SQLite file)`,
);
const started = performance.now();
const sends = await time(TOTAL, (i) =>
  messages.send(ctx, writers[i % writers.length]!, {
    toMemberId: reader.memberId,
    subject: `Subject ${i}`,
    body: `Practice notes number ${i} for the week ahead.`,
  }),
);
console.log(`send: ${(TOTAL / ((performance.now() - started) / 1000)).toFixed(0)} messages/s (message, two copies, two live events each)`);
stats("send (service, incl. contact check)", sends);
stats("list: first page of 30", await time(200, () => messages.list(ctx, reader, messageListInput.parse({}))));
const deep = await messages.list(ctx, reader, messageListInput.parse({ limit: 100 }));
let cursor = deep.nextCursor;
for (let i = 0; i < Math.floor(TOTAL / 200) && cursor; i++)
  cursor = (await messages.list(ctx, reader, messageListInput.parse({ limit: 100, cursor }))).nextCursor;
stats(
  "list: a page half-way down (keyset)",
  await time(200, () => messages.list(ctx, reader, messageListInput.parse({ cursor: cursor ?? undefined }))),
);
stats("list: unread view", await time(200, () => messages.list(ctx, reader, messageListInput.parse({ view: "unread" }))));
stats(
  `search: a word in ${TOTAL} messages`,
  await time(50, () => messages.list(ctx, reader, messageListInput.parse({ search: "number 12345" }))),
);
stats("unread count", await time(200, () => messages.unreadCount(ctx, reader)));

// Live delivery: from send() called to the recipient's stream yielding the event.
const controller = new AbortController();
const stream = live.stream(ctx, reader, null, controller.signal);
await stream.next(); // stream.ready
const latencies: number[] = [];
for (let i = 0; i < 200; i++) {
  const t = performance.now();
  const next = stream.next();
  await messages.send(ctx, writers[0]!, { toMemberId: reader.memberId, subject: "Live", body: "Now" });
  let event = await next;
  while (!event.done && event.value.type !== "message.received") event = await stream.next();
  latencies.push(performance.now() - t);
}
controller.abort();
stats("live: send to the event on the open stream", latencies);

await db.destroy();
rmSync(dir, { recursive: true, force: true });
