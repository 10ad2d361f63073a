import { type Kysely, sql } from "kysely";
import { onPostgres } from "./lib/dialect.ts";

// Frozen in time. The admin members screen finds members by the beginning of their names folded
// as member search folds them (lower case, accents removed: "zoe" finds Zoë, "ZOË" finds Zoe), not
// by lower(), which SQLite (and PostgreSQL's C locale) apply to ASCII only. Every member is
// findable here, suspended and unconfirmed ones included, so member search's own index (active
// members, what others may see) does not serve.
// - SQLite has no accent folding in SQL: an FTS5 table of first and last names with member search's
//   tokenizer (unicode61 remove_diacritics 2), kept by triggers on member; word prefixes match.
// - PostgreSQL: indexes on member_search_fold(first_name) and (last_name), the function member
//   search folds with (2026-11-24-020); a name's beginning is a range of them.
// The lower() indexes of 2026-11-26-400 served only this search: dropped.

const TRIGGERS: Array<[name: string, body: string]> = [
  [
    "member_admin_name_ai AFTER INSERT ON member",
    "INSERT INTO member_admin_name (rowid, first, last) VALUES (new.id, new.first_name, new.last_name);",
  ],
  [
    "member_admin_name_au AFTER UPDATE OF first_name, last_name ON member",
    "DELETE FROM member_admin_name WHERE rowid = old.id; INSERT INTO member_admin_name (rowid, first, last) VALUES (new.id, new.first_name, new.last_name);",
  ],
  ["member_admin_name_ad AFTER DELETE ON member", "DELETE FROM member_admin_name WHERE rowid = old.id;"],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("member_first_name_lower_idx").ifExists().execute();
  await db.schema.dropIndex("member_last_name_lower_idx").ifExists().execute();
  if (onPostgres(db)) {
    await sql`CREATE INDEX member_first_name_fold_idx ON member (member_search_fold(first_name))`.execute(db);
    await sql`CREATE INDEX member_last_name_fold_idx ON member (member_search_fold(last_name))`.execute(db);
    return;
  }
  await sql`CREATE VIRTUAL TABLE member_admin_name USING fts5(
    first, last,
    tokenize = 'unicode61 remove_diacritics 2',
    prefix = '1 2 3'
  )`.execute(db);
  await sql`INSERT INTO member_admin_name (rowid, first, last) SELECT id, first_name, last_name FROM member`.execute(db);
  for (const [head, body] of TRIGGERS) await sql.raw(`CREATE TRIGGER ${head} BEGIN ${body} END`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (onPostgres(db)) {
    await sql`DROP INDEX IF EXISTS member_first_name_fold_idx`.execute(db);
    await sql`DROP INDEX IF EXISTS member_last_name_fold_idx`.execute(db);
  } else {
    for (const [head] of TRIGGERS) await sql.raw(`DROP TRIGGER IF EXISTS ${head.split(" ")[0]}`).execute(db);
    await sql`DROP TABLE IF EXISTS member_admin_name`.execute(db);
  }
  await sql`CREATE INDEX member_first_name_lower_idx ON member (lower(first_name))`.execute(db);
  await sql`CREATE INDEX member_last_name_lower_idx ON member (lower(last_name))`.execute(db);
}
