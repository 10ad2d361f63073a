import path from "node:path";
import { openSqlite } from "../src/server/db/client.ts";
import * as search from "../src/domains/search/search.service.ts";
import * as contacts from "../src/domains/contacts/contacts.service.ts";
import { silentLogger } from "../src/domains/platform/logger.ts";
const db = await openSqlite(path.join(process.argv[2]!, "sideline.db"));
const ctx = { db, log: silentLogger } as any;
const viewer = { memberId: Number(process.argv[3] ?? 33575) } as any;
const time = async (label: string, f: () => Promise<unknown>) => {
  const xs: number[] = [];
  for (let i = 0; i < 15; i++) { const t = performance.now(); await f(); xs.push(performance.now() - t); }
  xs.sort((a, b) => a - b);
  console.log(label.padEnd(28), "min", xs[0]!.toFixed(2), "med", xs[7]!.toFixed(2), "ms");
};
for (const q of ["ol", "em", "li"]) await time(`search ${q} 10`, () => search.searchMembers(ctx, viewer, q, 10));
for (const q of ["oli", "olivi", "sophi"]) await time(`search ${q} 10`, () => search.searchMembers(ctx, viewer, q, 10));
for (const q of ["emma", "liam", "olivia"]) await time(`search ${q} 50`, () => search.searchMembers(ctx, viewer, q, 50));
await time("search jonh 10 (typo)", () => search.searchMembers(ctx, viewer, "jonh", 10));
await time("suggestions 12", () => search.suggestions(ctx, viewer, 12));
await time("suggestions 50", () => search.suggestions(ctx, viewer, 50));
for (const kind of ["contacts", "requests", "following", "followers"] as const) await time(`list ${kind} 30`, () => contacts.listOf(ctx, viewer, kind, { limit: 30 } as any));
await time(`list contacts 100`, () => contacts.listOf(ctx, viewer, "contacts", { limit: 100 } as any));
await db.destroy();
