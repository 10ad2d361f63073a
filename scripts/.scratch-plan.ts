import path from "node:path";
import { openSqlite } from "../src/server/db/client.ts";
import * as repo from "../src/domains/contacts/contacts.repository.ts";
const db = await openSqlite(path.join(process.argv[2]!, "sideline.db"));
const raw = (db as any);
const V = 33575;
// Log the SQL of listMembers by wrapping execute via a kysely plugin-less trick: use EXPLAIN on compiled queries
import { sql } from "kysely";
const q = db.selectFrom("member")
  .innerJoin("contactLink as l", (j) => j.onRef("l.otherId", "=", "member.id").on("l.memberId", "=", V).on("l.status", "=", "accepted"))
  .leftJoin("memberProfile as p", "p.memberId", "member.id")
  .leftJoin("memberPrivacy as pr", "pr.memberId", "member.id")
  .leftJoin("contactLink as vc", (j) => j.onRef("vc.otherId", "=", "member.id").on("vc.memberId", "=", V).on("vc.status", "=", "accepted"))
  .select(["member.id", sql<string>`lower(member.first_name || ' ' || member.last_name)`.as("sortName")]).where("member.status", "=", 2).orderBy("sortName").limit(30).compile();
const plan = await sql.raw(`EXPLAIN QUERY PLAN ${q.sql}`).execute(db.withPlugin({ transformQuery: (a: any) => a.node, transformResult: async (a: any) => a.result } as any)).catch(async () => null);
const r = await (db as any).executor.executeQuery({ sql: `EXPLAIN QUERY PLAN ${q.sql}`, parameters: q.parameters, query: q.query });
console.log(r.rows.map((x: any) => x.detail).join("\n"));
await db.destroy();
