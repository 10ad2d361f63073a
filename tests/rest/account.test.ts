/**
 * Contract tests of the legacy account actions (rest-api.md: account/*, member/* account actions,
 * common/Logs) over HTTP against the real Bun server, its SQLite file and a real SMTP peer.
 */
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { texts } from "../../src/shared/texts.ts";
import { firstLink, registrationCodeOf, resetCodeOf } from "#support/mail-sink.ts";
import { bearer, type LoginResult, qs, type RegisteredMember, registerAndConfirm, registrationBody, uniqueEmail } from "#support/server.ts";
import { serverHarness } from "#support/harness.ts";

const h = serverHarness();

/** Every password, code and token this file used: none may appear in the server's output. */
const secrets = new Set<string>();
const keep = (...values: string[]) => values.forEach((v) => v && secrets.add(v));

const EMPTY_LOGIN: LoginResult = {
  memberID: "",
  currentStatus: "",
  email: "",
  title: "",
  name: "",
  accessToken: "",
  picturePath: "",
  expiredDate: "",
};
const LOGIN_KEYS = Object.keys(EMPTY_LOGIN).sort();
const TOKEN = /^[a-z2-7]{32}$/;
const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

async function member(overrides: Record<string, string> = {}): Promise<RegisteredMember> {
  const m = await registerAndConfirm(h.server.baseUrl, h.sink, overrides);
  keep(m.password, m.accessToken);
  return m;
}

const login = (email: string, password: string) => h.c.post("/api/account/login", { body: { email, password } });

/** A call that needs a full session and, for an active member, changes nothing: its HTTP status. */
async function sessionCheck(token: string, memberId: number): Promise<number> {
  return (await h.c.get(`/api/member/SetMemberStatus${qs({ memberId, status: 2 })}`, { headers: bearer(token) })).status;
}

const setStatus = (token: string, memberId: number | string, status: number | string) =>
  h.c.get(`/api/member/SetMemberStatus${qs({ memberId, status })}`, { headers: bearer(token) });

/** Asks for a reset through the endpoint and reads the code from the mail. */
async function resetCodeFor(email: string, path = "/api/member/ResetPassword"): Promise<string> {
  const res = await h.c.get(`${path}${qs({ email })}`);
  expect(res.status).toBe(200);
  const code = resetCodeOf((await h.sink.waitForMail(email, { subject: "Your Sideline password reset code" })).text);
  keep(code);
  return code;
}

function expectBadInput(res: { status: number; json: any; headers: Headers }, message?: string) {
  expect(res.status).toBe(400);
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  expect(typeof res.json?.message).toBe("string");
  expect(res.json.message.length).toBeGreaterThan(0);
  if (message) expect(res.json.message).toContain(message);
}

const memberCount = (email: string) => h.db.value<number>("select count(*) from member where email = ?", email);
const sessionCount = (memberId: number) => h.db.value<number>("select count(*) from session where member_id = ?", memberId);

describe("account/login", () => {
  it("answers the login result of an active member", async () => {
    const m = await member({ firstName: "Jo", lastName: "Striker", profileType: "Scout" });
    const res = await login(m.email, m.password);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(Object.keys(res.json).sort()).toEqual(LOGIN_KEYS);
    const result = res.json as LoginResult;
    keep(result.accessToken);
    expect(result).toMatchObject({
      memberID: String(m.memberId),
      currentStatus: "2",
      email: m.email,
      title: "Scout",
      name: "Jo Striker",
    });
    expect(result.accessToken).toMatch(TOKEN);
    expect(result.accessToken).not.toBe(m.accessToken);
    expect(result.picturePath).not.toBe("");
    expect(Date.parse(result.expiredDate)).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    expect(await sessionCheck(result.accessToken, m.memberId)).toBe(200);
  });

  it("matches the e-mail address whatever its case and surrounding spaces", async () => {
    const m = await member();
    const res = await login(`  ${m.email.toUpperCase()} `, m.password);
    expect(res.json.memberID).toBe(String(m.memberId));
    keep(res.json.accessToken);
  });

  it("answers the empty login result for a wrong password, an unknown e-mail and an unconfirmed account", async () => {
    const m = await member();
    const unconfirmed = registrationBody();
    keep(unconfirmed.password);
    expect((await h.c.post("/api/account/register", { body: unconfirmed })).text).toBe("NewEmail");
    await h.sink.waitForMail(unconfirmed.email);
    const before = await sessionCount(m.memberId);

    for (const [email, password] of [
      [m.email, `${m.password}x`],
      [uniqueEmail("nobody"), m.password],
      [unconfirmed.email, unconfirmed.password],
    ] as const) {
      const res = await login(email, password);
      expect(res.status).toBe(200);
      expect(res.json).toEqual(EMPTY_LOGIN);
    }
    expect(await sessionCount(m.memberId)).toBe(before);
    expect(
      await h.db.value("select count(*) from session s join member m on m.id = s.member_id where m.email = ?", unconfirmed.email),
    ).toBe(0);
  });

  it("gives a deactivated account status 3 and a token that can only reactivate", async () => {
    const m = await member();
    expect((await setStatus(m.accessToken, m.memberId, 3)).status).toBe(200);

    const res = await login(m.email, m.password);
    expect(res.status).toBe(200);
    expect(Object.keys(res.json).sort()).toEqual(LOGIN_KEYS);
    const restricted = res.json as LoginResult;
    keep(restricted.accessToken);
    expect(restricted).toMatchObject({ memberID: String(m.memberId), currentStatus: "3", email: m.email });
    expect(restricted.accessToken).toMatch(TOKEN);

    // Anything but reactivation is refused with 403.
    const refresh = await h.c.post(`/api/account/refreshLogin${qs({ accessToken: restricted.accessToken })}`);
    expect(refresh.status).toBe(403);
    expect(typeof refresh.json.message).toBe("string");
    expect((await setStatus(restricted.accessToken, m.memberId, 3)).status).toBe(403);
    expect(await h.db.value("select status from member where id = ?", m.memberId)).toBe(3);

    const reactivated = await setStatus(restricted.accessToken, m.memberId, 2);
    expect(reactivated.status).toBe(200);
    expect(reactivated.json).toEqual({ memberID: String(m.memberId), currentStatus: "2" });
    // The same token is now a full session.
    expect(await sessionCheck(restricted.accessToken, m.memberId)).toBe(200);
    const refreshed = await h.c.post(`/api/account/refreshLogin${qs({ accessToken: restricted.accessToken })}`);
    expect(refreshed.status).toBe(200);
    expect(refreshed.json.currentStatus).toBe("2");
    keep(refreshed.json.accessToken);
    expect((await login(m.email, m.password)).json.currentStatus).toBe("2");
  });

  it("answers 400 with a message for a missing password or a malformed e-mail", async () => {
    expectBadInput(await h.c.post("/api/account/login", { body: { email: uniqueEmail() } }), texts.passwordRequired);
    expectBadInput(await login("not-an-email", "secret"), texts.validEmailRequired);
    expectBadInput(await h.c.post("/api/account/login", { rawBody: "{not json", headers: { "Content-Type": "application/json" } }));
  });

  it("answers only POST", async () => {
    const res = await h.c.get(`/api/account/login${qs({ email: uniqueEmail(), password: "secret" })}`);
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("POST");
  });
});

describe("account/loginNewRegisteredUser", () => {
  it("confirms the account with the mailed code and signs in, once", async () => {
    const body = registrationBody({ firstName: "Rae" });
    keep(body.password);
    expect((await h.c.post("/api/account/register", { body })).text).toBe("NewEmail");
    const { code, email } = registrationCodeOf((await h.sink.waitForMail(body.email)).text);
    keep(code);
    expect(await h.db.value("select status from member where email = ?", body.email)).toBe(1);

    const res = await h.c.post("/api/account/loginNewRegisteredUser", { body: { email, code } });
    expect(res.status).toBe(200);
    expect(Object.keys(res.json).sort()).toEqual(LOGIN_KEYS);
    expect(res.json).toMatchObject({ currentStatus: "2", email: body.email, name: "Rae Runner" });
    expect(res.json.accessToken).toMatch(TOKEN);
    keep(res.json.accessToken);
    expect(await h.db.value("select status from member where email = ?", body.email)).toBe(2);
    expect(await sessionCheck(res.json.accessToken, Number(res.json.memberID))).toBe(200);

    const again = await h.c.post("/api/account/loginNewRegisteredUser", { body: { email, code } });
    expect(again.status).toBe(200);
    expect(again.json).toEqual(EMPTY_LOGIN);
  });

  it("answers the empty login result for a wrong code or another address, and the code stays usable", async () => {
    const body = registrationBody();
    keep(body.password);
    await h.c.post("/api/account/register", { body });
    const { code } = registrationCodeOf((await h.sink.waitForMail(body.email)).text);
    keep(code);

    expect((await h.c.post("/api/account/loginNewRegisteredUser", { body: { email: body.email, code: "x".repeat(32) } })).json).toEqual(
      EMPTY_LOGIN,
    );
    expect((await h.c.post("/api/account/loginNewRegisteredUser", { body: { email: uniqueEmail(), code } })).json).toEqual(EMPTY_LOGIN);
    expect(await h.db.value("select status from member where email = ?", body.email)).toBe(1);

    const res = await h.c.post("/api/account/loginNewRegisteredUser", { body: { email: body.email, code } });
    expect(res.json.currentStatus).toBe("2");
    keep(res.json.accessToken);
  });

  it("answers 400 when the code is missing", async () => {
    expectBadInput(await h.c.post("/api/account/loginNewRegisteredUser", { body: { email: uniqueEmail() } }));
  });
});

describe("account/refreshLogin", () => {
  it("answers the login result with a fresh token; the old one stops working", async () => {
    const m = await member();
    // Legacy clients send Content-Type: application/json with no body.
    const res = await h.c.post(`/api/account/refreshLogin${qs({ accessToken: m.accessToken })}`, {
      headers: { "Content-Type": "application/json" },
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.json).sort()).toEqual(LOGIN_KEYS);
    expect(res.json).toMatchObject({ memberID: String(m.memberId), currentStatus: "2", email: m.email });
    const fresh = res.json.accessToken as string;
    keep(fresh);
    expect(fresh).toMatch(TOKEN);
    expect(fresh).not.toBe(m.accessToken);

    expect(await sessionCheck(m.accessToken, m.memberId)).toBe(401);
    expect(await sessionCheck(fresh, m.memberId)).toBe(200);
    const reuse = await h.c.post(`/api/account/refreshLogin${qs({ accessToken: m.accessToken })}`);
    expect(reuse.status).toBe(401);
    expect(typeof reuse.json.message).toBe("string");
  });

  it("answers 401 for an unknown token and 400 without one", async () => {
    expect((await h.c.post(`/api/account/refreshLogin${qs({ accessToken: "a".repeat(32) })}`)).status).toBe(401);
    expectBadInput(await h.c.post("/api/account/refreshLogin"));
  });
});

describe("account/register", () => {
  it("answers NewEmail as text and mails a complete-register link", async () => {
    const body = registrationBody({ firstName: "Lee" });
    keep(body.password);
    const res = await h.c.post("/api/account/register", { body });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(res.text).toBe("NewEmail");

    const mail = await h.sink.waitForMail(body.email);
    expect(mail.subject).toBe("Confirm your Sideline account");
    expect(mail.text).toContain("Hi Lee,");
    const { link, email, code } = registrationCodeOf(mail.text);
    keep(code);
    expect(link.startsWith(`${h.server.baseUrl}/complete-register?`)).toBe(true);
    expect(email).toBe(body.email);
    const row = await h.db.rows("select status, gender, birth_date, profile_type from member where email = ?", body.email);
    expect(row).toEqual([{ status: 1, gender: "Female", birth_date: "1995-05-17", profile_type: "Athlete (Amateur)" }]);
  });

  it("answers ExistingEmail for an address with an account and sends nothing", async () => {
    const m = await member();
    const res = await h.c.post("/api/account/register", { body: registrationBody({ email: m.email, password: "other-pass" }) });
    expect(res.status).toBe(200);
    expect(res.text).toBe("ExistingEmail");
    expect((await login(m.email, m.password)).json.currentStatus).toBe("2");
    expect(await h.db.value("select count(*) from one_time_code c join member m on m.id = c.member_id where m.email = ?", m.email)).toBe(1);
  });

  it("re-registering an unconfirmed address mails another link and changes nothing of the first registration", async () => {
    const first = registrationBody();
    keep(first.password);
    await h.c.post("/api/account/register", { body: first });
    const oldCode = registrationCodeOf((await h.sink.waitForMail(first.email)).text).code;
    const res = await h.c.post("/api/account/register", { body: { ...first, firstName: "Again" } });
    expect(res.text).toBe("NewEmail");
    const newCode = registrationCodeOf((await h.sink.waitForMail(first.email)).text).code;
    keep(oldCode, newCode);
    expect(await memberCount(first.email)).toBe(1);
    const done = await h.c.post("/api/account/loginNewRegisteredUser", { body: { email: first.email, code: newCode } });
    expect(done.json).toMatchObject({ currentStatus: "2", name: "Alex Runner" });
    keep(done.json.accessToken);
    // Once confirmed, the other link has nothing left to do.
    expect((await h.c.post("/api/account/loginNewRegisteredUser", { body: { email: first.email, code: oldCode } })).json).toEqual(
      EMPTY_LOGIN,
    );
  });

  it.each([
    ["a missing last name", (b: Record<string, string>) => ({ ...b, lastName: undefined }), texts.lastNameIsRequired],
    ["a malformed e-mail", (b: Record<string, string>) => ({ ...b, email: "runner.example.com" }), texts.validEmailRequired],
    [
      "a password under 5 characters",
      (b: Record<string, string>) => ({ ...b, password: "abcd", confirmPwd: "abcd" }),
      texts.passwordMinRegister,
    ],
    ["a different confirmation", (b: Record<string, string>) => ({ ...b, confirmPwd: `${b.password}!` }), texts.reEnterMustMatch],
    ["an unknown gender", (b: Record<string, string>) => ({ ...b, gender: "Robot" }), texts.genderRequired],
    ["an unknown profile type", (b: Record<string, string>) => ({ ...b, profileType: "Mascot" }), texts.profileTypeRequired],
    [
      "a birth date under 15 years",
      (b: Record<string, string>) => ({ ...b, year: String(new Date().getUTCFullYear() - 14) }),
      texts.tooYoung,
    ],
    ["a day that does not exist", (b: Record<string, string>) => ({ ...b, month: "2", day: "30" }), texts.birthDateInvalid],
  ])("answers 400 for %s and writes nothing", async (_label, change, message) => {
    const body: Record<string, string | undefined> = change(registrationBody());
    const email = body.email ?? "";
    const res = await h.c.post("/api/account/register", { body });
    expectBadInput(res, message);
    expect(await memberCount(email)).toBe(0);
  });

  it("answers 400 for a body that is not JSON", async () => {
    expectBadInput(await h.c.post("/api/account/register", { rawBody: "firstName=Al", headers: { "Content-Type": "application/json" } }));
  });
});

describe("account/AuthenticateUser", () => {
  it("answers the login result for the e-mail and pwd of the query", async () => {
    const m = await member();
    const res = await h.c.get(
      `/api/account/AuthenticateUser${qs({ email: m.email, pwd: m.password, rememberMe: "true", screen: "login" })}`,
      {
        headers: { "Content-Type": "application/json" },
      },
    );
    expect(res.status).toBe(200);
    expect(Object.keys(res.json).sort()).toEqual(LOGIN_KEYS);
    expect(res.json).toMatchObject({ memberID: String(m.memberId), currentStatus: "2", email: m.email });
    expect(res.json.accessToken).toMatch(TOKEN);
    keep(res.json.accessToken);
    expect(await sessionCheck(res.json.accessToken, m.memberId)).toBe(200);
  });

  it("answers the empty login result for a wrong pwd and 400 without one", async () => {
    const m = await member();
    expect((await h.c.get(`/api/account/AuthenticateUser${qs({ email: m.email, pwd: "wrong-one", rememberMe: "false" })}`)).json).toEqual(
      EMPTY_LOGIN,
    );
    expectBadInput(await h.c.get(`/api/account/AuthenticateUser${qs({ email: m.email })}`), texts.passwordRequired);
  });
});

describe("member/ResetPassword", () => {
  it("mails a reset code, and answers an unknown address exactly the same without writing a code", async () => {
    const m = await member();
    const known = await h.c.get(`/api/member/ResetPassword${qs({ email: m.email })}`);
    const mail = await h.sink.waitForMail(m.email, { subject: "Your Sideline password reset code" });
    const code = resetCodeOf(mail.text);
    keep(code);
    expect(firstLink(mail.text)).toBe(`${h.server.baseUrl}/resetpwd?email=${encodeURIComponent(m.email)}&code=${code}`);

    const codesBefore = await h.db.value<number>("select count(*) from one_time_code");
    const unknown = await h.c.get(`/api/member/ResetPassword${qs({ email: uniqueEmail("ghost") })}`);
    expect(unknown.status).toBe(known.status);
    expect(unknown.text).toBe(known.text);
    expect(unknown.headers.get("content-type")).toBe(known.headers.get("content-type"));
    expect(known.status).toBe(200);
    expect(await h.db.value("select count(*) from one_time_code")).toBe(codesBefore);
  });

  it("is also served as account/ResetPassword", async () => {
    const m = await member();
    const code = await resetCodeFor(m.email, "/api/account/ResetPassword");
    expect((await h.c.get(`/api/member/IsResetCodeExpired${qs({ code })}`)).text).toBe("no");
  });

  it("answers 400 for a malformed or missing e-mail", async () => {
    expectBadInput(await h.c.get(`/api/member/ResetPassword${qs({ email: "nobody@" })}`), texts.validEmailRequired);
    expectBadInput(await h.c.get("/api/member/ResetPassword"), texts.validEmailRequired);
  });
});

describe("member/IsResetCodeExpired", () => {
  it("answers no for a live code (any case) and yes once it is used, unknown or expired", async () => {
    const m = await member();
    const code = await resetCodeFor(m.email);
    const ask = async (value: string, path = "/api/member/IsResetCodeExpired") => {
      const res = await h.c.get(`${path}${qs({ code: value })}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
      return res.text;
    };
    expect(await ask(code)).toBe("no");
    expect(await ask(code.toLowerCase())).toBe("no");
    expect(await ask(code, "/api/account/IsResetCodeExpired")).toBe("no");
    expect(await ask("ZZZZZZZZ")).toBe("yes");

    const changed = await h.c.get(`/api/member/ChangePassword${qs({ pwd: "used-code-pw", email: m.email, code })}`);
    keep("used-code-pw");
    expect(changed.text).not.toBe("");
    expect(await ask(code)).toBe("yes");

    const other = await member();
    const late = await resetCodeFor(other.email);
    expect(await ask(late)).toBe("no");
    const past = new Date(Date.now() - 60_000).toISOString();
    expect((await h.db.run("update one_time_code set expires_at = ? where code_hash = ?", past, sha256(late))).changes).toBe(1);
    expect(await ask(late)).toBe("yes");
    expect((await h.c.get(`/api/member/ChangePassword${qs({ pwd: "too-late-pw", email: other.email, code: late })}`)).text).toBe("");
    expect((await login(other.email, other.password)).json.currentStatus).toBe("2");
  });

  it("answers 400 without a code", async () => {
    expectBadInput(await h.c.get("/api/member/IsResetCodeExpired"), texts.resetCodeRequired);
  });
});

describe("member/ChangePassword", () => {
  it("sets the new password with a reset code: the old password and every old token stop working, the code is single-use", async () => {
    const m = await member();
    const second = (await login(m.email, m.password)).json.accessToken as string;
    keep(second);
    const code = await resetCodeFor(m.email);
    const newPassword = "Changed-Pw-4821";
    keep(newPassword);

    const res = await h.c.get(`/api/member/ChangePassword${qs({ pwd: newPassword, email: m.email, code })}`);
    expect(res.status).toBe(200);
    expect(res.text).not.toBe("");

    expect((await login(m.email, m.password)).json).toEqual(EMPTY_LOGIN);
    expect(await sessionCheck(m.accessToken, m.memberId)).toBe(401);
    expect(await sessionCheck(second, m.memberId)).toBe(401);
    expect(await sessionCount(m.memberId)).toBe(0);
    const fresh = await login(m.email, newPassword);
    expect(fresh.json.currentStatus).toBe("2");
    keep(fresh.json.accessToken);

    const again = await h.c.get(`/api/member/ChangePassword${qs({ pwd: "Third-Pw-99", email: m.email, code })}`);
    expect(again.status).toBe(200);
    expect(again.text).toBe("");
    expect((await login(m.email, "Third-Pw-99")).json).toEqual(EMPTY_LOGIN);
    await h.sink.waitForMail(m.email, { subject: "Your Sideline password was changed" });
  });

  it("accepts a POST body, also as account/ChangePassword", async () => {
    const m = await member();
    const code = await resetCodeFor(m.email);
    const res = await h.c.post("/api/account/ChangePassword", { body: { pwd: "Posted-Pw-123", email: m.email, code } });
    keep("Posted-Pw-123");
    expect(res.status).toBe(200);
    expect(res.text).not.toBe("");
    const fresh = await login(m.email, "Posted-Pw-123");
    expect(fresh.json.currentStatus).toBe("2");
    keep(fresh.json.accessToken);
  });

  it("answers empty text for a right code with the wrong e-mail; the code stays usable", async () => {
    const m = await member();
    const victim = await member();
    const code = await resetCodeFor(m.email);
    const res = await h.c.get(`/api/member/ChangePassword${qs({ pwd: "Hijack-Pw-1", email: victim.email, code })}`);
    expect(res.status).toBe(200);
    expect(res.text).toBe("");
    expect((await login(victim.email, victim.password)).json.currentStatus).toBe("2");
    expect((await h.c.get(`/api/member/IsResetCodeExpired${qs({ code })}`)).text).toBe("no");
  });

  it("answers 400 for a password under 5 characters and changes nothing", async () => {
    const m = await member();
    const code = await resetCodeFor(m.email);
    expectBadInput(await h.c.get(`/api/member/ChangePassword${qs({ pwd: "abcd", email: m.email, code })}`), texts.passwordMinRegister);
    expectBadInput(await h.c.get(`/api/member/ChangePassword${qs({ pwd: "Valid-Pw-1", email: m.email })}`), texts.resetCodeRequired);
    expect((await h.c.get(`/api/member/IsResetCodeExpired${qs({ code })}`)).text).toBe("no");
    expect(await sessionCheck(m.accessToken, m.memberId)).toBe(200);
    const again = await login(m.email, m.password);
    expect(again.json.currentStatus).toBe("2");
    keep(again.json.accessToken);
  });
});

describe("member/ValidateNewRegisteredUser", () => {
  it("answers the member of a live registration code without using it or signing in", async () => {
    const body = registrationBody({ firstName: "Val" });
    keep(body.password);
    await h.c.post("/api/account/register", { body });
    const { code } = registrationCodeOf((await h.sink.waitForMail(body.email)).text);
    keep(code);

    const res = await h.c.get(`/api/member/ValidateNewRegisteredUser${qs({ email: body.email, code })}`, {
      headers: { "Content-Type": "application/json" },
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.json).sort()).toEqual(LOGIN_KEYS);
    expect(res.json).toMatchObject({ currentStatus: "1", email: body.email, name: "Val Runner", accessToken: "", expiredDate: "" });
    const memberId = Number(res.json.memberID);
    expect(memberId).toBeGreaterThan(0);
    expect(await sessionCount(memberId)).toBe(0);

    expect((await h.c.get(`/api/member/ValidateNewRegisteredUser${qs({ email: body.email, code: "b".repeat(32) })}`)).json).toEqual(
      EMPTY_LOGIN,
    );
    const done = await h.c.post("/api/account/loginNewRegisteredUser", { body: { email: body.email, code } });
    expect(done.json.currentStatus).toBe("2");
    keep(done.json.accessToken);
    // Once confirmed, the code no longer stands for a new user.
    expect((await h.c.get(`/api/member/ValidateNewRegisteredUser${qs({ email: body.email, code })}`)).json).toEqual(EMPTY_LOGIN);
  });

  it("answers 400 for a malformed e-mail", async () => {
    expectBadInput(await h.c.get(`/api/member/ValidateNewRegisteredUser${qs({ email: "x", code: "abc" })}`), texts.validEmailRequired);
  });
});

describe("member/SetMemberStatus", () => {
  it("answers 401 without a session or with an unknown token", async () => {
    for (const headers of [{}, bearer("c".repeat(32)), { Authorization: "Basic abc" }]) {
      const res = await h.c.get(`/api/member/SetMemberStatus${qs({ memberId: 1, status: 3 })}`, { headers });
      expect(res.status).toBe(401);
      expect(typeof res.json.message).toBe("string");
    }
  });

  it("answers 403 for another member's id and changes nothing", async () => {
    const me = await member();
    const other = await member();
    const res = await setStatus(me.accessToken, other.memberId, 3);
    expect(res.status).toBe(403);
    expect(typeof res.json.message).toBe("string");
    expect(await h.db.value("select status from member where id = ?", other.memberId)).toBe(2);
    expect(await sessionCheck(other.accessToken, other.memberId)).toBe(200);
  });

  it("answers 400 for a non-numeric member id or an unknown status, and changes nothing", async () => {
    const m = await member();
    expectBadInput(await setStatus(m.accessToken, `${m.memberId}abc`, 3), "memberId");
    expectBadInput(await setStatus(m.accessToken, m.memberId, 5), "status");
    expectBadInput(await h.c.get(`/api/member/SetMemberStatus${qs({ status: 3 })}`, { headers: bearer(m.accessToken) }));
    expect(await h.db.value("select status from member where id = ?", m.memberId)).toBe(2);
    expect(await sessionCheck(m.accessToken, m.memberId)).toBe(200);
  });

  it("3 deactivates the account and ends every session", async () => {
    const m = await member();
    const second = (await login(m.email, m.password)).json.accessToken as string;
    keep(second);
    const res = await setStatus(m.accessToken, m.memberId, 3);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ memberID: String(m.memberId), currentStatus: "3" });
    expect(await h.db.value("select status from member where id = ?", m.memberId)).toBe(3);
    expect(await sessionCount(m.memberId)).toBe(0);
    expect(await sessionCheck(m.accessToken, m.memberId)).toBe(401);
    expect(await sessionCheck(second, m.memberId)).toBe(401);
  });

  it("2 with the token of a deactivated login reactivates and makes the token a full session", async () => {
    const m = await member();
    await setStatus(m.accessToken, m.memberId, 3);
    const restricted = (await login(m.email, m.password)).json.accessToken as string;
    keep(restricted);
    expect(await h.db.value("select scope from session where id = ?", sha256(restricted))).toBe("reactivate");

    // Spaces around names and values, as some legacy clients send them.
    const res = await h.c.get(`/api/member/SetMemberStatus?%20memberId%20=%20${m.memberId}%20&%20status%20=%202%20`, {
      headers: { ...bearer(restricted), "Content-Type": "application/json" },
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ memberID: String(m.memberId), currentStatus: "2" });
    expect(await h.db.rows("select status, welcome_back_pending from member where id = ?", m.memberId)).toEqual([
      { status: 2, welcome_back_pending: 1 },
    ]);
    expect(await h.db.value("select scope from session where id = ?", sha256(restricted))).toBe("full");
    expect(await sessionCheck(restricted, m.memberId)).toBe(200);
  });
});

describe("common/Logs (GET) and common/logs (POST)", () => {
  const logCount = () => h.db.value<number>("select count(*) from client_log");

  it("GET Logs stores the message and stack of a client error", async () => {
    const message = `TypeError: x is undefined ${Math.random()}`;
    // From a page of the site (a same-origin GET names its page in Referer only).
    const res = await h.c.get(`/api/common/Logs${qs({ message, stack: "at main.js:10:5" })}`, {
      headers: { Referer: `${h.server.baseUrl}/home` },
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ok: true });
    expect(await h.db.rows("select member_id, level, message, stack from client_log where message = ?", message)).toEqual([
      { member_id: null, level: "error", message, stack: "at main.js:10:5" },
    ]);
  });

  it("POST logs stores an ngx-logger style JSON payload, with the member when signed in", async () => {
    const m = await member();
    const message = `Http failure ${Math.random()}`;
    const res = await h.c.post("/api/common/logs", {
      headers: bearer(m.accessToken),
      body: { level: 5, message, additional: [{ status: 500 }], fileName: "main.js", lineNumber: 42, timestamp: "2026-01-01" },
    });
    expect(res.status).toBe(200);
    expect(await h.db.rows("select member_id, level, stack from client_log where message = ?", message)).toEqual([
      { member_id: m.memberId, level: "error", stack: '[{"status":500}] main.js 42' },
    ]);
  });

  it("answers 400 without a message and stores nothing", async () => {
    const before = await logCount();
    expectBadInput(await h.c.post("/api/common/logs", { body: { stack: "only a stack" } }));
    expectBadInput(await h.c.get(`/api/common/Logs${qs({ message: "   " })}`));
    expect(await logCount()).toBe(before);
  });
});

describe("routing of the legacy service", () => {
  it("matches controller and action names in any case, under /api and /services", async () => {
    const m = await member();
    for (const path of ["/api/account/login", "/api/ACCOUNT/Login", "/services/account/login", "/services/Account/LOGIN"]) {
      const res = await h.c.post(path, { body: { email: m.email, password: m.password } });
      expect(res.status, path).toBe(200);
      expect(res.json.memberID, path).toBe(String(m.memberId));
      keep(res.json.accessToken);
    }
    expect((await h.c.get(`/services/member/isresetcodeexpired${qs({ code: "ZZZZZZZZ" })}`)).text).toBe("yes");
    expect((await h.c.get(`/services/ACCOUNT/IsResetCodeExpired${qs({ code: "ZZZZZZZZ" })}`)).text).toBe("yes");
  });

  it("accepts spaces around parameter names and keys in any case, in the query and the body", async () => {
    const m = await member();
    const res = await h.c.get(
      `/api/account/AuthenticateUser?%20email%20=${encodeURIComponent(m.email)}&%20PWD%20=${encodeURIComponent(m.password)}`,
    );
    expect(res.json.memberID).toBe(String(m.memberId));
    keep(res.json.accessToken);
    const viaBody = await h.c.post("/api/account/login", { body: { " Email ": m.email, "PASSWORD ": m.password } });
    expect(viaBody.json.memberID).toBe(String(m.memberId));
    keep(viaBody.json.accessToken);

    const body = registrationBody();
    keep(body.password);
    const spaced = Object.fromEntries(Object.entries(body).map(([k, v]) => [` ${k} `, v]));
    const registered = await h.c.post("/api/account/register", { body: spaced });
    expect(registered.text).toBe("NewEmail");
    expect(await memberCount(body.email)).toBe(1);
    keep(registrationCodeOf((await h.sink.waitForMail(body.email)).text).code);
  });

  it("answers 404 with a message for an unknown action", async () => {
    const res = await h.c.get("/api/account/NoSuchAction");
    expect(res.status).toBe(404);
    expect(typeof res.json.message).toBe("string");
  });
});

describe("server output", () => {
  it("never contains the passwords, codes or tokens used", async () => {
    // Secrets in every place a legacy client puts them: query strings, bodies, paths of mail links.
    const m = await member();
    const auth = await h.c.get(`/api/account/AuthenticateUser${qs({ email: m.email, pwd: m.password })}`);
    keep(auth.json.accessToken);
    const refreshed = await h.c.post(`/api/account/refreshLogin${qs({ accessToken: auth.json.accessToken })}`);
    keep(refreshed.json.accessToken);
    const code = await resetCodeFor(m.email);
    await h.c.get(`/api/member/IsResetCodeExpired${qs({ code })}`);
    await h.c.get(`/api/member/ChangePassword${qs({ pwd: "abc", email: m.email, code })}`);
    keep("Log-Scan-Pw-77");
    expect((await h.c.get(`/api/member/ChangePassword${qs({ pwd: "Log-Scan-Pw-77", email: m.email, code })}`)).text).not.toBe("");
    await h.c.get(`/api/member/SetMemberStatus${qs({ memberId: m.memberId, status: 2 })}`, { headers: bearer(refreshed.json.accessToken) });
    await h.c.get(`/api/common/Logs${qs({ message: "client failed" })}`, { headers: bearer(refreshed.json.accessToken) });

    const output = h.server.output();
    expect(output).toContain("GET /api/member/ChangePassword 200");
    expect(secrets.size).toBeGreaterThan(5);
    const leaked = [...secrets].filter((s) => output.includes(s));
    expect(leaked).toEqual([]);
  });
});
