import { type Kysely, sql } from "kysely";
import { onPostgres } from "./lib/dialect.ts";

// Frozen in time. PostgreSQL only (decision 046): every statement that writes a table the member
// lists are read from (member, member_profile, member_privacy, contact_link, follow, member_block)
// sends a notice on the channel "sideline_lists", from whichever process, script or console it
// comes. Each server process listens and empties its in-memory list pages when it hears one.
// Statement triggers: one notice per statement (identical notices of one transaction arrive once).
// None of these tables is written by a post, a reply, a message or a notification.
// SQLite needs none: a process sees other connections' commits through PRAGMA data_version.

const TABLES = ["member", "member_profile", "member_privacy", "contact_link", "follow", "member_block"];

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!onPostgres(db)) return;
  await sql`
    CREATE FUNCTION list_change_notice() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('sideline_lists', '');
      RETURN NULL;
    END $$`.execute(db);
  for (const table of TABLES) {
    await sql`
      CREATE TRIGGER ${sql.id(`${table}_list_change_notice`)} AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${sql.table(table)}
      FOR EACH STATEMENT EXECUTE FUNCTION list_change_notice()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!onPostgres(db)) return;
  for (const table of TABLES) await sql`DROP TRIGGER IF EXISTS ${sql.id(`${table}_list_change_notice`)} ON ${sql.table(table)}`.execute(db);
  await sql`DROP FUNCTION IF EXISTS list_change_notice()`.execute(db);
}
