import { type Kysely, sql } from "kysely";
import { onPostgres } from "./lib/dialect.ts";

// Frozen in time. PostgreSQL only (decision 049): member search reads its tiers from a B-tree of
// postings instead of the GIN indexes, so that a tier reads its matches in member id order and stops
// at the page's limit, as SQLite's FTS5 does. member_search_prefix holds, for every member in
// member_search, each word of their public columns (pub, place) and each of its prefixes of 2 to 6
// characters, with the columns it comes from as bits: 1 A (name), 2 B (status), 4 C (sport), 8 D
// (positions), 16 place as a whole word; the same shifted by 5 (32 … 512) as a prefix (a word is
// also a prefix of itself, up to 6 characters). Statement triggers on member_search keep it: its
// rows are only ever inserted and deleted (member_search_reindex), and a rebuild inserts them all.
// SQLite needs none: FTS5 reads its doclists in rowid order.

const LONGEST_PREFIX = 6;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!onPostgres(db)) return;
  await sql
    .raw(
      `CREATE FUNCTION member_search_prefixes(pub tsvector, place tsvector) RETURNS TABLE (term text, columns smallint)
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
           SELECT left(x.word, n), x.col << 5 FROM generate_series(2, least(length(x.word), ${LONGEST_PREFIX})) n
         ) t
         GROUP BY t.term
       $$`,
    )
    .execute(db);
  await sql`CREATE TABLE member_search_prefix (
    term text NOT NULL,
    member_id integer NOT NULL,
    columns smallint NOT NULL,
    PRIMARY KEY (term, member_id)
  )`.execute(db);
  // The exact tier reads whole words only: without this index it would pass over every member the
  // word is only a prefix for ("ol" of every Olivia) before finding the few named "Ol".
  await sql`CREATE INDEX member_search_prefix_whole_idx ON member_search_prefix (term, member_id) WHERE columns & 31 <> 0`.execute(db);

  await sql`CREATE FUNCTION member_search_prefixes_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP IN ('DELETE', 'UPDATE') THEN
        DELETE FROM member_search_prefix p
        USING (SELECT r.member_id, x.term FROM removed r, member_search_prefixes(r.pub, r.place) x) d
        WHERE p.term = d.term AND p.member_id = d.member_id;
      END IF;
      IF TG_OP IN ('INSERT', 'UPDATE') THEN
        INSERT INTO member_search_prefix (term, member_id, columns)
        SELECT x.term, a.member_id, x.columns FROM added a, member_search_prefixes(a.pub, a.place) x
        ORDER BY 1, 2;
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  // A trigger with transition tables has one event.
  await sql`CREATE TRIGGER member_search_prefixes_ai AFTER INSERT ON member_search REFERENCING NEW TABLE AS added
    FOR EACH STATEMENT EXECUTE FUNCTION member_search_prefixes_changed()`.execute(db);
  await sql`CREATE TRIGGER member_search_prefixes_ad AFTER DELETE ON member_search REFERENCING OLD TABLE AS removed
    FOR EACH STATEMENT EXECUTE FUNCTION member_search_prefixes_changed()`.execute(db);
  await sql`CREATE TRIGGER member_search_prefixes_au AFTER UPDATE ON member_search REFERENCING OLD TABLE AS removed NEW TABLE AS added
    FOR EACH STATEMENT EXECUTE FUNCTION member_search_prefixes_changed()`.execute(db);
  await sql`CREATE FUNCTION member_search_prefixes_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      TRUNCATE member_search_prefix;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER member_search_prefixes_at AFTER TRUNCATE ON member_search
    FOR EACH STATEMENT EXECUTE FUNCTION member_search_prefixes_truncated()`.execute(db);
  await sql`INSERT INTO member_search_prefix (term, member_id, columns)
    SELECT x.term, s.member_id, x.columns FROM member_search s, member_search_prefixes(s.pub, s.place) x
    ORDER BY 1, 2`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!onPostgres(db)) return;
  for (const t of ["ai", "ad", "au", "at"])
    await sql`DROP TRIGGER IF EXISTS ${sql.id(`member_search_prefixes_${t}`)} ON member_search`.execute(db);
  await sql`DROP FUNCTION IF EXISTS member_search_prefixes_changed()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS member_search_prefixes_truncated()`.execute(db);
  await sql`DROP TABLE IF EXISTS member_search_prefix`.execute(db);
  await sql`DROP FUNCTION IF EXISTS member_search_prefixes(tsvector, tsvector)`.execute(db);
}
