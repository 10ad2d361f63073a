import { type Kysely, sql } from "kysely";
import { onPostgres } from "./lib/dialect.ts";

// Frozen in time: no imports from the application (issue 11, findings 5 and 13).
//
// 1. The member search index holds only what each audience may see. Every searchable field belongs
//    to a profile section (basic info: middle name, status, sport, positions, current city,
//    hometown; contact info: city, state) whose privacy level (1 Public, 2 Private, 3 Only
//    Contacts) decides who may see it; first and last name and title are the profile's header,
//    always shown. The FTS5 table has five columns any member may match (the header, plus each
//    field whose section is Public) and the same five for contacts only (fields whose section is
//    Only Contacts). A stranger's query is limited to the first five by a column filter; a
//    contact's query reads all ten. A Private section is in neither. Triggers on member,
//    member_profile and now member_privacy keep it current on every write path; deactivated and
//    unconfirmed members are not in it. (A PostgreSQL port: two tsvector columns, public and
//    contacts-only, with GIN indexes, kept by the same triggers.)
//
// 2. Schools and companies a member types stay pending until an operator approves them: `status`
//    'approved' (the shared lists) or 'pending' (only on the entries of the member who typed it,
//    added_by_member_id). Rows members added before this migration were never reviewed: pending.

const COLUMNS = ["name", "status", "sport", "positions", "place"];

/**
 * Deletes and rewrites one member's index row: the public columns get the header and the fields of
 * Public sections, the `_c` columns the fields of Only Contacts sections (b = basic info level,
 * c = contact info level; no privacy row means the defaults, Public).
 */
const REINDEX = (idExpr: string) => {
  const pub = (level: string) => `${level} = 1`;
  const con = (level: string) => `${level} = 3`;
  const part = (test: string, text: string) => `CASE WHEN ${test} THEN ${text} ELSE '' END`;
  const values = (shows: (level: string) => string, withHeader: boolean) => [
    `trim(${withHeader ? "f.first_name || ' ' || " : ""}${part(shows("f.b"), "f.middle_name")}${withHeader ? " || ' ' || f.last_name" : ""})`,
    `trim(${withHeader ? "f.title || ' ' || " : ""}${part(shows("f.b"), "f.profile_type")})`,
    part(shows("f.b"), "f.sport"),
    part(shows("f.b"), "f.positions"),
    `trim(${part(shows("f.b"), "f.basic_place")} || ' ' || ${part(shows("f.c"), "f.contact_place")})`,
  ];
  return `
  DELETE FROM member_search WHERE rowid = ${idExpr};
  INSERT INTO member_search (rowid, ${COLUMNS.join(", ")}, ${COLUMNS.map((c) => `${c}_c`).join(", ")})
  SELECT f.id, ${[...values(pub, true), ...values(con, false)].join(",\n    ")}
  FROM (
    SELECT m.id, m.first_name, m.middle_name, m.last_name, m.title, m.profile_type,
           coalesce(p.sport, '') AS sport,
           trim(coalesce(p.preferred_position, '') || ' ' || coalesce(p.secondary_position, '')) AS positions,
           trim(coalesce(p.current_city, '') || ' ' || coalesce(p.hometown, '')) AS basic_place,
           trim(coalesce(p.city, '') || ' ' || coalesce(p.state, '') || ' ' || coalesce(s.name, '')) AS contact_place,
           coalesce(pr.basic_info, 1) AS b,
           coalesce(pr.contact_info, 1) AS c
    FROM member m
    LEFT JOIN member_profile p ON p.member_id = m.id
    LEFT JOIN member_privacy pr ON pr.member_id = m.id
    LEFT JOIN us_state s ON s.code = p.state
    WHERE m.id = ${idExpr} AND m.status = 2
  ) f;`;
};

const TRIGGERS: Array<[name: string, event: string, body: string]> = [
  ["member_search_member_ai", "AFTER INSERT ON member", "new.id"],
  ["member_search_member_au", "AFTER UPDATE OF first_name, middle_name, last_name, title, profile_type, status ON member", "new.id"],
  ["member_search_profile_ai", "AFTER INSERT ON member_profile", "new.member_id"],
  [
    "member_search_profile_au",
    "AFTER UPDATE OF sport, preferred_position, secondary_position, current_city, hometown, city, state ON member_profile",
    "new.member_id",
  ],
  ["member_search_privacy_ai", "AFTER INSERT ON member_privacy", "new.member_id"],
  ["member_search_privacy_au", "AFTER UPDATE OF basic_info, contact_info ON member_privacy", "new.member_id"],
];
const OLD_TRIGGERS = [
  "member_search_member_ai",
  "member_search_member_au",
  "member_search_member_ad",
  "member_search_profile_ai",
  "member_search_profile_au",
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ["school", "company"]) {
    await db.schema
      .alterTable(table)
      .addColumn("status", "text", (c) => c.notNull().defaultTo("approved"))
      .execute();
    await db
      .updateTable(table as never)
      .set({ status: "pending" } as never)
      .where("added_by_member_id" as never, "is not", null)
      .execute();
    await db.schema.createIndex(`${table}_added_by_idx`).on(table).column("added_by_member_id").execute();
  }

  if (onPostgres(db)) return createPostgresSearchIndex(db);
  for (const t of OLD_TRIGGERS) await sql.raw(`DROP TRIGGER IF EXISTS ${t}`).execute(db);
  await sql`DROP TABLE IF EXISTS member_search`.execute(db);
  await sql
    .raw(
      `CREATE VIRTUAL TABLE member_search USING fts5(
    ${COLUMNS.join(", ")}, ${COLUMNS.map((c) => `${c}_c`).join(", ")},
    tokenize = 'unicode61 remove_diacritics 2',
    prefix = '1 2 3'
  )`,
    )
    .execute(db);
  for (const [name, event, id] of TRIGGERS) {
    await sql.raw(`CREATE TRIGGER ${name} ${event} BEGIN ${REINDEX(id)} END`).execute(db);
  }
  await sql`CREATE TRIGGER member_search_member_ad AFTER DELETE ON member BEGIN DELETE FROM member_search WHERE rowid = old.id; END`.execute(
    db,
  );
  // Index the members that exist already.
  await sql`UPDATE member SET status = status`.execute(db);
}

/**
 * PostgreSQL: the same index as tsvector columns with GIN indexes, one row per active member.
 * `pub` holds the five public columns but place, weighted by column (A name, B status, C sport,
 * D positions: a tier's column filter is a weight filter, `word:*AB`); `place` the public place (the
 * last tier reads `pub || place`, with its own GIN index); `con` the five Only Contacts columns.
 * Words are read as SQLite's `unicode61 remove_diacritics 2` reads them: lower-cased (Unicode),
 * accents removed (unaccent: "nunez" finds "Núñez"), split on everything but letters and digits.
 * The view member_search_source computes the rows (one member in the triggers, all in a rebuild);
 * the words of every row written go to member_search_word, the vocabulary the typo tables follow
 * (SQLite's fts5vocab). Triggers watch the same tables and columns as SQLite's.
 */
async function createPostgresSearchIndex(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS unaccent`.execute(db);
  // Unicode lower case where the server has it (PostgreSQL 17+); the database's C locale lowers ASCII only.
  const unicode = await sql<{ found: number }>`SELECT 1 AS found FROM pg_collation WHERE collname = 'pg_c_utf8'`.execute(db);
  const lower = unicode.rows.length ? `lower($1 COLLATE pg_c_utf8)` : `lower($1)`;
  // unaccent() is STABLE (it reads its dictionary by name): an IMMUTABLE wrapper naming it may be
  // used in index expressions and generated columns.
  await sql
    .raw(
      `CREATE FUNCTION member_search_fold(text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
       AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, ${lower}) $$`,
    )
    .execute(db);
  // ASCII signs and spaces separate words; other characters are letters to the text-search parser.
  await sql
    .raw(
      String.raw`CREATE FUNCTION member_search_vector(text) RETURNS tsvector LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
       AS $$ SELECT to_tsvector('simple', regexp_replace(member_search_fold($1), '[\x01-\x2f\x3a-\x40\x5b-\x60\x7b-\x7f]+', ' ', 'g')) $$`,
    )
    .execute(db);

  await sql`CREATE TABLE member_search (
    member_id integer PRIMARY KEY REFERENCES member (id) ON DELETE CASCADE,
    pub tsvector NOT NULL,
    place tsvector NOT NULL,
    con tsvector NOT NULL
  )`.execute(db);
  await sql`CREATE INDEX member_search_pub_idx ON member_search USING gin (pub)`.execute(db);
  await sql`CREATE INDEX member_search_pub_place_idx ON member_search USING gin ((pub || place))`.execute(db);
  await sql`CREATE TABLE member_search_word (word text PRIMARY KEY)`.execute(db);

  // The rows are SQLite's (the SELECT of REINDEX, for every active member): the ten columns' texts,
  // then their words.
  const reindex = REINDEX("m.id");
  const texts = reindex.slice(reindex.indexOf("SELECT f.id"), reindex.lastIndexOf(";"));
  const columns = [...COLUMNS, ...COLUMNS.map((c) => `${c}_c`)];
  await sql.raw(`CREATE VIEW member_search_text (member_id, ${columns.join(", ")}) AS ${texts}`).execute(db);
  await sql`CREATE VIEW member_search_source AS
    SELECT member_id,
      setweight(member_search_vector(name), 'A') || setweight(member_search_vector(status), 'B') ||
        setweight(member_search_vector(sport), 'C') || setweight(member_search_vector(positions), 'D') AS pub,
      member_search_vector(place) AS place,
      member_search_vector(concat_ws(' ', name_c, status_c, sport_c, positions_c, place_c)) AS con
    FROM member_search_text`.execute(db);
  await sql`CREATE FUNCTION member_search_reindex(target integer) RETURNS void LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM member_search WHERE member_id = target;
      INSERT INTO member_search SELECT * FROM member_search_source WHERE member_id = target;
    END $$`.execute(db);
  await sql`CREATE FUNCTION member_search_words_added() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO member_search_word (word)
      SELECT DISTINCT unnest(tsvector_to_array(pub || place || con)) AS word FROM added ORDER BY word
      ON CONFLICT DO NOTHING;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER member_search_words AFTER INSERT ON member_search REFERENCING NEW TABLE AS added
    FOR EACH STATEMENT EXECUTE FUNCTION member_search_words_added()`.execute(db);

  for (const [trigger, event, id] of TRIGGERS) {
    await sql
      .raw(
        `CREATE FUNCTION ${trigger}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM member_search_reindex(${id}); RETURN NULL; END $$`,
      )
      .execute(db);
    await sql.raw(`CREATE TRIGGER ${trigger} ${event} FOR EACH ROW EXECUTE FUNCTION ${trigger}()`).execute(db);
  }
  // A deleted member's row goes with them (ON DELETE CASCADE). Index the members that exist already.
  await sql`INSERT INTO member_search SELECT * FROM member_search_source`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["school", "company"]) {
    await db.schema.dropIndex(`${table}_added_by_idx`).ifExists().execute();
    await db.schema.alterTable(table).dropColumn("status").execute();
  }
  if (onPostgres(db)) {
    // The tables take their triggers along; 2026-11-22-004 made no index on PostgreSQL.
    await sql`DROP VIEW IF EXISTS member_search_source, member_search_text`.execute(db);
    await sql`DROP TABLE IF EXISTS member_search_word, member_search`.execute(db);
    for (const [trigger] of TRIGGERS) await sql.raw(`DROP FUNCTION IF EXISTS ${trigger}() CASCADE`).execute(db);
    for (const f of [
      "member_search_words_added()",
      "member_search_reindex(integer)",
      "member_search_vector(text)",
      "member_search_fold(text)",
    ]) {
      await sql.raw(`DROP FUNCTION IF EXISTS ${f} CASCADE`).execute(db);
    }
    return;
  }
  for (const [name] of TRIGGERS) await sql.raw(`DROP TRIGGER IF EXISTS ${name}`).execute(db);
  await sql`DROP TRIGGER IF EXISTS member_search_member_ad`.execute(db);
  await sql`DROP TABLE IF EXISTS member_search`.execute(db);
  // The index of 2026-11-22-004, every field for everyone.
  await sql`CREATE VIRTUAL TABLE member_search USING fts5(
    name, status, sport, positions, place,
    tokenize = 'unicode61 remove_diacritics 2',
    prefix = '1 2 3'
  )`.execute(db);
  const reindex = (idExpr: string) => `
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
    WHERE m.id = ${idExpr} AND m.status = 2;`;
  await sql.raw(`CREATE TRIGGER member_search_member_ai AFTER INSERT ON member BEGIN ${reindex("new.id")} END`).execute(db);
  await sql.raw(`CREATE TRIGGER member_search_member_au AFTER UPDATE ON member BEGIN ${reindex("new.id")} END`).execute(db);
  await sql`CREATE TRIGGER member_search_member_ad AFTER DELETE ON member BEGIN DELETE FROM member_search WHERE rowid = old.id; END`.execute(
    db,
  );
  await sql.raw(`CREATE TRIGGER member_search_profile_ai AFTER INSERT ON member_profile BEGIN ${reindex("new.member_id")} END`).execute(db);
  await sql.raw(`CREATE TRIGGER member_search_profile_au AFTER UPDATE ON member_profile BEGIN ${reindex("new.member_id")} END`).execute(db);
  await sql`UPDATE member SET id = id`.execute(db);
}
