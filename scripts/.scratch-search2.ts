import path from "node:path";
import { sql } from "kysely";
import { openSqlite } from "../src/server/db/client.ts";
import * as repo from "../src/domains/search/search.repository.ts";
const db = await openSqlite(path.join(process.argv[2]!, "sideline.db"));
const V = 33575;
const time = async (label: string, f: () => Promise<unknown>) => { let best = 1e9; let r: any; for (let i = 0; i < 5; i++) { const t = performance.now(); r = await f(); best = Math.min(best, performance.now() - t); } console.log(label, best.toFixed(2), "ms", Array.isArray(r) ? r.length : (r?.rows?.length ?? "")); };
for (const m of ['{name} : ("ol")', '{name} : ("ol"*)', '{name status} : ("ol"*)', '{name status sport positions place} : ("ol"*)', '{name} : ("bas"*)', '{name status} : ("bas"*)', '{name status sport} : ("bas"*)']) {
  await time(m + " 60", () => repo.tierQuery(V, m, 60).execute(db));
}
await time("raw fts {name}:bas*", () => sql`SELECT rowid FROM member_search WHERE member_search MATCH '{name} : ("bas"*)' LIMIT 60`.execute(db));
await time("raw fts {name}:ol*", () => sql`SELECT rowid FROM member_search WHERE member_search MATCH '{name} : ("ol"*)' ORDER BY rowid LIMIT 60`.execute(db));
await time("contacts ol", () => repo.contactsQuery(V, '"ol"*', 60).execute(db));
await time("ids ol 50", () => repo.searchMemberIds(db, V, repo.prefixTerms("ol"), 50));
await time("ids bas 50", () => repo.searchMemberIds(db, V, repo.prefixTerms("bas"), 50));
await time("corrections jonh", () => repo.correctionsOf(db, "jonh"));
await time("hasPrefix jonh", () => repo.hasTermWithPrefix(db, "jonh"));
console.log(await repo.correctionsOf(db, "jonh"), await repo.correctionsOf(db, "smiht"));
await time("compute 33575", () => repo.computeSuggestionsQuery(V, 50).execute(db));
await time("mutual only", () => sql`SELECT c2.other_id AS id, count(*) AS n FROM contact_link c1 JOIN contact_link c2 ON c2.member_id = c1.other_id AND c2.status = 'accepted' WHERE c1.member_id = ${V} AND c1.status = 'accepted' GROUP BY c2.other_id`.execute(db));
await db.destroy();
