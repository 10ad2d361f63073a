import { type Kysely, sql } from "kysely";
import { onPostgres } from "./lib/dialect.ts";

// Frozen in time. PostgreSQL only (decision 045): every statement that ends or changes a session
// (delete, truncate; a new id, expiry, scope or member) or changes what a member may do (status,
// role; a deleted member) sends a notice on the channel "sideline_sessions", from whichever process,
// script or console it comes. Each server process listens and empties its in-memory session cache
// when it hears one. Statement triggers: one notice per statement (identical notices of one
// transaction arrive once), none for a new session (no cache holds it) or a last-seen update.
// SQLite needs none: a process sees other connections' commits through PRAGMA data_version.

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!onPostgres(db)) return;
  await sql`
    CREATE FUNCTION session_change_notice() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('sideline_sessions', '');
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER session_change_notice AFTER DELETE OR TRUNCATE OR UPDATE OF id, expires_at, scope, member_id ON session
    FOR EACH STATEMENT EXECUTE FUNCTION session_change_notice()`.execute(db);
  await sql`
    CREATE TRIGGER member_access_change_notice AFTER DELETE OR TRUNCATE OR UPDATE OF status, role ON member
    FOR EACH STATEMENT EXECUTE FUNCTION session_change_notice()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!onPostgres(db)) return;
  await sql`DROP TRIGGER IF EXISTS member_access_change_notice ON member`.execute(db);
  await sql`DROP TRIGGER IF EXISTS session_change_notice ON session`.execute(db);
  await sql`DROP FUNCTION IF EXISTS session_change_notice()`.execute(db);
}
