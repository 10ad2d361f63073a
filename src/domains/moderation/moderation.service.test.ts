/**
 * Reports and moderation on a real database (SQLite, and PostgreSQL in its pass): what may be
 * reported and by whom, one open report per reporter and target, the moderators' queue, and each
 * answer (dismiss, remove, warn, suspend) with its audit entry and the reporters' notifications;
 * removed content is gone from the feed, replies and messages.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeTestContext, openTestContext, type TestContext } from "#support/service-context.ts";
import { createMember, makeContacts, type TestMember } from "#support/members.ts";
import { expectError } from "#support/domain-errors.ts";
import type { AppContext } from "../../platform/context.ts";
import { ErrorCodes } from "../../shared/errors.ts";
import { MemberStatus } from "../../shared/members.ts";
import { safetyTexts } from "../../shared/safety-texts.ts";
import * as admin from "../admin/admin.service.ts";
import { findMemberById } from "../accounts/accounts.service.ts";
import * as feed from "../feed/feed.service.ts";
import * as messages from "../messages/messages.service.ts";
import * as notifications from "../notifications/notifications.service.ts";
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
