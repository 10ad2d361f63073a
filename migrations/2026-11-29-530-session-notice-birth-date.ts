import { type Kysely, sql } from "kysely";
import { onPostgres } from "./lib/dialect.ts";

// Frozen in time. PostgreSQL only (decision 051): the session cache holds the member's birth date
// (whether the actor is a minor), so a statement that sets a member's birth date sends the session
// change notice too (migration 2026-11-27-490), from whichever process, script or console it comes.

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!onPostgres(db)) return;
  await sql`DROP TRIGGER member_access_change_notice ON member`.execute(db);
  await sql`
    CREATE TRIGGER member_access_change_notice AFTER DELETE OR TRUNCATE OR UPDATE OF status, role, birth_date ON member
    FOR EACH STATEMENT EXECUTE FUNCTION session_change_notice()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!onPostgres(db)) return;
  await sql`DROP TRIGGER member_access_change_notice ON member`.execute(db);
  await sql`
    CREATE TRIGGER member_access_change_notice AFTER DELETE OR TRUNCATE OR UPDATE OF status, role ON member
    FOR EACH STATEMENT EXECUTE FUNCTION session_change_notice()`.execute(db);
}
