import { isoNow } from "../../platform/clock.ts";
import type { Actor, AppContext } from "../../platform/context.ts";
import type { DB } from "../../platform/db/client.ts";
import { inWriteUnit } from "../../platform/write-unit.ts";
import { badInput, forbidden, NO_SUCH_MEMBER, notFound } from "../../shared/errors.ts";
import { rowIdOfText } from "../../shared/ids.ts";
import { hasRole, MemberStatus, type Role, roleOf, suspensionHolds } from "../../shared/members.ts";
import { adminTexts } from "../../shared/admin-texts.ts";
import * as accounts from "../accounts/accounts.service.ts";
import {
  ADMIN_PAGE_SIZE,
  type AdminMember,
  type AdminMembersInput,
  type AuditEntry,
  type ContentTargetKind,
  type Page,
  type SuspendInput,
} from "./admin.schema.ts";
import * as repo from "./admin.repository.ts";

/**
 * Running the community: members (find, view, suspend, restore, sign out everywhere, roles) and the
 * audit log. Moderators and admins act on members; only admins grant roles and read the log.
 * Every action writes its audit entry in the same write unit as the change itself. The tRPC
 * procedures check the role too (moderatorProcedure, adminProcedure); the services check it again
 * so no other path can skip it.
 */

export function requireRole(actor: Actor, needed: Role): void {
  if (!hasRole(actor.role, needed)) throw forbidden();
}

type MemberRow = Awaited<ReturnType<typeof repo.findMember>> & {};

function toAdminMember(m: MemberRow, now = isoNow()): AdminMember {
  // A suspension past its end shows as lifted (the member's next sign-in lifts it in the row).
  const ended = m.status === MemberStatus.Suspended && !suspensionHolds(m.suspendedUntil, now);
  return {
    memberId: m.id,
    name: `${m.firstName} ${m.lastName}`,
    email: m.email,
    picturePath: accounts.picturePathOf(m),
    role: roleOf(m.role),
    status: ended ? MemberStatus.Active : m.status,
    suspendedReason: ended ? null : m.suspendedReason,
    suspendedUntil: ended ? null : m.suspendedUntil,
    createdAt: m.createdAt,
  };
}

export const cursorId = (cursor: string | undefined) => {
  if (cursor === undefined) return undefined;
  const id = rowIdOfText(cursor);
  if (id === null) throw badInput("cursor is not valid.");
  return id;
};

export async function listMembers(ctx: AppContext, actor: Actor, input: AdminMembersInput): Promise<Page<AdminMember>> {
  requireRole(actor, "moderator");
  const rows = await repo.listMembers(ctx.db, {
    query: input.query || undefined,
    role: input.role,
    suspendedOnly: input.suspendedOnly,
    beforeId: cursorId(input.cursor),
    limit: ADMIN_PAGE_SIZE + 1,
  });
  const now = isoNow();
  const items = rows.slice(0, ADMIN_PAGE_SIZE).map((m) => toAdminMember(m, now));
  return { items, nextCursor: rows.length > ADMIN_PAGE_SIZE ? String(items.at(-1)!.memberId) : null };
}

async function requireMember(db: DB, memberId: number): Promise<MemberRow> {
  const member = await repo.findMember(db, memberId);
  if (!member) throw notFound(NO_SUCH_MEMBER);
  return member;
}

/** One member, with what was done to them lately (the newest audit entries about them). */
export async function viewMember(ctx: AppContext, actor: Actor, memberId: number): Promise<{ member: AdminMember; history: AuditEntry[] }> {
  requireRole(actor, "moderator");
  const row = await requireMember(ctx.db, memberId);
  const member = toAdminMember(row);
  // A moderator sees what moderators do, and only about the plain members they may act on: not
  // who was given which role, nor anything about moderators and admins (review of 2026-11-27).
  const isAdmin = hasRole(actor.role, "admin");
  if (!isAdmin && roleOf(row.role) !== "member") return { member, history: [] };
  const target = { kind: "member", id: String(memberId), actions: isAdmin ? undefined : MODERATOR_ACTIONS };
  const history = await describeAudit(ctx.db, await repo.listAudit(ctx.db, 10, undefined, target));
  return { member, history };
}

/** The audit actions moderators take themselves: the history they see of a member. */
const MODERATOR_ACTIONS: readonly Action[] = ["suspend", "restore", "reset-sessions", "report-dismiss", "content-remove", "warn"];

/**
 * A moderator acts on members only; an admin on anyone; nobody acts on themself. The one rule for
 * every staff action on a member: here, and moderation's answers to reports (decision 041).
 */
export function mayActOn(actor: Actor, target: { id: number; role: string }): void {
  if (target.id === actor.memberId) throw forbidden("You cannot do that to your own account.");
  if (roleOf(target.role) !== "member") requireRole(actor, "admin");
}

type Action = AuditEntry["action"];

/** Writes one audit entry (the caller's write unit: it commits or rolls back with the change). */
export async function writeAudit(
  db: DB,
  actorId: number | null,
  action: Action,
  target: { kind: AuditEntry["target"]["kind"]; id: string },
  reason: string | null,
  detail: Record<string, unknown> = {},
): Promise<void> {
  await repo.insertAudit(db, {
    actorId,
    action,
    targetKind: target.kind,
    targetId: target.id,
    reason,
    detail: JSON.stringify(detail),
    at: isoNow(),
  });
}

const audit = (
  db: DB,
  actorId: number | null,
  action: Action,
  memberId: number,
  reason: string | null,
  detail: Record<string, unknown> = {},
) => writeAudit(db, actorId, action, { kind: "member", id: String(memberId) }, reason, detail);

/**
 * Writes an audit entry about a member for another domain's moderation action (decision 035: the
 * moderation domain's answers to reports), in the caller's write unit when it has one.
 */
export async function recordAudit(
  ctx: AppContext,
  actor: Actor,
  action: Action,
  memberId: number,
  reason: string | null,
  detail: Record<string, unknown> = {},
): Promise<void> {
  requireRole(actor, "moderator");
  await audit(ctx.db, actor.memberId, action, memberId, reason, detail);
}

/** Suspends a member (a reason is required; no end date: indefinitely): signed out everywhere, hidden, sign-in refused. */
export async function suspend(ctx: AppContext, actor: Actor, input: SuspendInput): Promise<AdminMember> {
  requireRole(actor, "moderator");
  const until = input.until ? new Date(input.until).toISOString() : null;
  if (until !== null && until <= isoNow()) throw badInput(adminTexts.adminEndInPast);
  return inWriteUnit(ctx, async (unit) => {
    const target = await requireMember(unit.db, input.memberId);
    mayActOn(actor, target);
    if (target.status === MemberStatus.AwaitingConfirmation) throw badInput("This member has not confirmed their account yet.");
    await accounts.suspend(unit.db, target.id, input.reason, until);
    await audit(unit.db, actor.memberId, "suspend", target.id, input.reason, { until });
    return toAdminMember((await repo.findMember(unit.db, target.id))!);
  });
}

/** Lifts a member's suspension; the reason, if given, goes into the audit log. */
export async function restore(ctx: AppContext, actor: Actor, memberId: number, reason: string | null = null): Promise<AdminMember> {
  requireRole(actor, "moderator");
  return inWriteUnit(ctx, async (unit) => {
    const target = await requireMember(unit.db, memberId);
    mayActOn(actor, target);
    if (target.status !== MemberStatus.Suspended) throw badInput("This member is not suspended.");
    await accounts.restore(unit.db, target.id);
    await audit(unit.db, actor.memberId, "restore", target.id, reason, { wasSuspendedUntil: target.suspendedUntil });
    return toAdminMember((await repo.findMember(unit.db, target.id))!);
  });
}

/** Signs a member out on every device; the reason, if given, goes into the audit log. */
export async function resetSessions(ctx: AppContext, actor: Actor, memberId: number, reason: string | null = null): Promise<void> {
  requireRole(actor, "moderator");
  await inWriteUnit(ctx, async (unit) => {
    const target = await requireMember(unit.db, memberId);
    mayActOn(actor, target);
    await accounts.endAllSessions(unit.db, target.id);
    await audit(unit.db, actor.memberId, "reset-sessions", target.id, reason);
  });
}

/** Gives a member a role (admins only). The last admin cannot step down: someone must remain to run the site. */
export async function grantRole(
  ctx: AppContext,
  actor: Actor,
  memberId: number,
  role: Role,
  reason: string | null = null,
): Promise<AdminMember> {
  requireRole(actor, "admin");
  return inWriteUnit(ctx, async (unit) => {
    const target = await requireMember(unit.db, memberId);
    const from = roleOf(target.role);
    // Suspended or unconfirmed admins cannot run the site: another active one must remain.
    if (from === "admin" && role !== "admin" && (await accounts.countActiveAdmins(unit.db, target.id)) === 0) {
      throw badInput(adminTexts.adminLastAdmin);
    }
    if (from !== role) {
      await accounts.setRole(unit.db, target.id, role);
      await audit(unit.db, actor.memberId, "grant-role", target.id, reason, { from, to: role });
    }
    return toAdminMember((await repo.findMember(unit.db, target.id))!);
  });
}

/**
 * Makes the member with this e-mail an admin, as the system (no actor): `npm run create-admin`,
 * `sideline create-admin`, and FIRST_ADMIN_EMAIL at start-up (`onlyIfNoAdmin`: once there is an
 * active admin the variable does nothing, so a demotion is not undone by a restart). Answers
 * whether it changed anything (false: already an admin, or one exists). A missing member is a 404;
 * a member who is not active (an unconfirmed sign-up: someone else may have registered the
 * operator's address first) is refused.
 */
export async function createAdmin(
  ctx: AppContext,
  email: string,
  via: string,
  options: { onlyIfNoAdmin?: boolean } = {},
): Promise<{ memberId: number; changed: boolean }> {
  return inWriteUnit(ctx, async (unit) => {
    const member = await accounts.findMemberByEmail(unit.db, email.trim().toLowerCase());
    if (!member) throw notFound(adminTexts.adminNoSuchMember);
    if (member.status !== MemberStatus.Active) throw badInput(adminTexts.adminMemberNotActive);
    const from = roleOf(member.role);
    if (from === "admin") return { memberId: member.id, changed: false };
    if (options.onlyIfNoAdmin && (await accounts.countActiveAdmins(unit.db)) > 0) return { memberId: member.id, changed: false };
    await accounts.setRole(unit.db, member.id, "admin");
    await audit(unit.db, null, "grant-role", member.id, null, { from, to: "admin", via });
    return { memberId: member.id, changed: true };
  });
}

/** The audit log, newest first (admins only). */
export async function listAudit(ctx: AppContext, actor: Actor, cursor: string | undefined): Promise<Page<AuditEntry>> {
  requireRole(actor, "admin");
  const rows = await repo.listAudit(ctx.db, ADMIN_PAGE_SIZE + 1, cursorId(cursor));
  const items = await describeAudit(ctx.db, rows.slice(0, ADMIN_PAGE_SIZE));
  return { items, nextCursor: rows.length > ADMIN_PAGE_SIZE ? String(items.at(-1)!.id) : null };
}

/**
 * Audit rows with the names of their actors and member targets (one statement for all of them).
 * Other targets (news items, settings...) carry their label in the detail (`label`), written with the entry.
 */
async function describeAudit(db: DB, rows: Awaited<ReturnType<typeof repo.listAudit>>): Promise<AuditEntry[]> {
  const ids = new Set<number>();
  for (const r of rows) {
    if (r.actorId !== null) ids.add(r.actorId);
    if (r.targetKind === "member") ids.add(Number(r.targetId));
  }
  const names = new Map((await repo.memberNames(db, [...ids])).map((m) => [m.id, `${m.firstName} ${m.lastName}`]));
  return rows.map((r) => {
    const detail = JSON.parse(r.detail) as Record<string, unknown>;
    const target: AuditEntry["target"] =
      r.targetKind === "member"
        ? { kind: "member", memberId: Number(r.targetId), name: names.get(Number(r.targetId)) ?? "" }
        : { kind: r.targetKind as ContentTargetKind, id: r.targetId, name: typeof detail.label === "string" ? detail.label : r.targetId };
    return {
      id: r.id,
      at: r.at,
      actor: r.actorId === null ? null : { memberId: r.actorId, name: names.get(r.actorId) ?? "" },
      action: r.action as Action,
      target,
      reason: r.reason,
      detail,
    };
  });
}
