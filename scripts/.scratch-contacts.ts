import path from "node:path";
import { sql } from "kysely";
import { openSqlite } from "../src/server/db/client.ts";
import * as repo from "../src/domains/contacts/contacts.repository.ts";
const db = await openSqlite(path.join(process.argv[2]!, "sideline.db"));
const V = 33575;
for (const kind of ["contacts", "requests", "following", "followers"] as const) {
  let best = 1e9;
  for (let i = 0; i < 5; i++) { const t = performance.now(); await repo.listMembers(db, kind, V, V, { limit: 30 }); best = Math.min(best, performance.now() - t); }
  console.log(kind, best.toFixed(2));
}
let best = 1e9;
for (let i = 0; i < 5; i++) { const t = performance.now(); await repo.listMembers(db, "contacts", V, V, { limit: 1000 }); best = Math.min(best, performance.now() - t); }
console.log("contacts all", best.toFixed(2));
await db.destroy();
