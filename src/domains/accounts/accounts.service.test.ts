import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type MailSink, registrationCodeOf, resetCodeOf, startMailSink } from "#support/mail-sink.ts";
import { everyRowAsText, isPostgresUrl } from "#support/pg.ts";
import { closeTestContext, openTestContext, TEST_PUBLIC_URL, type TestContext } from "#support/service-context.ts";
import type { DB } from "../../platform/db/client.ts";
import type { Database } from "../../platform/db/database.ts";
import { ErrorCodes } from "../../shared/errors.ts";
import { MemberStatus } from "../../shared/members.ts";
import { texts } from "../../shared/texts.ts";
import { serverTexts } from "../../shared/server-texts.ts";
import { MINUTE } from "../../platform/clock.ts";
import type { AppContext, RequestMeta } from "../../platform/context.ts";
import { sha256Hex } from "../../platform/crypto.ts";
import type { Mailer } from "../../platform/mailer.ts";
import { RATE_LIMIT_RULES } from "../../platform/rate-limit.ts";
import { freshLimiter } from "#support/limiter.ts";
import { birthDateError, type RegisterInput, registerInput } from "./accounts.schema.ts";
import * as accounts from "./accounts.service.ts";
import { validateSessionToken } from "./sessions.ts";

const PUBLIC_URL = TEST_PUBLIC_URL;
const meta: RequestMeta = { ip: "203.0.113.7", userAgent: "vitest" };

let dir: string;
let dbFile: string;
let db: DB;
let sink: MailSink;
let mailer: Mailer;
let ctx: AppContext;
let testContext: TestContext | undefined;

beforeAll(async () => {
  sink = await startMailSink();
  testContext = await openTestContext("accounts", { smtpUrl: sink.url });
  ({ ctx, db, dir, mailer } = testContext);
  dbFile = path.join(dir, "sideline.db");
});

afterAll(async () => {
  await closeTestContext(testContext);
  await sink?.close();
});

let seq = 0;
const uniqueEmail = (label: string) => `${label}-${++seq}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** Registration data as the form sends it, through the real schema. */
function registration(overrides: Partial<RegisterInput> = {}) {
  const password = overrides.password ?? `pw-${Math.random().toString(36).slice(2, 10)}`;
  return registerInput.parse({
    firstName: "Sam",
    lastName: "Keeper",
    email: uniqueEmail("svc"),
    password,
    confirmPwd: password,
    gender: "Male",
    month: "3",
    day: "9",
    year: "1990",
    profileType: "Coach",
    ...overrides,
  });
}

/** Registers, reads the confirmation mail and completes the registration. */
async function activeMember(overrides: Partial<RegisterInput> = {}) {
  const data = registration(overrides);
  expect(await accounts.register(ctx, data, meta)).toBe("NewEmail");
  await mailer.flush();
  const { code } = registrationCodeOf((await sink.waitForMail(data.email)).text);
  const done = await accounts.completeRegistration(ctx, { email: data.email, code }, meta);
  if (!done) throw new Error("completeRegistration failed");
  return { email: data.email, password: data.password, memberId: done.member.memberId, token: done.session.token };
}

async function memberRow(email: string) {
  return db.selectFrom("member").selectAll().where("email", "=", email).executeTakeFirstOrThrow();
}

async function sessionsOf(memberId: number) {
  return db.selectFrom("session").selectAll().where("memberId", "=", memberId).execute();
}

async function requestResetCode(email: string): Promise<string> {
  await accounts.requestPasswordReset(ctx, email, meta);
  await mailer.flush();
  return resetCodeOf((await sink.waitForMail(email, { subject: "Your Sideline password reset code" })).text);
}

describe("register", () => {
  it("creates an account awaiting confirmation and mails a complete-register link: NewEmail", async () => {
    const data = registration({ firstName: "Nia" });
    expect(await accounts.register(ctx, data, meta)).toBe("NewEmail");
    const row = await memberRow(data.email);
    expect(row.status).toBe(MemberStatus.AwaitingConfirmation);
    expect(row.birthDate).toBe("1990-03-09");
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);

    await mailer.flush();
    const mail = await sink.waitForMail(data.email);
    expect(mail.subject).toBe("Confirm your Sideline account");
    expect(mail.text).toContain("Hi Nia,");
    const { email, code, link } = registrationCodeOf(mail.text);
    expect(link.startsWith(`${PUBLIC_URL}/complete-register?`)).toBe(true);
    expect(email).toBe(data.email);
    expect(mail.html).toContain(code);
    const checked = await accounts.checkRegistrationCode(ctx, { email, code }, meta);
    expect(checked).toMatchObject({ email: data.email, status: MemberStatus.AwaitingConfirmation });
  });

  it("answers ExistingEmail for an active account and changes nothing", async () => {
    const m = await activeMember();
    const before = await memberRow(m.email);
    const again = registration({ email: m.email, password: "another-password" });
    expect(await accounts.register(ctx, again, meta)).toBe("ExistingEmail");
    await mailer.flush();
    expect(sink.messagesTo(m.email)).toHaveLength(1);
    expect(await memberRow(m.email)).toEqual(before);
    expect((await accounts.login(ctx, { email: m.email, password: m.password }, meta)).kind).toBe("active");
  });

  it("re-registering an unconfirmed address changes nothing of it and mails its owner another link", async () => {
    const first = registration();
    expect(await accounts.register(ctx, first, meta)).toBe("NewEmail");
    await mailer.flush();
    const oldCode = registrationCodeOf((await sink.waitForMail(first.email)).text).code;
    const before = await memberRow(first.email);

    const second = registration({ email: first.email, password: "newer-password", firstName: "Kim" });
    expect(await accounts.register(ctx, second, meta)).toBe("NewEmail");
    await mailer.flush();
    const newMail = await sink.waitForMail(first.email);
    expect(newMail.text).toContain("Hi Sam,");
    expect(newMail.text).toContain("the password of your first registration are kept");
    const newCode = registrationCodeOf(newMail.text).code;
    expect(newCode).not.toBe(oldCode);
    expect(await memberRow(first.email)).toEqual(before);

    // Both links work (a stranger's registration must not void the owner's); the first use ends the others.
    expect(await accounts.checkRegistrationCode(ctx, { email: first.email, code: oldCode }, meta)).not.toBeNull();
    const done = await accounts.completeRegistration(ctx, { email: first.email, code: newCode }, meta);
    expect(done?.member.firstName).toBe("Sam");
    expect(await accounts.completeRegistration(ctx, { email: first.email, code: oldCode }, meta)).toBeNull();
    // The first registration's password is the one that counts.
    expect((await accounts.login(ctx, { email: first.email, password: first.password }, meta)).kind).toBe("active");
    expect((await accounts.login(ctx, { email: first.email, password: "newer-password" }, meta)).kind).toBe("notfound");
  });

  it("rejects a birth date under 15 years in the schema", () => {
    const year = String(new Date().getUTCFullYear() - 10);
    const parsed = registerInput.safeParse({
      firstName: "Kid",
      lastName: "Young",
      email: uniqueEmail("young"),
      password: "secret1",
      confirmPwd: "secret1",
      gender: "Female",
      month: "1",
      day: "1",
      year,
      profileType: "Sports Fanatic",
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues).toContainEqual(expect.objectContaining({ path: ["birthDate"], message: texts.tooYoung }));
  });

  it("counts age in whole years: 15 on the birthday, not the day before", () => {
    expect(birthDateError("6", "15", "2010", new Date("2025-06-14T12:00:00Z"))).toBe(texts.tooYoung);
    expect(birthDateError("6", "15", "2010", new Date("2025-06-15T12:00:00Z"))).toBeNull();
    expect(birthDateError("2", "30", "1990")).toBe(texts.birthDateInvalid);
    expect(birthDateError("", "1", "1990")).toBe(texts.birthDateRequired);
  });
});

describe("completeRegistration", () => {
  it("activates the account and signs in, once", async () => {
    const data = registration();
    await accounts.register(ctx, data, meta);
    await mailer.flush();
    const { code } = registrationCodeOf((await sink.waitForMail(data.email)).text);

    const done = await accounts.completeRegistration(ctx, { email: data.email, code }, meta);
    expect(done?.member.status).toBe(MemberStatus.Active);
    expect((await memberRow(data.email)).status).toBe(MemberStatus.Active);
    const valid = await validateSessionToken(db, done!.session.token);
    expect(valid?.actor).toMatchObject({ memberId: done!.member.memberId, scope: "full" });

    expect(await accounts.completeRegistration(ctx, { email: data.email, code }, meta)).toBeNull();
    expect(await accounts.checkRegistrationCode(ctx, { email: data.email, code }, meta)).toBeNull();
  });

  it("refuses a code with another e-mail address and leaves it usable", async () => {
    const data = registration();
    await accounts.register(ctx, data, meta);
    await mailer.flush();
    const { code } = registrationCodeOf((await sink.waitForMail(data.email)).text);
    expect(await accounts.completeRegistration(ctx, { email: uniqueEmail("other"), code }, meta)).toBeNull();
    expect((await memberRow(data.email)).status).toBe(MemberStatus.AwaitingConfirmation);
    expect(await accounts.completeRegistration(ctx, { email: data.email, code }, meta)).not.toBeNull();
  });
});

describe("login", () => {
  it("signs an active member in with a full session", async () => {
    const m = await activeMember();
    const outcome = await accounts.login(ctx, { email: m.email, password: m.password }, meta);
    expect(outcome.kind).toBe("active");
    if (outcome.kind !== "active") return;
    expect(outcome.member).toMatchObject({ memberId: m.memberId, email: m.email, name: "Sam Keeper", title: "Coach", status: 2 });
    const valid = await validateSessionToken(db, outcome.session.token);
    expect(valid?.actor).toEqual({
      memberId: m.memberId,
      sessionId: sha256Hex(outcome.session.token),
      scope: "full",
      role: "member",
      // Read with the session, for the minors' rules (decision 051).
      birthDate: (await memberRow(m.email)).birthDate,
    });
  });

  it("answers notfound for a wrong password, an unknown e-mail and an unconfirmed account, with no session", async () => {
    const m = await activeMember();
    const unconfirmed = registration();
    await accounts.register(ctx, unconfirmed, meta);
    const unconfirmedId = (await memberRow(unconfirmed.email)).id;
    const sessionsBefore = (await sessionsOf(m.memberId)).length;

    expect(await accounts.login(ctx, { email: m.email, password: m.password + "x" }, meta)).toEqual({ kind: "notfound" });
    expect(await accounts.login(ctx, { email: uniqueEmail("nobody"), password: m.password }, meta)).toEqual({ kind: "notfound" });
    expect(await accounts.login(ctx, { email: unconfirmed.email, password: unconfirmed.password }, meta)).toEqual({ kind: "notfound" });

    expect(await sessionsOf(m.memberId)).toHaveLength(sessionsBefore);
    expect(await sessionsOf(unconfirmedId)).toHaveLength(0);
  });

  it("answers deactivated for a deactivated account: no session unless a reactivation token is asked for", async () => {
    const m = await activeMember();
    const actor = (await validateSessionToken(db, m.token))!.actor;
    await accounts.setMemberStatus(ctx, actor, m.memberId, MemberStatus.Deactivated);

    const plain = await accounts.login(ctx, { email: m.email, password: m.password }, meta);
    expect(plain.kind).toBe("deactivated");
    expect(plain.kind === "deactivated" && plain.session).toBeUndefined();
    expect(await sessionsOf(m.memberId)).toHaveLength(0);

    const withToken = await accounts.login(ctx, { email: m.email, password: m.password }, meta, { reactivationToken: true });
    expect(withToken.kind).toBe("deactivated");
    if (withToken.kind !== "deactivated") return;
    expect(withToken.member.status).toBe(MemberStatus.Deactivated);
    const valid = await validateSessionToken(db, withToken.session!.token);
    expect(valid?.actor.scope).toBe("reactivate");
    expect(await accounts.currentMember(ctx, valid!.actor)).toBeNull();
  });
});

describe("password reset", () => {
  it("gives the same answer for an unknown e-mail and sends no mail", async () => {
    const unknown = uniqueEmail("ghost");
    const codesBefore = await db.selectFrom("oneTimeCode").select("id").execute();
    await expect(accounts.requestPasswordReset(ctx, unknown, meta)).resolves.toBeUndefined();
    await mailer.flush();
    expect(sink.messagesTo(unknown)).toHaveLength(0);
    expect(await db.selectFrom("oneTimeCode").select("id").execute()).toHaveLength(codesBefore.length);
  });

  it("mails a code that works once, then the new password is the only one", async () => {
    const m = await activeMember();
    const code = await requestResetCode(m.email);
    expect(await accounts.isResetCodeExpired(ctx, code, meta)).toBe(false);
    expect(await accounts.changePasswordWithCode(ctx, { email: m.email, code, password: "brand-new-pw" }, meta)).toBe(true);

    expect(await accounts.isResetCodeExpired(ctx, code, meta)).toBe(true);
    expect(await accounts.changePasswordWithCode(ctx, { email: m.email, code, password: "third-pw" }, meta)).toBe(false);
    expect((await accounts.login(ctx, { email: m.email, password: "brand-new-pw" }, meta)).kind).toBe("active");
    expect((await accounts.login(ctx, { email: m.email, password: m.password }, meta)).kind).toBe("notfound");
    expect((await accounts.login(ctx, { email: m.email, password: "third-pw" }, meta)).kind).toBe("notfound");

    await mailer.flush();
    const notice = await sink.waitForMail(m.email, { subject: "Your Sideline password was changed" });
    expect(notice.text).toContain("signed out");
  });

  it("refuses an expired code and leaves the password as it was", async () => {
    const m = await activeMember();
    const code = await requestResetCode(m.email);
    const past = new Date(Date.now() - MINUTE).toISOString();
    const updated = await db.updateTable("oneTimeCode").set({ expiresAt: past }).where("codeHash", "=", sha256Hex(code)).executeTakeFirst();
    expect(Number(updated.numUpdatedRows)).toBe(1);

    expect(await accounts.isResetCodeExpired(ctx, code, meta)).toBe(true);
    expect(await accounts.changePasswordWithCode(ctx, { email: m.email, code, password: "too-late-pw" }, meta)).toBe(false);
    expect((await accounts.login(ctx, { email: m.email, password: m.password }, meta)).kind).toBe("active");
    expect((await accounts.login(ctx, { email: m.email, password: "too-late-pw" }, meta)).kind).toBe("notfound");
  });

  it("ends every session of the member", async () => {
    const m = await activeMember();
    const second = await accounts.login(ctx, { email: m.email, password: m.password }, meta);
    if (second.kind !== "active") throw new Error("login failed");
    expect(await sessionsOf(m.memberId)).toHaveLength(2);

    const code = await requestResetCode(m.email);
    expect(await accounts.changePasswordWithCode(ctx, { email: m.email, code, password: "after-reset" }, meta)).toBe(true);
    expect(await sessionsOf(m.memberId)).toHaveLength(0);
    expect(await validateSessionToken(db, m.token)).toBeNull();
    expect(await validateSessionToken(db, second.session.token)).toBeNull();
  });

  it("refuses a right code with the wrong e-mail, and the code still works for its own address", async () => {
    const m = await activeMember();
    const other = await activeMember();
    const code = await requestResetCode(m.email);
    expect(await accounts.changePasswordWithCode(ctx, { email: other.email, code, password: "hijacked" }, meta)).toBe(false);
    expect((await accounts.login(ctx, { email: other.email, password: other.password }, meta)).kind).toBe("active");
    expect(await accounts.isResetCodeExpired(ctx, code, meta)).toBe(false);
    expect(await accounts.changePasswordWithCode(ctx, { email: m.email, code, password: "mine-again" }, meta)).toBe(true);
  });

  it("keeps earlier codes working when a new one is asked for, at most the newest three", async () => {
    const m = await activeMember();
    const codes: string[] = [];
    for (let i = 0; i < 4; i++) codes.push(await requestResetCode(m.email));
    expect(new Set(codes).size).toBe(4);
    expect(accounts.MAX_LIVE_CODES).toBe(3);
    expect(await accounts.isResetCodeExpired(ctx, codes[0]!, meta)).toBe(true);
    for (const code of codes.slice(1)) expect(await accounts.isResetCodeExpired(ctx, code, meta)).toBe(false);
    // Using one voids the others.
    expect(await accounts.changePasswordWithCode(ctx, { email: m.email, code: codes[2]!, password: "chosen-pw" }, meta)).toBe(true);
    for (const code of codes) expect(await accounts.isResetCodeExpired(ctx, code, meta)).toBe(true);
  });

  it("sends an unconfirmed account its confirmation link again instead of a reset code", async () => {
    const data = registration();
    await accounts.register(ctx, data, meta);
    await mailer.flush();
    await sink.waitForMail(data.email);
    await accounts.requestPasswordReset(ctx, data.email, meta);
    await mailer.flush();
    const mail = await sink.waitForMail(data.email);
    expect(mail.subject).toBe("Confirm your Sideline account");
    const { code } = registrationCodeOf(mail.text);
    expect(await accounts.completeRegistration(ctx, { email: data.email, code }, meta)).not.toBeNull();
  });
});

describe("setMemberStatus", () => {
  it("refuses another member's id with FORBIDDEN and changes nothing", async () => {
    const a = await activeMember();
    const b = await activeMember();
    const actor = (await validateSessionToken(db, a.token))!.actor;
    await expect(accounts.setMemberStatus(ctx, actor, b.memberId, MemberStatus.Deactivated)).rejects.toMatchObject({
      name: "DomainError",
      code: ErrorCodes.Forbidden,
    });
    expect((await memberRow(b.email)).status).toBe(MemberStatus.Active);
    expect(await validateSessionToken(db, b.token)).not.toBeNull();
  });

  it("3 deactivates and ends every session", async () => {
    const m = await activeMember();
    const second = await accounts.login(ctx, { email: m.email, password: m.password }, meta);
    if (second.kind !== "active") throw new Error("login failed");
    const actor = (await validateSessionToken(db, m.token))!.actor;

    await accounts.setMemberStatus(ctx, actor, m.memberId, MemberStatus.Deactivated);
    expect((await memberRow(m.email)).status).toBe(MemberStatus.Deactivated);
    expect(await sessionsOf(m.memberId)).toHaveLength(0);
    expect(await validateSessionToken(db, m.token)).toBeNull();
    expect(await validateSessionToken(db, second.session.token)).toBeNull();
  });

  it("2 with the reactivate session of a deactivated login upgrades it to full and greets the member back", async () => {
    const m = await activeMember();
    await accounts.setMemberStatus(ctx, (await validateSessionToken(db, m.token))!.actor, m.memberId, MemberStatus.Deactivated);
    const outcome = await accounts.login(ctx, { email: m.email, password: m.password }, meta, { reactivationToken: true });
    if (outcome.kind !== "deactivated" || !outcome.session) throw new Error("expected a reactivation token");
    const restricted = (await validateSessionToken(db, outcome.session.token))!.actor;
    expect(restricted.scope).toBe("reactivate");

    // The restricted session cannot deactivate again.
    await expect(accounts.setMemberStatus(ctx, restricted, m.memberId, MemberStatus.Deactivated)).rejects.toMatchObject({
      code: ErrorCodes.Forbidden,
    });

    await accounts.setMemberStatus(ctx, restricted, m.memberId, MemberStatus.Active);
    const row = await memberRow(m.email);
    expect(row.status).toBe(MemberStatus.Active);
    expect(row.welcomeBackPending).toBe(1);
    const session = await db.selectFrom("session").selectAll().where("id", "=", outcome.session.sessionId).executeTakeFirstOrThrow();
    expect(session.scope).toBe("full");
    expect(Date.parse(session.expiresAt) - Date.now()).toBeGreaterThan(29 * 24 * 60 * MINUTE);

    const upgraded = await validateSessionToken(db, outcome.session.token);
    expect(upgraded?.actor.scope).toBe("full");
    expect(await accounts.currentMember(ctx, upgraded!.actor)).toMatchObject({ memberId: m.memberId, welcomeBackPending: true });
    await accounts.dismissWelcomeBack(ctx, upgraded!.actor);
    expect((await memberRow(m.email)).welcomeBackPending).toBe(0);
  });
});

describe("sign-in and mail limits", () => {
  it("with limits on, the 11th login attempt from one client address is refused with RATE_LIMITED", async () => {
    const limited: AppContext = { ...ctx, limiter: await freshLimiter(db) };
    expect(RATE_LIMIT_RULES.login.max).toBe(10);
    const members = [await activeMember(), await activeMember(), await activeMember()];
    // Four failures each for three accounts: under each account's limit, over the address's.
    const kinds: string[] = [];
    for (let i = 0; i < 10; i++) {
      const m = members[i % 3]!;
      kinds.push((await accounts.login(limited, { email: m.email, password: `wrong-${i}` }, meta)).kind);
    }
    expect(kinds).toEqual(Array(10).fill("notfound"));
    await expect(accounts.login(limited, { email: members[0]!.email, password: members[0]!.password }, meta)).rejects.toMatchObject({
      code: ErrorCodes.RateLimited,
      message: serverTexts.tooManyRequests,
    });
    // The refusal is keyed by address: the member gets in from another one.
    const elsewhere = { ip: "198.51.100.9", userAgent: "vitest" };
    expect((await accounts.login(limited, { email: members[0]!.email, password: members[0]!.password }, elsewhere)).kind).toBe("active");
  });

  it("five failures for one account from one address shut that address out of it; others and a reset get in", async () => {
    const limited: AppContext = { ...ctx, limiter: await freshLimiter(db) };
    const m = await activeMember();
    for (let i = 0; i < 5; i++)
      expect((await accounts.login(limited, { email: m.email, password: `wrong-${i}` }, meta)).kind).toBe("notfound");
    for (const password of ["wrong-5", m.password]) {
      await expect(accounts.login(limited, { email: m.email, password }, meta)).rejects.toMatchObject({ message: texts.loginThrottled });
    }
    await expect(accounts.reactivate(limited, { email: m.email, password: m.password }, meta)).rejects.toMatchObject({
      message: texts.loginThrottled,
    });
    expect(
      (await accounts.login(limited, { email: m.email, password: m.password }, { ip: "198.51.100.10", userAgent: "vitest" })).kind,
    ).toBe("active");
    // A password reset from the shut-out address proves the owner: it may sign in again.
    await accounts.requestPasswordReset(limited, m.email, meta);
    await mailer.flush();
    const code = resetCodeOf((await sink.waitForMail(m.email, { subject: "Your Sideline password reset code" })).text);
    expect(await accounts.changePasswordWithCode(limited, { email: m.email, code, password: "after-lockout" }, meta)).toBe(true);
    expect((await accounts.login(limited, { email: m.email, password: "after-lockout" }, meta)).kind).toBe("active");
  });

  it("a full per-account mail cap sends nothing and answers as usual; the earlier codes still work", async () => {
    const limited: AppContext = { ...ctx, limiter: await freshLimiter(db) };
    const m = await activeMember();
    const strangers = (i: number): RequestMeta => ({ ip: `192.0.2.${i}`, userAgent: "vitest" });
    for (let i = 0; i < 5; i++) await expect(accounts.requestPasswordReset(limited, m.email, strangers(i))).resolves.toBeUndefined();
    await mailer.flush();
    const resets = () => sink.messagesTo(m.email).filter((mail) => mail.subject === "Your Sideline password reset code");
    expect(resets()).toHaveLength(RATE_LIMIT_RULES.accountMail.max);
    for (const mail of resets()) expect(await accounts.isResetCodeExpired(ctx, resetCodeOf(mail.text), meta)).toBe(false);
    for (let i = 0; i < RATE_LIMIT_RULES.accountMail.max; i++)
      await sink.waitForMail(m.email, { subject: "Your Sideline password reset code" });
  });
});

describe("stored secrets", () => {
  it("keeps codes and tokens only as SHA-256, and passwords only as Argon2id", async () => {
    const data = registration({ password: "Plain-Password-7731" });
    await accounts.register(ctx, data, meta);
    await mailer.flush();
    const { code: registrationCode } = registrationCodeOf((await sink.waitForMail(data.email)).text);
    const done = await accounts.completeRegistration(ctx, { email: data.email, code: registrationCode }, meta);
    const login = await accounts.login(ctx, { email: data.email, password: data.password }, meta);
    if (!done || login.kind !== "active") throw new Error("setup failed");
    const resetCode = await requestResetCode(data.email);
    const reactivation = await activeMember();
    await accounts.setMemberStatus(ctx, (await validateSessionToken(db, reactivation.token))!.actor, reactivation.memberId, 3);
    const restricted = await accounts.login(ctx, { email: reactivation.email, password: reactivation.password }, meta, {
      reactivationToken: true,
    });
    if (restricted.kind !== "deactivated" || !restricted.session) throw new Error("setup failed");

    const hashed = [registrationCode, resetCode, done.session.token, login.session.token, restricted.session.token];
    const secrets = [...hashed, data.password, reactivation.password];

    const tables: (keyof Database)[] = ["member", "session", "oneTimeCode", "clientLog"];
    let dump = "";
    for (const table of tables) dump += JSON.stringify(await db.selectFrom(table).selectAll().execute());
    for (const secret of secrets) expect(dump).not.toContain(secret);
    for (const value of hashed) expect(dump).toContain(sha256Hex(value));

    // The bytes on disk too (the main file and the write-ahead log); on PostgreSQL, every row of every table.
    const stored = isPostgresUrl(testContext!.database)
      ? [Buffer.from(await everyRowAsText(testContext!.database))]
      : [dbFile, `${dbFile}-wal`].filter((file) => existsSync(file)).map((file) => readFileSync(file));
    expect(stored.length).toBeGreaterThan(0);
    for (const bytes of stored) for (const secret of secrets) expect(bytes.includes(Buffer.from(secret))).toBe(false);
  });
});
