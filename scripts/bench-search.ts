/**
 * Benchmark of member search and suggestions on a real SQLite file (a temp folder, removed
 * afterwards): N members with profiles, a third of them hiding a section (Private or Only
 * Contacts), a viewer with 300 contacts. Prints the query plan of the search statement and the
 * timings of searches of different selectivity and of the suggestions; asserts nothing.
 * Run: `npx bun scripts/bench-search.ts [members=100000]`.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { CompiledQuery, sql } from "kysely";
import { tierQuery } from "../src/domains/search/search.repository.ts";
import * as search from "../src/domains/search/search.service.ts";
import { openSqlite } from "../src/platform/db/client.ts";
import { migrateToLatest } from "../src/platform/db/migrator.ts";
import { measurementActor, measurementContext } from "./bench/measure-context.ts";

const TOTAL = Number(process.argv[2] ?? 100_000);
const dir = mkdtempSync(path.join(os.tmpdir(), "sideline-bench-search-"));
const db = await openSqlite(path.join(dir, "sideline.db"));
await migrateToLatest(db);
const ctx = measurementContext(db, dir);

const FIRST = ["Maya", "Luis", "Priya", "Tom", "Grace", "Jordan", "Ana", "Sam", "Noah", "Ivy", "Omar", "Lena", "Kofi", "Rae", "Zoe", "Eli"];
const LAST = ["Okafor", "Romero", "Nair", "Becker", "Kim", "Ellis", "Silva", "Weber", "Novak", "Haas", "Ito", "Moreau", "Larsen", "Costa"];
const SPORTS = ["Basketball", "Soccer", "Tennis", "Rowing", "Golf", "Volleyball", "Lacrosse", "Baseball", "Swimming", "Cycling"];
const CITIES = ["Columbus", "Dallas", "Seattle", "Eugene", "Austin", "Denver", "Boston", "Miami", "Portland", "Reno", "Tulsa", "Omaha"];
const STATES = ["OH", "TX", "WA", "OR", "CO", "MA", "FL", "NV", "OK", "NE"];
const TYPES = ["Coach", "Scout", "Agent", "Athlete (Amateur)", "Athlete (Professional)", "Fan"];

console.log(`Sideline search benchmark: ${TOTAL} members (${typeof Bun !== "undefined" ? "Bun" : "Node"}, SQLite file)`);
let started = performance.now();
const now = new Date().toISOString();
const BATCH = 500;
for (let start = 0; start < TOTAL; start += BATCH) {
  await db.transaction().execute(async (trx) => {
    const n = Math.min(BATCH, TOTAL - start);
    const ids = await trx
      .insertInto("member")
      .values(
        Array.from({ length: n }, (_, k) => {
          const i = start + k;
          return {
            email: `m${i}@bench.local`,
            passwordHash: "x",
            firstName: FIRST[i % FIRST.length]!,
            middleName: `Mid${i % 977}`,
            lastName: `${LAST[(i * 7) % LAST.length]}${i % 3000}`,
            gender: "Female",
            birthDate: "1990-01-01",
            profileType: TYPES[i % TYPES.length]!,
            title: TYPES[i % TYPES.length]!,
            picturePath: null,
            status: 2,
            welcomeBackPending: 0,
            createdAt: now,
            updatedAt: now,
          };
        }),
      )
      .returning("id")
      .execute();
    await trx
      .insertInto("memberProfile")
      .values(
        ids.map(({ id }, k) => {
          const i = start + k;
          return {
            memberId: id,
            sport: SPORTS[i % SPORTS.length]!,
            city: CITIES[(i * 5) % CITIES.length]!,
            state: STATES[i % STATES.length]!,
            currentCity: CITIES[(i * 3) % CITIES.length]!,
            hometown: `Home${i % 5000}`,
            preferredPosition: "Guard",
            updatedAt: now,
          };
        }),
      )
      .execute();
    const hidden = ids.filter((_, k) => (start + k) % 3 === 0);
    if (hidden.length) {
      await trx
        .insertInto("memberPrivacy")
        .values(hidden.map(({ id }, k) => ({ memberId: id, basicInfo: k % 2 ? 2 : 3, contactInfo: k % 2 ? 3 : 2, updatedAt: now })))
        .execute();
    }
  });
}
console.log(`insert with index triggers: ${((TOTAL / (performance.now() - started)) * 1000).toFixed(0)} members/s`);

const viewer = await measurementActor(db, 1, "bench");
await db.transaction().execute(async (trx) => {
  for (let k = 0; k < 300; k++) {
    const other = 2 + Math.floor((k * TOTAL) / 300);
    await trx
      .insertInto("contactLink")
      .values([
        { memberId: viewer.memberId, otherId: other, status: "accepted", createdAt: now, updatedAt: now },
        { memberId: other, otherId: viewer.memberId, status: "accepted", createdAt: now, updatedAt: now },
      ])
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
});
await sql`ANALYZE`.execute(db);

const tier = tierQuery(viewer.memberId, '{name} : ("maya"*)', 20);
const plan = await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`EXPLAIN QUERY PLAN ${tier.sql}`, [...tier.parameters]));
console.log("query plan of the search:");
for (const row of plan.rows) console.log(`  ${row.detail}`);

function stats(label: string, samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const pick = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(2);
  console.log(`${label.padEnd(52)} n=${String(samples.length).padStart(4)}  p50 ${pick(0.5)} ms  p95 ${pick(0.95)} ms  max ${pick(1)} ms`);
}
async function time(n: number, fn: () => Promise<unknown>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    started = performance.now();
    await fn();
    out.push(performance.now() - started);
  }
  return out;
}
for (const [label, text] of [
  ["one rare word (a hometown)", "home4242"],
  ["a full name", `maya ${LAST[0]}0`],
  ["a common first name (1/16 of members)", "maya"],
  ["a one-letter prefix (most members)", "m"],
  ["two common words (sport and city)", "basketball columbus"],
] as const) {
  const found = await search.searchMembers(ctx, viewer, text, 20);
  stats(`search "${text}": ${label} -> ${found.length}`, await time(30, () => search.searchMembers(ctx, viewer, text, 20)));
}
stats("suggestions (10)", await time(10, () => search.suggestions(ctx, viewer, 10)));

await db.destroy();
rmSync(dir, { recursive: true, force: true });
