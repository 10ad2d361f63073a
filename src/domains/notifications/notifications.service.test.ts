/**
 * Notifications on a real SQLite file with a real SMTP peer: one for each domain event of the list
 * (contact request received, request accepted, new follower, new message, reply to one's post),
 * pushed live, listed newest first, e-mailed per the member's notification settings with a working
 * unsubscribe link, and never for a deactivated member or one's own reply.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type MailSink, startMailSink } from "#support/mail-sink.ts";
import { createMember, makeContacts } from "#support/members.ts";
import { closeTestContext, openTestContext, TEST_PUBLIC_URL, type TestContext } from "#support/service-context.ts";
import type { DB } from "../../platform/db/client.ts";
import { DomainError, ErrorCodes } from "../../shared/errors.ts";
import { MemberStatus } from "../../shared/members.ts";
import { texts } from "../../shared/texts.ts";
import * as contacts from "../contacts/contacts.service.ts";
import * as feed from "../feed/feed.service.ts";
import * as messages from "../messages/messages.service.ts";
import type { Actor, AppContext } from "../../platform/context.ts";
import { freshLimiter } from "#support/limiter.ts";
import type { LiveEvent } from "../../platform/live.ts";
import * as settings from "../settings/settings.service.ts";
import { formatSentDate, notificationListInput } from "./notifications.schema.ts";
import * as notifications from "./notifications.service.ts";

let db: DB;
let ctx: AppContext;
let sink: MailSink;
let testContext: TestContext | undefined;
let stopHandlers: () => void = () => {};
beforeAll(async () => {
  sink = await startMailSink();
  testContext = await openTestContext("notifications", { smtpUrl: sink.url });
  ({ ctx, db } = testContext);
  stopHandlers = notifications.registerNotificationHandlers(ctx);
});
afterAll(async () => {
  stopHandlers();
  await closeTestContext(testContext);
  await sink?.close();
});

const newMember = (first?: string, last?: string) => createMember(db, { firstName: first, lastName: last });
/** Lets the event handlers (notifications, mail) finish. */
const settle = async () => {
  await ctx.events.settled();
  await ctx.mailer.flush();
};
const listOf = async (m: Actor, view: "all" | "unread" = "all") =>
  (await notifications.list(ctx, m, notificationListInput.parse({ view }))).items;

describe("one notification per event", () => {
  it("contact request, acceptance, follow, message and reply each notify the right member, live and by e-mail", async () => {
    const a = await newMember("Ann", "Asker");
    const b = await newMember("Ben", "Bee");
    const heard: LiveEvent[] = [];
    const offA = ctx.live.subscribe(a.memberId, (e) => heard.push(e));
    const offB = ctx.live.subscribe(b.memberId, (e) => heard.push(e));

    await contacts.sendRequest(ctx, a, b.memberId);
    await settle();
    await contacts.acceptRequest(ctx, b, a.memberId);
    await settle();
    await contacts.follow(ctx, a, b.memberId);
    await settle();
    await messages.send(ctx, a, { toMemberId: b.memberId, subject: "Practice plan", body: "Attached." });
    await settle();
    const post = await feed.createPost(ctx, b, "Big game tonight");
    await feed.reply(ctx, a, post.postId, "Good luck out there!");
    await settle();
    offA();
    offB();

    const forB = await listOf(b);
    expect(forB.map((n) => [n.kind, n.subject, n.text])).toEqual([
      ["post.replied", "New reply to your post", "Ann Asker replied to your post: Good luck out there!"],
      ["message.received", "New message", "Ann Asker sent you a message: Practice plan"],
      ["member.followed", "New follower", "Ann Asker is now following you."],
      ["contact.requested", "New contact request", "Ann Asker wants to add you as a contact."],
    ]);
    expect(forB.every((n) => !n.read)).toBe(true);
    expect(forB[3]!.link).toBe("/contacts/requests");
    const forA = await listOf(a);
    expect(forA.map((n) => [n.kind, n.text, n.link])).toEqual([
      ["contact.accepted", "Ben Bee accepted your contact request.", `/members/view-profile/show-profile?memberID=${b.memberId}`],
    ]);
    expect(heard.filter((e) => e.type === "notification.created").map((e) => [e.memberId, e.data.kind])).toEqual([
      [b.memberId, "contact.requested"],
      [a.memberId, "contact.accepted"],
      [b.memberId, "member.followed"],
      [b.memberId, "message.received"],
      [b.memberId, "post.replied"],
    ]);

    // E-mails: every kind with a setting (on by default); a new follower has none.
    const subjects = (email: string) => sink.messagesTo(email).map((m) => m.subject);
    expect(subjects(b.email)).toEqual(["New contact request on Sideline", "New message on Sideline", "New reply to your post on Sideline"]);
    expect(subjects(a.email)).toEqual(["Contact request accepted on Sideline"]);
    const mail = sink.messagesTo(b.email)[1]!;
    expect(mail.text).toContain("Ann Asker sent you a message: Practice plan");
    expect(mail.text).toContain(`${TEST_PUBLIC_URL}/messages/view-messages`);
    expect(mail.text).not.toContain("Attached."); // the message itself stays on the site
    expect(mail.listUnsubscribe).toMatch(/^<http:\/\/sideline\.test\/unsubscribe\?token=[^>]+>$/);
  });

  it("counts unread, marks all read, and tells the member's other pages", async () => {
    const a = await newMember();
    const b = await newMember();
    await contacts.follow(ctx, a, b.memberId);
    await contacts.sendRequest(ctx, a, b.memberId);
    await settle();
    expect(await notifications.unreadCount(ctx, b)).toBe(2);
    expect(await listOf(b, "unread")).toHaveLength(2);
    const heard: LiveEvent[] = [];
    const off = ctx.live.subscribe(b.memberId, (e) => heard.push(e));
    expect(await notifications.markAllRead(ctx, b)).toBe(2);
    off();
    expect(heard.map((e) => e.type)).toEqual(["notifications.changed"]);
    expect(await notifications.unreadCount(ctx, b)).toBe(0);
    expect(await listOf(b, "unread")).toEqual([]);
    expect((await listOf(b)).every((n) => n.read)).toBe(true);
  });

  it("marks read only up to the newest one shown: one arriving meanwhile stays new", async () => {
    const a = await newMember();
    const b = await newMember();
    await contacts.follow(ctx, a, b.memberId);
    await settle();
    const [shown] = await listOf(b);
    await contacts.sendRequest(ctx, a, b.memberId); // arrives after the screen loaded
    await settle();
    expect(await notifications.markAllRead(ctx, b, shown!.notificationId)).toBe(1);
    expect((await listOf(b, "unread")).map((n) => n.kind)).toEqual(["contact.requested"]);
  });

  it("pages newest first with a cursor", async () => {
    const b = await newMember();
    for (let i = 0; i < 5; i++) await contacts.follow(ctx, await newMember(`F${i}`, "Fan"), b.memberId);
    await settle();
    const first = await notifications.list(ctx, b, notificationListInput.parse({ limit: 3 }));
    const second = await notifications.list(ctx, b, notificationListInput.parse({ limit: 3, cursor: first.nextCursor! }));
    expect([...first.items, ...second.items].map((n) => n.text)).toEqual([4, 3, 2, 1, 0].map((i) => `F${i} Fan is now following you.`));
    expect(second.nextCursor).toBeNull();
  });

  it("nothing for one's own reply, nor for a deactivated member", async () => {
    const a = await newMember();
    const b = await newMember();
    await makeContacts(db, a, b);
    const post = await feed.createPost(ctx, a, "Mine");
    await feed.reply(ctx, a, post.postId, "Replying to myself");
    await db.updateTable("member").set({ status: MemberStatus.Deactivated }).where("id", "=", b.memberId).execute();
    await contacts.follow(ctx, a, b.memberId).catch(() => {}); // refused: b is not active
    await feed.reply(ctx, b, post.postId, "From a deactivated member").catch(() => {});
    await settle();
    expect(await listOf(a)).toEqual([]);
    expect(await listOf(b)).toEqual([]);
  });
});

describe("flood guards", () => {
  it("follow, unfollow, follow again: one new-follower notification a day from the same member", async () => {
    const a = await newMember();
    const b = await newMember();
    await contacts.follow(ctx, a, b.memberId);
    await settle();
    await contacts.unfollow(ctx, a, b.memberId);
    await contacts.follow(ctx, a, b.memberId);
    await settle();
    expect((await listOf(b)).map((n) => n.kind)).toEqual(["member.followed"]);
  });

  it("at most 30 notification e-mails an hour to one member; past that the site still notifies", async () => {
    const a = await newMember();
    const b = await newMember();
    const limited: AppContext = { ...ctx, limiter: await freshLimiter(db) };
    for (let i = 0; i < 32; i++) {
      await notifications.notify(limited, {
        memberId: b.memberId,
        kind: "message.received",
        actorId: a.memberId,
        subject: "New message",
        text: `Message ${i}`,
        link: "/messages/view-messages",
      });
    }
    await settle();
    expect(sink.messagesTo(b.email)).toHaveLength(30);
    expect(await notifications.unreadCount(ctx, b)).toBe(32);
  });
});

describe("e-mail settings and unsubscribe", () => {
  it("a switched-off setting sends no e-mail but still notifies on the site", async () => {
    const a = await newMember();
    const b = await newMember();
    await settings.saveNotificationSettings(ctx, b, {
      sendMsg: true,
      addAsFriend: false,
      confirmFriendShipRequest: true,
      repliesToYourHelpQuest: true,
    });
    await contacts.sendRequest(ctx, a, b.memberId);
    await settle();
    expect(sink.messagesTo(b.email)).toEqual([]);
    expect((await listOf(b)).map((n) => n.kind)).toEqual(["contact.requested"]);
  });

  it("the link's token turns off exactly that setting for exactly that member; a tampered one is refused", async () => {
    const a = await newMember();
    const b = await newMember();
    await makeContacts(db, a, b);
    await messages.send(ctx, a, { toMemberId: b.memberId, subject: "One", body: "1" });
    await settle();
    const link = sink.messagesTo(b.email).at(-1)!.listUnsubscribe.slice(1, -1);
    const token = new URL(link).searchParams.get("token")!;
    expect(token).toMatch(new RegExp(`^${b.memberId}\\.sendMsg\\.[A-Za-z0-9_-]{43}$`));
    expect(await notifications.describeUnsubscribe(ctx, token)).toEqual({ label: texts.notifySendMsg });
    expect(await notifications.unsubscribe(ctx, token)).toEqual({ label: texts.notifySendMsg });
    expect(await settings.notificationSettingsOf(ctx, b.memberId)).toEqual({
      sendMsg: false,
      addAsFriend: true,
      confirmFriendShipRequest: true,
      repliesToYourHelpQuest: true,
    });
    expect((await settings.notificationSettingsOf(ctx, a.memberId)).sendMsg).toBe(true);

    const mailsBefore = sink.messagesTo(b.email).length;
    await messages.send(ctx, a, { toMemberId: b.memberId, subject: "Two", body: "2" });
    await settle();
    expect(sink.messagesTo(b.email)).toHaveLength(mailsBefore);

    const signature = token.split(".")[2]!;
    const forged = [
      `${a.memberId}.sendMsg.${signature}`, // b's signature on a's id
      `${b.memberId}.addAsFriend.${signature}`, // on another setting
      `${token.slice(0, -2)}${token.endsWith("AA") ? "BB" : "AA"}`, // altered
      // What the public common/EncryptString makes proves nothing.
      ctx.secretBox.encrypt(`unsubscribe:${a.memberId}:sendMsg`),
      `${a.memberId}.sendMsg.${ctx.secretBox.encrypt(`unsubscribe:${a.memberId}:sendMsg`)}`,
      notifications.unsubscribeToken(ctx, 999_999, "sendMsg"), // signed, but no such member
      "garbage",
    ];
    for (const bad of forged) {
      const error = await notifications.unsubscribe(ctx, bad).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).code).toBe(ErrorCodes.BadInput);
    }
  });
});

describe("the spec's date format", () => {
  it("dd/MM/yyyy h:mm:ss a", () => {
    expect(formatSentDate("2026-03-05T16:07:09.000Z", { utc: true })).toBe("05/03/2026 4:07:09 PM");
    expect(formatSentDate("2026-12-31T00:00:00.000Z", { utc: true })).toBe("31/12/2026 12:00:00 AM");
    expect(formatSentDate("2026-01-01T12:30:05.000Z", { utc: true })).toBe("01/01/2026 12:30:05 PM");
    expect(formatSentDate("not a date")).toBe("");
  });
});

describe("the screen's statements on PostgreSQL", () => {
  it.runIf(process.env.SIDELINE_TEST_ENGINE === "postgres")(
    "the page and the unread count are prepared once per connection and then run one plan for every member",
    async () => {
      const members = await Promise.all([newMember("PlanA"), newMember("PlanB"), newMember("PlanC")]);
      // A transaction runs on one connection: the one whose prepared statements are looked at.
      const plans = await db.transaction().execute(async (trx) => {
        const onConnection = { ...ctx, db: trx };
        for (let i = 0; i < 12; i++) {
          await notifications.list(onConnection, members[i % 3]!, notificationListInput.parse({ limit: 9 }));
          await notifications.unreadCount(onConnection, members[i % 3]!);
        }
        return (
          await sql<{ statement: string; generic: number; custom: number }>`
            SELECT statement, generic_plans AS generic, custom_plans AS custom FROM pg_prepared_statements
            WHERE statement LIKE '%from "notification" where "member_id" = $1 order by "id" desc limit $2'
               OR statement LIKE 'select count(*) as "n" from "notification" where "member_id" = $1 and "is_read" = $2'`.execute(trx)
        ).rows;
      });
      // The first page of all (no cursor, no unread filter) and the count.
      expect(plans).toHaveLength(2);
      for (const plan of plans) {
        // PostgreSQL plans the first five runs for their values, then keeps a plan for any member.
        expect(Number(plan.custom), plan.statement).toBeLessThanOrEqual(5);
        expect(Number(plan.generic), plan.statement).toBeGreaterThanOrEqual(7);
      }
    },
  );
});
