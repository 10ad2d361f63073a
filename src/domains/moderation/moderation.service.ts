import { isoNow } from "../../platform/clock.ts";
import type { Actor, AppContext } from "../../platform/context.ts";
import { inWriteUnit } from "../../platform/write-unit.ts";
import { badInput, forbidden, notFound } from "../../shared/errors.ts";
import { rowIdOfText } from "../../shared/ids.ts";
import { rateLimited } from "../../platform/rate-limit.ts";
import { hasRole } from "../../shared/members.ts";
import { fillText } from "../../shared/texts.ts";
import { safetyTexts } from "../../shared/safety-texts.ts";
import { findMemberById } from "../accounts/accounts.service.ts";
import * as admin from "../admin/admin.service.ts";
import { requireReachable } from "../contacts/contacts.service.ts";
import * as feed from "../feed/feed.service.ts";
import * as messages from "../messages/messages.service.ts";
import { forgetQuotesOf, notify } from "../notifications/notifications.service.ts";
import {
  type OpenReport,
  type OpenReportPage,
  type ReportIdInput,
  type ReportInput,
  type ReportReason,
  type ReportTarget,
  REPORTS_PAGE_SIZE,
  type SuspendFromReportInput,
} from "./moderation.schema.ts";
import * as repo from "./moderation.repository.ts";

/*
 * Reports and the moderators' answers to them (decision 035). Any member reports a member, or a
 * post, reply or message they can see (a message: only one they received). Moderators list open
 * reports and answer each: dismiss, remove the content, warn the member, or suspend them (through
 * the admin service, which audits it). Every answer writes the audit log and notifies the
 * reporters in the same write unit.
 */

/**
 * The member a report is about, by what it names: a member the reporter could open (404 "There is
 * no such member." alike when missing, inactive, blocked either way or a minor hidden from them,
 * decisions 035 and 040), or the author of a post or reply they can see.
 */
async function reportedMember(ctx: AppContext, actor: Actor, kind: Exclude<ReportTarget, "message">, id: number): Promise<number> {
  if (kind !== "member") return feed.visibleContentAuthor(ctx, actor, kind, id);
  await requireReachable(ctx, actor.memberId, id);
  return id;
}

/**
 * Files a report; one open report per reporter and target, at most RATE_LIMIT_RULES.report an hour.
 * The limit is taken before the target is looked up, so trying ids costs it (review of 2026-11-27,
 * third pass); only a repeat of the reporter's own open report, which tells them nothing new, is
 * answered before counting.
 */
export async function report(ctx: AppContext, actor: Actor, input: ReportInput): Promise<{ ok: true }> {
  // A message is named by the reporter's own inbox copy: finding it tells nothing about anyone else.
  const message = input.targetKind === "message" ? await messages.receivedMessage(ctx, actor, input.targetId) : null;
  const targetId = message?.messageId ?? input.targetId;
  // Asked again, answered as before without counting; the insert below still holds against a race.
  if (await repo.hasOpenReport(ctx.db, actor.memberId, input.targetKind, targetId)) throw badInput(safetyTexts.alreadyReported);
  // A ceiling on reports (decision 041): each puts work before a moderator and a note on the reported member's record.
  if (!(await ctx.limiter.tryConsume("report", [`member:${actor.memberId}`]))) throw rateLimited(safetyTexts.tooManyReports);
  const memberId = input.targetKind === "message" ? message!.senderId : await reportedMember(ctx, actor, input.targetKind, input.targetId);
  if (memberId === actor.memberId) throw badInput(safetyTexts.cannotReportOwn);
  const inserted = await repo.insertReport(ctx.db, {
    reporterId: actor.memberId,
    targetKind: input.targetKind,
    targetId,
    reportedMemberId: memberId,
    reason: input.reason,
    note: input.note || null,
    createdAt: isoNow(),
  });
  if (!inserted) throw badInput(safetyTexts.alreadyReported);
  return { ok: true };
}

function requireModerator(actor: Actor): void {
  if (!hasRole(actor.role, "moderator")) throw forbidden();
}

/** Whether a report about this member is in the actor's queue: openReports' filter (repository's `moderatorId`). */
function inQueueOf(actor: Actor, reported: { id: number; role: string }): boolean {
  return hasRole(actor.role, "admin") || (reported.role === "member" && reported.id !== actor.memberId);
}

/**
 * Open reports, newest first, a page at a time, with the content and both members. A moderator
 * sees only the reports they may answer (admin.mayActOn's rule, decision 041): none about
 * themself or their own content, none about staff, so a reported moderator does not learn who
 * reported them. Admins see every report.
 */
export async function openReports(ctx: AppContext, actor: Actor, cursor: string | undefined): Promise<OpenReportPage> {
  requireModerator(actor);
  const beforeId = cursor === undefined ? undefined : (rowIdOfText(cursor) ?? undefined);
  if (cursor !== undefined && beforeId === undefined) throw badInput("cursor is not valid.");
  const moderatorId = hasRole(actor.role, "admin") ? undefined : actor.memberId;
  const rows = await repo.openReports(ctx.db, REPORTS_PAGE_SIZE + 1, beforeId, moderatorId);
  const items: OpenReport[] = rows.slice(0, REPORTS_PAGE_SIZE).map((r) => ({
    reportId: r.id,
    createdAt: r.createdAt,
    reason: r.reason as ReportReason,
    note: r.note,
    reporter: { memberId: r.reporterId, name: `${r.reporterFirstName} ${r.reporterLastName}` },
    reported: { memberId: r.reportedMemberId, name: `${r.reportedFirstName} ${r.reportedLastName}` },
    target: {
      kind: r.targetKind as ReportTarget,
      id: r.targetId,
      text: r.postText ?? r.replyText ?? (r.messageBody === null ? null : `${r.messageSubject}\n\n${r.messageBody}`),
    },
  }));
  return { items, nextCursor: rows.length > REPORTS_PAGE_SIZE ? String(items.at(-1)!.reportId) : null };
}

type Outcome = "dismissed" | "removed" | "warned" | "suspended";
const OUTCOME_TEXT: Record<Outcome, string> = {
  dismissed: safetyTexts.outcomeDismissed,
  removed: safetyTexts.outcomeRemoved,
  warned: safetyTexts.outcomeWarned,
  suspended: safetyTexts.outcomeSuspended,
};
const AUDIT_ACTION = { dismissed: "report-dismiss", removed: "content-remove", warned: "warn" } as const;

/**
 * One answer to a report, in one write unit: the action itself, every open report of the same
 * target resolved with it, the audit entry (a suspension's is written by admin.suspend), and a
 * notification to each reporter.
 */
async function answer(
  ctx: AppContext,
  actor: Actor,
  reportId: number,
  outcome: Outcome,
  note: string | null,
  act: (unit: AppContext, r: NonNullable<Awaited<ReturnType<typeof repo.findOpenReport>>>) => Promise<void>,
): Promise<{ resolved: number }> {
  requireModerator(actor);
  return inWriteUnit(ctx, async (unit) => {
    const r = await repo.findOpenReport(unit.db, reportId);
    if (!r) throw notFound(safetyTexts.reportNotOpen);
    const reported = await findMemberById(unit.db, r.reportedMemberId);
    // A report the actor's queue does not show answers as one that is not open, so a moderator
    // cannot learn that one about themself or staff exists (review of 2026-11-27, third pass).
    if (!reported || !inQueueOf(actor, reported)) throw notFound(safetyTexts.reportNotOpen);
    // The admin service's rule (decision 041): not about oneself (one's own content), and staff only by an admin.
    admin.mayActOn(actor, reported);
    await act(unit, r);
    const open = await repo.openReportsOf(unit.db, r.targetKind, r.targetId);
    await repo.resolveReports(
      unit.db,
      open.map((o) => o.id),
      outcome,
      actor.memberId,
      isoNow(),
    );
    if (outcome !== "suspended") {
      await admin.recordAudit(unit, actor, AUDIT_ACTION[outcome], r.reportedMemberId, note, {
        reportId: r.id,
        targetKind: r.targetKind,
        targetId: r.targetId,
      });
    }
    for (const reporterId of new Set(open.map((o) => o.reporterId))) {
      await notify(unit, {
        memberId: reporterId,
        kind: "moderation.outcome",
        actorId: actor.memberId,
        subject: safetyTexts.outcomeSubject,
        text: OUTCOME_TEXT[outcome],
        link: "/home",
      });
    }
    return { resolved: open.length };
  });
}

export const dismiss = (ctx: AppContext, actor: Actor, input: ReportIdInput) =>
  answer(ctx, actor, input.reportId, "dismissed", input.note ?? null, async () => {});

/** Removes the reported post, reply or message: hidden everywhere (feed, replies, messages, REST). */
export const removeContent = (ctx: AppContext, actor: Actor, input: ReportIdInput) =>
  answer(ctx, actor, input.reportId, "removed", input.note ?? null, async (unit, r) => {
    if (r.targetKind === "member") throw badInput(safetyTexts.memberNotRemovable);
    const content = { kind: r.targetKind as "post" | "reply" | "message", id: r.targetId };
    await repo.markRemoved(unit.db, content.kind, content.id, isoNow());
    // Its words leave the notifications that quote it and the live log's replay, in the same write unit (decision 041).
    await forgetQuotesOf(unit, content);
    if (content.kind === "message") await messages.forgetLiveNotices(unit, content.id);
  });

/** Warns the reported member (a notification from the moderators). */
export const warn = (ctx: AppContext, actor: Actor, input: ReportIdInput) =>
  answer(ctx, actor, input.reportId, "warned", input.note ?? null, async (unit, r) => {
    await notify(unit, {
      memberId: r.reportedMemberId,
      kind: "moderation.warning",
      actorId: actor.memberId,
      subject: safetyTexts.warningSubject,
      text: fillText(safetyTexts.warningText, { note: input.note || safetyTexts.warningDefault }),
      link: "/home",
    });
  });

/** Suspends the reported member through the admin service (its rules and its audit entry). */
export const suspend = (ctx: AppContext, actor: Actor, input: SuspendFromReportInput) =>
  answer(ctx, actor, input.reportId, "suspended", input.reason, async (unit, r) => {
    await admin.suspend(unit, actor, { memberId: r.reportedMemberId, reason: input.reason, until: input.until ?? null });
  });
