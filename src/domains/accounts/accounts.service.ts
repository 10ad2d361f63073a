import { DomainError, ErrorCodes, forbidden, unauthorized } from "../../shared/errors.ts";
import { picturePathOf } from "../../shared/pictures.ts";
import { MemberStatus, type Role, roleOf, suspensionHolds } from "../../shared/members.ts";
import { texts } from "../../shared/texts.ts";
import { serverTexts } from "../../shared/server-texts.ts";
import { dataRightsTexts } from "../../shared/data-rights-texts.ts";
import { DAY, HOUR, isoIn, isoNow } from "../../platform/clock.ts";
import type { Actor, AppContext, RequestMeta } from "../../platform/context.ts";
import { hashPassword, newToken, newTypedCode, sha256Hex, timingDummyHash, verifyPassword } from "../../platform/crypto.ts";
import type { DB } from "../../platform/db/client.ts";
import { rateLimited } from "../../platform/rate-limit.ts";
import { passwordChangedMail, registrationMail, registrationReminderMail, resetMail } from "./account-mails.ts";
import type { LoginInput, RegisterData, SessionMember } from "./accounts.schema.ts";
import * as repo from "./accounts.repository.ts";
import * as site from "../site/site.service.ts";
import { applyMinorDefaults, isMinor } from "../privacy/privacy.service.ts";
import { createSession, type IssuedSession, SESSION_TTL_MS, validateSessionToken } from "./sessions.ts";

/**
 * What other domains use of accounts (they import this service, never accounts' repository): the
 * member row, its sessions and one-time codes, and the layout of every mail. The row functions take
 * the db first, so they run inside the caller's transaction.
 */
export {
  claimForPurge,
  countActiveAdmins,
  deleteMember,
  deleteMemberSessionsExcept,
  deleteSession,
  findMemberByEmail,
  findMemberById,
  listMemberSessions,
  type MemberRow,
  membersDueForDeletion,
  updateMember,
  voidMemberCodes,
} from "./accounts.repository.ts";
export { isSessionActive } from "./sessions.ts";
export { layoutMail } from "./account-mails.ts";

const REGISTRATION_CODE_TTL_MS = 7 * DAY;
const RESET_CODE_TTL_MS = HOUR;
/**
 * Live codes of one purpose a member may hold at once. A new request adds a code rather than
 * voiding the one already mailed (a stranger's request must not void the owner's code); the
 * accountMail limit (3 an hour) keeps the count down, this cap holds across restarts too.
 */
export const MAX_LIVE_CODES = 3;

/** Stores a new code of the member (only its hash) and keeps the newest MAX_LIVE_CODES of its purpose. */
async function storeCode(db: DB, memberId: number, purpose: "register" | "reset", code: string, ttlMs: number): Promise<void> {
  const now = isoNow();
  await repo.insertCode(db, { memberId, purpose, codeHash: sha256Hex(code), expiresAt: isoIn(ttlMs), usedAt: null, createdAt: now });
  await repo.voidCodesBeyond(db, memberId, purpose, MAX_LIVE_CODES, now);
}

const completeRegisterLink = (ctx: AppContext, email: string, code: string) =>
  `${ctx.publicUrl}/complete-register?email=${encodeURIComponent(email)}&code=${code}`;

// Sign-in throttling (docs/decisions/009). Keys are the e-mail address as typed (normalised),
// whether or not an account has it, so a refusal tells nothing about which addresses exist.
const pairKey = (email: string, meta: RequestMeta) => `${email}|${meta.ip}`;

/**
 * Refuses a sign-in attempt before the password is looked at (so a refusal says nothing about it):
 * too many attempts from this address; too many failures for this account from this address; or,
 * once the account as a whole has too many failures, an address the account is not familiar with.
 * Failures from one address never block another one until that account-wide ceiling, and even
 * then the owner gets in from a familiar address or after a password reset (which makes the
 * address it was done from familiar).
 */
async function admitSignIn(ctx: AppContext, email: string, meta: RequestMeta): Promise<void> {
  const { limiter } = ctx;
  const pair = pairKey(email, meta);
  if (await limiter.isOver("loginFailure", pair)) throw rateLimited(texts.loginThrottled);
  if ((await limiter.isOver("accountLoginFailure", email)) && (await limiter.count("familiarAddress", pair)) === 0)
    throw rateLimited(texts.loginThrottled);
  await limiter.consume("login", [`ip:${meta.ip}`]);
}

async function signInFailed(ctx: AppContext, email: string, meta: RequestMeta): Promise<void> {
  await ctx.limiter.record("loginFailure", [pairKey(email, meta)]);
  await ctx.limiter.record("accountLoginFailure", [email]);
}

/** The address proved to be the owner's (right password, or a code from the mailbox). */
async function trustAddress(ctx: AppContext, email: string, meta: RequestMeta): Promise<void> {
  const pair = pairKey(email, meta);
  await ctx.limiter.clear("loginFailure", pair);
  await ctx.limiter.record("familiarAddress", [pair]);
}

/** Where a member's picture is served from (default.png when none, as the spec says). */
export { picturePathOf };

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
    role: roleOf(m.role),
  };
}

export type LoginOutcome =
  | { kind: "active"; member: SessionMember; session: IssuedSession }
  | { kind: "deactivated"; member: SessionMember; session?: IssuedSession }
  | { kind: "suspended"; member: SessionMember; until: string | null; reason: string | null }
  | { kind: "notfound" };

/**
 * A suspended member who signs in: the suspension, when it still holds; one past its end lifts
 * itself here (read-time check, no job) and the member is active again (the row as it now is).
 */
async function liftEndedSuspension(
  db: DB,
  member: repo.MemberRow,
): Promise<repo.MemberRow | { until: string | null; reason: string | null }> {
  if (member.status !== MemberStatus.Suspended) return member;
  const now = isoNow();
  if (suspensionHolds(member.suspendedUntil, now)) return { until: member.suspendedUntil, reason: member.suspendedReason };
  // Conditional on the end read: a moderator may have suspended the member again since (review of 2026-11-27).
  if (member.suspendedUntil !== null && (await repo.liftSuspensionIfUnchanged(db, member.id, member.suspendedUntil, now))) {
    return { ...member, status: MemberStatus.Active, suspendedUntil: null, suspendedReason: null, updatedAt: now };
  }
  // Changed meanwhile: as the row now is; still suspended refuses this sign-in (the next one lifts an ended one).
  const current = await repo.findMemberById(db, member.id);
  if (current && current.status !== MemberStatus.Suspended) return current;
  return { until: current?.suspendedUntil ?? null, reason: current?.suspendedReason ?? null };
}

/**
 * A member whose deletion was asked for (status 5) and who signs in during the grace period: the
 * deletion is cancelled and the account is active again (decision 036); the notifications domain
 * tells them why (account.deletionCancelled). Any other member: as they are.
 */
async function cancelPendingDeletion(ctx: AppContext, member: repo.MemberRow): Promise<repo.MemberRow> {
  if (member.status !== MemberStatus.DeletionPending) return member;
  const restored = { status: MemberStatus.Active, deletionDueAt: null, updatedAt: isoNow() };
  await repo.updateMember(ctx.db, member.id, restored);
  ctx.events.publish({ type: "account.deletionCancelled", memberId: member.id, at: restored.updatedAt });
  return { ...member, ...restored };
}

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
  await admitSignIn(ctx, input.email, meta);
  const member = await checkCredentials(ctx, input.email, input.password);
  if (!member || member.status === MemberStatus.AwaitingConfirmation) {
    await signInFailed(ctx, input.email, meta);
    return { kind: "notfound" };
  }
  await trustAddress(ctx, input.email, meta);
  const lifted = await liftEndedSuspension(ctx.db, member);
  // The reason goes only to whoever gave the right password: the member themself.
  if (!("id" in lifted)) return { kind: "suspended", member: toSessionMember(member), ...lifted };
  const current = await cancelPendingDeletion(ctx, lifted);
  if (current.status === MemberStatus.Deactivated) {
    const session = options.reactivationToken ? await createSession(ctx.db, current.id, "reactivate", meta.userAgent) : undefined;
    return { kind: "deactivated", member: toSessionMember(current), session };
  }
  // The member as they now are: a suspension that just ended answers Active, not the old status.
  const session = await createSession(ctx.db, current.id, "full", meta.userAgent);
  return { kind: "active", member: toSessionMember(current), session };
}

/** Mails a pending account a new confirmation link; the links mailed before keep working. */
async function sendConfirmationAgain(ctx: AppContext, member: repo.MemberRow, mail: typeof registrationMail): Promise<void> {
  const code = newToken();
  await ctx.db.transaction().execute((trx) => storeCode(trx, member.id, "register", code, REGISTRATION_CODE_TTL_MS));
  ctx.mailer.send(mail(await site.siteName(ctx), member.email, member.firstName, completeRegisterLink(ctx, member.email, code)));
}

const isUniqueViolation = (error: unknown) => /unique/i.test(String((error as Error)?.message ?? error));

/**
 * Registration. A new address gets an account awaiting confirmation and an e-mail with the link
 * to complete it. An address whose registration was never confirmed keeps everything of that
 * first registration, its password above all (whoever registers again must not choose the
 * password the owner's confirmation would activate): its owner is mailed the link again, and the
 * caller gets the answer, and the wait, of a new registration, so nothing tells the two apart.
 */
export async function register(ctx: AppContext, data: RegisterData, meta: RequestMeta): Promise<"ExistingEmail" | "NewEmail"> {
  await ctx.limiter.consume("register", [`ip:${meta.ip}`]);
  // The instance's rule (decision 039): closed refuses here; invite-only uses a code below.
  await site.refuseWhenClosed(ctx.db);
  const existing = await repo.findMemberByEmail(ctx.db, data.email);
  if (existing && existing.status !== MemberStatus.AwaitingConfirmation) return "ExistingEmail";
  await ctx.limiter.consume("mail", [`ip:${meta.ip}`]);
  const mayMail = await ctx.limiter.tryConsume("accountMail", [`register:${data.email}`]);
  // Hashed either way: a pending address takes as long to answer as a new one.
  const passwordHash = await hashPassword(data.password);
  if (existing) {
    if (mayMail) await sendConfirmationAgain(ctx, existing, registrationReminderMail);
    return "NewEmail";
  }

  const now = isoNow();
  const code = newToken();
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await site.admitRegistration(trx, data.email, data.code);
      const memberId = await repo.insertMember(trx, {
        firstName: data.firstName,
        lastName: data.lastName,
        gender: data.gender,
        birthDate: data.birthDate,
        profileType: data.profileType,
        title: data.profileType,
        passwordHash,
        updatedAt: now,
        email: data.email,
        middleName: "",
        picturePath: null,
        status: MemberStatus.AwaitingConfirmation,
        welcomeBackPending: 0,
        createdAt: now,
      });
      // A minor's profile sections start Only Contacts (decision 037).
      if (isMinor(data.birthDate)) await applyMinorDefaults(trx, memberId);
      await storeCode(trx, memberId, "register", code, REGISTRATION_CODE_TTL_MS);
    });
  } catch (error) {
    // A registration of the same address a moment earlier won: this one is a repeat of it.
    if (isUniqueViolation(error)) return "NewEmail";
    throw error;
  }
  ctx.mailer.send(registrationMail(await site.siteName(ctx), data.email, data.firstName, completeRegisterLink(ctx, data.email, code)));
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
  await ctx.limiter.consume("codeEntry", [`ip:${meta.ip}`]);
  const found = await findLiveCode(ctx, "register", input.code, input.email);
  return found && found.member.status === MemberStatus.AwaitingConfirmation ? toSessionMember(found.member) : null;
}

/** Completes registration: the code is used once, the member becomes active and is signed in. */
export async function completeRegistration(
  ctx: AppContext,
  input: { email: string; code: string },
  meta: RequestMeta,
): Promise<{ member: SessionMember; session: IssuedSession } | null> {
  await ctx.limiter.consume("codeEntry", [`ip:${meta.ip}`]);
  const found = await findLiveCode(ctx, "register", input.code, input.email);
  if (!found || found.member.status !== MemberStatus.AwaitingConfirmation) return null;
  if (!(await repo.useCode(ctx.db, found.row.id, isoNow()))) return null;
  await repo.updateMember(ctx.db, found.member.id, { status: MemberStatus.Active, updatedAt: isoNow() });
  // The other links mailed for this registration have nothing left to do.
  await repo.voidCodesBeyond(ctx.db, found.member.id, "register", 0, isoNow());
  await trustAddress(ctx, found.member.email, meta);
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
  await admitSignIn(ctx, input.email, meta);
  const member = await checkCredentials(ctx, input.email, input.password);
  if (!member || member.status === MemberStatus.AwaitingConfirmation) {
    await signInFailed(ctx, input.email, meta);
    return null;
  }
  await trustAddress(ctx, input.email, meta);
  // A suspended member is not let in by reactivating either.
  if (!("id" in (await liftEndedSuspension(ctx.db, member)))) return null;
  await cancelPendingDeletion(ctx, member);
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
      await refuseIfLastAdmin(trx, memberId, dataRightsTexts.lastAdminDeactivate);
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
 * Forgot password: mails a code (single use, one hour) and a link to the reset page. An
 * unconfirmed account is sent its confirmation link again instead, since that is what it lacks.
 *
 * The answer does not depend on whether the address has an account: the same limits are counted,
 * in the same order, either way (per client address: requests and mail; they may refuse with 429,
 * alike for every address). The per-address mail cap never refuses: past it nothing is sent, and
 * the codes mailed within its window (a code's lifetime) still work, since a new request adds a
 * code instead of voiding the earlier ones. So strangers' requests cannot lock the owner out.
 */
export async function requestPasswordReset(ctx: AppContext, email: string, meta: RequestMeta): Promise<void> {
  await ctx.limiter.consume("resetRequest", [`ip:${meta.ip}`]);
  await ctx.limiter.consume("mail", [`ip:${meta.ip}`]);
  const mayMail = await ctx.limiter.tryConsume("accountMail", [`reset:${email}`]);
  const member = await repo.findMemberByEmail(ctx.db, email);
  if (!member || !mayMail) return;
  if (member.status === MemberStatus.AwaitingConfirmation) {
    await sendConfirmationAgain(ctx, member, registrationMail);
    return;
  }
  const code = newTypedCode();
  await ctx.db.transaction().execute((trx) => storeCode(trx, member.id, "reset", code, RESET_CODE_TTL_MS));
  const link = `${ctx.publicUrl}/resetpwd?email=${encodeURIComponent(email)}&code=${code}`;
  ctx.mailer.send(resetMail(await site.siteName(ctx), email, member.firstName, code, link));
}

/** IsResetCodeExpired: true when the code is unknown, used or past its hour. Does not use it. */
export async function isResetCodeExpired(ctx: AppContext, code: string, meta: RequestMeta): Promise<boolean> {
  await ctx.limiter.consume("codeEntry", [`ip:${meta.ip}`]);
  return (await findLiveCode(ctx, "reset", code)) === null;
}

/**
 * Sets a new password with a reset code of that e-mail address. The code is used up, every other
 * unused code of the member (reset codes, a pending e-mail change) is voided, every session of the
 * member ends, and the member is told by e-mail. The address it was done from becomes familiar to
 * the account's sign-in throttling. False when the code does not fit.
 */
export async function changePasswordWithCode(
  ctx: AppContext,
  input: { email: string; code: string; password: string },
  meta: RequestMeta,
): Promise<boolean> {
  await ctx.limiter.consume("codeEntry", [`ip:${meta.ip}`]);
  const found = await findLiveCode(ctx, "reset", input.code, input.email);
  if (!found) return false;
  const passwordHash = await hashPassword(input.password);
  const now = isoNow();
  const changed = await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.useCode(trx, found.row.id, now))) return false;
    await repo.updateMember(trx, found.member.id, { passwordHash, updatedAt: now });
    await repo.voidMemberCodes(trx, found.member.id, now);
    await repo.deleteMemberSessions(trx, found.member.id);
    return true;
  });
  if (changed) {
    await trustAddress(ctx, found.member.email, meta);
    // The other codes are void now: a new request may mail one at once.
    await ctx.limiter.clear("accountMail", `reset:${found.member.email}`);
    ctx.mailer.send(passwordChangedMail(await site.siteName(ctx), found.member.email, found.member.firstName, `${ctx.publicUrl}/`));
  }
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

/** The login a token names, for actions that take the token as a field (refreshLogin): null when not valid. */
export async function actorOfToken(ctx: AppContext, token: string): Promise<Actor | null> {
  return (await validateSessionToken(ctx.db, token))?.actor ?? null;
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
  if (!actor && !meta.fromOwnPage) throw forbidden(serverTexts.clientLogForeignOrigin);
  await ctx.limiter.consume("clientLog", [`ip:${meta.ip}`]);
  if (!actor) await ctx.limiter.consume("anonymousClientLog", ["site"]);
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

// Moderation of accounts (the admin domain calls these inside its write unit, next to the audit
// entry). Each writes the member row through updateMember, which drops the member's cached
// sessions, so a new role or a suspension counts from the very next request.

/** Gives the member a role. */
export async function setRole(db: DB, memberId: number, role: Role): Promise<void> {
  await repo.updateMember(db, memberId, { role, updatedAt: isoNow() });
}

/** Suspends the member until `until` (null: indefinitely) and ends every session of theirs at once. */
export async function suspend(db: DB, memberId: number, reason: string, until: string | null): Promise<void> {
  await repo.updateMember(db, memberId, {
    status: MemberStatus.Suspended,
    suspendedReason: reason,
    suspendedUntil: until,
    updatedAt: isoNow(),
  });
  await repo.deleteMemberSessions(db, memberId);
}

/** Lifts a suspension: the member is active again. */
export async function restore(db: DB, memberId: number): Promise<void> {
  await repo.updateMember(db, memberId, { status: MemberStatus.Active, suspendedReason: null, suspendedUntil: null, updatedAt: isoNow() });
}

/** Marks the account for deletion at `dueAt` (status 5: hidden as a deactivated member is) and ends every session. */
export async function markForDeletion(db: DB, memberId: number, dueAt: string): Promise<void> {
  await repo.updateMember(db, memberId, {
    status: MemberStatus.DeletionPending,
    deletionDueAt: dueAt,
    welcomeBackPending: 0,
    updatedAt: isoNow(),
  });
  await repo.deleteMemberSessions(db, memberId);
}

/**
 * Refuses (BAD_INPUT, this message) when the member is the last active admin: leaving, they would
 * leave nobody to run the site. Run in the transaction of the change it guards.
 */
export async function refuseIfLastAdmin(db: DB, memberId: number, message: string): Promise<void> {
  const member = await repo.findMemberById(db, memberId);
  if (!member || roleOf(member.role) !== "admin" || member.status !== MemberStatus.Active) return;
  if ((await repo.countActiveAdmins(db, memberId)) === 0) throw new DomainError(ErrorCodes.BadInput, message);
}

/** Signs the member out everywhere. */
export const endAllSessions = (db: DB, memberId: number) => repo.deleteMemberSessions(db, memberId);
