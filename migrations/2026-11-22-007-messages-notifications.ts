import { type Kysely, sql } from "kysely";
import { idColumn, onPostgres } from "./lib/dialect.ts";

// Frozen in time. Private messages, notifications and the live-event log.
// - message: what was sent, once. message_copy: each member's own copy of it (the recipient's in
//   the inbox, the sender's in sent), with its own read state: deleting one copy leaves the other.
//   A message whose last copy is deleted goes too (trigger).
// - notification: what happened to a member (contact request, acceptance, follower, message, reply).
// - live_event: the per-member log the live stream replays after a reconnect (monotonic ids);
//   old rows are pruned by the server.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("message")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("sender_id", "integer", (c) => c.notNull().references("member.id").onDelete("cascade"))
    .addColumn("recipient_id", "integer", (c) => c.notNull().references("member.id").onDelete("cascade"))
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("message_copy")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("message_id", "integer", (c) => c.notNull().references("message.id").onDelete("cascade"))
    .addColumn("owner_id", "integer", (c) => c.notNull().references("member.id").onDelete("cascade"))
    // 'inbox' (received) or 'sent'
    .addColumn("box", "text", (c) => c.notNull())
    .addColumn("is_read", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  // The messenger's pages (keyset on id, newest first) and the unread count.
  await db.schema.createIndex("message_copy_owner_box_idx").on("message_copy").columns(["owner_id", "box", "id"]).execute();
  await db.schema.createIndex("message_copy_unread_idx").on("message_copy").columns(["owner_id", "box", "is_read"]).execute();
  await db.schema.createIndex("message_copy_message_idx").on("message_copy").columns(["message_id"]).execute();
  if (onPostgres(db)) {
    await sql`
      CREATE FUNCTION message_copy_last_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NOT EXISTS (SELECT 1 FROM message_copy WHERE message_id = OLD.message_id) THEN
          DELETE FROM message WHERE id = OLD.message_id;
        END IF;
        RETURN NULL;
      END $$`.execute(db);
    await sql`
      CREATE TRIGGER message_copy_last_deleted AFTER DELETE ON message_copy
      FOR EACH ROW EXECUTE FUNCTION message_copy_last_deleted()`.execute(db);
  } else {
    await sql`
    CREATE TRIGGER message_copy_last_deleted AFTER DELETE ON message_copy
    WHEN NOT EXISTS (SELECT 1 FROM message_copy WHERE message_id = OLD.message_id)
    BEGIN DELETE FROM message WHERE id = OLD.message_id; END`.execute(db);
  }

  await db.schema
    .createTable("notification")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("member_id", "integer", (c) => c.notNull().references("member.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("text", "text", (c) => c.notNull())
    .addColumn("link", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("actor_id", "integer", (c) => c.references("member.id").onDelete("set null"))
    .addColumn("is_read", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("notification_member_idx").on("notification").columns(["member_id", "id"]).execute();
  await db.schema.createIndex("notification_unread_idx").on("notification").columns(["member_id", "is_read"]).execute();

  await db.schema
    .createTable("live_event")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("member_id", "integer", (c) => c.notNull().references("member.id").onDelete("cascade"))
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("data", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("live_event_member_idx").on("live_event").columns(["member_id", "id"]).execute();
  await db.schema.createIndex("live_event_created_idx").on("live_event").columns(["created_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("live_event").execute();
  await db.schema.dropTable("notification").execute();
  await sql`DROP TRIGGER IF EXISTS message_copy_last_deleted`.execute(db);
  await db.schema.dropTable("message_copy").execute();
  await db.schema.dropTable("message").execute();
}
