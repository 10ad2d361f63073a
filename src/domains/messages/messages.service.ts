import { badInput, notFound, parseInput } from "../../shared/errors.ts";
import { texts } from "../../shared/texts.ts";
import type { MemberCard } from "../contacts/contacts.schema.ts";
import * as contacts from "../contacts/contacts.service.ts";
import * as live from "../live/live.service.ts";
import { isoNow } from "../../platform/clock.ts";
import type { Actor, AppContext } from "../../platform/context.ts";
import { inWriteUnit } from "../../platform/write-unit.ts";
import {
  type MessageItem,
  type MessageListQuery,
  type MessagePage,
  messageBody,
  messageSubject,
  type SendMessageInput,
} from "./messages.schema.ts";
import * as repo from "./messages.repository.ts";
import { rowIdOfText } from "../../shared/ids.ts";

/*
 * Private messages between contacts. Each member has their own copy of a message (the recipient's
 * received one, the sender's sent one) and sees and changes only that: reading, marking unread and
 * deleting act on the actor's copies, whose ids are checked against the session's member; someone
 * else's id is "not found" and changes nothing.
 */

const NO_SUCH_MESSAGE = "There is no such message.";

/**
 * Copies as the actor sees them: both parties' pictures per the picture rule (a member who hides
 * theirs from non-contacts shows the default once the contact has ended), for all rows at once.
 */
async function toItems(ctx: AppContext, actor: Actor, rows: repo.CopyRow[]): Promise<MessageItem[]> {
  const pictures = await contacts.picturesFor(
    ctx,
    actor,
    rows.flatMap((r) => [
      { memberId: r.senderId, picturePath: r.senderPicturePath },
      { memberId: r.recipientId, picturePath: r.recipientPicturePath },
    ]),
  );
  const party = (id: number, first: string, last: string) => ({ memberId: id, name: `${first} ${last}`, picturePath: pictures.get(id)! });
  return rows.map((row) => ({
    messageId: row.id,
    box: row.box,
    from: party(row.senderId, row.senderFirstName, row.senderLastName),
    to: party(row.recipientId, row.recipientFirstName, row.recipientLastName),
    subject: row.subject,
    body: row.body,
    sentAt: row.createdAt,
    read: row.isRead === 1,
  }));
}

const toItem = async (ctx: AppContext, actor: Actor, row: repo.CopyRow): Promise<MessageItem> => (await toItems(ctx, actor, [row]))[0]!;

/**
 * Whether the actor may write to this member: an active contact (a contact request accepted by
 * both). The link's "Only Contacts" setting never hides the message link from a contact, so every
 * active contact may be written to.
 */
export async function canWriteTo(ctx: AppContext, actor: Actor, memberId: number): Promise<boolean> {
  return (await contacts.messageParties(ctx, actor, memberId)) !== null;
}

/**
 * Sends a message to a contact; the recipient's open pages hear of it at once. One read (may the
 * actor write to them, and both parties' names and pictures) and one write unit: the message, both
 * copies, the live events and the recipient's notification commit together; the live pushes and
 * the notification e-mail follow the commit.
 */
export async function send(ctx: AppContext, actor: Actor, input: SendMessageInput): Promise<MessageItem> {
  const subject = parseInput(messageSubject, input.subject);
  const body = parseInput(messageBody, input.body);
  const parties = await contacts.messageParties(ctx, actor, input.toMemberId);
  // One answer for every member the actor may not write to (not a contact, deactivated, a minor
  // (decision 040), no such member): the refusal tells nothing about who the member is.
  if (!parties) throw badInput(texts.recipientNotValid);
  return inWriteUnit(ctx, async (unit) => {
    // Counted in the unit (PostgreSQL: in its transaction, no second one); a refusal writes nothing.
    await unit.limiter.consume("message", [`member:${actor.memberId}`]);
    // Taken inside the unit (which holds the connection): ids and times keep the same order.
    const at = isoNow();
    const ids = await repo.insertMessage(unit.db, { senderId: actor.memberId, recipientId: input.toMemberId, subject, body, at });
    // `messageId` is the recipient's copy (what their page opens); `sourceId` the message itself, so
    // a moderator's removal finds this notice even after the recipient deleted that copy.
    await live.emit(unit, input.toMemberId, "message.received", {
      messageId: ids.inboxCopyId,
      sourceId: ids.messageId,
      from: parties.me.name,
      subject,
    });
    await live.emit(unit, actor.memberId, "messages.changed");
    unit.events.publish({
      type: "message.sent",
      messageId: ids.messageId,
      senderId: actor.memberId,
      recipientId: input.toMemberId,
      subject,
      at,
    });
    // The sender's copy as findCopy would read it back.
    return { messageId: ids.sentCopyId, box: "sent", from: parties.me, to: parties.them, subject, body, sentAt: at, read: true };
  });
}

function decodeCursor(cursor: string | undefined): number | undefined {
  if (!cursor) return undefined;
  const id = rowIdOfText(cursor);
  if (id === null) throw badInput("cursor is not valid.");
  return id;
}

/** One page of the actor's messages (received: all or unread; or sent), newest first. */
export async function list(ctx: AppContext, actor: Actor, input: MessageListQuery): Promise<MessagePage> {
  const rows = await repo.listCopies(ctx.db, actor.memberId, {
    view: input.view,
    search: input.search || undefined,
    beforeId: decodeCursor(input.cursor),
    limit: input.limit,
  });
  const last = rows.at(-1);
  return { items: await toItems(ctx, actor, rows), nextCursor: rows.length === input.limit && last ? String(last.id) : null };
}

/** One of the actor's messages as it is (nothing changes). */
export async function get(ctx: AppContext, actor: Actor, messageId: number): Promise<MessageItem> {
  const row = await repo.findCopy(ctx.db, actor.memberId, messageId);
  if (!row) throw notFound(NO_SUCH_MESSAGE);
  return toItem(ctx, actor, row);
}

/** Opens one of the actor's messages: a received one becomes read. */
export async function open(ctx: AppContext, actor: Actor, messageId: number): Promise<MessageItem> {
  const row = await repo.findCopy(ctx.db, actor.memberId, messageId);
  if (!row) throw notFound(NO_SUCH_MESSAGE);
  if (row.box === "inbox" && row.isRead === 0) {
    await repo.setRead(ctx.db, actor.memberId, [messageId], true);
    await live.emit(ctx, actor.memberId, "messages.changed");
    return { ...(await toItem(ctx, actor, row)), read: true };
  }
  return toItem(ctx, actor, row);
}

/**
 * The actor's own copies among these ids. Ids that are not theirs are left out (one deleted in
 * another tab meanwhile, or another member's, which stays untouched); none of theirs at all is 404.
 */
async function ownCopies(ctx: AppContext, actor: Actor, messageIds: number[]): Promise<number[]> {
  const ids = [...new Set(messageIds)];
  if (ids.length === 0) throw badInput("Select at least one message.");
  const owned = await repo.ownedIds(ctx.db, actor.memberId, ids);
  if (owned.length === 0) throw notFound(NO_SUCH_MESSAGE);
  return owned;
}

/** Marks the actor's received messages read or unread; answers how many changed. */
export async function markRead(ctx: AppContext, actor: Actor, messageIds: number[], read: boolean): Promise<number> {
  const ids = await ownCopies(ctx, actor, messageIds);
  const changed = await repo.setRead(ctx.db, actor.memberId, ids, read);
  if (changed > 0) await live.emit(ctx, actor.memberId, "messages.changed");
  return changed;
}

/** Deletes the actor's copies; the other member keeps theirs. */
export async function remove(ctx: AppContext, actor: Actor, messageIds: number[]): Promise<number> {
  const ids = await ownCopies(ctx, actor, messageIds);
  const removed = await repo.deleteCopies(ctx.db, actor.memberId, ids);
  await live.emit(ctx, actor.memberId, "messages.changed");
  return removed;
}

export const unreadCount = (ctx: AppContext, actor: Actor) => repo.unreadCount(ctx.db, actor.memberId);

/** The To field's suggestions: the actor's contacts by name who may be written to. */
export async function recipients(ctx: AppContext, actor: Actor, input: { text: string; limit: number }): Promise<MemberCard[]> {
  const page = await contacts.listOf(ctx, actor, "contacts", { search: input.text || undefined, limit: input.limit });
  return page.items.filter((m) => m.relation.isContact && m.relation.canMessage);
}

/** A message the actor received (by their copy's id), as a report names it: the message and its sender; 404 otherwise. */
export async function receivedMessage(ctx: AppContext, actor: Actor, copyId: number): Promise<{ messageId: number; senderId: number }> {
  const row = await repo.findCopy(ctx.db, actor.memberId, copyId);
  if (!row || row.box !== "inbox") throw notFound(NO_SUCH_MESSAGE);
  return { messageId: row.messageId, senderId: row.senderId };
}

/**
 * Deletes the recipient's logged "message.received" events of a message a moderator removed (they
 * carry its subject), so a reconnecting page cannot replay it; in the caller's write unit. An event
 * names the message (`sourceId`), so it is found even after the recipient deleted their copy, and
 * other messages with the same subject keep theirs (review of 2026-11-27, third pass). Events logged
 * before `sourceId` existed (the log keeps a day) are matched by the inbox copy, or by the subject
 * once the copy is gone, as before.
 */
export async function forgetLiveNotices(ctx: AppContext, messageId: number): Promise<void> {
  const notice = await repo.inboxNotice(ctx.db, messageId);
  if (!notice) return;
  const copyIds = new Set(notice.copyIds);
  await live.forgetEvents(ctx, notice.recipientId, "message.received", (data) => {
    if (data.sourceId !== undefined) return Number(data.sourceId) === messageId;
    return copyIds.size > 0 ? copyIds.has(Number(data.messageId)) : data.subject === notice.subject;
  });
}
