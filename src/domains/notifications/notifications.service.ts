import { badInput } from "../../shared/errors.ts";
import { isVisibleMember } from "../../shared/members.ts";
import { fillText, texts } from "../../shared/texts.ts";
import { serverTexts } from "../../shared/server-texts.ts";
import { dataRightsTexts } from "../../shared/data-rights-texts.ts";
import { findMemberById } from "../accounts/accounts.service.ts";
import * as site from "../site/site.service.ts";
import * as live from "../live/live.service.ts";
import { DAY, isoNow } from "../../platform/clock.ts";
import type { Actor, AppContext } from "../../platform/context.ts";
import { RETENTION_BATCH } from "../../platform/retention.ts";
import { inWriteUnit } from "../../platform/write-unit.ts";
import type { NotificationKey } from "../settings/settings.schema.ts";
import * as settings from "../settings/settings.service.ts";
import { notificationMail } from "./notification-mails.ts";
import type { NotificationItem, NotificationKind, NotificationListQuery, NotificationPage } from "./notifications.schema.ts";
import * as repo from "./notifications.repository.ts";

/*
 * Notifications: made from the domain events (contact request received, request accepted, new
 * follower, new message, reply to one's post), listed on the Notifications screen, pushed live to
 * open pages, and e-mailed when the member's notification settings say so (a new follower has no
 * setting of its own: it is never e-mailed).
 */

/** Which setting governs the e-mail of each kind, and how the e-mail's button reads. */
const MAIL_RULES: Partial<Record<NotificationKind, { setting: NotificationKey; label: string; action: string }>> = {
  "contact.requested": { setting: "addAsFriend", label: texts.notifyAddAsFriend, action: "See the request" },
  "contact.accepted": { setting: "confirmFriendShipRequest", label: texts.notifyConfirmFriendShipRequest, action: "View the profile" },
  "message.received": { setting: "sendMsg", label: texts.notifySendMsg, action: "Read the message" },
  "post.replied": { setting: "repliesToYourHelpQuest", label: texts.notifyRepliesToYourHelpQuest, action: "See the reply" },
};

export interface NewNotification {
  memberId: number;
  kind: NotificationKind;
  /** The member whose action it was (named in the text). */
  actorId: number;
  subject: string;
  /** The text, or how to write it with the actor's name (then an actor who is not active notifies nobody). */
  text: string | ((actorName: string) => string);
  link: string;
  /** The member content the text quotes (a message's subject, a reply's words): removing it removes the notification (decision 041). */
  quotes?: QuotedContent;
}

/** A post, reply or message a notification quotes. */
export interface QuotedContent {
  kind: "post" | "reply" | "message";
  id: number;
}

/** How a notification quotes a subject or a reply: at most `max` characters, an ellipsis when cut (exported for the community generator). */
export const snippet = (s: string, max = 80) => (s.length <= max ? s : `${s.slice(0, max - 1).trimEnd()}…`);

/**
 * Stores a notification for an active member, tells their open pages, and e-mails it when their
 * settings allow. In a write unit: the action's own, or one of its own (so the time is taken while
 * the unit holds the connection, and notification ids keep the order of their times).
 */
export function notify(ctx: AppContext, n: NewNotification): Promise<number | null> {
  return inWriteUnit(ctx, (unit) => notifyWithin(unit, n));
}

async function notifyWithin(ctx: AppContext, n: NewNotification): Promise<number | null> {
  // One read for every check: the member, the actor's name, the member's e-mail switches.
  const facts = await repo.notificationFacts(ctx.db, n.memberId, n.actorId);
  if (!facts || !isVisibleMember(facts)) return null;
  if (typeof n.text === "function" && !isVisibleMember({ status: facts.actorStatus })) return null;
  // Nothing reaches a member from someone blocked either way (decision 035); a moderator's word does.
  if (!n.kind.startsWith("moderation.") && Number(facts.blocked) === 1) return null;
  const text = typeof n.text === "function" ? n.text(`${facts.actorFirstName} ${facts.actorLastName}`) : n.text;
  // Follow, unfollow, follow again: one "new follower" a day from the same member, not a stream of them.
  if (n.kind === "member.followed" && (await repo.existsSince(ctx.db, n.memberId, n.actorId, n.kind, isoNow(new Date(Date.now() - DAY)))))
    return null;
  const id = await repo.insertUnread(ctx.db, {
    memberId: n.memberId,
    kind: n.kind,
    subject: n.subject,
    text,
    link: n.link,
    actorId: n.actorId,
    contentKind: n.quotes?.kind ?? null,
    contentId: n.quotes?.id ?? null,
    createdAt: isoNow(),
  });
  await live.emit(ctx, n.memberId, "notification.created", { notificationId: id, kind: n.kind, subject: n.subject, text, link: n.link });
  const rule = MAIL_RULES[n.kind];
  if (rule && settings.notificationSettingsFromRow(facts)[rule.setting] && (await mayMail(ctx, n.memberId))) {
    const siteName = await site.siteName(ctx);
    // Rendered when the mail queue gets to it, off the request path.
    ctx.mailer.send(() =>
      notificationMail({
        site: siteName,
        to: facts.email,
        firstName: facts.firstName,
        subject: n.subject,
        text,
        action: { label: rule.action, url: `${ctx.publicUrl}${n.link}` },
        settingLabel: rule.label,
        unsubscribeUrl: `${ctx.publicUrl}/unsubscribe?token=${unsubscribeToken(ctx, n.memberId, rule.setting)}`,
      }),
    );
  }
  return id;
}

/** A ceiling on notification e-mails to one member (others' actions must not flood a mailbox); past it the site still notifies. */
async function mayMail(ctx: AppContext, memberId: number): Promise<boolean> {
  if (await ctx.limiter.tryConsume("notificationMail", [`member:${memberId}`])) return true;
  ctx.log.info("notification e-mail skipped: hourly limit reached", { memberId });
  return false;
}

/**
 * Turns the domain events into notifications. Called once at start (and by tests); returns the
 * function that stops listening. An event published in a write unit is handled in that unit
 * (`scope`): the notification commits with the action that caused it.
 */
export function registerNotificationHandlers(ctx: AppContext): () => void {
  const stops = [
    ctx.events.subscribe("contact.requested", async (e, scope = ctx) => {
      await notify(scope, {
        memberId: e.toId,
        kind: "contact.requested",
        actorId: e.fromId,
        subject: serverTexts.notifyContactRequestedSubject,
        text: (name) => fillText(serverTexts.notifyContactRequestedText, { name }),
        link: "/contacts/requests",
      });
    }),
    ctx.events.subscribe("contact.accepted", async (e, scope = ctx) => {
      await notify(scope, {
        memberId: e.requesterId,
        kind: "contact.accepted",
        actorId: e.byId,
        subject: serverTexts.notifyContactAcceptedSubject,
        text: (name) => fillText(serverTexts.notifyContactAcceptedText, { name }),
        link: `/members/view-profile/show-profile?memberID=${e.byId}`,
      });
    }),
    ctx.events.subscribe("member.followed", async (e, scope = ctx) => {
      await notify(scope, {
        memberId: e.followedId,
        kind: "member.followed",
        actorId: e.followerId,
        subject: serverTexts.notifyFollowedSubject,
        text: (name) => fillText(serverTexts.notifyFollowedText, { name }),
        link: "/contacts/people-following-me",
      });
    }),
    ctx.events.subscribe("message.sent", async (e, scope = ctx) => {
      await notify(scope, {
        memberId: e.recipientId,
        kind: "message.received",
        actorId: e.senderId,
        subject: serverTexts.notifyMessageSubject,
        text: (name) => fillText(serverTexts.notifyMessageText, { name, subject: snippet(e.subject) }),
        link: "/messages/view-messages",
        quotes: { kind: "message", id: e.messageId },
      });
    }),
    ctx.events.subscribe("post.replied", async (e, scope = ctx) => {
      if (e.replierId === e.postAuthorId) return;
      await notify(scope, {
        memberId: e.postAuthorId,
        kind: "post.replied",
        actorId: e.replierId,
        subject: serverTexts.notifyReplySubject,
        text: (name) => fillText(serverTexts.notifyReplyText, { name, text: snippet(e.text) }),
        link: "/home",
        quotes: { kind: "reply", id: e.replyId },
      });
    }),
    // A member who signed in during their deletion's grace period learns why the account stays.
    ctx.events.subscribe("account.deletionCancelled", async (e, scope = ctx) => {
      await notify(scope, {
        memberId: e.memberId,
        kind: "account.deletionCancelled",
        actorId: e.memberId,
        subject: dataRightsTexts.deletionCancelledSubject,
        text: dataRightsTexts.deletionCancelledText,
        link: "/settings/account-setting?tab=data",
      });
    }),
  ];
  return () => stops.forEach((stop) => stop());
}

/**
 * Deletes the notifications that quote a post, reply or message (a moderator removed it: its words
 * must not stay in anyone's list), and the logged live events that announced them (a reconnecting
 * page would replay their snippet), in the caller's write unit; the recipients' open pages reload
 * their lists. Pop-ups already shown and e-mails already sent cannot be recalled.
 */
export async function forgetQuotesOf(ctx: AppContext, content: QuotedContent): Promise<number> {
  const rows = await repo.deleteQuoting(ctx.db, content.kind, content.id);
  const byMember = new Map<number, Set<number>>();
  for (const r of rows) byMember.set(r.memberId, (byMember.get(r.memberId) ?? new Set()).add(r.id));
  for (const [memberId, ids] of byMember) {
    await live.forgetEvents(ctx, memberId, "notification.created", (data) => ids.has(Number(data.notificationId)));
    await live.emit(ctx, memberId, "notifications.changed");
  }
  return rows.length;
}

/** How long notifications are kept: read ones 30 days, unread ones 90 (then nobody is coming for them). */
export const NOTIFICATION_RETENTION_MS = { read: 30 * DAY, unread: 90 * DAY } as const;

/** Drops up to `limit` notifications past their retention, of one read state, oldest first (the server's retention job runs it in batches). */
export function pruneNotifications(ctx: AppContext, read: boolean, now = new Date(), limit = RETENTION_BATCH): Promise<number> {
  const keep = read ? NOTIFICATION_RETENTION_MS.read : NOTIFICATION_RETENTION_MS.unread;
  return repo.deleteOldBatch(ctx.db, read, isoNow(new Date(now.getTime() - keep)), limit);
}

/** One page of the actor's notifications, newest first. */
export async function list(ctx: AppContext, actor: Actor, input: NotificationListQuery): Promise<NotificationPage> {
  const rows = await repo.listNotifications(ctx.db, actor.memberId, {
    unreadOnly: input.view === "unread",
    beforeId: input.cursor ? Number(input.cursor) : undefined,
    limit: input.limit,
  });
  const items: NotificationItem[] = rows.map((r) => ({
    notificationId: r.id,
    kind: r.kind as NotificationKind,
    subject: r.subject,
    text: r.text,
    link: r.link,
    sentAt: r.createdAt,
    read: r.isRead === 1,
  }));
  const last = rows.at(-1);
  return { items, nextCursor: rows.length === input.limit && last ? String(last.id) : null };
}

export const unreadCount = (ctx: AppContext, actor: Actor) => repo.unreadCount(ctx.db, actor.memberId);

/**
 * Marks the actor's notifications read (the Notifications screen does on opening): all of them, or
 * those up to the newest the screen has shown, so one arriving meanwhile stays new.
 */
export async function markAllRead(ctx: AppContext, actor: Actor, upToId?: number): Promise<number> {
  const changed = await repo.markAllRead(ctx.db, actor.memberId, upToId);
  if (changed > 0) await live.emit(ctx, actor.memberId, "notifications.changed");
  return changed;
}

// ---------------------------------------------------------------------------------------------
// Unsubscribe links: "<member>.<setting>.<signature>", signed with the server's link key (no session
// needed, nothing to store, and a link cannot be altered or made up to name another member or setting).

const SETTING_LABELS: Record<NotificationKey, string> = {
  sendMsg: texts.notifySendMsg,
  addAsFriend: texts.notifyAddAsFriend,
  confirmFriendShipRequest: texts.notifyConfirmFriendShipRequest,
  repliesToYourHelpQuest: texts.notifyRepliesToYourHelpQuest,
};

export function unsubscribeToken(ctx: AppContext, memberId: number, setting: NotificationKey): string {
  return `${memberId}.${setting}.${ctx.linkSigner.sign(`unsubscribe:${memberId}:${setting}`)}`;
}

async function readToken(ctx: AppContext, token: string): Promise<{ memberId: number; setting: NotificationKey }> {
  const match = token.trim().match(/^(\d{1,15})\.(\w{1,40})\.([A-Za-z0-9_-]{1,100})$/);
  const valid = match && match[2]! in SETTING_LABELS && ctx.linkSigner.verify(`unsubscribe:${match[1]}:${match[2]}`, match[3]!);
  // A link of a member who no longer exists is no longer valid either.
  if (!valid || !(await findMemberById(ctx.db, Number(match[1])))) throw badInput(texts.unsubscribeInvalid);
  return { memberId: Number(match[1]), setting: match[2] as NotificationKey };
}

/** What an unsubscribe link would turn off (the screen asks before doing it). */
export async function describeUnsubscribe(ctx: AppContext, token: string): Promise<{ label: string }> {
  return { label: SETTING_LABELS[(await readToken(ctx, token)).setting] };
}

/** Turns off the e-mails an unsubscribe link names. */
export async function unsubscribe(ctx: AppContext, token: string): Promise<{ label: string }> {
  const { memberId, setting } = await readToken(ctx, token);
  await settings.turnOffNotification(ctx, memberId, setting);
  return { label: SETTING_LABELS[setting] };
}
