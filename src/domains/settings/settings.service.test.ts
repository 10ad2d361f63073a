/**
 * The settings service on a real SQLite file, with mail going to a real SMTP sink: name, password
 * (current password checked, other sessions end, notice mail, rate limit), security question
 * (hashed, never returned), notifications (lazy row with defaults), deactivation (all sessions end,
 * reason kept), e-mail change (only after the code; old address told), privacy (another member's
 * view and search change at once) and the signed-in devices list.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError } from "#support/domain-errors.ts";
import { type MailSink, startMailSink } from "#support/mail-sink.ts";
import { createMember } from "#support/members.ts";
import { closeTestContext, openTestContext, type TestContext } from "#support/service-context.ts";
import type { DB } from "../../platform/db/client.ts";
import { ErrorCodes } from "../../shared/errors.ts";
import { MemberStatus } from "../../shared/members.ts";
import { texts } from "../../shared/texts.ts";
import { serverTexts } from "../../shared/server-texts.ts";
import { createSession, validateSessionToken } from "../accounts/sessions.ts";
import * as contacts from "../contacts/contacts.service.ts";
import type { Actor, AppContext, RequestMeta } from "../../platform/context.ts";
import { sha256Hex, verifyPassword } from "../../platform/crypto.ts";
import { freshLimiter } from "#support/limiter.ts";
import { upsertProfile } from "../profiles/profiles.repository.ts";
import * as profiles from "../profiles/profiles.service.ts";
import * as search from "../search/search.service.ts";
import {
  confirmEmailChangeInput,
  deactivateInput,
  nameInput,
  notificationSettingsInput,
  passwordChangeInput,
  profilePrivacyInput,
  searchPrivacyInput,
  securityQuestionInput,
} from "./settings.schema.ts";
import * as settings from "./settings.service.ts";
import { describeUserAgent } from "./user-agent.ts";

let db: DB;
let ctx: AppContext;
let sink: MailSink;
let testContext: TestContext | undefined;

beforeAll(async () => {
  sink = await startMailSink();
  testContext = await openTestContext("settings", { smtpUrl: sink.url });
  ({ ctx, db } = testContext);
});

afterAll(async () => {
  await closeTestContext(testContext);
  await sink?.close();
});

const CHROME_LINUX = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const meta: RequestMeta = { ip: "203.0.113.7", userAgent: CHROME_LINUX };

interface TestMember extends Actor {
  email: string;
  password: string;
  token: string;
}

let seq = 0;
/** An active member with a real password and one signed-in session (the actor). */
async function newMember(firstName = "Casey", lastName = "Keeper"): Promise<TestMember> {
  const password = `pw-${++seq}-secret`;
  return { ...(await createMember(db, { firstName, lastName, password, userAgent: CHROME_LINUX })), password };
}

/** Another signed-in device of the same member. */
const signInAgain = (m: { memberId: number }, userAgent = SAFARI_IPHONE) => createSession(db, m.memberId, "full", userAgent);

/** The first message of a failed zod parse. */
function firstIssue(result: { success: boolean; error?: { issues: Array<{ message: string }> } }): string | undefined {
  return result.success ? undefined : result.error?.issues[0]?.message;
}

const memberRow = (id: number) => db.selectFrom("member").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const sessionCount = async (memberId: number) =>
  Number(
    (
      await db
        .selectFrom("session")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("memberId", "=", memberId)
        .executeTakeFirstOrThrow()
    ).n,
  );

/** Mail queued so far has reached the sink. */
const flushMail = () => testContext!.mailer.flush();

/** A context whose rate limits are on (the shared one has them off). */
const limitedCtx = async (): Promise<AppContext> => ({ ...ctx, limiter: await freshLimiter(db) });

async function makeContacts(a: Actor, b: Actor) {
  await contacts.sendRequest(ctx, a, b.memberId);
  await contacts.acceptRequest(ctx, b, a.memberId);
}

describe("name", () => {
  it("answers and saves first, middle and last name; search finds the new name at once", async () => {
    const m = await newMember("Dana", "Old");
    const other = await newMember();
    expect(await settings.getName(ctx, m)).toEqual({ firstName: "Dana", middleName: "", lastName: "Old" });
    const saved = await settings.saveName(ctx, m, nameInput.parse({ firstName: "  Dana ", middleName: "Q", lastName: "Zyxwvut" }));
    expect(saved).toEqual({ firstName: "Dana", middleName: "Q", lastName: "Zyxwvut" });
    expect(await settings.getName(ctx, m)).toEqual(saved);
    const found = await search.searchMembers(ctx, other, "zyxwvut", 10);
    expect(found.map((c) => c.memberId)).toEqual([m.memberId]);
  });

  it("requires first and last name with the spec's messages", () => {
    expect(firstIssue(nameInput.safeParse({ firstName: " ", lastName: "X" }))).toBe(texts.firstNameRequired);
    expect(firstIssue(nameInput.safeParse({ firstName: "X", lastName: "" }))).toBe(texts.lastNameRequired);
    expect(firstIssue(nameInput.safeParse({ firstName: "X".repeat(51), lastName: "Y" }))).toBe(texts.nameTooLong);
    expect(firstIssue(nameInput.safeParse({ firstName: "X", middleName: "see evil.example", lastName: "Y" }))).toBe(texts.nameNoWebAddress);
    expect(nameInput.parse({ firstName: "A", lastName: "B" }).middleName).toBe("");
  });
});

describe("password", () => {
  const change = (currentPassword: string, newPassword: string, confirmPassword = newPassword) =>
    passwordChangeInput.parse({ currentPassword, newPassword, confirmPassword });

  it("has the spec's messages for the form", () => {
    expect(firstIssue(passwordChangeInput.safeParse({ currentPassword: "", newPassword: "abcdef", confirmPassword: "abcdef" }))).toBe(
      texts.currentPasswordRequired,
    );
    expect(firstIssue(passwordChangeInput.safeParse({ currentPassword: "x", newPassword: "abcd", confirmPassword: "abcd" }))).toBe(
      "Password must be 5 characters or more.",
    );
    expect(firstIssue(passwordChangeInput.safeParse({ currentPassword: "x", newPassword: "abcdef", confirmPassword: "" }))).toBe(
      "Please re-enter password.",
    );
    expect(firstIssue(passwordChangeInput.safeParse({ currentPassword: "x", newPassword: "abcdef", confirmPassword: "abcdeg" }))).toBe(
      "Re-enter password must match password.",
    );
  });

  it("refuses a wrong current password with the spec's text and changes nothing", async () => {
    const m = await newMember();
    const other = await signInAgain(m);
    const before = await memberRow(m.memberId);
    await expectError(
      settings.changePassword(ctx, m, change("not-my-password", "brand-new-1"), meta),
      ErrorCodes.BadInput,
      "The current password you entered is not correct.",
    );
    expect((await memberRow(m.memberId)).passwordHash).toBe(before.passwordHash);
    expect(await validateSessionToken(db, other.token)).not.toBeNull();
    expect(await sessionCount(m.memberId)).toBe(2);
  });

  it("changes it: every other session ends, the current one stays, and the member is told by e-mail", async () => {
    const m = await newMember();
    const phone = await signInAgain(m);
    const laptop = await signInAgain(m, CHROME_LINUX);
    const outsider = await newMember();
    const result = await settings.changePassword(ctx, m, change(m.password, "brand-new-2"), meta);
    expect(result).toEqual({ changed: true, otherSessionsEnded: 2 });
    expect(await validateSessionToken(db, m.token)).not.toBeNull();
    expect(await validateSessionToken(db, phone.token)).toBeNull();
    expect(await validateSessionToken(db, laptop.token)).toBeNull();
    expect(await validateSessionToken(db, outsider.token)).not.toBeNull();
    const row = await memberRow(m.memberId);
    expect(await verifyPassword(row.passwordHash, "brand-new-2")).toBe(true);
    expect(await verifyPassword(row.passwordHash, m.password)).toBe(false);
    await flushMail();
    const mail = await sink.waitForMail(m.email, { subject: "Your Sideline password was changed" });
    expect(mail.text).toContain("every other device was signed out");
    expect(mail.text).not.toContain("brand-new-2");
  });

  it("voids unused reset codes, so a code mailed before the change no longer works", async () => {
    const m = await newMember();
    const now = new Date().toISOString();
    await db
      .insertInto("oneTimeCode")
      .values({
        memberId: m.memberId,
        purpose: "reset",
        codeHash: sha256Hex(`code-${m.memberId}`),
        expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
        usedAt: null,
        createdAt: now,
      })
      .execute();
    await settings.changePassword(ctx, m, change(m.password, "brand-new-3"), meta);
    const code = await db.selectFrom("oneTimeCode").select("usedAt").where("memberId", "=", m.memberId).executeTakeFirstOrThrow();
    expect(code.usedAt).not.toBeNull();
  });

  it("rate-limits attempts per member (like logins)", async () => {
    const m = await newMember();
    const limited = await limitedCtx();
    for (let i = 0; i < 10; i++) {
      await expectError(
        settings.changePassword(limited, m, change("wrong", "brand-new-4"), { ...meta, ip: `198.51.100.${i}` }),
        ErrorCodes.BadInput,
      );
    }
    await expectError(
      settings.changePassword(limited, m, change(m.password, "brand-new-4"), { ...meta, ip: "198.51.100.99" }),
      ErrorCodes.RateLimited,
    );
    expect(await verifyPassword((await memberRow(m.memberId)).passwordHash, m.password)).toBe(true);
  });
});

describe("security question", () => {
  it("stores only an Argon2 hash of the normalised answer and never answers it", async () => {
    const m = await newMember();
    expect(await settings.getSecurityQuestion(ctx, m)).toEqual({ questionId: null, hasAnswer: false });
    const saved = await settings.saveSecurityQuestion(ctx, m, securityQuestionInput.parse({ questionId: "4", answer: "  Mr  Whiskers " }));
    expect(saved).toEqual({ questionId: 4, hasAnswer: true });
    const info = await settings.getSecurityQuestion(ctx, m);
    expect(info).toEqual({ questionId: 4, hasAnswer: true });
    expect(JSON.stringify(info)).not.toMatch(/whiskers/i);
    const row = await db.selectFrom("memberSecurityQuestion").selectAll().where("memberId", "=", m.memberId).executeTakeFirstOrThrow();
    expect(row.answerHash).toMatch(/^\$argon2id\$/);
    expect(row.answerHash.toLowerCase()).not.toContain("whiskers");
    expect(await settings.securityAnswerMatches(ctx, m.memberId, "mr whiskers")).toBe(true);
    expect(await settings.securityAnswerMatches(ctx, m.memberId, "MR WHISKERS ")).toBe(true);
    expect(await settings.securityAnswerMatches(ctx, m.memberId, "Mr Whisker")).toBe(false);
  });

  it("replaces an earlier question and answer", async () => {
    const m = await newMember();
    await settings.saveSecurityQuestion(ctx, m, securityQuestionInput.parse({ questionId: 1, answer: "first" }));
    await settings.saveSecurityQuestion(ctx, m, securityQuestionInput.parse({ questionId: 6, answer: "second" }));
    expect(await settings.getSecurityQuestion(ctx, m)).toEqual({ questionId: 6, hasAnswer: true });
    expect(await settings.securityAnswerMatches(ctx, m.memberId, "first")).toBe(false);
    expect(await settings.securityAnswerMatches(ctx, m.memberId, "second")).toBe(true);
  });

  it("requires a question of the six and an answer, with the spec's messages", () => {
    for (const questionId of ["select", "", undefined, "0", "7", "x"]) {
      expect(firstIssue(securityQuestionInput.safeParse({ questionId, answer: "a" }))).toBe("Security question required.");
    }
    expect(firstIssue(securityQuestionInput.safeParse({ questionId: "2", answer: "   " }))).toBe("Your answer is required.");
    expect(firstIssue(securityQuestionInput.safeParse({ questionId: "2", answer: "a".repeat(201) }))).toBe(texts.securityAnswerTooLong);
  });
});

describe("notification settings", () => {
  it("are all on until saved; a save creates the row and answers what was saved", async () => {
    const m = await newMember();
    const all = { sendMsg: true, addAsFriend: true, confirmFriendShipRequest: true, repliesToYourHelpQuest: true };
    expect(await settings.getNotificationSettings(ctx, m)).toEqual(all);
    expect(await db.selectFrom("memberNotificationSettings").selectAll().where("memberId", "=", m.memberId).execute()).toEqual([]);
    const input = notificationSettingsInput.parse({
      sendMsg: false,
      addAsFriend: "1",
      confirmFriendShipRequest: 0,
      repliesToYourHelpQuest: "false",
    });
    const expected = { sendMsg: false, addAsFriend: true, confirmFriendShipRequest: false, repliesToYourHelpQuest: false };
    expect(await settings.saveNotificationSettings(ctx, m, input)).toEqual(expected);
    expect(await settings.getNotificationSettings(ctx, m)).toEqual(expected);
    expect(await settings.getNotificationSettings(ctx, await newMember())).toEqual(all);
  });

  it("refuses a switch that is not true/false", () => {
    expect(
      notificationSettingsInput.safeParse({
        sendMsg: "maybe",
        addAsFriend: true,
        confirmFriendShipRequest: true,
        repliesToYourHelpQuest: true,
      }).success,
    ).toBe(false);
    expect(
      notificationSettingsInput.safeParse({ addAsFriend: true, confirmFriendShipRequest: true, repliesToYourHelpQuest: true }).success,
    ).toBe(false);
  });
});

describe("deactivation", () => {
  it("sets status 3, ends every session (the current one too) and keeps the reason for the operator", async () => {
    const m = await newMember();
    const phone = await signInAgain(m);
    await settings.deactivate(ctx, m, deactivateInput.parse({ reason: "4", explanation: "Too public for me.", futureEmail: "false" }));
    expect((await memberRow(m.memberId)).status).toBe(MemberStatus.Deactivated);
    expect(await sessionCount(m.memberId)).toBe(0);
    expect(await validateSessionToken(db, m.token)).toBeNull();
    expect(await validateSessionToken(db, phone.token)).toBeNull();
    const records = await settings.deactivationsOf(ctx, m.memberId);
    expect(records).toEqual([expect.objectContaining({ memberId: m.memberId, reason: 4, explanation: "Too public for me." })]);
  });

  it("accepts no reason ('select') and Other (0); refuses unknown reasons and long explanations", async () => {
    expect(deactivateInput.parse({ reason: "select" }).reason).toBeNull();
    expect(deactivateInput.parse({}).reason).toBeNull();
    expect(deactivateInput.parse({ reason: 0 }).reason).toBe(0);
    expect(deactivateInput.parse({ reason: "5", explanation: " x " })).toEqual({ reason: 5, explanation: "x", futureEmail: undefined });
    expect(firstIssue(deactivateInput.safeParse({ reason: "9" }))).toBe(texts.deactivationReasonInvalid);
    expect(firstIssue(deactivateInput.safeParse({ reason: "1", explanation: "x".repeat(2001) }))).toBe(
      texts.deactivationExplanationTooLong,
    );
    const m = await newMember();
    await settings.deactivate(ctx, m, deactivateInput.parse({ reason: "select", explanation: "" }));
    expect(await settings.deactivationsOf(ctx, m.memberId)).toEqual([expect.objectContaining({ reason: null, explanation: "" })]);
  });

  it("a deactivated member vanishes from search and their profile is gone", async () => {
    const m = await newMember("Quincy", "Vanishing");
    const viewer = await newMember();
    expect((await search.searchMembers(ctx, viewer, "vanishing", 5)).map((c) => c.memberId)).toEqual([m.memberId]);
    await settings.deactivate(ctx, m, deactivateInput.parse({ reason: "1" }));
    expect(await search.searchMembers(ctx, viewer, "vanishing", 5)).toEqual([]);
    await expectError(profiles.viewProfile(ctx, viewer, m.memberId), ErrorCodes.NotFound);
  });
});

describe("e-mail change", () => {
  const codeOf = (text: string) => {
    const match = text.match(/Your confirmation code is: ([A-Z0-9]{8})\b/);
    if (!match?.[1]) throw new Error(`No code in:\n${text}`);
    return match[1];
  };
  const confirm = (email: string, code: string, c: AppContext = ctx) =>
    settings.confirmEmailChange(c, confirmEmailChangeInput.parse({ email, code }), meta);

  it("takes effect only after the code sent to the new address; the old address is told twice; sessions stay", async () => {
    const m = await newMember("Erin", "Mover");
    const phone = await signInAgain(m);
    const newEmail = `moved-${m.memberId}@example.com`;
    const requested = await settings.requestEmailChange(ctx, m, newEmail, meta);
    expect(requested.pendingEmail).toBe(newEmail);
    expect((await memberRow(m.memberId)).email).toBe(m.email);
    expect(await settings.getEmailInfo(ctx, m)).toEqual({ email: m.email, pendingEmail: newEmail, pendingExpiresAt: requested.expiresAt });

    await flushMail();
    const codeMail = await sink.waitForMail(newEmail, { subject: "Confirm your new Sideline e-mail address" });
    const code = codeOf(codeMail.text);
    expect(codeMail.text).toContain(`/settings/account-setting?confirmEmail=${encodeURIComponent(newEmail)}&code=${code}`);
    const notice = await sink.waitForMail(m.email, { subject: "A change of your Sideline e-mail address was requested" });
    expect(notice.text).toContain(newEmail);
    expect(notice.text).not.toContain(code);
    // The code is kept only as a hash.
    const pending = await db.selectFrom("pendingEmailChange").selectAll().where("memberId", "=", m.memberId).executeTakeFirstOrThrow();
    expect(pending.codeHash).toBe(sha256Hex(code));

    await expectError(confirm(newEmail, "AAAAAAAA"), ErrorCodes.BadInput, texts.emailChangeCodeInvalid);
    await expectError(confirm(`other-${newEmail}`, code), ErrorCodes.BadInput, texts.emailChangeCodeInvalid);
    expect((await memberRow(m.memberId)).email).toBe(m.email);

    expect(await confirm(newEmail, code.toLowerCase())).toEqual({ memberId: m.memberId, email: newEmail });
    expect((await memberRow(m.memberId)).email).toBe(newEmail);
    expect(await validateSessionToken(db, m.token)).not.toBeNull();
    expect(await validateSessionToken(db, phone.token)).not.toBeNull();
    expect(await settings.getEmailInfo(ctx, m)).toEqual({ email: newEmail, pendingEmail: null, pendingExpiresAt: null });
    await flushMail();
    const done = await sink.waitForMail(m.email, { subject: "Your Sideline e-mail address was changed" });
    expect(done.text).toContain(newEmail);
    // Used once.
    await expectError(confirm(newEmail, code), ErrorCodes.BadInput, texts.emailChangeCodeInvalid);
  });

  it("refuses an address another account uses, and the current address", async () => {
    const m = await newMember();
    const other = await newMember();
    await expectError(
      settings.requestEmailChange(ctx, m, other.email, meta),
      ErrorCodes.BadInput,
      "This e-mail address is already in use.",
    );
    await expectError(settings.requestEmailChange(ctx, m, m.email, meta), ErrorCodes.BadInput, serverTexts.emailUnchanged);
    expect(await db.selectFrom("pendingEmailChange").selectAll().where("memberId", "=", m.memberId).execute()).toEqual([]);
  });

  it("refuses at confirmation when someone took the address meanwhile", async () => {
    const m = await newMember();
    const newEmail = `contested-${m.memberId}@example.com`;
    await settings.requestEmailChange(ctx, m, newEmail, meta);
    await flushMail();
    const code = codeOf((await sink.waitForMail(newEmail)).text);
    await db
      .updateTable("member")
      .set({ email: newEmail })
      .where("id", "=", (await newMember()).memberId)
      .execute();
    await expectError(confirm(newEmail, code), ErrorCodes.BadInput, serverTexts.emailInUse);
    expect((await memberRow(m.memberId)).email).toBe(m.email);
  });

  it("a new request voids the earlier code; an expired code does not work; cancelling drops it", async () => {
    const m = await newMember();
    const first = `first-${m.memberId}@example.com`;
    const second = `second-${m.memberId}@example.com`;
    await settings.requestEmailChange(ctx, m, first, meta);
    await settings.requestEmailChange(ctx, m, second, meta);
    await flushMail();
    const firstCode = codeOf((await sink.waitForMail(first)).text);
    const secondCode = codeOf((await sink.waitForMail(second)).text);
    await expectError(confirm(first, firstCode), ErrorCodes.BadInput, texts.emailChangeCodeInvalid);

    await db
      .updateTable("pendingEmailChange")
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where("memberId", "=", m.memberId)
      .execute();
    await expectError(confirm(second, secondCode), ErrorCodes.BadInput, texts.emailChangeCodeInvalid);
    expect((await settings.getEmailInfo(ctx, m)).pendingEmail).toBeNull();

    const third = `third-${m.memberId}@example.com`;
    await settings.requestEmailChange(ctx, m, third, meta);
    await settings.cancelEmailChange(ctx, m);
    await flushMail();
    const thirdCode = codeOf((await sink.waitForMail(third)).text);
    await expectError(confirm(third, thirdCode), ErrorCodes.BadInput, texts.emailChangeCodeInvalid);
    expect((await memberRow(m.memberId)).email).toBe(m.email);
  });

  it("a deactivated member's pending change cannot be confirmed", async () => {
    const m = await newMember();
    const newEmail = `gone-${m.memberId}@example.com`;
    await settings.requestEmailChange(ctx, m, newEmail, meta);
    await flushMail();
    const code = codeOf((await sink.waitForMail(newEmail)).text);
    await settings.deactivate(ctx, m, deactivateInput.parse({}));
    await expectError(confirm(newEmail, code), ErrorCodes.BadInput, texts.emailChangeCodeInvalid);
  });

  it("rate-limits the mails it sends", async () => {
    const m = await newMember();
    const limited = await limitedCtx();
    for (let i = 0; i < 10; i++)
      await settings.requestEmailChange(limited, m, `burst-${m.memberId}-${i}@example.com`, { ...meta, ip: `192.0.2.${i}` });
    await expectError(
      settings.requestEmailChange(limited, m, `burst-${m.memberId}-x@example.com`, { ...meta, ip: "192.0.2.200" }),
      ErrorCodes.RateLimited,
    );
    await flushMail();
  });
});

describe("privacy", () => {
  it("answers the defaults of rest-api.md until saved", async () => {
    const m = await newMember();
    expect(await settings.getPrivacy(ctx, m)).toEqual({
      profile: {
        basicInfo: 1,
        personalInfo: 1,
        contactInfo: 1,
        education: 1,
        workInfo: 1,
        photos: 1,
        videos: 1,
        // Every contact detail is Private until the member opens it (decision 037).
        mobilePhone: 2,
        homePhone: 2,
        otherPhone: 2,
        emailAddress: 2,
        address: 2,
      },
      search: {
        visibility: 1,
        viewProfilePicture: true,
        viewFriendsList: true,
        viewLinkToRequestAddingYouAsFriend: true,
        viewLinkToSendYouMsg: true,
        findableByAdults: false,
      },
      minor: false,
    });
  });

  it("refuses levels other than 1-3 and visibility other than 1-2", () => {
    const levels = {
      basicInfo: 1,
      personalInfo: 1,
      contactInfo: 1,
      education: 1,
      workInfo: 1,
      photos: 1,
      videos: 1,
      mobilePhone: 1,
      homePhone: 1,
      otherPhone: 1,
      emailAddress: 1,
      address: 1,
    };
    expect(profilePrivacyInput.parse({ ...levels, basicInfo: "3" }).basicInfo).toBe(3);
    expect(firstIssue(profilePrivacyInput.safeParse({ ...levels, education: 4 }))).toBe(texts.privacyLevelInvalid);
    expect(firstIssue(profilePrivacyInput.safeParse({ ...levels, education: undefined }))).toBe(texts.privacyLevelInvalid);
    const flags = {
      viewProfilePicture: true,
      viewFriendsList: "1",
      viewLinkToRequestAddingYouAsFriend: 0,
      viewLinkToSendYouMsg: "false",
      findableByAdults: "0",
    };
    expect(searchPrivacyInput.parse({ visibility: "2", ...flags })).toEqual({
      visibility: 2,
      viewProfilePicture: true,
      viewFriendsList: true,
      viewLinkToRequestAddingYouAsFriend: false,
      viewLinkToSendYouMsg: false,
      findableByAdults: false,
    });
    expect(firstIssue(searchPrivacyInput.safeParse({ visibility: "3", ...flags }))).toBe(texts.searchVisibilityInvalid);
  });

  it("a save of the Profile tab changes another member's view at once", async () => {
    const owner = await newMember("Olive", "Owner");
    const viewer = await newMember();
    const contact = await newMember();
    await makeContacts(owner, contact);
    await upsertProfile(
      db,
      owner.memberId,
      { showEmail: 1, showCellPhone: 1, cellPhone: "555-0199", aboutMe: "Goalkeeper.", otherPhone: "555-0142" },
      new Date().toISOString(),
    );
    // The old show flags open nothing: each detail's level is its one control, Private by default.
    let view = await profiles.viewProfile(ctx, viewer, owner.memberId);
    expect(view.contact?.email).toBe("");
    expect(view.contact?.cellPhone).toBe("");
    expect(view.contact?.otherPhone).toBe("");
    await settings.saveProfilePrivacy(ctx, owner, { ...(await settings.getPrivacy(ctx, owner)).profile, emailAddress: 1, mobilePhone: 1 });
    view = await profiles.viewProfile(ctx, viewer, owner.memberId);
    expect(view.contact?.email).toBe(owner.email);
    expect(view.contact?.cellPhone).toBe("555-0199");
    expect(view.personal?.aboutMe).toBe("Goalkeeper.");

    const current = (await settings.getPrivacy(ctx, owner)).profile;
    await settings.saveProfilePrivacy(ctx, owner, { ...current, emailAddress: 2, mobilePhone: 3, personalInfo: 3, otherPhone: 1 });
    view = await profiles.viewProfile(ctx, viewer, owner.memberId);
    expect(view.contact?.email).toBe("");
    expect(view.contact?.cellPhone).toBe("");
    expect(view.contact?.otherPhone).toBe("555-0142");
    expect(view.personal).toBeNull();
    const asContact = await profiles.viewProfile(ctx, contact, owner.memberId);
    expect(asContact.contact?.email).toBe("");
    expect(asContact.contact?.cellPhone).toBe("555-0199");
    expect(asContact.personal?.aboutMe).toBe("Goalkeeper.");

    await settings.saveProfilePrivacy(ctx, owner, { ...current, contactInfo: 2 });
    expect((await profiles.viewProfile(ctx, viewer, owner.memberId)).contact).toBeNull();
    expect((await profiles.viewProfile(ctx, owner, owner.memberId)).contact?.email).toBe(owner.email);
    expect((await settings.getPrivacy(ctx, owner)).profile.contactInfo).toBe(2);
  });

  it("search visibility 2 hides the member from strangers' search at once; contacts still find them", async () => {
    const owner = await newMember("Sasha", "Hiddenname");
    const stranger = await newMember();
    const contact = await newMember();
    await makeContacts(owner, contact);
    const find = (viewer: Actor) => search.searchMembers(ctx, viewer, "hiddenname", 5).then((cards) => cards.map((c) => c.memberId));
    expect(await find(stranger)).toEqual([owner.memberId]);
    const flags = {
      viewProfilePicture: true,
      viewFriendsList: true,
      viewLinkToRequestAddingYouAsFriend: true,
      viewLinkToSendYouMsg: true,
      findableByAdults: false,
    };
    await settings.saveSearchPrivacy(ctx, owner, { visibility: 2, ...flags });
    expect(await find(stranger)).toEqual([]);
    expect(await find(contact)).toEqual([owner.memberId]);
    await settings.saveSearchPrivacy(ctx, owner, { visibility: 1, ...flags });
    expect(await find(stranger)).toEqual([owner.memberId]);
  });

  it("the view flags govern requests, contact lists, messaging and the picture for non-contacts", async () => {
    const owner = await newMember();
    const stranger = await newMember();
    await db.updateTable("member").set({ picturePath: "/uploads/owner.webp" }).where("id", "=", owner.memberId).execute();
    await settings.saveSearchPrivacy(ctx, owner, {
      visibility: 1,
      findableByAdults: false,
      viewProfilePicture: false,
      viewFriendsList: false,
      viewLinkToRequestAddingYouAsFriend: false,
      viewLinkToSendYouMsg: false,
    });
    await expectError(contacts.sendRequest(ctx, stranger, owner.memberId), ErrorCodes.Forbidden);
    await expectError(contacts.areContactsFor(ctx, stranger, owner.memberId, stranger.memberId + 1000), ErrorCodes.Forbidden);
    const rel = await contacts.relationship(ctx, stranger, owner.memberId);
    expect(rel).toMatchObject({ canRequest: false, canMessage: false });
    expect((await profiles.viewProfile(ctx, stranger, owner.memberId)).picturePath).not.toBe("/uploads/owner.webp");
    await settings.saveSearchPrivacy(ctx, owner, {
      visibility: 1,
      findableByAdults: false,
      viewProfilePicture: true,
      viewFriendsList: true,
      viewLinkToRequestAddingYouAsFriend: true,
      viewLinkToSendYouMsg: true,
    });
    expect(await contacts.relationship(ctx, stranger, owner.memberId)).toMatchObject({ canRequest: true, canMessage: true });
    expect((await profiles.viewProfile(ctx, stranger, owner.memberId)).picturePath).toBe("/uploads/owner.webp");
  });
});

describe("signed-in devices", () => {
  it("lists the member's own sessions with a readable device, the current one first, and opaque ids", async () => {
    const m = await newMember();
    const phone = await signInAgain(m, SAFARI_IPHONE);
    const stranger = await newMember();
    const list = await settings.listSessions(ctx, m);
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ current: true, device: "Chrome on Linux", browser: "Chrome", os: "Linux" });
    expect(list[1]).toMatchObject({ current: false, device: "Safari on iOS" });
    for (const s of list) {
      expect(s.id).toMatch(/^[0-9a-f]{32}$/);
      expect([m.sessionId, phone.sessionId, m.token, phone.token].some((secret) => secret.includes(s.id) || s.id.includes(secret))).toBe(
        false,
      );
      expect(Date.parse(s.createdAt)).not.toBeNaN();
      expect(Date.parse(s.lastSeenAt)).not.toBeNaN();
    }
    expect(JSON.stringify(list)).not.toContain(stranger.sessionId.slice(0, 16));
    // Expired sessions are not listed.
    await db
      .updateTable("session")
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where("id", "=", phone.sessionId)
      .execute();
    expect((await settings.listSessions(ctx, m)).map((s) => s.current)).toEqual([true]);
  });

  it("signs out one device of the member's own; another member's device is not found and stays", async () => {
    const m = await newMember();
    const phone = await signInAgain(m);
    const stranger = await newMember();
    const phoneId = (await settings.listSessions(ctx, m)).find((s) => !s.current)!.id;
    const strangerId = (await settings.listSessions(ctx, stranger))[0]!.id;
    await expectError(settings.signOutSession(ctx, m, strangerId), ErrorCodes.NotFound, texts.sessionNotFound);
    expect(await validateSessionToken(db, stranger.token)).not.toBeNull();
    expect(await settings.signOutSession(ctx, m, phoneId)).toEqual({ current: false });
    expect(await validateSessionToken(db, phone.token)).toBeNull();
    expect(await validateSessionToken(db, m.token)).not.toBeNull();
    await expectError(settings.signOutSession(ctx, m, phoneId), ErrorCodes.NotFound);
  });

  it("signing out the current device ends it", async () => {
    const m = await newMember();
    const currentId = (await settings.listSessions(ctx, m))[0]!.id;
    expect(await settings.signOutSession(ctx, m, currentId)).toEqual({ current: true });
    expect(await validateSessionToken(db, m.token)).toBeNull();
  });

  it("signs out everywhere else", async () => {
    const m = await newMember();
    const a = await signInAgain(m);
    const b = await signInAgain(m, CHROME_LINUX);
    const stranger = await newMember();
    expect(await settings.signOutOtherSessions(ctx, m)).toBe(2);
    expect(await validateSessionToken(db, a.token)).toBeNull();
    expect(await validateSessionToken(db, b.token)).toBeNull();
    expect(await validateSessionToken(db, m.token)).not.toBeNull();
    expect(await validateSessionToken(db, stranger.token)).not.toBeNull();
    expect(await settings.signOutOtherSessions(ctx, m)).toBe(0);
  });

  it("a restricted (reactivation) session may not use settings", async () => {
    const m = await newMember();
    await expectError(settings.getName(ctx, { ...m, scope: "reactivate" }), ErrorCodes.Forbidden);
    await expectError(settings.listSessions(ctx, { ...m, scope: "reactivate" }), ErrorCodes.Forbidden);
  });
});

describe("describeUserAgent", () => {
  it.each([
    [CHROME_LINUX, "Chrome on Linux"],
    [SAFARI_IPHONE, "Safari on iOS"],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0",
      "Edge on Windows",
    ],
    ["Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0", "Firefox on macOS"],
    [
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
      "Safari on macOS",
    ],
    [
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36",
      "Chrome on Android",
    ],
    [
      "Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
      "Chrome on ChromeOS",
    ],
    ["curl/8.5.0", "curl"],
    ["node", "Node.js"],
    ["", "Unknown device"],
    ["SomethingElse/1.0", "Unknown device"],
  ])("%s -> %s", (ua, device) => {
    expect(describeUserAgent(ua).device).toBe(device);
  });
});
