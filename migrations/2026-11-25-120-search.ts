import { type Kysely, sql } from "kysely";
import { onPostgres } from "./lib/dialect.ts";

// Frozen in time. Search, suggestions and contact lists at community scale (decision 012).
//
// - contact_link gets (other_id, member_id, status): "is the viewer this member's contact" probes
//   from the other side and the incoming-request lists read it without touching the table; and
//   (member_id, status, other_id): a member's accepted contacts (lists, mutual contacts) from the
//   index alone.
// - member_profile (sport, member_id) and member (profile_type, id): the suggestion candidates that
//   share a sport or a profile type, newest first, read from an index.
// - member_suggestion: each member's precomputed suggestions (top 50 by score), refreshed off the
//   request path; member_suggestion_state says when a member's list was computed and whether an
//   event made it stale (the triggers below). The app fills both; this migration leaves them empty.
// - search_term / search_term_variant: the words of the member search index and their one-deletion
//   variants (of each prefix from 3 letters), for typo-tolerant search from 4 letters. The app fills
//   them from the FTS5 vocabulary (member_search_vocab) at start-up and then periodically.
// PostgreSQL: the same tables and triggers (plpgsql); the vocabulary is member_search_word (2026-11-24-020).

const STALE = (ids: string) => `UPDATE member_suggestion_state SET stale = stale + 1 WHERE member_id IN (${ids});`;
/** The lists in which this member appears (their score or eligibility changed). */
const LISTS_WITH = (id: string) => STALE(`SELECT member_id FROM member_suggestion WHERE suggested_id = ${id}`);

const CONTACTS_OF = (id: string) => `SELECT other_id FROM contact_link WHERE member_id = ${id} AND status = 'accepted'`;

const TRIGGERS: Array<[name: string, event: string, body: string]> = [
  // Contacts and requests change mutual counts and exclusions of both members.
  ["member_suggestion_link_ai", "AFTER INSERT ON contact_link", STALE("new.member_id, new.other_id")],
  ["member_suggestion_link_au", "AFTER UPDATE OF status ON contact_link", STALE("new.member_id, new.other_id")],
  ["member_suggestion_link_ad", "AFTER DELETE ON contact_link", STALE("old.member_id, old.other_id")],
  // A contact made or ended changes the mutual counts in the lists of each side's contacts (each
  // direction's row marks its own member's contacts).
  ["member_suggestion_contacts_ai", "AFTER INSERT ON contact_link WHEN new.status = 'accepted'", STALE(CONTACTS_OF("new.member_id"))],
  [
    "member_suggestion_contacts_au",
    "AFTER UPDATE OF status ON contact_link WHEN new.status = 'accepted'",
    STALE(CONTACTS_OF("new.member_id")),
  ],
  ["member_suggestion_contacts_ad", "AFTER DELETE ON contact_link WHEN old.status = 'accepted'", STALE(CONTACTS_OF("old.member_id"))],
  // A member's own profile changes their list and their score in the lists they appear in.
  [
    "member_suggestion_profile_au",
    "AFTER UPDATE OF sport, preferred_position, secondary_position, looking_for_employment, looking_for_networking, looking_for_partnership, looking_for_recruitment ON member_profile",
    `${STALE("new.member_id")} ${LISTS_WITH("new.member_id")}`,
  ],
  ["member_suggestion_profile_ai", "AFTER INSERT ON member_profile", `${STALE("new.member_id")} ${LISTS_WITH("new.member_id")}`],
  ["member_suggestion_member_au", "AFTER UPDATE OF profile_type, status ON member", `${STALE("new.id")} ${LISTS_WITH("new.id")}`],
  // Privacy: a hidden basic info no longer scores; search visibility decides eligibility.
  ["member_suggestion_privacy_ai", "AFTER INSERT ON member_privacy", LISTS_WITH("new.member_id")],
  ["member_suggestion_privacy_au", "AFTER UPDATE OF basic_info, search_visibility ON member_privacy", LISTS_WITH("new.member_id")],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX IF NOT EXISTS contact_link_other_member_idx ON contact_link (other_id, member_id, status)`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS contact_link_member_status_idx ON contact_link (member_id, status, other_id)`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS member_profile_sport_idx ON member_profile (sport, member_id)`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS member_type_idx ON member (profile_type, id)`.execute(db);

  const pg = onPostgres(db);
  // WITHOUT ROWID (SQLite) keeps these small tables in their key's order; PostgreSQL has no such
  // tables and needs none.
  const keyed = sql.raw(pg ? "" : " WITHOUT ROWID");
  await sql`CREATE TABLE member_suggestion (
    member_id integer NOT NULL REFERENCES member (id) ON DELETE CASCADE,
    suggested_id integer NOT NULL REFERENCES member (id) ON DELETE CASCADE,
    score integer NOT NULL,
    PRIMARY KEY (member_id, suggested_id)
  )${keyed}`.execute(db);
  await sql`CREATE INDEX member_suggestion_rank_idx ON member_suggestion (member_id, score DESC, suggested_id DESC)`.execute(db);
  await sql`CREATE INDEX member_suggestion_suggested_idx ON member_suggestion (suggested_id)`.execute(db);
  await sql`CREATE TABLE member_suggestion_state (
    member_id integer PRIMARY KEY REFERENCES member (id) ON DELETE CASCADE,
    computed_at text NOT NULL,
    stale integer NOT NULL DEFAULT 0
  )`.execute(db);
  await sql`CREATE INDEX member_suggestion_state_stale_idx ON member_suggestion_state (stale, computed_at)`.execute(db);
  if (pg) await createPostgresSuggestionTriggers(db);
  else
    for (const [name, event, body] of TRIGGERS) {
      await sql.raw(`CREATE TRIGGER ${name} ${event} BEGIN ${body} END`).execute(db);
    }

  await sql`CREATE TABLE search_term (term text PRIMARY KEY)${keyed}`.execute(db);
  await sql`CREATE TABLE search_term_variant (variant text NOT NULL, term text NOT NULL, PRIMARY KEY (variant, term))${keyed}`.execute(db);
  if (!pg) await sql`CREATE VIRTUAL TABLE member_search_vocab USING fts5vocab(member_search, 'row')`.execute(db);
}

/**
 * PostgreSQL: the same triggers, each running its body as a plpgsql function of the same name; a
 * trigger's WHEN condition goes into CREATE TRIGGER … WHEN (…), so the function runs only then.
 */
async function createPostgresSuggestionTriggers(db: Kysely<unknown>): Promise<void> {
  for (const [name, event, body] of TRIGGERS) {
    const [on, when] = event.split(" WHEN ");
    await sql.raw(`CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${body} RETURN NULL; END $$`).execute(db);
    await sql.raw(`CREATE TRIGGER ${name} ${on} FOR EACH ROW${when ? ` WHEN (${when})` : ""} EXECUTE FUNCTION ${name}()`).execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // PostgreSQL: dropping a trigger's function drops the trigger.
  const drop = onPostgres(db)
    ? (name: string) => `DROP FUNCTION IF EXISTS ${name}() CASCADE`
    : (name: string) => `DROP TRIGGER IF EXISTS ${name}`;
  for (const [name] of TRIGGERS) await sql.raw(drop(name)).execute(db);
  for (const t of ["member_search_vocab", "search_term_variant", "search_term", "member_suggestion_state", "member_suggestion"]) {
    await sql.raw(`DROP TABLE IF EXISTS ${t}`).execute(db);
  }
  for (const i of ["member_type_idx", "member_profile_sport_idx", "contact_link_member_status_idx", "contact_link_other_member_idx"]) {
    await sql.raw(`DROP INDEX IF EXISTS ${i}`).execute(db);
  }
}
