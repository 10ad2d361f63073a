import type { Kysely } from "kysely";

// Frozen in time. The daily job that ends an adult's follow of a minor who is not their contact
// (decision 040, third pass: a follow made between two minors outlives the follower's 18th
// birthday) reads the minors as a range of birth dates: an index on member(birth_date) serves it
// on both engines, instead of a scan of every member; with the id, a run of minors resumes where
// the last stopped (a keyset on (birth_date, id)).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("member_birth_date_idx").on("member").columns(["birth_date", "id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("member_birth_date_idx").ifExists().execute();
}
