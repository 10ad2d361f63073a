import type { Kysely } from "kysely";

/**
 * The first hour (issue 16). contact_rejection: a contact request the member rejected; the requester
 * is left out of the member's suggestions for 90 days from rejected_at. One row per pair, the last
 * rejection wins; read by the primary key (member_id, rejected_id). member_profile_state_idx: the
 * members of a state, for the posts suggested to an empty feed. Portable: plain columns, ISO text dates.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("contact_rejection")
    .addColumn("member_id", "integer", (c) => c.notNull().references("member.id").onDelete("cascade"))
    .addColumn("rejected_id", "integer", (c) => c.notNull().references("member.id").onDelete("cascade"))
    .addColumn("rejected_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("contact_rejection_pk", ["member_id", "rejected_id"])
    .execute();
  // The rejected member's side: the cascade when they are deleted.
  await db.schema.createIndex("contact_rejection_rejected_idx").on("contact_rejection").column("rejected_id").execute();
  // Suggested posts for an empty feed read the members of a state (feed suggested.repository).
  await db.schema.createIndex("member_profile_state_idx").on("member_profile").columns(["state", "member_id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("member_profile_state_idx").ifExists().execute();
  await db.schema.dropTable("contact_rejection").ifExists().execute();
}
