import path from "node:path";
import { sql } from "kysely";
import { openSqlite } from "../src/server/db/client.ts";
import * as repo from "../src/domains/search/search.repository.ts";
import * as search from "../src/domains/search/search.service.ts";
import { silentLogger } from "../src/domains/platform/logger.ts";
const db = await openSqlite(path.join(process.argv[2]!, "sideline.db"));
const ctx = { db, log: silentLogger } as any;
const viewer = { memberId: 33575 } as any;
let t = performance.now();
const added = await repo.syncSearchTerms(db);
console.log("sync terms", added, (performance.now() - t).toFixed(0), "ms");
t = performance.now();
await repo.refreshSuggestionsOf(db, 33575, new Date().toISOString());
console.log("compute suggestions", (performance.now() - t).toFixed(1), "ms");
for (const id of [443, 96830, 322, 5]) { t = performance.now(); await repo.refreshSuggestionsOf(db, id, new Date().toISOString()); console.log("compute", id, (performance.now() - t).toFixed(1), "ms"); }
for (const q of ["ol", "em", "oli", "olivi", "emma", "emma jo", "bas", "basketball", "jonh", "olvia", "smiht"]) {
  for (const limit of [10, 50]) {
    t = performance.now();
    const r = await search.searchMembers(ctx, viewer, q, limit);
    const ms = performance.now() - t;
    t = performance.now();
    await search.searchMembers(ctx, viewer, q, limit);
    console.log(q, limit, r.length, ms.toFixed(2), (performance.now() - t).toFixed(2), "ms", r.slice(0, 3).map((c) => c.name).join("; "));
  }
}
t = performance.now();
const s = await search.suggestions(ctx, viewer, 12);
console.log("suggestions", s.length, (performance.now() - t).toFixed(2));
const plan = async (q: any) => console.log((await sql<{ detail: string }>`EXPLAIN QUERY PLAN ${q}`.execute(db)).rows.map((r) => r.detail).join("\n"));
await plan(repo.computeSuggestionsQuery(33575, 50));
console.log("--");
await plan(repo.storedSuggestionsQuery(33575, 50));
await db.destroy();
