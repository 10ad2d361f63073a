import { type Kysely, sql } from "kysely";
import { onPostgres } from "./lib/dialect.ts";

// Frozen in time. PostgreSQL only (decision 052). member_search_prefixes (migrations 2026-11-28-510
// and -520) is run by the postings' triggers once per member written. It read each word's
// prefixes from `generate_series(1, least(length(word), 6))`, which the planner, not knowing the
// bounds, counts as 1,000 rows a word: the function's query looked big enough for two parallel
// workers, started and stopped at every call (about 50 ms, against 0.2 ms without). A reindex of
// one member (a profile saved) calls it twice; a copy of 100,000 members 100,000 times. The series
// now has constant bounds (6 rows) and a filter, so it is planned as the few rows it is; ROWS tells
// the callers' plans about 60 rows a member instead of 1,000.

const prefixesFunction = (series: string, rows: string) =>
  `CREATE OR REPLACE FUNCTION member_search_prefixes(pub tsvector, place tsvector) RETURNS TABLE (term text, columns smallint)
   LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE ${rows} AS $$
     SELECT t.term, bit_or(t.bits)::smallint
     FROM (
       SELECT u.lexeme AS word, CASE w WHEN 'A' THEN 1 WHEN 'B' THEN 2 WHEN 'C' THEN 4 ELSE 8 END AS col
       FROM unnest(pub) u, unnest(u.weights) w
       UNION ALL SELECT lexeme, 16 FROM unnest(place)
     ) x,
     LATERAL (
       SELECT x.word AS term, x.col AS bits
       UNION ALL
       SELECT left(x.word, n), x.col << 5 FROM ${series}
     ) t
     GROUP BY t.term
   $$`;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!onPostgres(db)) return;
  await sql.raw(prefixesFunction("generate_series(1, 6) n WHERE n <= length(x.word)", "ROWS 60")).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!onPostgres(db)) return;
  await sql.raw(prefixesFunction("generate_series(1, least(length(x.word), 6)) n", "ROWS 1000")).execute(db);
}
