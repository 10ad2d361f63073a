import { badInput, forbidden, notFound, unauthorized } from "../../shared/errors.ts";
import { MemberStatus } from "../../shared/members.ts";
import { texts } from "../../shared/texts.ts";
import { serverTexts } from "../../shared/server-texts.ts";
import * as accounts from "../accounts/accounts.service.ts";
import * as site from "../site/site.service.ts";
import { DAY, isoIn, isoNow } from "../../platform/clock.ts";
import type { Actor, AppContext, RequestMeta } from "../../platform/context.ts";
import { hashPassword, newTypedCode, sha256Hex, verifyPassword } from "../../platform/crypto.ts";
import { isMinor, type PrivacyRow, privacyOf, savePrivacy } from "../privacy/privacy.service.ts";
import { emailChangeCodeMail, emailChangedMail, emailChangeRequestedMail, passwordChangedInSettingsMail } from "./settings-mails.ts";
import {
  type DeactivateData,
  type EmailChangeRequested,
  type EmailInfo,
  type NameData,
  type NameInfo,
  normaliseSecurityAnswer,
  type NotificationKey,
  type NotificationSettings,
  type PasswordChangeData,
  type PasswordChanged,
  type PrivacyLevelValue,
  type PrivacySettings,
  type ProfilePrivacy,
  type SearchPrivacy,
  type SearchVisibilityValue,
  type SecurityQuestionData,
  type SecurityQuestionInfo,
  type SessionInfo,
} from "./settings.schema.ts";
import * as repo from "./settings.repository.ts";
import { describeUserAgent } from "./user-agent.ts";

/*
 * Account and privacy settings of the signed-in member. Every function acts on the actor's own
 * account (the actor comes from the session; REST adapters refuse another member's id before they
 * get here). Privacy is stored in member_privacy, which the profile, contacts and search services
 * read on every request: a save changes what others see at once, on every path.
 */

const EMAIL_CHANGE_TTL_MS = DAY;
const SETTINGS_PATH = "/settings/account-setting";

function requireFullSession(actor: Actor): void {
  if (actor.scope !== "full") throw forbidden("This account is deactivated. Reactivate it first.");
}

async function memberOf(ctx: AppContext, actor: Actor) {
  requireFullSession(actor);
  const member = await accounts.findMemberById(ctx.db, actor.memberId);
  if (!member) throw unauthorized();
  return member;
}

// ---------------------------------------------------------------------------------------------
// Name

export async function getName(ctx: AppContext, actor: Actor): Promise<NameInfo> {
  const m = await memberOf(ctx, actor);
  return { firstName: m.firstName, middleName: m.middleName, lastName: m.lastName };
}

/** Saves first, middle and last name (the search index follows by trigger). */
export async function saveName(ctx: AppContext, actor: Actor, data: NameData): Promise<NameInfo> {
  await memberOf(ctx, actor);
  await accounts.updateMember(ctx.db, actor.memberId, {
    firstName: data.firstName,
    middleName: data.middleName,
    lastName: data.lastName,
    updatedAt: isoNow(),
  });
  return { firstName: data.firstName, middleName: data.middleName, lastName: data.lastName };
}

// ---------------------------------------------------------------------------------------------
// Password

/**
 * Changes the password after checking the current one (Argon2). Attempts count against the
 * "login" rate limit (per client address and per member), so the form cannot be used to guess.
 * Every other session of the member ends, the one in use stays; every unused code (reset codes,
 * a pending e-mail change someone with a stolen session may have asked for) is voided; the member
 * is told by e-mail.
 */
export async function changePassword(ctx: AppContext, actor: Actor, data: PasswordChangeData, meta: RequestMeta): Promise<PasswordChanged> {
  requireFullSession(actor);
  await ctx.limiter.consume("login", [`ip:${meta.ip}`, `member:${actor.memberId}`]);
  const member = await memberOf(ctx, actor);
  if (!(await verifyPassword(member.passwordHash, data.currentPassword))) throw badInput(texts.currentPasswordWrong);
  const passwordHash = await hashPassword(data.newPassword);
  const now = isoNow();
  const otherSessionsEnded = await ctx.db.transaction().execute(async (trx) => {
    await accounts.updateMember(trx, member.id, { passwordHash, updatedAt: now });
    await accounts.voidMemberCodes(trx, member.id, now);
    return accounts.deleteMemberSessionsExcept(trx, member.id, actor.sessionId);
  });
  // The reset codes are void now: a new reset request may mail one at once.
  await ctx.limiter.clear("accountMail", `reset:${member.email}`);
  ctx.mailer.send(passwordChangedInSettingsMail(await site.siteName(ctx), member.email, member.firstName, `${ctx.publicUrl}/forgotpwd`));
  return { changed: true, otherSessionsEnded };
}

// ---------------------------------------------------------------------------------------------
// Security question

export async function getSecurityQuestion(ctx: AppContext, actor: Actor): Promise<SecurityQuestionInfo> {
  requireFullSession(actor);
  const row = await repo.findSecurityQuestion(ctx.db, actor.memberId);
  return row ? { questionId: row.questionId, hasAnswer: true } : { questionId: null, hasAnswer: false };
}

/** Stores the question and the Argon2 hash of the normalised answer; the answer is never stored nor shown. */
export async function saveSecurityQuestion(ctx: AppContext, actor: Actor, data: SecurityQuestionData): Promise<SecurityQuestionInfo> {
  await memberOf(ctx, actor);
  const answerHash = await hashPassword(normaliseSecurityAnswer(data.answer));
  await repo.upsertSecurityQuestion(ctx.db, actor.memberId, data.questionId, answerHash, isoNow());
  return { questionId: data.questionId, hasAnswer: true };
}

/** Whether an answer matches the member's (case and surrounding spaces ignored); false when none is set. */
export async function securityAnswerMatches(ctx: AppContext, memberId: number, answer: string): Promise<boolean> {
  const row = await repo.findSecurityQuestion(ctx.db, memberId);
  return row ? verifyPassword(row.answerHash, normaliseSecurityAnswer(answer)) : false;
}

// ---------------------------------------------------------------------------------------------
// Notifications

const toNotificationSettings = (row: repo.NotificationRow): NotificationSettings => ({
  sendMsg: row.sendMsg === 1,
  addAsFriend: row.addAsFriend === 1,
  confirmFriendShipRequest: row.confirmFriendshipRequest === 1,
  repliesToYourHelpQuest: row.repliesToHelpQuest === 1,
});

export async function getNotificationSettings(ctx: AppContext, actor: Actor): Promise<NotificationSettings> {
  requireFullSession(actor);
  return toNotificationSettings(await repo.findNotificationSettings(ctx.db, actor.memberId));
}

const toNotificationRow = (data: NotificationSettings): repo.NotificationRow => ({
  sendMsg: data.sendMsg ? 1 : 0,
  addAsFriend: data.addAsFriend ? 1 : 0,
  confirmFriendshipRequest: data.confirmFriendShipRequest ? 1 : 0,
  repliesToHelpQuest: data.repliesToYourHelpQuest ? 1 : 0,
});

export async function saveNotificationSettings(ctx: AppContext, actor: Actor, data: NotificationSettings): Promise<NotificationSettings> {
  await memberOf(ctx, actor);
  const row = toNotificationRow(data);
  await repo.upsertNotificationSettings(ctx.db, actor.memberId, row, isoNow());
  return toNotificationSettings(row);
}

/**
 * The switches from a row read with other facts (a notification's, one statement): a column that is
 * null (no row saved yet) takes its default.
 */
export const notificationSettingsFromRow = (row: { [K in keyof repo.NotificationRow]: number | null }): NotificationSettings =>
  toNotificationSettings({
    sendMsg: row.sendMsg ?? repo.NOTIFICATION_DEFAULTS.sendMsg,
    addAsFriend: row.addAsFriend ?? repo.NOTIFICATION_DEFAULTS.addAsFriend,
    confirmFriendshipRequest: row.confirmFriendshipRequest ?? repo.NOTIFICATION_DEFAULTS.confirmFriendshipRequest,
    repliesToHelpQuest: row.repliesToHelpQuest ?? repo.NOTIFICATION_DEFAULTS.repliesToHelpQuest,
  });

/** A member's switches, for the notifications that honour them (the member notified, not an actor). */
export async function notificationSettingsOf(ctx: AppContext, memberId: number): Promise<NotificationSettings> {
  return toNotificationSettings(await repo.findNotificationSettings(ctx.db, memberId));
}

/** Turns one switch off: the unsubscribe link of a notification e-mail. */
export async function turnOffNotification(ctx: AppContext, memberId: number, key: NotificationKey): Promise<void> {
  const current = await notificationSettingsOf(ctx, memberId);
  await repo.upsertNotificationSettings(ctx.db, memberId, toNotificationRow({ ...current, [key]: false }), isoNow());
}

// ---------------------------------------------------------------------------------------------
// Deactivation

/**
 * Deactivates the account (status 3; every session ends, this one too) and keeps the reason and
 * explanation for the operator. A pending e-mail change is dropped.
 */
export async function deactivate(ctx: AppContext, actor: Actor, data: DeactivateData): Promise<void> {
  await memberOf(ctx, actor);
  await accounts.setMemberStatus(ctx, actor, actor.memberId, MemberStatus.Deactivated);
  await repo.insertDeactivation(ctx.db, {
    memberId: actor.memberId,
    reason: data.reason,
    explanation: data.explanation,
    createdAt: isoNow(),
  });
  await repo.deletePendingEmailChange(ctx.db, actor.memberId);
}

/** The reasons a member gave, oldest first (for the operator and tests). */
export const deactivationsOf = (ctx: AppContext, memberId: number) => repo.listDeactivations(ctx.db, memberId);

// ---------------------------------------------------------------------------------------------
// E-mail address

const live = (row: repo.PendingEmailChangeRow | undefined) => (row && Date.parse(row.expiresAt) > Date.now() ? row : undefined);

export async function getEmailInfo(ctx: AppContext, actor: Actor): Promise<EmailInfo> {
  const member = await memberOf(ctx, actor);
  const pending = live(await repo.findPendingEmailChange(ctx.db, actor.memberId));
  return { email: member.email, pendingEmail: pending?.newEmail ?? null, pendingExpiresAt: pending?.expiresAt ?? null };
}

/**
 * Asks to change the account's e-mail address. Nothing changes yet: a code (valid 24 hours) goes
 * to the new address, and the current address is told. A new request replaces an earlier one. An
 * address another account uses is refused (registration reveals that anyway). Rate-limited as mail.
 */
export async function requestEmailChange(ctx: AppContext, actor: Actor, email: string, meta: RequestMeta): Promise<EmailChangeRequested> {
  requireFullSession(actor);
  await ctx.limiter.consume("mail", [`ip:${meta.ip}`, `member:${actor.memberId}`, `email:${email}`]);
  const member = await memberOf(ctx, actor);
  if (member.email === email) throw badInput(serverTexts.emailUnchanged);
  if (await accounts.findMemberByEmail(ctx.db, email)) throw badInput(serverTexts.emailInUse);
  const code = newTypedCode();
  const now = isoNow();
  const expiresAt = isoIn(EMAIL_CHANGE_TTL_MS);
  await repo.putPendingEmailChange(ctx.db, { memberId: member.id, newEmail: email, codeHash: sha256Hex(code), expiresAt, createdAt: now });
  const link = `${ctx.publicUrl}${SETTINGS_PATH}?confirmEmail=${encodeURIComponent(email)}&code=${code}`;
  const siteName = await site.siteName(ctx);
  ctx.mailer.send(emailChangeCodeMail(siteName, email, member.firstName, code, link));
  ctx.mailer.send(emailChangeRequestedMail(siteName, member.email, member.firstName, email, `${ctx.publicUrl}${SETTINGS_PATH}`));
  return { pendingEmail: email, expiresAt };
}

/** Drops the member's pending e-mail change (its code stops working). */
export async function cancelEmailChange(ctx: AppContext, actor: Actor): Promise<void> {
  requireFullSession(actor);
  await repo.deletePendingEmailChange(ctx.db, actor.memberId);
}

const isUniqueViolation = (error: unknown) => /unique/i.test(String((error as Error)?.message ?? error));

/**
 * Confirms an e-mail change with the code sent to the new address: the address becomes the
 * account's, its sessions stay, every unused code mailed before (to the old address) is voided,
 * and the old address is told. Needs no session (the code is the
 * proof, as with the e-mail link); the code is used once and expires after 24 hours. Attempts
 * count against the code-entry rate limit.
 */
export async function confirmEmailChange(
  ctx: AppContext,
  input: { email: string; code: string },
  meta: RequestMeta,
): Promise<{ memberId: number; email: string }> {
  await ctx.limiter.consume("codeEntry", [`ip:${meta.ip}`]);
  const codeHash = sha256Hex(input.code);
  const pending = live(await repo.findPendingEmailChangeByCode(ctx.db, codeHash));
  if (!pending || pending.newEmail !== input.email) throw badInput(texts.emailChangeCodeInvalid);
  const member = await accounts.findMemberById(ctx.db, pending.memberId);
  if (!member || member.status !== MemberStatus.Active) throw badInput(texts.emailChangeCodeInvalid);
  const holder = await accounts.findMemberByEmail(ctx.db, pending.newEmail);
  if (holder && holder.id !== member.id) {
    await repo.deletePendingEmailChange(ctx.db, member.id, codeHash);
    throw badInput(serverTexts.emailInUse);
  }
  let changed: boolean;
  try {
    changed = await ctx.db.transaction().execute(async (trx) => {
      if (!(await repo.deletePendingEmailChange(trx, member.id, codeHash))) return false;
      const now = isoNow();
      await accounts.updateMember(trx, member.id, { email: pending.newEmail, updatedAt: now });
      // Codes mailed to the old address (a reset code) must not act on the account any more.
      await accounts.voidMemberCodes(trx, member.id, now);
      return true;
    });
  } catch (error) {
    // Someone took the address between the check and the write.
    if (isUniqueViolation(error)) throw badInput(serverTexts.emailInUse);
    throw error;
  }
  if (!changed) throw badInput(texts.emailChangeCodeInvalid);
  ctx.mailer.send(emailChangedMail(await site.siteName(ctx), member.email, member.firstName, pending.newEmail));
  return { memberId: member.id, email: pending.newEmail };
}

// ---------------------------------------------------------------------------------------------
// Privacy

function toPrivacySettings(p: PrivacyRow, minor: boolean): PrivacySettings {
  const level = (n: number) => n as PrivacyLevelValue;
  return {
    profile: {
      basicInfo: level(p.basicInfo),
      personalInfo: level(p.personalInfo),
      contactInfo: level(p.contactInfo),
      education: level(p.education),
      workInfo: level(p.workInfo),
      photos: level(p.photos),
      videos: level(p.videos),
      mobilePhone: level(p.mobilePhone),
      homePhone: level(p.homePhone),
      otherPhone: level(p.otherPhone),
      emailAddress: level(p.emailAddress),
      address: level(p.address),
    },
    search: {
      visibility: p.searchVisibility as SearchVisibilityValue,
      viewProfilePicture: p.viewProfilePicture === 1,
      viewFriendsList: p.viewFriendsList === 1,
      viewLinkToRequestAddingYouAsFriend: p.viewLinkRequest === 1,
      viewLinkToSendYouMsg: p.viewLinkMessage === 1,
      findableByAdults: p.minorFindable === 1,
    },
    minor,
  };
}

export async function getPrivacy(ctx: AppContext, actor: Actor): Promise<PrivacySettings> {
  requireFullSession(actor);
  const [privacy, member] = await Promise.all([privacyOf(ctx, actor.memberId), memberOf(ctx, actor)]);
  return toPrivacySettings(privacy, isMinor(member.birthDate));
}

/** Saves the levels of the Profile tab; others see the change on their next request. */
export async function saveProfilePrivacy(ctx: AppContext, actor: Actor, data: ProfilePrivacy): Promise<ProfilePrivacy> {
  await memberOf(ctx, actor);
  await savePrivacy(ctx, actor.memberId, { ...data });
  return { ...data };
}

/** Saves the Search tab: who may find the member, and what those who are not contacts see of them. */
export async function saveSearchPrivacy(ctx: AppContext, actor: Actor, data: SearchPrivacy): Promise<SearchPrivacy> {
  await memberOf(ctx, actor);
  const bit = (b: boolean) => (b ? 1 : 0);
  await savePrivacy(ctx, actor.memberId, {
    searchVisibility: data.visibility,
    viewProfilePicture: bit(data.viewProfilePicture),
    viewFriendsList: bit(data.viewFriendsList),
    viewLinkRequest: bit(data.viewLinkToRequestAddingYouAsFriend),
    viewLinkMessage: bit(data.viewLinkToSendYouMsg),
    minorFindable: bit(data.findableByAdults),
  });
  return { ...data };
}

// ---------------------------------------------------------------------------------------------
// Signed-in devices

/**
 * The id a session is known by outside the server: derived from the stored id (itself SHA-256 of
 * the token) by a second, labelled hash, so it reveals neither and cannot be turned back into them.
 */
export const publicSessionId = (sessionId: string) => sha256Hex(`sideline-session-public-id:${sessionId}`).slice(0, 32);

export async function listSessions(ctx: AppContext, actor: Actor): Promise<SessionInfo[]> {
  requireFullSession(actor);
  const rows = await accounts.listMemberSessions(ctx.db, actor.memberId, isoNow());
  const sessions = rows.map((row) => ({
    id: publicSessionId(row.id),
    ...describeUserAgent(row.userAgent),
    createdAt: row.createdAt,
    lastSeenAt: row.lastSeenAt,
    expiresAt: row.expiresAt,
    current: row.id === actor.sessionId,
  }));
  // The device in use first, then the most recently seen.
  return [...sessions.filter((s) => s.current), ...sessions.filter((s) => !s.current)];
}

/** Signs one of the member's own devices out (another member's id is simply not found). */
export async function signOutSession(ctx: AppContext, actor: Actor, id: string): Promise<{ current: boolean }> {
  requireFullSession(actor);
  const rows = await accounts.listMemberSessions(ctx.db, actor.memberId, isoNow());
  const row = rows.find((r) => publicSessionId(r.id) === id);
  if (!row) throw notFound(texts.sessionNotFound);
  await accounts.deleteSession(ctx.db, row.id);
  return { current: row.id === actor.sessionId };
}

/** "Sign out everywhere else": every session of the member but the one in use; answers how many ended. */
export async function signOutOtherSessions(ctx: AppContext, actor: Actor): Promise<number> {
  requireFullSession(actor);
  return accounts.deleteMemberSessionsExcept(ctx.db, actor.memberId, actor.sessionId);
}
