import { type Kysely, sql } from "kysely";
import { onPostgres } from "./lib/dialect.ts";

// Frozen in time. PostgreSQL only (decision 050): the prefix postings of member search (migration
// 2026-11-28-510) also hold each word's first letter as a prefix (bits 32 … 512), so that a
// one-letter word can drive a tier's read or be counted when the rarest words are chosen to drive.
// The triggers call member_search_prefixes by name: replacing it changes what they write.

const prefixesFunction = (shortest: number) =>
  `CREATE OR REPLACE FUNCTION member_search_prefixes(pub tsvector, place tsvector) RETURNS TABLE (term text, columns smallint)
   LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
     SELECT t.term, bit_or(t.bits)::smallint
     FROM (
       SELECT u.lexeme AS word, CASE w WHEN 'A' THEN 1 WHEN 'B' THEN 2 WHEN 'C' THEN 4 ELSE 8 END AS col
       FROM unnest(pub) u, unnest(u.weights) w
       UNION ALL SELECT lexeme, 16 FROM unnest(place)
     ) x,
     LATERAL (
       SELECT x.word AS term, x.col AS bits
       UNION ALL
       SELECT left(x.word, n), x.col << 5 FROM generate_series(${shortest}, least(length(x.word), 6)) n
     ) t
     GROUP BY t.term
   $$`;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!onPostgres(db)) return;
  // Writers wait until the migration commits (readers do not): a reindex between the function's
  // replacement and the backfill would otherwise leave one-letter postings the triggers never repair.
  await sql`LOCK TABLE member_search IN SHARE MODE`.execute(db);
  await sql.raw(prefixesFunction(1)).execute(db);
  // The one-letter postings of the members already indexed; a one-letter word's own posting gains its prefix bits.
  await sql`INSERT INTO member_search_prefix (term, member_id, columns)
    SELECT x.term, s.member_id, x.columns FROM member_search s, member_search_prefixes(s.pub, s.place) x
    WHERE length(x.term) = 1
    ORDER BY 1, 2
    ON CONFLICT (term, member_id) DO UPDATE SET columns = excluded.columns`.execute(db);
  await sql`ANALYZE member_search_prefix`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!onPostgres(db)) return;
  await sql`LOCK TABLE member_search IN SHARE MODE`.execute(db);
  await sql.raw(prefixesFunction(2)).execute(db);
  await sql`DELETE FROM member_search_prefix WHERE length(term) = 1 AND columns & 31 = 0`.execute(db);
  await sql`UPDATE member_search_prefix SET columns = columns & 31 WHERE length(term) = 1`.execute(db);
}
