import { type Kysely, sql } from "kysely";
import { onPostgres } from "./lib/dialect.ts";

// Frozen in time. Follows, and the member search index: an FTS5 table (SQLite) holding its own copy
// of each active member's searchable text, kept current by triggers on member and member_profile so
// every write path (services, seed, status changes) updates it. Deactivated or unconfirmed members
// are not in it. A PostgreSQL port would use a tsvector column with a GIN index instead.

const REINDEX = (idExpr: string) =>
  sql.raw(`
  DELETE FROM member_search WHERE rowid = ${idExpr};
  INSERT INTO member_search (rowid, name, status, sport, positions, place)
  SELECT m.id,
         trim(m.first_name || ' ' || m.middle_name || ' ' || m.last_name),
         m.profile_type || ' ' || m.title,
         coalesce(p.sport, ''),
         trim(coalesce(p.preferred_position, '') || ' ' || coalesce(p.secondary_position, '')),
         trim(coalesce(p.city, '') || ' ' || coalesce(p.current_city, '') || ' ' || coalesce(p.hometown, '') || ' ' ||
              coalesce(p.state, '') || ' ' || coalesce(s.name, ''))
  FROM member m
  LEFT JOIN member_profile p ON p.member_id = m.id
  LEFT JOIN us_state s ON s.code = p.state
  WHERE m.id = ${idExpr} AND m.status = 2;`);

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("follow")
    .addColumn("follower_id", "integer", (c) => c.notNull().references("member.id").onDelete("cascade"))
    .addColumn("followed_id", "integer", (c) => c.notNull().references("member.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("follow_pk", ["follower_id", "followed_id"])
    .execute();
  await db.schema.createIndex("follow_followed_idx").on("follow").columns(["followed_id", "follower_id"]).execute();
  // PostgreSQL gets its search index from 2026-11-24-020 (this FTS5 one is replaced there).
  if (onPostgres(db)) return;

  await sql`CREATE VIRTUAL TABLE member_search USING fts5(
    name, status, sport, positions, place,
    tokenize = 'unicode61 remove_diacritics 2',
    prefix = '1 2 3'
  )`.execute(db);

  await sql`CREATE TRIGGER member_search_member_ai AFTER INSERT ON member BEGIN ${REINDEX("new.id")} END`.execute(db);
  await sql`CREATE TRIGGER member_search_member_au AFTER UPDATE ON member BEGIN ${REINDEX("new.id")} END`.execute(db);
  await sql`CREATE TRIGGER member_search_member_ad AFTER DELETE ON member BEGIN DELETE FROM member_search WHERE rowid = old.id; END`.execute(
    db,
  );
  await sql`CREATE TRIGGER member_search_profile_ai AFTER INSERT ON member_profile BEGIN ${REINDEX("new.member_id")} END`.execute(db);
  await sql`CREATE TRIGGER member_search_profile_au AFTER UPDATE ON member_profile BEGIN ${REINDEX("new.member_id")} END`.execute(db);

  // Index the members that exist already.
  await sql`UPDATE member SET id = id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    "member_search_member_ai",
    "member_search_member_au",
    "member_search_member_ad",
    "member_search_profile_ai",
    "member_search_profile_au",
  ]) {
    await sql.raw(`DROP TRIGGER IF EXISTS ${t}`).execute(db);
  }
  await sql`DROP TABLE IF EXISTS member_search`.execute(db);
  await db.schema.dropTable("follow").ifExists().execute();
}
