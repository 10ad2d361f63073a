/**
 * Regression tests of issue 11's account findings, over HTTP against the real Bun server, its SQLite
 * file and a real SMTP peer (docs/decisions/009-pending-registration-and-lockout.md):
 *  3 reset and confirmation codes outlived an e-mail or password change;
 *  4 registering a pending address again replaced its password (account pre-hijacking);
 *  7 strangers could lock a member out of signing in and of resetting the password;
 *  9 ResetPassword told existing from unknown addresses once a mail allowance was used up;
 * 12 names carried attacker text into e-mails.
 * Each test here failed on the code before the fix.
 */
import { describe, expect, it } from "vitest";
import { texts } from "../../src/shared/texts.ts";
import { serverHarness } from "#support/harness.ts";
import { registrationCodeOf, resetCodeOf } from "#support/mail-sink.ts";
import { expectError, expectText } from "#support/rest-calls.ts";
import { type ApiResponse, bearer, qs, type RegisteredMember, registerAndConfirm, registrationBody, uniqueEmail } from "#support/server.ts";

const RESET_SUBJECT = "Your Sideline password reset code";
const CONFIRM_SUBJECT = "Confirm your Sideline account";
const emailChangeCodeOf = (text: string) => text.match(/Your confirmation code is: ([A-Z0-9]{8})\b/)?.[1] ?? "";

/** Status, content type and body: what a caller can tell two answers apart by. */
const answerOf = (res: ApiResponse) => ({ status: res.status, type: res.headers.get("content-type"), body: res.text });

describe("without rate limits", () => {
  const h = serverHarness();
  const member = (overrides: Record<string, string> = {}) => registerAndConfirm(h.server.baseUrl, h.sink, overrides);
  const login = (email: string, password: string) => h.c.post("/api/account/login", { body: { email, password } });
  const codeExpired = async (code: string) => (await h.c.get(`/api/member/IsResetCodeExpired${qs({ code })}`)).text;
  const changePassword = (email: string, code: string, pwd: string) =>
    h.c.post("/api/member/ChangePassword", { body: { pwd, email, code } });

  async function resetCode(email: string): Promise<string> {
    expect((await h.c.get(`/api/member/ResetPassword${qs({ email })}`)).status).toBe(200);
    return resetCodeOf((await h.sink.waitForMail(email, { subject: RESET_SUBJECT })).text);
  }

  /** SaveMemberEmailInfo as `m`; answers the code mailed to the new address. */
  async function requestEmailChange(m: RegisteredMember, newEmail: string): Promise<string> {
    const res = await h.c.put(`/api/setting/SaveMemberEmailInfo/${m.memberId}${qs({ email: newEmail })}`, {
      headers: bearer(m.accessToken),
    });
    expect(res.status, res.text).toBe(200);
    return emailChangeCodeOf((await h.sink.waitForMail(newEmail, { subject: "Confirm your new Sideline e-mail address" })).text);
  }
  const confirmEmailChange = (email: string, code: string) => h.c.post("/api/setting/ConfirmMemberEmailInfo", { body: { email, code } });
  const emailOf = (m: RegisteredMember) => h.db.value<string>("select email from member where id = ?", m.memberId);

  describe("finding 3: no code outlives an e-mail or password change", () => {
    it("confirming a new e-mail address voids the reset code mailed to the old one", async () => {
      const m = await member();
      const code = await resetCode(m.email);
      const newEmail = uniqueEmail("moved");
      expect((await confirmEmailChange(newEmail, await requestEmailChange(m, newEmail))).status).toBe(200);

      expect(await codeExpired(code)).toBe("yes");
      expect((await changePassword(newEmail, code, "Taken-Over-1")).text).toBe("");
      expect((await login(newEmail, "Taken-Over-1")).json.accessToken).toBe("");
      expect((await login(newEmail, m.password)).json.currentStatus).toBe("2");
    });

    it("changing the password in settings voids a pending e-mail change and the reset codes", async () => {
      const m = await member();
      // Someone with a stolen session asks to move the account to their own address.
      const thief = uniqueEmail("thief");
      const stolen = await requestEmailChange(m, thief);
      const code = await resetCode(m.email);
      const changed = await h.c.put("/api/setting/SavePasswordInfo", {
        headers: bearer(m.accessToken),
        body: { memberID: String(m.memberId), pwd: "Owner-New-Pw-1", code: m.password },
      });
      expect(changed.status, changed.text).toBe(200);

      expectError(await confirmEmailChange(thief, stolen), 400, texts.emailChangeCodeInvalid);
      expect(await emailOf(m)).toBe(m.email);
      expect(await codeExpired(code)).toBe("yes");
    });

    it("a password reset voids a pending e-mail change and every other reset code", async () => {
      const m = await member();
      const thief = uniqueEmail("thief");
      const stolen = await requestEmailChange(m, thief);
      const first = await resetCode(m.email);
      const second = await resetCode(m.email);
      expect((await changePassword(m.email, second, "Reset-Pw-77")).text).not.toBe("");

      expectError(await confirmEmailChange(thief, stolen), 400, texts.emailChangeCodeInvalid);
      expect(await emailOf(m)).toBe(m.email);
      expect(await codeExpired(first)).toBe("yes");
      expect((await changePassword(m.email, first, "Second-Try-1")).text).toBe("");
      expect((await login(m.email, "Reset-Pw-77")).json.currentStatus).toBe("2");
    });
  });

  describe("finding 4: registering an address that awaits confirmation", () => {
    it("keeps the first registration (password and details), re-sends its confirmation and answers as for a new address", async () => {
      const victim = registrationBody({ firstName: "Vera", lastName: "Owner" });
      const fresh = await h.c.post("/api/account/register", { body: victim });
      expectText(fresh, "NewEmail");
      const firstLink = registrationCodeOf((await h.sink.waitForMail(victim.email, { subject: CONFIRM_SUBJECT })).text);

      const attacker = {
        ...victim,
        firstName: "Mallory",
        lastName: "Attacker",
        password: "Attacker-Pw-1",
        confirmPwd: "Attacker-Pw-1",
        gender: "Male",
      };
      const again = await h.c.post("/api/account/register", { body: attacker });
      expect(answerOf(again)).toEqual(answerOf(fresh));

      // The owner of the address is reminded, in the first registration's name; the attacker's text is not mailed.
      const resent = await h.sink.waitForMail(victim.email, { subject: CONFIRM_SUBJECT });
      expect(resent.text).toContain("Hi Vera,");
      expect(resent.text).not.toContain("Mallory");
      const secondLink = registrationCodeOf(resent.text);
      expect(secondLink.code).not.toBe(firstLink.code);
      expect(await h.db.rows("select first_name, last_name, gender, status from member where email = ?", victim.email)).toEqual([
        { first_name: "Vera", last_name: "Owner", gender: "Female", status: 1 },
      ]);

      // Confirming (the first link still works) activates the owner's password, never the attacker's.
      const done = await h.c.post("/api/account/loginNewRegisteredUser", { body: { email: victim.email, code: firstLink.code } });
      expect(done.json).toMatchObject({ currentStatus: "2", name: "Vera Owner" });
      expect((await login(victim.email, "Attacker-Pw-1")).json.accessToken).toBe("");
      expect((await login(victim.email, victim.password)).json.currentStatus).toBe("2");
    });

    it("answers the web client (tRPC) the same for a pending address as for a new one, and keeps the password", async () => {
      const body = registrationBody();
      const register = (b: Record<string, string>) =>
        h.c.post("/trpc/account.register", { headers: { Origin: h.server.baseUrl }, body: b });
      const fresh = await register(body);
      expect(fresh.json?.result?.data).toEqual({ result: "NewEmail" });
      const again = await register({ ...body, password: "Other-Pw-22", confirmPwd: "Other-Pw-22" });
      expect(answerOf(again)).toEqual(answerOf(fresh));

      await h.sink.waitForMail(body.email, { subject: CONFIRM_SUBJECT });
      const { code } = registrationCodeOf((await h.sink.waitForMail(body.email, { subject: CONFIRM_SUBJECT })).text);
      expect((await h.c.post("/api/account/loginNewRegisteredUser", { body: { email: body.email, code } })).json.currentStatus).toBe("2");
      expect((await login(body.email, "Other-Pw-22")).json.accessToken).toBe("");
      expect((await login(body.email, body.password)).json.currentStatus).toBe("2");
    });
  });

  describe("finding 12: names are plain words", () => {
    const REFUSED: Array<[string, string]> = [
      ["Urgent: verify at evil.example/login", texts.nameCharacters],
      ["Visit evil.example now", texts.nameNoWebAddress],
      ["<b>Bob</b>", texts.nameCharacters],
      ["Ann\nSee the link", texts.nameCharacters],
      ["Agent 007", texts.nameCharacters],
      ["Bob\u200bby", texts.nameCharacters],
      ["...", texts.nameCharacters],
      ["A".repeat(51), texts.nameTooLong],
    ];
    const ACCEPTED = [
      "José",
      "Zoe\u0308",
      "O'Brien",
      "D\u2019Angelo",
      "Mary-Jane",
      "J.R.",
      "St. John",
      "Nguyễn Văn",
      "Ólafur",
      "李",
      "Łukasz",
      "A".repeat(50),
    ];

    it.each(REFUSED)("registration refuses the first name %j with its message and writes nothing", async (name, message) => {
      const body = registrationBody({ firstName: name });
      expectError(await h.c.post("/api/account/register", { body }), 400, message);
      expectError(await h.c.post("/api/account/register", { body: { ...registrationBody(), lastName: name } }), 400, message);
      expect(await h.db.value("select count(*) from member where email = ?", body.email)).toBe(0);
    });

    it("registration accepts names in any script, with marks, apostrophes, hyphens and periods", async () => {
      for (const name of ACCEPTED) {
        const res = await h.c.post("/api/account/register", { body: registrationBody({ firstName: name, lastName: name }) });
        expect(res.text, name).toBe("NewEmail");
      }
    });

    it("the web client's registration (tRPC) refuses the same names with the same message", async () => {
      const res = await h.c.post("/trpc/account.register", {
        headers: { Origin: h.server.baseUrl },
        body: registrationBody({ firstName: "Urgent: verify at evil.example/login" }),
      });
      expect(res.status).toBe(400);
      expect(res.text).toContain(texts.nameCharacters);
    });

    it("the name settings (REST and tRPC) refuse them and keep the name", async () => {
      const m = await member({ firstName: "Nina", lastName: "Plain" });
      const save = (f: Record<string, string>) =>
        h.c.put(`/api/setting/SaveMemberNameInfo/${m.memberId}${qs(f)}`, { headers: bearer(m.accessToken) });
      expectError(await save({ fName: "Click http://evil.example", lName: "Plain" }), 400, texts.nameCharacters);
      expectError(await save({ fName: "Nina", mName: "www.evil.example", lName: "Plain" }), 400, texts.nameNoWebAddress);
      expectError(await save({ fName: "Nina", lName: "Plain!" }), 400, texts.nameCharacters);
      const trpc = await h.c.post("/trpc/settings.saveName", {
        headers: { Origin: h.server.baseUrl, Cookie: `sideline_session=${m.accessToken}` },
        body: { firstName: "Free $$$", middleName: "", lastName: "Plain" },
      });
      expect(trpc.status).toBe(400);
      expect(trpc.text).toContain(texts.nameCharacters);
      expect(await h.db.rows("select first_name, middle_name, last_name from member where id = ?", m.memberId)).toEqual([
        { first_name: "Nina", middle_name: "", last_name: "Plain" },
      ]);
      expect((await save({ fName: "Renée", mName: "J.", lName: "O'Neil-Smith" })).status).toBe(200);
    });

    it("the profile's general info refuses them and keeps the name", async () => {
      const m = await member({ firstName: "Olga", lastName: "Plain" });
      const general = (names: Record<string, string>) =>
        h.c.post(`/api/member/SaveMemberGeneralInfo/${m.memberId}`, {
          headers: bearer(m.accessToken),
          body: {
            middleName: "",
            titleDesc: "Coach",
            sport: "Basketball",
            currentStatus: "Coach",
            sex: "Female",
            dobMonth: "5",
            dobDay: "17",
            dobYear: "1995",
            ...names,
          },
        });
      expectError(await general({ firstName: "Olga", lastName: "See evil.example/win" }), 400, texts.nameCharacters);
      expectError(await general({ firstName: "Olga", middleName: "paypal.com", lastName: "Plain" }), 400, texts.nameNoWebAddress);
      expect(await h.db.value("select last_name from member where id = ?", m.memberId)).toBe("Plain");
      expect((await general({ firstName: "Olga", lastName: "Ødegård" })).status).toBe(200);
    });

    it("the advertising enquiry (mailed to the operator) refuses them and stores nothing", async () => {
      const enquiry = (FirstName: string) =>
        h.c.post("/api/common/SendAdvertisementInfo", {
          body: { FirstName, LastName: "Buyer", Email: uniqueEmail("ads"), Company: "Acme" },
        });
      const before = await h.db.value<number>("select count(*) from ad_enquiry");
      expectError(await enquiry("Win a prize at evil.example/claim"), 400, texts.nameCharacters);
      expect(await h.db.value("select count(*) from ad_enquiry")).toBe(before);
      expect((await enquiry("Anna")).status).toBe(200);
    });
  });
});

describe("with rate limits, behind a trusted proxy (X-Forwarded-For is the client address)", () => {
  const h = serverHarness({ rateLimits: true, env: { TRUST_PROXY: "on" } });
  let seq = 0;
  /** A client address no other request of this file used. */
  const address = () => {
    seq += 1;
    return `198.18.${Math.floor(seq / 250)}.${(seq % 250) + 1}`;
  };
  const from = (ip: string) => ({ "X-Forwarded-For": ip });
  const member = () => registerAndConfirm(h.server.baseUrl, h.sink, {}, from(address()));
  const login = (ip: string, email: string, password: string) =>
    h.c.post("/api/account/login", { headers: from(ip), body: { email, password } });
  const reset = (ip: string, email: string) => h.c.get(`/api/member/ResetPassword${qs({ email })}`, { headers: from(ip) });
  const codeExpired = async (code: string) =>
    (await h.c.get(`/api/member/IsResetCodeExpired${qs({ code })}`, { headers: from(address()) })).text;
  const nextResetCode = async (email: string) => resetCodeOf((await h.sink.waitForMail(email, { subject: RESET_SUBJECT })).text);

  describe("finding 7: strangers cannot lock a member out", () => {
    it("wrong passwords from one address shut that address out of the account, not the owner elsewhere", async () => {
      const m = await member();
      const attacker = address();
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) statuses.push((await login(attacker, m.email, `wrong-${i}`)).status);
      expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
      expect(statuses.slice(5)).toEqual(Array(7).fill(429));
      // Past its allowance the attacker's address is refused before the password is checked: the right one too.
      expectError(await login(attacker, m.email, m.password), 429, texts.loginThrottled);

      const owner = await login(address(), m.email, m.password);
      expect(owner.status).toBe(200);
      expect(owner.json.currentStatus).toBe("2");
    });

    it("an unknown e-mail address is throttled exactly like a member's (no enumeration)", async () => {
      const m = await member();
      const [a, b] = [address(), address()];
      const known: number[] = [];
      const unknown: number[] = [];
      const ghost = uniqueEmail("ghost");
      for (let i = 0; i < 7; i++) {
        known.push((await login(a, m.email, `wrong-${i}`)).status);
        unknown.push((await login(b, ghost, `wrong-${i}`)).status);
      }
      expect(unknown).toEqual(known);
    });

    it("past the account-wide ceiling only addresses the owner used before, or reset the password from, get in", async () => {
      const m = await member();
      const home = address();
      expect((await login(home, m.email, m.password)).json.currentStatus).toBe("2");

      // Ten addresses guess five times each: 50 failures within the hour.
      for (let a = 0; a < 10; a++) {
        const ip = address();
        for (let i = 0; i < 5; i++) expect((await login(ip, m.email, `guess-${a}-${i}`)).status).toBe(200);
      }
      // A new address is now refused before its password is checked...
      expectError(await login(address(), m.email, m.password), 429, texts.loginThrottled);
      // ...the owner's usual address is not...
      expect((await login(home, m.email, m.password)).json.currentStatus).toBe("2");
      // ...and a password reset (proof of the mailbox) opens the address it was made from.
      const travel = address();
      expect((await reset(travel, m.email)).status).toBe(200);
      const code = await nextResetCode(m.email);
      expectText(
        await h.c.post("/api/member/ChangePassword", { headers: from(travel), body: { pwd: "Travel-Pw-19", email: m.email, code } }),
        "Password changed.",
      );
      expect((await login(travel, m.email, "Travel-Pw-19")).json.currentStatus).toBe("2");
    });

    it("strangers' reset requests neither void the owner's code nor block the owner's own request", async () => {
      const m = await member();
      const first = await reset(address(), m.email);
      expect(first.status).toBe(200);
      const firstCode = await nextResetCode(m.email);

      // Strangers, each from a new address, ask for the same account again and again.
      for (let i = 0; i < 6; i++) expect(answerOf(await reset(address(), m.email))).toEqual(answerOf(first));
      // The owner's own request is answered alike.
      expect(answerOf(await reset(address(), m.email))).toEqual(answerOf(first));

      // At most 3 reset mails an hour reach the owner, and every code in them still works.
      const codes = [firstCode, await nextResetCode(m.email), await nextResetCode(m.email)];
      await new Promise((r) => setTimeout(r, 500));
      expect(h.sink.messagesTo(m.email).filter((mail) => mail.subject === RESET_SUBJECT)).toHaveLength(3);
      for (const code of codes) expect(await codeExpired(code)).toBe("no");

      // Using the first sets the password and voids the others.
      expectText(
        await h.c.post("/api/member/ChangePassword", {
          headers: from(address()),
          body: { pwd: "Owner-Pw-31", email: m.email, code: firstCode },
        }),
        "Password changed.",
      );
      for (const code of codes) expect(await codeExpired(code)).toBe("yes");
    });
  });

  describe("finding 9: ResetPassword does not tell whether an account exists", () => {
    it("answers an existing and an unknown address alike once this client's mail allowance is used up (REST and tRPC)", async () => {
      const m = await member();
      const sender = await member();
      const client = address();
      // The client uses up its mail allowance with e-mail changes of a signed-in member.
      let status = 200;
      for (let i = 0; i < 20 && status === 200; i++) {
        status = (
          await h.c.put(`/api/setting/SaveMemberEmailInfo/${sender.memberId}${qs({ email: uniqueEmail("spent") })}`, {
            headers: { ...bearer(sender.accessToken), ...from(client) },
          })
        ).status;
      }
      expect(status).toBe(429);

      const ghost = uniqueEmail("ghost");
      expect(answerOf(await reset(client, m.email))).toEqual(answerOf(await reset(client, ghost)));
      const trpc = (email: string) =>
        h.c.post("/trpc/account.requestPasswordReset", { headers: { Origin: h.server.baseUrl, ...from(client) }, body: { email } });
      expect(answerOf(await trpc(ghost))).toEqual(answerOf(await trpc(m.email)));
    });

    it("answers an existing and an unknown address alike once the account's own mail cap is reached", async () => {
      const m = await member();
      for (let i = 0; i < 6; i++) await reset(address(), m.email);
      expect(answerOf(await reset(address(), m.email))).toEqual(answerOf(await reset(address(), uniqueEmail("ghost"))));
    });

    it("answers a pending account alike after it was registered again and again", async () => {
      const pending = registrationBody();
      const registered: ApiResponse[] = [];
      for (let i = 0; i < 11; i++) registered.push(await h.c.post("/api/account/register", { headers: from(address()), body: pending }));
      for (const res of registered) expectText(res, "NewEmail");
      const ghost = uniqueEmail("ghost");
      expect(answerOf(await reset(address(), pending.email))).toEqual(answerOf(await reset(address(), ghost)));
    });
  });
});
