/**
 * Reports and moderation on a real database (SQLite, and PostgreSQL in its pass): what may be
 * reported and by whom, one open report per reporter and target, the moderators' queue, and each
 * answer (dismiss, remove, warn, suspend) with its audit entry and the reporters' notifications;
 * removed content is gone from the feed, replies and messages, and from the notifications quoting
 * it; answers about oneself or staff follow the admin service's rule; reports are rate-limited
 * (decision 041).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeTestContext, openTestContext, type TestContext } from "#support/service-context.ts";
import { createMember, makeContacts, type TestMember } from "#support/members.ts";
import { expectError } from "#support/domain-errors.ts";
import { freshLimiter } from "#support/limiter.ts";
import { postgresPlan } from "#support/plans.ts";
import { CompiledQuery } from "kysely";
import { isPostgres } from "../../platform/db/dialect.ts";
import type { LiveEvent } from "../../platform/live.ts";
import { RATE_LIMIT_RULES } from "../../platform/rate-limit.ts";
import type { AppContext } from "../../platform/context.ts";
import { ErrorCodes, NO_SUCH_MEMBER } from "../../shared/errors.ts";
import { MemberStatus } from "../../shared/members.ts";
import { safetyTexts } from "../../shared/safety-texts.ts";
import * as admin from "../admin/admin.service.ts";
import * as contacts from "../contacts/contacts.service.ts";
import { findMemberById } from "../accounts/accounts.service.ts";
import * as feed from "../feed/feed.service.ts";
import { eventsOfType } from "../live/live.repository.ts";
import * as live from "../live/live.service.ts";
import * as messages from "../messages/messages.service.ts";
import * as notifications from "../notifications/notifications.service.ts";
import { quotingDelete } from "../notifications/notifications.repository.ts";
import { reportInput } from "./moderation.schema.ts";
import * as moderation from "./moderation.service.ts";

let t: TestContext | undefined;
let ctx: AppContext;
let mod: TestMember;
let adminA: TestMember;
let reporter: TestMember;
let author: TestMember;
let other: TestMember;

beforeAll(async () => {
  t = await openTestContext("moderation");
  ctx = t.ctx;
  mod = await createMember(ctx.db, { firstName: "Mona", lastName: "Moderator", role: "moderator" });
  adminA = await createMember(ctx.db, { firstName: "Ada", lastName: "Admin", role: "admin" });
  reporter = await createMember(ctx.db, { firstName: "Remy", lastName: "Reporter" });
  author = await createMember(ctx.db, { firstName: "Otto", lastName: "Author" });
  other = await createMember(ctx.db, { firstName: "Olga", lastName: "Outsider" });
  await makeContacts(ctx.db, reporter, author);
});
afterAll(() => closeTestContext(t));

const kinds = async (m: TestMember) => (await notifications.list(ctx, m, { view: "all", limit: 100 })).items.map((n) => n.kind);

describe("reporting", () => {
  it("takes a member, a post or reply the reporter can see, or a message they received; one open report each", async () => {
    const post = await feed.createPost(ctx, author, "Buy cheap boots");
    const reply = await feed.reply(ctx, author, post.postId, "Really cheap");
    const sent = await messages.send(ctx, author, { toMemberId: reporter.memberId, subject: "Deal", body: "Boots!" });
    const received = (await messages.list(ctx, reporter, { view: "all", limit: 30 })).items[0]!;
    await moderation.report(ctx, reporter, { targetKind: "member", targetId: author.memberId, reason: "impersonation" });
    await moderation.report(ctx, reporter, { targetKind: "post", targetId: post.postId, reason: "spam", note: "again" });
    await moderation.report(ctx, reporter, { targetKind: "reply", targetId: reply.replyId, reason: "spam" });
    await moderation.report(ctx, reporter, { targetKind: "message", targetId: received.messageId, reason: "harassment" });
    await expectError(
      moderation.report(ctx, reporter, { targetKind: "post", targetId: post.postId, reason: "other" }),
      ErrorCodes.BadInput,
      safetyTexts.alreadyReported,
    );
    // Not theirs to report: a post outside their network, the sender's own copy, their own account.
    await expectError(moderation.report(ctx, other, { targetKind: "post", targetId: post.postId, reason: "spam" }), ErrorCodes.NotFound);
    await expectError(
      moderation.report(ctx, author, { targetKind: "message", targetId: sent.messageId, reason: "spam" }),
      ErrorCodes.NotFound,
    );
    await expectError(
      moderation.report(ctx, author, { targetKind: "member", targetId: author.memberId, reason: "spam" }),
      ErrorCodes.BadInput,
    );
  });

  it("accepts only the fixed reasons and a bounded note", () => {
    expect(reportInput.safeParse({ targetKind: "post", targetId: 1, reason: "rude" }).success).toBe(false);
    expect(reportInput.safeParse({ targetKind: "post", targetId: 1, reason: "other", note: "x".repeat(1001) }).success).toBe(false);
    expect(reportInput.safeParse({ targetKind: "post", targetId: 1, reason: "minor-at-risk" }).success).toBe(true);
  });
});

describe("moderating", () => {
  it("lists open reports newest first, to moderators only, with the content and both members", async () => {
    await expectError(moderation.openReports(ctx, reporter, undefined), ErrorCodes.Forbidden);
    const page = await moderation.openReports(ctx, mod, undefined);
    expect(page.items.map((r) => r.target.kind)).toEqual(["message", "reply", "post", "member"]);
    expect(page.items[2]).toMatchObject({
      reason: "spam",
      note: "again",
      reporter: { memberId: reporter.memberId, name: "Remy Reporter" },
      reported: { memberId: author.memberId, name: "Otto Author" },
      target: { kind: "post", text: "Buy cheap boots" },
    });
    expect(page.items[0]!.target.text).toBe("Deal\n\nBoots!");
    expect(page.items[3]!.target.text).toBeNull();
  });

  it("removes a post, a reply and a message everywhere, audits it and tells the reporter", async () => {
    const open = (await moderation.openReports(ctx, mod, undefined)).items;
    const of = (kind: string) => open.find((r) => r.target.kind === kind)!;
    await expectError(moderation.removeContent(ctx, reporter, { reportId: of("post").reportId }), ErrorCodes.Forbidden);
    await expectError(moderation.removeContent(ctx, mod, { reportId: of("member").reportId }), ErrorCodes.BadInput);
    for (const kind of ["post", "reply", "message"])
      await moderation.removeContent(ctx, mod, { reportId: of(kind).reportId, note: "spam" });

    const postId = of("post").target.id;
    expect((await feed.feed(ctx, reporter, { limit: 50 })).items.map((p) => p.postId)).not.toContain(postId);
    expect((await feed.feed(ctx, author, { limit: 50 })).items.map((p) => p.postId)).not.toContain(postId);
    await expectError(feed.replies(ctx, reporter, postId), ErrorCodes.NotFound);
    expect((await messages.list(ctx, reporter, { view: "all", limit: 30 })).items).toEqual([]);
    expect((await messages.list(ctx, author, { view: "sent", limit: 30 })).items).toEqual([]);
    expect(await messages.unreadCount(ctx, reporter)).toBe(0);

    const audit = (await admin.listAudit(ctx, adminA, undefined)).items.filter((e) => e.action === "content-remove");
    expect(audit).toHaveLength(3);
    expect(audit[0]).toMatchObject({ actor: { memberId: mod.memberId }, target: { memberId: author.memberId }, reason: "spam" });
    expect((await kinds(reporter)).filter((k) => k === "moderation.outcome")).toHaveLength(3);
    await expectError(moderation.dismiss(ctx, mod, { reportId: of("post").reportId }), ErrorCodes.NotFound);
  });

  it("removes a reply from its post's replies, the post staying", async () => {
    const post = await feed.createPost(ctx, author, "Good game");
    const reply = await feed.reply(ctx, author, post.postId, "Rude words");
    await moderation.report(ctx, reporter, { targetKind: "reply", targetId: reply.replyId, reason: "inappropriate" });
    const r = (await moderation.openReports(ctx, mod, undefined)).items.find((x) => x.target.id === reply.replyId)!;
    await moderation.removeContent(ctx, mod, { reportId: r.reportId });
    expect(await feed.replies(ctx, reporter, post.postId)).toEqual([]);
  });

  it("warns the member and dismisses, each audited, reporters told", async () => {
    const before = (await kinds(reporter)).length;
    const memberReport = (await moderation.openReports(ctx, mod, undefined)).items.find((r) => r.target.kind === "member")!;
    await moderation.warn(ctx, mod, { reportId: memberReport.reportId, note: "Keep it friendly." });
    const warning = (await notifications.list(ctx, author, { view: "all", limit: 100 })).items.find((n) => n.kind === "moderation.warning");
    expect(warning?.text).toContain("Keep it friendly.");
    await moderation.report(ctx, other, { targetKind: "member", targetId: author.memberId, reason: "other" });
    const second = (await moderation.openReports(ctx, mod, undefined)).items[0]!;
    await moderation.dismiss(ctx, mod, { reportId: second.reportId });
    expect((await kinds(reporter)).length).toBe(before + 1);
    expect(await kinds(other)).toContain("moderation.outcome");
    const actions = (await admin.listAudit(ctx, adminA, undefined)).items.map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(["warn", "report-dismiss"]));
  });

  it("suspends through the admin service: audited as a suspension, every report of the member resolved with it", async () => {
    await moderation.report(ctx, reporter, { targetKind: "member", targetId: author.memberId, reason: "harassment" });
    await moderation.report(ctx, other, { targetKind: "member", targetId: author.memberId, reason: "harassment" });
    const r = (await moderation.openReports(ctx, mod, undefined)).items[0]!;
    expect(await moderation.suspend(ctx, mod, { reportId: r.reportId, reason: "Repeated harassment" })).toEqual({ resolved: 2 });
    expect((await findMemberById(ctx.db, author.memberId))?.status).toBe(MemberStatus.Suspended);
    expect((await admin.listAudit(ctx, adminA, undefined)).items[0]).toMatchObject({ action: "suspend", reason: "Repeated harassment" });
    expect((await moderation.openReports(ctx, mod, undefined)).items).toEqual([]);
  });
});

/** A sender and a recipient who are contacts, fresh for each test. */
async function pair(tag: string) {
  const sender = await createMember(ctx.db, { firstName: "Sam", lastName: `Sender${tag}` });
  const recipient = await createMember(ctx.db, { firstName: "Rita", lastName: `Recipient${tag}` });
  await makeContacts(ctx.db, sender, recipient);
  return { sender, recipient };
}
const inboxCopyOf = async (m: TestMember, subject: string) =>
  (await messages.list(ctx, m, { view: "all", limit: 30 })).items.find((x) => x.subject === subject)!.messageId;
const reportIdOf = async (kind: string, id: number) =>
  (await moderation.openReports(ctx, adminA, undefined)).items.find((r) => r.target.kind === kind && r.target.id === id)!.reportId;
/** Files a report of a member or a post and answers its id. */
const reported = async (reporter: TestMember, targetKind: "member" | "post", targetId: number) => {
  await moderation.report(ctx, reporter, { targetKind, targetId, reason: targetKind === "post" ? "spam" : "other" });
  return reportIdOf(targetKind, targetId);
};
const notificationTexts = async (m: TestMember) => (await notifications.list(ctx, m, { view: "all", limit: 100 })).items.map((n) => n.text);

describe("removed content's words in notifications (decision 041)", () => {
  it("deletes the notifications quoting a removed message or reply, in the answer's write unit, and tells the pages; others stay", async () => {
    const stopHandlers = notifications.registerNotificationHandlers(ctx);
    const { sender, recipient } = await pair("Quotes");
    try {
      await messages.send(ctx, sender, { toMemberId: recipient.memberId, subject: "Cheap pills here", body: "Buy now" });
      await messages.send(ctx, sender, { toMemberId: recipient.memberId, subject: "Training at six", body: "See you" });
      const post = await feed.createPost(ctx, recipient, "Match report");
      const reply = await feed.reply(ctx, sender, post.postId, "You played like rubbish");
      await ctx.events.settled();
      const before = await notificationTexts(recipient);
      expect(before.some((t) => t.includes("Cheap pills here"))).toBe(true);
      expect(before.some((t) => t.includes("You played like rubbish"))).toBe(true);
      const unreadBefore = await notifications.unreadCount(ctx, recipient);

      const copyId = await inboxCopyOf(recipient, "Cheap pills here");
      await moderation.report(ctx, recipient, { targetKind: "message", targetId: copyId, reason: "spam" });
      await moderation.report(ctx, recipient, { targetKind: "reply", targetId: reply.replyId, reason: "harassment" });
      const messageId = (await ctx.db.selectFrom("messageCopy").select("messageId").where("id", "=", copyId).executeTakeFirstOrThrow())
        .messageId;
      const heard: LiveEvent[] = [];
      const stop = ctx.live.subscribe(recipient.memberId, (e) => heard.push(e));
      try {
        await moderation.removeContent(ctx, mod, { reportId: await reportIdOf("message", messageId) });
        await moderation.removeContent(ctx, mod, { reportId: await reportIdOf("reply", reply.replyId) });
      } finally {
        stop();
      }

      const after = await notificationTexts(recipient);
      expect(after.some((t) => t.includes("Cheap pills here"))).toBe(false);
      expect(after.some((t) => t.includes("rubbish"))).toBe(false);
      expect(after.some((t) => t.includes("Training at six"))).toBe(true);
      // Two quoting notifications gone (unread), two outcomes of the reports arrived (unread).
      expect(await notifications.unreadCount(ctx, recipient)).toBe(unreadBefore - 2 + 2);
      expect(heard.filter((e) => e.type === "notifications.changed").length).toBeGreaterThanOrEqual(2);
      const left = await ctx.db
        .selectFrom("notification")
        .select("id")
        .where((eb) =>
          eb.or([
            eb.and([eb("contentKind", "=", "message"), eb("contentId", "=", messageId)]),
            eb.and([eb("contentKind", "=", "reply"), eb("contentId", "=", reply.replyId)]),
          ]),
        )
        .execute();
      expect(left).toEqual([]);
    } finally {
      stopHandlers();
    }
  });

  it("leaves no trace of the removed words for a page reconnecting with Last-Event-ID 0 (review of 2026-11-27, second pass)", async () => {
    const stopHandlers = notifications.registerNotificationHandlers(ctx);
    const { sender, recipient } = await pair("Replay");
    try {
      await messages.send(ctx, sender, { toMemberId: recipient.memberId, subject: "Cheap pills again", body: "Buy now" });
      await messages.send(ctx, sender, { toMemberId: recipient.memberId, subject: "Secret code 4711", body: "Shh" });
      await messages.send(ctx, sender, { toMemberId: recipient.memberId, subject: "Kickoff at seven", body: "See you" });
      const post = await feed.createPost(ctx, recipient, "Cup final");
      const reply = await feed.reply(ctx, sender, post.postId, "Utterly hopeless keeper");
      await ctx.events.settled();
      const pills = await inboxCopyOf(recipient, "Cheap pills again");
      const secret = await inboxCopyOf(recipient, "Secret code 4711");
      await moderation.report(ctx, recipient, { targetKind: "message", targetId: pills, reason: "spam" });
      await moderation.report(ctx, recipient, { targetKind: "message", targetId: secret, reason: "harassment" });
      await moderation.report(ctx, recipient, { targetKind: "reply", targetId: reply.replyId, reason: "harassment" });
      const messageIdOf = async (copyId: number) =>
        (await ctx.db.selectFrom("messageCopy").select("messageId").where("id", "=", copyId).executeTakeFirstOrThrow()).messageId;
      const pillsMessage = await messageIdOf(pills);
      const secretMessage = await messageIdOf(secret);
      // The recipient deletes their copy of one before the moderator removes it: the subject still leaves the log.
      await messages.remove(ctx, recipient, [secret]);
      /** Everything a page reconnecting with Last-Event-ID 0 is replayed, as text. */
      const replay = async () => {
        const logged = await ctx.db.selectFrom("liveEvent").select("id").where("memberId", "=", recipient.memberId).execute();
        const controller = new AbortController();
        const events: LiveEvent[] = [];
        for await (const e of live.stream(ctx, recipient, 0, controller.signal)) {
          events.push(e);
          if (events.length === logged.length) break;
        }
        controller.abort();
        return JSON.stringify(events);
      };
      const before = await replay();
      for (const words of ["Cheap pills again", "Secret code 4711", "Utterly hopeless keeper", "Kickoff at seven"])
        expect(before).toContain(words);

      await moderation.removeContent(ctx, mod, { reportId: await reportIdOf("message", pillsMessage) });
      await moderation.removeContent(ctx, mod, { reportId: await reportIdOf("message", secretMessage) });
      await moderation.removeContent(ctx, mod, { reportId: await reportIdOf("reply", reply.replyId) });

      const after = await replay();
      for (const words of ["Cheap pills", "Secret code", "hopeless"]) expect(after).not.toContain(words);
      // Only what was removed: the other message's notice and notification replay as before.
      expect(after).toContain("Kickoff at seven");
    } finally {
      stopHandlers();
    }
  });

  it("forgets only the removed message's notice once its copy is deleted, not another with the same subject (review of 2026-11-27, third pass)", async () => {
    const { sender, recipient } = await pair("Twins");
    await messages.send(ctx, sender, { toMemberId: recipient.memberId, subject: "Same subject", body: "Rude words" });
    const removedCopy = await inboxCopyOf(recipient, "Same subject");
    await messages.send(ctx, sender, { toMemberId: recipient.memberId, subject: "Same subject", body: "Kind words" });
    const copies = (await messages.list(ctx, recipient, { view: "all", limit: 30 })).items.map((m) => m.messageId);
    const keptCopy = copies.find((id) => id !== removedCopy)!;
    await moderation.report(ctx, recipient, { targetKind: "message", targetId: removedCopy, reason: "harassment" });
    const removedMessage = (
      await ctx.db.selectFrom("messageCopy").select("messageId").where("id", "=", removedCopy).executeTakeFirstOrThrow()
    ).messageId;
    await messages.remove(ctx, recipient, [removedCopy]);
    const noticed = async () =>
      (await eventsOfType(ctx.db, recipient.memberId, "message.received").execute()).map(
        (r) => (JSON.parse(r.data) as { messageId: number }).messageId,
      );
    expect((await noticed()).sort()).toEqual([removedCopy, keptCopy].sort());

    await moderation.removeContent(ctx, mod, { reportId: await reportIdOf("message", removedMessage) });
    expect(await noticed()).toEqual([keptCopy]);
  });

  it("finds a member's live events of one type through live_event_member_idx", async () => {
    const compiled = eventsOfType(ctx.db, 1, "notification.created").compile();
    if (isPostgres(ctx.db)) {
      const plan = await postgresPlan(ctx.db, compiled.sql, compiled.parameters);
      expect(plan).toMatch(/Index Scan using live_event_member_idx on live_event|Bitmap Index Scan on live_event_member_idx/);
      return;
    }
    const explain = CompiledQuery.raw(`EXPLAIN QUERY PLAN ${compiled.sql}`, [...compiled.parameters]) as CompiledQuery<{ detail: string }>;
    const plan = (await ctx.db.executeQuery(explain)).rows.map((r) => r.detail).join("\n");
    expect(plan).toMatch(/SEARCH live_event USING INDEX live_event_member_idx \(member_id=\?\)/);
  });

  it("finds them through notification_content_idx", async () => {
    const compiled = quotingDelete(ctx.db, "message", 1).compile();
    if (isPostgres(ctx.db)) {
      const plan = await postgresPlan(ctx.db, compiled.sql, compiled.parameters);
      expect(plan).toMatch(/Index Scan using notification_content_idx on notification/);
      return;
    }
    const explain = CompiledQuery.raw(`EXPLAIN QUERY PLAN ${compiled.sql}`, [...compiled.parameters]) as CompiledQuery<{ detail: string }>;
    const plan = (await ctx.db.executeQuery(explain)).rows.map((r) => r.detail).join("\n");
    expect(plan).toMatch(/SEARCH notification USING (COVERING )?INDEX notification_content_idx \(content_kind=\? AND content_id=\?\)/);
  });
});

describe("a removed message stays gone (decision 041)", () => {
  it("cannot be marked unread, counted or deleted by its copy", async () => {
    const { sender, recipient } = await pair("Unread");
    await messages.send(ctx, sender, { toMemberId: recipient.memberId, subject: "Rude words", body: "..." });
    const copyId = await inboxCopyOf(recipient, "Rude words");
    await moderation.report(ctx, recipient, { targetKind: "message", targetId: copyId, reason: "harassment" });
    const messageId = (await ctx.db.selectFrom("messageCopy").select("messageId").where("id", "=", copyId).executeTakeFirstOrThrow())
      .messageId;
    await moderation.removeContent(ctx, mod, { reportId: await reportIdOf("message", messageId) });

    await expectError(messages.markRead(ctx, recipient, [copyId], false), ErrorCodes.NotFound);
    await expectError(messages.remove(ctx, recipient, [copyId]), ErrorCodes.NotFound);
    // Even a copy left unread (written before the removal marked it read) is not counted.
    await ctx.db.updateTable("messageCopy").set({ isRead: 0 }).where("id", "=", copyId).execute();
    expect(await messages.unreadCount(ctx, recipient)).toBe(0);
    expect(await ctx.db.selectFrom("messageCopy").select("id").where("messageId", "=", messageId).execute()).toHaveLength(2);
  });
});

describe("answers about oneself or staff (decision 041: the admin service's rule)", () => {
  it("refuses a moderator's answer to a report about themself or their content, and any answer about another moderator or an admin", async () => {
    const otherMod = await createMember(ctx.db, { firstName: "Max", lastName: "Moderator", role: "moderator" });
    const watcher = await createMember(ctx.db, { firstName: "Wendy", lastName: "Watcher" });
    await makeContacts(ctx.db, watcher, mod);
    const modPost = await feed.createPost(ctx, mod, "A moderator's post");
    const aboutSelf = await reported(watcher, "member", mod.memberId);
    const aboutOwnPost = await reported(watcher, "post", modPost.postId);
    const aboutOtherMod = await reported(watcher, "member", otherMod.memberId);
    const aboutAdmin = await reported(watcher, "member", adminA.memberId);

    // Not in the moderator's queue, so answered exactly as a report that is not open (review of
    // 2026-11-27, third pass): a moderator cannot learn that a report about themself or staff exists.
    const notOpen = (answer: Promise<unknown>) => expectError(answer, ErrorCodes.NotFound, safetyTexts.reportNotOpen);
    await notOpen(moderation.dismiss(ctx, mod, { reportId: aboutSelf }));
    await notOpen(moderation.removeContent(ctx, mod, { reportId: aboutOwnPost }));
    await notOpen(moderation.warn(ctx, mod, { reportId: aboutOtherMod }));
    await notOpen(moderation.suspend(ctx, mod, { reportId: aboutAdmin, reason: "No" }));
    await notOpen(moderation.dismiss(ctx, mod, { reportId: aboutAdmin }));
    await notOpen(moderation.dismiss(ctx, mod, { reportId: 9_999_999 }));
    // Nothing was written: all four stay open, the post stands, nobody was warned or suspended.
    const open = (await moderation.openReports(ctx, adminA, undefined)).items.map((r) => r.reportId);
    expect(open).toEqual(expect.arrayContaining([aboutSelf, aboutOwnPost, aboutOtherMod, aboutAdmin]));
    expect(await kinds(otherMod)).not.toContain("moderation.warning");
    expect((await findMemberById(ctx.db, adminA.memberId))?.status).toBe(MemberStatus.Active);

    // Another moderator answers about a moderator's content? No: staff are an admin's to answer.
    await notOpen(moderation.removeContent(ctx, otherMod, { reportId: aboutOwnPost }));
    await moderation.warn(ctx, adminA, { reportId: aboutOtherMod, note: "Mind the tone." });
    expect(await kinds(otherMod)).toContain("moderation.warning");
    await moderation.dismiss(ctx, adminA, { reportId: aboutSelf });
    await expectError(
      moderation.dismiss(ctx, adminA, { reportId: aboutAdmin }),
      ErrorCodes.Forbidden,
      "You cannot do that to your own account.",
    );
  });
});

describe("who sees which reports (review of 2026-11-27, second pass)", () => {
  it("shows a moderator only reports about plain members other than themself, so a reported moderator never learns who reported them; an admin sees all", async () => {
    const modB = await createMember(ctx.db, { firstName: "Nils", lastName: "Moderator", role: "moderator" });
    const adminB = await createMember(ctx.db, { firstName: "Abe", lastName: "Admin", role: "admin" });
    const snitch = await createMember(ctx.db, { firstName: "Sam", lastName: "Snitch" });
    const plain = await createMember(ctx.db, { firstName: "Pia", lastName: "Plain" });
    await makeContacts(ctx.db, snitch, modB);
    const modBPost = await feed.createPost(ctx, modB, "A second moderator's post");
    const aboutModB = await reported(snitch, "member", modB.memberId);
    const aboutModBPost = await reported(snitch, "post", modBPost.postId);
    const aboutAdminB = await reported(snitch, "member", adminB.memberId);
    const aboutPlain = await reported(snitch, "member", plain.memberId);
    const staff = [aboutModB, aboutModBPost, aboutAdminB];
    /** Every open report a viewer sees, all pages (the filter must hold across the keyset too). */
    const seenBy = async (m: TestMember) => {
      const ids: number[] = [];
      let cursor: string | undefined;
      do {
        const page = await moderation.openReports(ctx, m, cursor);
        ids.push(...page.items.map((r) => r.reportId));
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      return ids;
    };
    const byModB = await seenBy(modB);
    expect(byModB).toContain(aboutPlain);
    expect(byModB.filter((id) => staff.includes(id))).toEqual([]);
    const byMod = await seenBy(mod);
    expect(byMod).toContain(aboutPlain);
    expect(byMod.filter((id) => staff.includes(id))).toEqual([]);
    expect(await seenBy(adminA)).toEqual(expect.arrayContaining([...staff, aboutPlain]));
    // Admins see every report, theirs included (the only admin must still see one about them; answering it is refused).
    expect(await seenBy(adminB)).toEqual(expect.arrayContaining([...staff, aboutPlain]));
    // The role is read when the queue is: a member made moderator leaves the other moderators' queue.
    await ctx.db.updateTable("member").set({ role: "moderator" }).where("id", "=", plain.memberId).execute();
    expect(await seenBy(mod)).not.toContain(aboutPlain);
    await ctx.db.updateTable("member").set({ role: "member" }).where("id", "=", plain.memberId).execute();
    expect(await seenBy(mod)).toContain(aboutPlain);
  });
});

describe("report limits (decision 041)", () => {
  it("takes 20 reports an hour from a member, then refuses without a row; a repeated report answers as already reported without counting", async () => {
    const limited: AppContext = { ...ctx, limiter: await freshLimiter(ctx.db) };
    const busy = await createMember(ctx.db, { firstName: "Bea", lastName: "Busy" });
    const max = RATE_LIMIT_RULES.report.max;
    const targets: TestMember[] = [];
    for (let i = 0; i <= max; i++) targets.push(await createMember(ctx.db, { firstName: "Tom", lastName: `Target${i}` }));
    const rowsOf = async () => (await ctx.db.selectFrom("report").select("id").where("reporterId", "=", busy.memberId).execute()).length;

    await moderation.report(limited, busy, { targetKind: "member", targetId: targets[0]!.memberId, reason: "spam" });
    for (let i = 0; i < 3; i++)
      await expectError(
        moderation.report(limited, busy, { targetKind: "member", targetId: targets[0]!.memberId, reason: "spam" }),
        ErrorCodes.BadInput,
        safetyTexts.alreadyReported,
      );
    expect(await rowsOf()).toBe(1);
    for (let i = 1; i < max; i++)
      await moderation.report(limited, busy, { targetKind: "member", targetId: targets[i]!.memberId, reason: "spam" });
    expect(await rowsOf()).toBe(max);
    await expectError(
      moderation.report(limited, busy, { targetKind: "member", targetId: targets[max]!.memberId, reason: "spam" }),
      ErrorCodes.RateLimited,
      safetyTexts.tooManyReports,
    );
    expect(await rowsOf()).toBe(max);
  });
});

describe("a report names only a member the reporter could open (review of 2026-11-27, third pass)", () => {
  it("answers a hidden minor, a block either way and an inactive member exactly as a made-up id, each costing the limit", async () => {
    const limited: AppContext = { ...ctx, limiter: await freshLimiter(ctx.db) };
    const prober = await createMember(ctx.db, { firstName: "Pete", lastName: "Prober" });
    const minor = await createMember(ctx.db, {
      firstName: "Kim",
      lastName: "Young",
      birthDate: `${new Date().getUTCFullYear() - 16}-01-01`,
    });
    const blocksProber = await createMember(ctx.db, { firstName: "Bo", lastName: "Blocker" });
    const blockedByProber = await createMember(ctx.db, { firstName: "Bill", lastName: "Blocked" });
    const suspended = await createMember(ctx.db, { firstName: "Sue", lastName: "Spended", status: MemberStatus.Suspended });
    const plain = await createMember(ctx.db, { firstName: "Paul", lastName: "Plain" });
    await contacts.block(ctx, blocksProber, prober.memberId);
    await contacts.block(ctx, prober, blockedByProber.memberId);
    const rowsOf = async () => (await ctx.db.selectFrom("report").select("id").where("reporterId", "=", prober.memberId).execute()).length;

    const misses = [minor, blocksProber, blockedByProber, suspended].map((m) => m.memberId);
    misses.push(9_999_999);
    for (const targetId of misses)
      await expectError(
        moderation.report(limited, prober, { targetKind: "member", targetId, reason: "spam" }),
        ErrorCodes.NotFound,
        NO_SUCH_MEMBER,
      );
    expect(await rowsOf()).toBe(0);
    // An ordinary member can still be reported.
    await moderation.report(limited, prober, { targetKind: "member", targetId: plain.memberId, reason: "spam" });
    expect(await rowsOf()).toBe(1);
    // Every miss counted: trying ids runs out of the hour's reports like real ones.
    for (let i = misses.length + 1; i < RATE_LIMIT_RULES.report.max; i++)
      await expectError(
        moderation.report(limited, prober, { targetKind: "member", targetId: 9_999_999, reason: "spam" }),
        ErrorCodes.NotFound,
      );
    await expectError(
      moderation.report(limited, prober, { targetKind: "member", targetId: 9_999_999, reason: "spam" }),
      ErrorCodes.RateLimited,
      safetyTexts.tooManyReports,
    );
  });
});
