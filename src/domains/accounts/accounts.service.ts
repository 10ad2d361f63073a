import { DomainError, ErrorCodes, forbidden, unauthorized } from "../../shared/errors.ts";
import { DEFAULT_PICTURE, MemberStatus } from "../../shared/limits.ts";
import { texts } from "../../shared/texts.ts";
import { DAY, HOUR, isoIn, isoNow } from "../platform/clock.ts";
import type { Actor, AppContext, RequestMeta } from "../platform/context.ts";
import { hashPassword, newToken, newTypedCode, sha256Hex, timingDummyHash, verifyPassword } from "../platform/crypto.ts";
import { passwordChangedMail, registrationMail, resetMail } from "./account-mails.ts";
import type { LoginInput, RegisterData, SessionMember } from "./accounts.schema.ts";
import * as repo from "./accounts.repository.ts";
import { createSession, type IssuedSession, SESSION_TTL_MS } from "./sessions.ts";

const REGISTRATION_CODE_TTL_MS = 7 * DAY;
const RESET_CODE_TTL_MS = HOUR;

/** Where a member's picture is served from (default.png when none, as the spec says). */
export function picturePathOf(member: { picturePath: string | null }): string {
  return member.picturePath ?? `/images/${DEFAULT_PICTURE}`;
}

export function toSessionMember(m: repo.MemberRow): SessionMember {
  return {
    memberId: m.id,
    email: m.email,
    firstName: m.firstName,
    lastName: m.lastName,
    name: `${m.firstName} ${m.lastName}`,
    title: m.title,
    picturePath: picturePathOf(m),
    status: m.status,
    welcomeBackPending: m.welcomeBackPending === 1,
  };
}

export type LoginOutcome =
  | { kind: "active"; member: SessionMember; session: IssuedSession }
  | { kind: "deactivated"; member: SessionMember; session?: IssuedSession }
  | { kind: "notfound" };

/** The member whose e-mail and password match, or null; constant work whether or not it exists. */
async function checkCredentials(ctx: AppContext, email: string, password: string) {
  const member = await repo.findMemberByEmail(ctx.db, email);
  const ok = await verifyPassword(member?.passwordHash ?? (await timingDummyHash()), password);
  return member && ok ? member : null;
}

/**
 * Login. An account awaiting confirmation is "not found" (the message tells recent sign-ups to
 * check their e-mail). A deactivated one gets, when asked, a one-hour token that can only reactivate.
 */
export async function login(
  ctx: AppContext,
  input: LoginInput,
  meta: RequestMeta,
  options: { reactivationToken: boolean } = { reactivationToken: false },
): Promise<LoginOutcome> {
  ctx.limiter.consume("login", [`ip:${meta.ip}`, `email:${input.email}`]);
  const member = await checkCredentials(ctx, input.email, input.password);
  if (!member || member.status === MemberStatus.AwaitingConfirmation) return { kind: "notfound" };
  if (member.status === MemberStatus.Deactivated) {
    const session = options.reactivationToken
      ? await createSession(ctx.db, member.id, "reactivate", meta.userAgent)
      : undefined;
    return { kind: "deactivated", member: toSessionMember(member), session };
  }
  const session = await createSession(ctx.db, member.id, "full", meta.userAgent);
  return { kind: "active", member: toSessionMember(member), session };
}

/**
 * Registration. A new address, or one whose earlier registration was never confirmed, gets an
 * account awaiting confirmation and an e-mail with the link to complete it.
 */
export async function register(ctx: AppContext, data: RegisterData, meta: RequestMeta): Promise<"ExistingEmail" | "NewEmail"> {
  ctx.limiter.consume("register", [`ip:${meta.ip}`]);
  const existing = await repo.findMemberByEmail(ctx.db, data.email);
  if (existing && existing.status !== MemberStatus.AwaitingConfirmation) return "ExistingEmail";
  ctx.limiter.consume("mail", [`ip:${meta.ip}`, `email:${data.email}`]);

  const now = isoNow();
  const passwordHash = await hashPassword(data.password);
  const fields = {
    firstName: data.firstName,
    lastName: data.lastName,
    gender: data.gender,
    birthDate: data.birthDate,
    profileType: data.profileType,
    title: data.profileType,
    passwordHash,
    updatedAt: now,
  };
  const code = newToken();
  await ctx.db.transaction().execute(async (trx) => {
    let memberId: number;
    if (existing) {
      memberId = existing.id;
      await repo.updateMember(trx, memberId, fields);
      await repo.voidUnusedCodes(trx, memberId, "register", now);
    } else {
      memberId = await repo.insertMember(trx, {
        ...fields,
        email: data.email,
        middleName: "",
        picturePath: null,
        status: MemberStatus.AwaitingConfirmation,
        welcomeBackPending: 0,
        createdAt: now,
      });
    }
    await repo.insertCode(trx, {
      memberId,
      purpose: "register",
      codeHash: sha256Hex(code),
      expiresAt: isoIn(REGISTRATION_CODE_TTL_MS),
      usedAt: null,
      createdAt: now,
    });
  });
  const link = `${ctx.publicUrl}/complete-register?email=${encodeURIComponent(data.email)}&code=${code}`;
  ctx.mailer.send(registrationMail(data.email, data.firstName, link));
  return "NewEmail";
}

/** The unused, unexpired code of this purpose, and its member, when the code belongs to `email`. */
async function findLiveCode(ctx: AppContext, purpose: string, code: string, email?: string) {
  const row = await repo.findCodeByHash(ctx.db, sha256Hex(code));
  if (!row || row.purpose !== purpose || row.usedAt !== null || Date.parse(row.expiresAt) <= Date.now()) return null;
  const member = await repo.findMemberById(ctx.db, row.memberId);
  if (!member || (email !== undefined && member.email !== email)) return null;
  return { row, member };
}

/** ValidateNewRegisteredUser: the member a registration link stands for, without using the code. */
export async function checkRegistrationCode(
  ctx: AppContext,
  input: { email: string; code: string },
  meta: RequestMeta,
): Promise<SessionMember | null> {
  ctx.limiter.consume("codeEntry", [`ip:${meta.ip}`]);
  const found = await findLiveCode(ctx, "register", input.code, input.email);
  return found && found.member.status === MemberStatus.AwaitingConfirmation ? toSessionMember(found.member) : null;
}

/** Completes registration: the code is used once, the member becomes active and is signed in. */
export async function completeRegistration(
  ctx: AppContext,
  input: { email: string; code: string },
  meta: RequestMeta,
): Promise<{ member: SessionMember; session: IssuedSession } | null> {
  ctx.limiter.consume("codeEntry", [`ip:${meta.ip}`]);
  const found = await findLiveCode(ctx, "register", input.code, input.email);
  if (!found || found.member.status !== MemberStatus.AwaitingConfirmation) return null;
  if (!(await repo.useCode(ctx.db, found.row.id, isoNow()))) return null;
  await repo.updateMember(ctx.db, found.member.id, { status: MemberStatus.Active, updatedAt: isoNow() });
  const session = await createSession(ctx.db, found.member.id, "full", meta.userAgent);
  const member = toSessionMember({ ...found.member, status: MemberStatus.Active });
  return { member, session };
}

/**
 * Reactivation from the reactivate screen: right e-mail and password of an active or deactivated
 * account; a deactivated one becomes active. Either way home greets the member back once.
 */
export async function reactivate(
  ctx: AppContext,
  input: LoginInput,
  meta: RequestMeta,
): Promise<{ member: SessionMember; session: IssuedSession } | null> {
  ctx.limiter.consume("login", [`ip:${meta.ip}`, `email:${input.email}`]);
  const member = await checkCredentials(ctx, input.email, input.password);
  if (!member || member.status === MemberStatus.AwaitingConfirmation) return null;
  await repo.updateMember(ctx.db, member.id, {
    status: MemberStatus.Active,
    welcomeBackPending: 1,
    updatedAt: isoNow(),
  });
  const session = await createSession(ctx.db, member.id, "full", meta.userAgent);
  return { member: toSessionMember({ ...member, status: MemberStatus.Active, welcomeBackPending: 1 }), session };
}

/**
 * SetMemberStatus: a member changes only their own status. 3 deactivates and ends every session;
 * 2 reactivates, also with the restricted token of a deactivated login, which then becomes a full one.
 */
export async function setMemberStatus(ctx: AppContext, actor: Actor, memberId: number, status: number): Promise<void> {
  if (memberId !== actor.memberId) throw forbidden("You can change only your own account.");
  if (status === MemberStatus.Deactivated) {
    if (actor.scope !== "full") throw forbidden("This account is already deactivated.");
    await ctx.db.transaction().execute(async (trx) => {
      await repo.updateMember(trx, memberId, { status, welcomeBackPending: 0, updatedAt: isoNow() });
      await repo.deleteMemberSessions(trx, memberId);
    });
    return;
  }
  if (status === MemberStatus.Active) {
    const member = await repo.findMemberById(ctx.db, memberId);
    if (member?.status === MemberStatus.Deactivated) {
      await repo.updateMember(ctx.db, memberId, { status, welcomeBackPending: 1, updatedAt: isoNow() });
    }
    if (actor.scope === "reactivate") {
      await repo.touchSession(ctx.db, actor.sessionId, { scope: "full", expiresAt: isoIn(SESSION_TTL_MS) });
    }
    return;
  }
  throw new DomainError(ErrorCodes.BadInput, "status must be 2 (active) or 3 (deactivated).");
}

/**
 * Forgot password: mails a code (single use, one hour) and a link to the reset page. The caller
 * gets the same answer whether or not the address exists. An unconfirmed account is sent its
 * confirmation link again instead, since that is what it is missing.
 */
export async function requestPasswordReset(ctx: AppContext, email: string, meta: RequestMeta): Promise<void> {
  ctx.limiter.consume("resetRequest", [`ip:${meta.ip}`, `email:${email}`]);
  const member = await repo.findMemberByEmail(ctx.db, email);
  if (!member) return;
  ctx.limiter.consume("mail", [`ip:${meta.ip}`, `email:${email}`]);
  const now = isoNow();
  if (member.status === MemberStatus.AwaitingConfirmation) {
    const code = newToken();
    await ctx.db.transaction().execute(async (trx) => {
      await repo.voidUnusedCodes(trx, member.id, "register", now);
      await repo.insertCode(trx, { memberId: member.id, purpose: "register", codeHash: sha256Hex(code), expiresAt: isoIn(REGISTRATION_CODE_TTL_MS), usedAt: null, createdAt: now });
    });
    const link = `${ctx.publicUrl}/complete-register?email=${encodeURIComponent(email)}&code=${code}`;
    ctx.mailer.send(registrationMail(email, member.firstName, link));
    return;
  }
  const code = newTypedCode();
  await ctx.db.transaction().execute(async (trx) => {
    await repo.voidUnusedCodes(trx, member.id, "reset", now);
    await repo.insertCode(trx, { memberId: member.id, purpose: "reset", codeHash: sha256Hex(code), expiresAt: isoIn(RESET_CODE_TTL_MS), usedAt: null, createdAt: now });
  });
  const link = `${ctx.publicUrl}/resetpwd?email=${encodeURIComponent(email)}&code=${code}`;
  ctx.mailer.send(resetMail(email, member.firstName, code, link));
}

/** IsResetCodeExpired: true when the code is unknown, used or past its hour. Does not use it. */
export async function isResetCodeExpired(ctx: AppContext, code: string, meta: RequestMeta): Promise<boolean> {
  ctx.limiter.consume("codeEntry", [`ip:${meta.ip}`]);
  return (await findLiveCode(ctx, "reset", code)) === null;
}

/**
 * Sets a new password with a reset code of that e-mail address. The code is used up, every session
 * of the member ends, and the member is told by e-mail. False when the code does not fit.
 */
export async function changePasswordWithCode(
  ctx: AppContext,
  input: { email: string; code: string; password: string },
  meta: RequestMeta,
): Promise<boolean> {
  ctx.limiter.consume("codeEntry", [`ip:${meta.ip}`]);
  const found = await findLiveCode(ctx, "reset", input.code, input.email);
  if (!found) return false;
  const passwordHash = await hashPassword(input.password);
  const changed = await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.useCode(trx, found.row.id, isoNow()))) return false;
    await repo.updateMember(trx, found.member.id, { passwordHash, updatedAt: isoNow() });
    await repo.deleteMemberSessions(trx, found.member.id);
    return true;
  });
  if (changed) ctx.mailer.send(passwordChangedMail(found.member.email, found.member.firstName, `${ctx.publicUrl}/`));
  return changed;
}

/** The signed-in member (null for a restricted or unknown session). */
export async function currentMember(ctx: AppContext, actor: Actor | null): Promise<SessionMember | null> {
  if (!actor || actor.scope !== "full") return null;
  const member = await repo.findMemberById(ctx.db, actor.memberId);
  return member ? toSessionMember(member) : null;
}

/** The welcome-back greeting is shown once: the client calls this when the member closes it. */
export async function dismissWelcomeBack(ctx: AppContext, actor: Actor): Promise<void> {
  await repo.updateMember(ctx.db, actor.memberId, { welcomeBackPending: 0 });
}

export async function logout(ctx: AppContext, actor: Actor): Promise<void> {
  await repo.deleteSession(ctx.db, actor.sessionId);
}

/** refreshLogin: a fresh token for a valid one; the old one stops working. */
export async function refreshSession(
  ctx: AppContext,
  actor: Actor,
  meta: RequestMeta,
): Promise<{ member: SessionMember; session: IssuedSession }> {
  const member = await repo.findMemberById(ctx.db, actor.memberId);
  if (!member) throw unauthorized();
  const session = await createSession(ctx.db, member.id, actor.scope, meta.userAgent);
  await repo.deleteSession(ctx.db, actor.sessionId);
  return { member: toSessionMember(member), session };
}

const LOG_MESSAGE_MAX = 2_000;
const LOG_STACK_MAX = 8_000;
const LOG_URL_MAX = 500;
/** Client logs are for diagnosing recent problems: older ones are pruned hourly. */
export const CLIENT_LOG_RETENTION_MS = 7 * DAY;

/** A page address without its query and fragment: links carry codes and tokens (complete-register?email&code). */
const withoutQuery = (url: string) => url.split(/[?#]/, 1)[0] ?? "";

/**
 * Stores an error the browser reported and echoes it to the server log. Size-capped, rate-limited
 * per address (and, without a session, site-wide), and accepted without a session only from the
 * site's own pages (their Origin), so the table cannot be filled from anywhere.
 */
export async function recordClientLog(
  ctx: AppContext,
  actor: Actor | null,
  input: { message: string; stack: string; url: string; level: string },
  meta: RequestMeta,
): Promise<void> {
  if (!actor && !meta.fromOwnPage) throw forbidden(texts.clientLogForeignOrigin);
  ctx.limiter.consume("clientLog", [`ip:${meta.ip}`]);
  if (!actor) ctx.limiter.consume("anonymousClientLog", ["site"]);
  const entry = {
    memberId: actor?.memberId ?? null,
    level: input.level,
    message: input.message.slice(0, LOG_MESSAGE_MAX),
    stack: input.stack.slice(0, LOG_STACK_MAX),
    url: withoutQuery(input.url).slice(0, LOG_URL_MAX),
    createdAt: isoNow(),
  };
  await repo.insertClientLog(ctx.db, entry);
  ctx.log.warn("client error", { memberId: entry.memberId, message: entry.message.slice(0, 300), url: entry.url });
}

/** Drops client logs older than the retention (called hourly by the server). */
export const pruneClientLogs = (ctx: AppContext, now = new Date()) =>
  repo.deleteClientLogsBefore(ctx.db, isoNow(new Date(now.getTime() - CLIENT_LOG_RETENTION_MS)));
