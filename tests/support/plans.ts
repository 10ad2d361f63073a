import { CompiledQuery, sql } from "kysely";
import type { DB } from "../../src/platform/db/client.ts";
import { numberedPlaceholders } from "../../src/platform/db/dialect.ts";

/**
 * The plan PostgreSQL picks for a statement (`?` placeholders) with sequential scans priced out, as
 * EXPLAIN's text: at test size a scan of a few rows would win, so a plan test on PostgreSQL proves
 * that an index can serve every table the statement reads (a table without one is still scanned).
 */
export function postgresPlan(db: DB, text: string, parameters: readonly unknown[] = []): Promise<string> {
  return db.transaction().execute(async (trx) => {
    await sql`SET LOCAL enable_seqscan = off`.execute(trx);
    const explained = await trx.executeQuery(CompiledQuery.raw(`EXPLAIN ${numberedPlaceholders(text)}`, [...parameters]));
    return explained.rows.map((r) => String(Object.values(r as object)[0])).join("\n");
  });
}
