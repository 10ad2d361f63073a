import type { Kysely } from "kysely";

/** Tables as this migration sees them: by name, frozen in time (no import of the app's types). */
type Tables = Record<string, Record<string, unknown>>;

// Frozen in time. Likes of posts (issue 15, decision 030): one row per member and post, gone with
// either. The count of a post is counted on the primary key (post_id first), never stored.

export async function up(db: Kysely<Tables>): Promise<void> {
  await db.schema
    .createTable("post_like")
    .addColumn("post_id", "integer", (c) => c.notNull().references("post.id").onDelete("cascade"))
    .addColumn("member_id", "integer", (c) => c.notNull().references("member.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("post_like_pk", ["post_id", "member_id"])
    .execute();
  // "Who liked" pages: newest first, keyset on (created_at, member_id) within a post.
  await db.schema.createIndex("post_like_post_created_idx").on("post_like").columns(["post_id", "created_at", "member_id"]).execute();
  // A member's likes, for the cascade when a member row goes.
  await db.schema.createIndex("post_like_member_idx").on("post_like").columns(["member_id", "post_id"]).execute();
}

export async function down(db: Kysely<Tables>): Promise<void> {
  await db.schema.dropTable("post_like").ifExists().execute();
}
