import { type Kysely, sql } from "kysely";
import { onPostgres } from "./lib/dialect.ts";

// Frozen in time. Member search: prefix indexes up to 8 letters, and the index in one segment
// (decision 012, addendum of 2026-11-26).
//
// The search tiers read the full-text index in rowid order up to the limit. A prefix the index has
// no prefix index for ("olivi"*: 5 letters, with prefixes of 1-3 letters only) makes FTS5 merge the
// whole doclist of every word that starts with it before the first row comes (56-150 us at 100,000
// members, growing with them); with a prefix index it is one doclist read up to the limit (2-5 us).
// The index built one member at a time is also many segments, each read for every word (about
// 18 us more per query than the same index in one segment): it is rebuilt in one piece.
// The table is recreated with the same columns, tokenizer and rows (copied); the triggers of
// 2026-11-24-020 write into it by name and stay as they are; member_search_vocab reads it by name.
// 100,000 members: about 10 s, the index 23 -> 42 MB.
// PostgreSQL: a GIN index over the tsvector answers `word:*` prefixes from its entry tree; nothing
// to add there.

const COLUMNS = ["name", "status", "sport", "positions", "place", "name_c", "status_c", "sport_c", "positions_c", "place_c"].join(", ");

async function recreate(db: Kysely<unknown>, prefix: string): Promise<void> {
  await sql.raw(`CREATE TEMP TABLE member_search_copy AS SELECT rowid AS id, ${COLUMNS} FROM member_search`).execute(db);
  await sql`DROP TABLE member_search`.execute(db);
  await sql
    .raw(
      `CREATE VIRTUAL TABLE member_search USING fts5(
    ${COLUMNS},
    tokenize = 'unicode61 remove_diacritics 2',
    prefix = '${prefix}'
  )`,
    )
    .execute(db);
  await sql.raw(`INSERT INTO member_search (rowid, ${COLUMNS}) SELECT id, ${COLUMNS} FROM member_search_copy ORDER BY id`).execute(db);
  await sql`DROP TABLE member_search_copy`.execute(db);
  await sql`INSERT INTO member_search (member_search) VALUES ('optimize')`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  // PostgreSQL's GIN index answers prefix queries (word:*) without prefix indexes.
  if (onPostgres(db)) return;
  await recreate(db, "1 2 3 4 5 6 7 8");
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (onPostgres(db)) return;
  await recreate(db, "1 2 3");
}
