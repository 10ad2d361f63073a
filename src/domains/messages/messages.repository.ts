import { sql } from "kysely";
import type { DB } from "../../platform/db/client.ts";
import { containsPattern } from "../../platform/db/like.ts";
import { precompiled } from "../../platform/db/precompiled.ts";
import type { MessageView } from "./messages.schema.ts";

export interface CopyRow {
  id: number;
  box: "inbox" | "sent";
  isRead: number;
  subject: string;
  body: string;
  createdAt: string;
  senderId: number;
  senderFirstName: string;
  senderLastName: string;
  senderPicturePath: string | null;
  recipientId: number;
  recipientFirstName: string;
  recipientLastName: string;
  recipientPicturePath: string | null;
}

/**
 * "The copy's message was not removed by a moderator" (decision 035): every statement on copies
 * holds it (lists, counts, read state, deletion), so a removed message cannot come back as unread
 * (decision 041). One primary-key probe of message.
 */
const messageNotRemoved = sql<boolean>`NOT EXISTS (SELECT 1 FROM message WHERE message.id = message_copy.message_id AND message.removed_at IS NOT NULL)`;

/** The copies of one owner with both parties' names and pictures (two primary-key joins). */
function copies(db: DB, ownerId: number) {
  return (
    db
      .selectFrom("messageCopy as c")
      .innerJoin("message as m", "m.id", "c.messageId")
      .innerJoin("member as s", "s.id", "m.senderId")
      .innerJoin("member as r", "r.id", "m.recipientId")
      .select([
        "c.id",
        "c.messageId",
        "c.box",
        "c.isRead",
        "m.subject",
        "m.body",
        "m.createdAt",
        "m.senderId",
        "s.firstName as senderFirstName",
        "s.lastName as senderLastName",
        "s.picturePath as senderPicturePath",
        "m.recipientId",
        "r.firstName as recipientFirstName",
        "r.lastName as recipientLastName",
        "r.picturePath as recipientPicturePath",
      ])
      .where("c.ownerId", "=", ownerId)
      // A message a moderator removed is gone from both boxes (decision 035).
      .where("m.removedAt", "is", null)
  );
}

/** One page of a member's copies, newest first, keyset on the copy id; `search` matches subject, text or the other party's name. */
export async function listCopies(
  db: DB,
  ownerId: number,
  options: { view: MessageView; search?: string; beforeId?: number; limit: number },
): Promise<CopyRow[]> {
  let q = copies(db, ownerId).where("c.box", "=", options.view === "sent" ? "sent" : "inbox");
  if (options.view === "unread") q = q.where("c.isRead", "=", 0);
  if (options.beforeId !== undefined) q = q.where("c.id", "<", options.beforeId);
  if (options.search) {
    const like = containsPattern(options.search);
    const other = options.view === "sent" ? sql.raw("r") : sql.raw("s");
    q = q.where(
      sql<boolean>`(lower(m.subject) like ${like} escape '\\' or lower(m.body) like ${like} escape '\\'
        or lower(${other}.first_name || ' ' || ${other}.last_name) like ${like} escape '\\')`,
    );
  }
  return await q.orderBy("c.id", "desc").limit(options.limit).execute();
}

export const findCopy = async (db: DB, ownerId: number, copyId: number) =>
  await copies(db, ownerId).where("c.id", "=", copyId).executeTakeFirst();

/** Which of these copy ids are the owner's. */
export async function ownedIds(db: DB, ownerId: number, copyIds: number[]): Promise<number[]> {
  const rows = await db
    .selectFrom("messageCopy")
    .select("id")
    .where("ownerId", "=", ownerId)
    .where("id", "in", copyIds)
    .where(messageNotRemoved)
    .execute();
  return rows.map((r) => r.id);
}

/** Read state of received copies only (a sent copy is always read). */
export async function setRead(db: DB, ownerId: number, copyIds: number[], read: boolean): Promise<number> {
  const r = await db
    .updateTable("messageCopy")
    .set({ isRead: read ? 1 : 0 })
    .where("ownerId", "=", ownerId)
    .where("box", "=", "inbox")
    .where("id", "in", copyIds)
    .where("isRead", "=", read ? 0 : 1)
    .where(messageNotRemoved)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export async function deleteCopies(db: DB, ownerId: number, copyIds: number[]): Promise<number> {
  const r = await db
    .deleteFrom("messageCopy")
    .where("ownerId", "=", ownerId)
    .where("id", "in", copyIds)
    .where(messageNotRemoved)
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

export async function unreadCount(db: DB, ownerId: number): Promise<number> {
  const row = await db
    .selectFrom("messageCopy")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("ownerId", "=", ownerId)
    .where("box", "=", "inbox")
    .where("isRead", "=", 0)
    .where(messageNotRemoved)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Writes the message and both copies (two precompiled statements, they run on every send; the
 * caller's write unit makes them one transaction); returns the ids.
 */
export async function insertMessage(
  db: DB,
  values: { senderId: number; recipientId: number; subject: string; body: string; at: string },
): Promise<{ messageId: number; inboxCopyId: number; sentCopyId: number }> {
  const messageId = (await insertMessageQuery(db, values))[0]!.id;
  const copies = await insertCopiesQuery(db, { messageId, senderId: values.senderId, recipientId: values.recipientId, at: values.at });
  const idOf = (box: string) => copies.find((c) => c.box === box)!.id;
  return { messageId, inboxCopyId: idOf("inbox"), sentCopyId: idOf("sent") };
}

const insertMessageQuery = precompiled((db, p: { senderId: number; recipientId: number; subject: string; body: string; at: string }) =>
  db
    .insertInto("message")
    .values({ senderId: p.senderId, recipientId: p.recipientId, subject: p.subject, body: p.body, createdAt: p.at })
    .returning("id"),
);

const insertCopiesQuery = precompiled((db, p: { messageId: number; senderId: number; recipientId: number; at: string }) =>
  db
    .insertInto("messageCopy")
    .values([
      { messageId: p.messageId, ownerId: p.senderId, box: sql.lit("sent"), isRead: sql.lit(1), createdAt: p.at },
      { messageId: p.messageId, ownerId: p.recipientId, box: sql.lit("inbox"), isRead: sql.lit(0), createdAt: p.at },
    ])
    .returning(["id", "box"]),
);

/** A message's recipient and subject, and the ids of its inbox copy (none once deleted): what announced it live. */
export async function inboxNotice(db: DB, messageId: number) {
  const message = await db.selectFrom("message").select(["recipientId", "subject"]).where("id", "=", messageId).executeTakeFirst();
  const copies = await db.selectFrom("messageCopy").select("id").where("messageId", "=", messageId).where("box", "=", "inbox").execute();
  return message && { ...message, copyIds: copies.map((c) => c.id) };
}
