import { type Kysely, sql } from "kysely";

/**
 * A name a member types for a missing school or company is stored once per member (pending until
 * approved). The services look it up before inserting it, but on PostgreSQL two saves of the same
 * member at once (two tabs, a double submit) could both miss it and insert it twice: a partial
 * unique index now refuses the second, which the insert answers with ON CONFLICT DO NOTHING.
 * Copies stored before are merged first: entries move to the oldest copy, the others go.
 * Portable: correlated subqueries, partial indexes (SQLite and PostgreSQL alike).
 */
const SAME_SCHOOL = sql`k.status = 'pending' AND k.added_by_member_id = s.added_by_member_id AND k.state = s.state AND k.type = s.type AND k.name = s.name`;
const SAME_COMPANY = sql`k.status = 'pending' AND k.added_by_member_id = s.added_by_member_id AND k.name = s.name`;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [table, entries, column, same] of [
    ["school", "member_school", "school_id", SAME_SCHOOL],
    ["company", "member_employment", "company_id", SAME_COMPANY],
  ] as const) {
    const [t, e, c] = [sql.table(table), sql.table(entries), sql.ref(column)];
    // Each later copy's entries point at the oldest copy of its name.
    await sql`UPDATE ${e} SET ${c} = (SELECT min(k.id) FROM ${t} s JOIN ${t} k ON ${same} WHERE s.id = ${e}.${c})
      WHERE ${c} IN (SELECT s.id FROM ${t} s WHERE s.status = 'pending' AND EXISTS (SELECT 1 FROM ${t} k WHERE ${same} AND k.id < s.id))`.execute(
      db,
    );
    await sql`DELETE FROM ${t} WHERE id IN (SELECT s.id FROM ${t} s WHERE s.status = 'pending' AND EXISTS (SELECT 1 FROM ${t} k WHERE ${same} AND k.id < s.id))`.execute(
      db,
    );
  }
  await db.schema
    .createIndex("school_pending_name_idx")
    .unique()
    .on("school")
    .columns(["added_by_member_id", "state", "type", "name"])
    .where(sql.ref("status"), "=", sql.lit("pending"))
    .execute();
  await db.schema
    .createIndex("company_pending_name_idx")
    .unique()
    .on("company")
    .columns(["added_by_member_id", "name"])
    .where(sql.ref("status"), "=", sql.lit("pending"))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("company_pending_name_idx").ifExists().execute();
  await db.schema.dropIndex("school_pending_name_idx").ifExists().execute();
}
