/**
 * Contract tests of the legacy settings actions (rest-api.md: setting/*) over HTTP against the real
 * Bun server, its SQLite file and a real SMTP sink. The mapping to the legacy keys is documented
 * in src/server/rest/setting.ts.
 */
import { describe, expect, it } from "vitest";
import { texts } from "../../src/shared/texts.ts";
import { serverTexts } from "../../src/shared/server-texts.ts";
import { serverHarness } from "#support/harness.ts";
import { type ApiResponse, bearer, qs, type RegisteredMember, registerAndConfirm } from "#support/server.ts";

const h = serverHarness();

const member = (overrides: Record<string, string> = {}): Promise<RegisteredMember> =>
  registerAndConfirm(h.server.baseUrl, h.sink, overrides);

type Who = { accessToken: string } | null;
const auth = (m: Who) => (m ? bearer(m.accessToken) : {});
const get = (m: Who, path: string) => h.c.get(path, { headers: auth(m) });
const put = (m: Who, path: string, body?: unknown) => h.c.put(path, { headers: auth(m), body });
const post = (m: Who, path: string, body?: unknown) => h.c.post(path, { headers: auth(m), body });

function expectJson(res: ApiResponse, status = 200) {
  expect(res.status, res.text).toBe(status);
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
}

function expectMessage(res: ApiResponse, status: number, message?: string) {
  expectJson(res, status);
  expect(typeof res.json?.message).toBe("string");
  expect(res.json.message.length).toBeGreaterThan(0);
  if (message) expect(res.json.message).toContain(message);
}

/** Logs in again (another device): a second token of the same member. */
async function loginAgain(email: string, password: string): Promise<{ accessToken: string; currentStatus: string }> {
  const res = await h.c.post("/api/account/login", { body: { email, password } });
  expectJson(res);
  return res.json;
}

/** Everything settings may write for a member: compared before and after a refused write. */
async function snapshot(memberId: number) {
  return {
    member: await h.db.rows("select * from member where id = ?", memberId),
    sessions: await h.db.value("select count(*) from session where member_id = ?", memberId),
    privacy: await h.db.rows("select * from member_privacy where member_id = ?", memberId),
    notifications: await h.db.rows("select * from member_notification_settings where member_id = ?", memberId),
    question: await h.db.rows("select * from member_security_question where member_id = ?", memberId),
    deactivations: await h.db.rows("select * from member_deactivation where member_id = ?", memberId),
    pending: await h.db.rows("select * from pending_email_change where member_id = ?", memberId),
  };
}

const PROFILE_SETTINGS_KEYS = [
  "ID",
  "memberID",
  "profile",
  "basicInfo",
  "personalInfo",
  "photosTagOfYou",
  "videosTagOfYou",
  "contactInfo",
  "education",
  "workInfo",
  "IMdisplayName",
  "mobilePhone",
  "otherPhone",
  "emailAddress",
  "email",
  "visibility",
  "viewProfilePicture",
  "viewFriendsList",
  "viewLinksToRequestAddingYouAsFriend",
  "viewLinkTSendYouMsg",
  "viewLinkToRequestAddingYouAsFriend",
  "viewLinkToSendYouMsg",
  "homePhone",
  "address",
  "findableByAdults",
].sort();

const ALL_FLAGS = qs({
  viewProfilePicture: "true",
  viewFriendsList: "true",
  viewLinkToRequestAddingYouAsFriend: "true",
  viewLinkToSendYouMsg: "true",
}).slice(1);

/** Every setting/* action with a valid request for member `id` (method, path, body). */
function actions(id: number | string): Array<[string, string, unknown?]> {
  return [
    ["GET", `/api/setting/GetMemberNameInfo/${id}`],
    ["GET", `/api/setting/GetMemberNotifications/${id}`],
    ["GET", `/api/setting/GetProfileSettings/${id}`],
    ["GET", `/api/setting/GetPrivacySearchSettings/${id}`],
    ["PUT", `/api/setting/SaveMemberNameInfo/${id}${qs({ fName: "Mallory", mName: "", lName: "Intruder" })}`],
    ["PUT", `/api/setting/SaveMemberEmailInfo/${id}${qs({ email: `intruder-${Date.now()}@example.com` })}`],
    ["PUT", "/api/setting/SavePasswordInfo", { memberID: String(id), pwd: "hijacked-1", code: "whatever" }],
    ["PUT", `/api/setting/SaveSecurityQuestionInfo/${id}${qs({ questionID: "1", answer: "x" })}`],
    ["PUT", `/api/setting/DeactivateAccount/${id}${qs({ reason: "1", explanation: "", futureEmail: "false" })}`],
    [
      "PUT",
      `/api/setting/SaveNotificationSettings/${id}`,
      { sendMsg: false, addAsFriend: false, confirmFriendShipRequest: false, repliesToYourHelpQuest: false },
    ],
    ["PUT", `/api/setting/SaveProfileSettings/${id}`, { basicInfo: "2", contactInfo: "2" }],
    ["PUT", `/api/setting/SavePrivacySearchSettings/${id}?visibility=2&${ALL_FLAGS}`],
  ];
}

describe("authorization of every setting/* action", () => {
  it("answers 401 without a token (or with an unknown one) and writes nothing", async () => {
    const m = await member();
    const before = await snapshot(m.memberId);
    for (const [method, path, body] of actions(m.memberId)) {
      expectMessage(await h.c.request(method, path, { body }), 401);
      expectMessage(await h.c.request(method, path, { body, headers: bearer("abcdefghijklmnopqrstuvwxyz234567") }), 401);
    }
    expect(await snapshot(m.memberId)).toEqual(before);
  });

  it("answers 403 for another member's id (settings are private) and writes nothing for either member", async () => {
    const caller = await member();
    const target = await member();
    const beforeCaller = await snapshot(caller.memberId);
    const beforeTarget = await snapshot(target.memberId);
    for (const [method, path, body] of actions(target.memberId)) {
      expectMessage(await h.c.request(method, path, { body, headers: bearer(caller.accessToken) }), 403);
    }
    expect(await snapshot(target.memberId)).toEqual(beforeTarget);
    expect(await snapshot(caller.memberId)).toEqual(beforeCaller);
  });

  it("answers 400 for a missing or malformed member id", async () => {
    const m = await member();
    for (const bad of ["12abc", "-1"]) {
      for (const [method, path, body] of actions(bad)) {
        const res = await h.c.request(method, path, {
          body: body && typeof body === "object" ? { ...body, memberID: bad } : body,
          headers: bearer(m.accessToken),
        });
        expectMessage(res, 400);
      }
    }
    expectMessage(await get(m, "/api/setting/GetMemberNameInfo"), 400);
    expectMessage(await put(m, "/api/setting/SavePasswordInfo", { pwd: "abcdef", code: m.password }), 400);
  });

  it("refuses the restricted token of a deactivated login (403)", async () => {
    const m = await member();
    expectJson(await get(m, `/api/member/SetMemberStatus${qs({ memberId: m.memberId, status: 3 })}`));
    const restricted = await loginAgain(m.email, m.password);
    expect(restricted.currentStatus).toBe("3");
    for (const [method, path, body] of actions(m.memberId)) {
      expectMessage(await h.c.request(method, path, { body, headers: bearer(restricted.accessToken) }), 403);
    }
  });

  it("answers only the documented methods", async () => {
    const m = await member();
    expect((await post(m, `/api/setting/GetMemberNameInfo/${m.memberId}`)).status).toBe(405);
    expect((await get(m, `/api/setting/SaveMemberNameInfo/${m.memberId}${qs({ fName: "A", lName: "B" })}`)).status).toBe(405);
  });
});

describe("setting/GetMemberNameInfo and SaveMemberNameInfo", () => {
  it("answers a list whose first item holds the name and the security question (never an answer)", async () => {
    const m = await member({ firstName: "Nina", lastName: "Names" });
    const res = await get(m, `/api/setting/GetMemberNameInfo/${m.memberId}`);
    expectJson(res);
    expect(res.json).toEqual([
      {
        memberID: String(m.memberId),
        firstName: "Nina",
        middleName: "",
        lastName: "Names",
        email: m.email,
        pendingEmail: "",
        securityQuestion: "select",
        securityQuestionText: "",
        hasSecurityAnswer: false,
      },
    ]);
  });

  it("saves first, middle and last name (fName, mName, lName), seen at once by search and the profile", async () => {
    const m = await member();
    const viewer = await member();
    const res = await put(m, `/api/setting/SaveMemberNameInfo/${m.memberId}${qs({ fName: "Rowan", mName: "J", lName: "Quillfeather" })}`);
    expectJson(res);
    expect(res.json).toEqual({ memberID: String(m.memberId), firstName: "Rowan", middleName: "J", lastName: "Quillfeather" });
    expect((await get(m, `/api/setting/GetMemberNameInfo/${m.memberId}`)).json[0]).toMatchObject({
      firstName: "Rowan",
      middleName: "J",
      lastName: "Quillfeather",
    });
    const found = await get(viewer, `/api/contact/SearchAllResults${qs({ memberID: viewer.memberId, searchText: "quillfeather" })}`);
    expect(found.json.map((r: { entityID: string }) => r.entityID)).toEqual([String(m.memberId)]);
    expect((await get(viewer, `/api/member/GetMemberGeneralInfoV2/${m.memberId}`)).json.memProfileName).toBe("Rowan Quillfeather");
  });

  it("is served under /services with any case, and accepts the names in a JSON body", async () => {
    const m = await member();
    const res = await put(m, `/services/setting/savemembernameinfo/${m.memberId}`, { firstName: "Body", lastName: "Named" });
    expectJson(res);
    expect(res.json).toMatchObject({ firstName: "Body", middleName: "", lastName: "Named" });
  });

  it("answers 400 with the spec's messages and writes nothing", async () => {
    const m = await member();
    const before = await snapshot(m.memberId);
    expectMessage(
      await put(m, `/api/setting/SaveMemberNameInfo/${m.memberId}${qs({ fName: " ", lName: "X" })}`),
      400,
      texts.firstNameRequired,
    );
    expectMessage(await put(m, `/api/setting/SaveMemberNameInfo/${m.memberId}${qs({ fName: "X" })}`), 400, texts.lastNameRequired);
    expectMessage(await put(m, `/api/setting/SaveMemberNameInfo/${m.memberId}${qs({ fName: "X".repeat(51), lName: "Y" })}`), 400);
    expect(await snapshot(m.memberId)).toEqual(before);
  });
});

describe("setting/SavePasswordInfo", () => {
  it("checks the current password (code) and refuses a wrong one with the spec's text", async () => {
    const m = await member();
    const before = await snapshot(m.memberId);
    const res = await put(m, "/api/setting/SavePasswordInfo", {
      memberID: String(m.memberId),
      pwd: "new-pass-1",
      code: "not-the-password",
    });
    expectMessage(res, 400);
    expect(res.json.message).toBe("The current password you entered is not correct.");
    expect(await snapshot(m.memberId)).toEqual(before);
  });

  it("answers 400 with the form's messages and writes nothing", async () => {
    const m = await member();
    const before = await snapshot(m.memberId);
    const id = String(m.memberId);
    expectMessage(await put(m, "/api/setting/SavePasswordInfo", { memberID: id, pwd: "new-pass-1" }), 400, texts.currentPasswordRequired);
    expectMessage(
      await put(m, "/api/setting/SavePasswordInfo", { memberID: id, pwd: "abcd", code: m.password }),
      400,
      "Password must be 5 characters or more.",
    );
    expectMessage(await put(m, "/api/setting/SavePasswordInfo", { memberID: id, pwd: "", code: m.password }), 400, texts.passwordRequired);
    expectMessage(
      await put(m, "/api/setting/SavePasswordInfo", { memberID: id, pwd: "new-pass-1", confirmPwd: "new-pass-2", code: m.password }),
      400,
      "Re-enter password must match password.",
    );
    expect(await snapshot(m.memberId)).toEqual(before);
  });

  it("changes it: other devices are signed out, this token stays valid, a notice is mailed", async () => {
    const m = await member();
    const other = await loginAgain(m.email, m.password);
    expectJson(await get(other, `/api/setting/GetMemberNameInfo/${m.memberId}`));
    const res = await put(m, "/api/setting/SavePasswordInfo", {
      memberID: String(m.memberId),
      pwd: "new-pass-9",
      confirmPwd: "new-pass-9",
      code: m.password,
    });
    expectJson(res);
    expect(res.json).toMatchObject({ memberID: String(m.memberId), otherSessionsEnded: 1 });
    expectMessage(await get(other, `/api/setting/GetMemberNameInfo/${m.memberId}`), 401);
    expectJson(await get(m, `/api/setting/GetMemberNameInfo/${m.memberId}`));
    expect((await loginAgain(m.email, "new-pass-9")).accessToken).not.toBe("");
    expect((await loginAgain(m.email, m.password)).accessToken).toBe("");
    const mail = await h.sink.waitForMail(m.email, { subject: "Your Sideline password was changed" });
    expect(mail.text).not.toContain("new-pass-9");
    expect(h.server.output()).not.toContain("new-pass-9");
  });
});

describe("setting/SaveSecurityQuestionInfo", () => {
  it("saves the question and a hash of the answer; GetMemberNameInfo shows the question, never the answer", async () => {
    const m = await member();
    const res = await put(m, `/api/setting/SaveSecurityQuestionInfo/${m.memberId}${qs({ questionID: "3", answer: "Margarethe" })}`);
    expectJson(res);
    expect(res.json).toEqual({
      memberID: String(m.memberId),
      securityQuestion: "3",
      securityQuestionText: texts.securityQuestion3,
      hasSecurityAnswer: true,
    });
    const info = await get(m, `/api/setting/GetMemberNameInfo/${m.memberId}`);
    expect(info.json[0]).toMatchObject({ securityQuestion: "3", securityQuestionText: texts.securityQuestion3, hasSecurityAnswer: true });
    expect(info.text.toLowerCase()).not.toContain("margarethe");
    const stored = await h.db.value<string>("select answer_hash from member_security_question where member_id = ?", m.memberId);
    expect(stored).toMatch(/^\$argon2id\$/);
    expect(stored.toLowerCase()).not.toContain("margarethe");
    expect(h.server.output().toLowerCase()).not.toContain("margarethe");
  });

  it("answers 400 with the spec's messages and writes nothing", async () => {
    const m = await member();
    const before = await snapshot(m.memberId);
    const path = `/api/setting/SaveSecurityQuestionInfo/${m.memberId}`;
    expectMessage(await put(m, `${path}${qs({ questionID: "select", answer: "x" })}`), 400, "Security question required.");
    expectMessage(await put(m, `${path}${qs({ questionID: "7", answer: "x" })}`), 400, "Security question required.");
    expectMessage(await put(m, `${path}${qs({ questionID: "2" })}`), 400, "Your answer is required.");
    expectMessage(await put(m, `${path}${qs({ questionID: "2", answer: "x".repeat(201) })}`), 400);
    expect(await snapshot(m.memberId)).toEqual(before);
  });
});

describe("setting/SaveMemberEmailInfo and ConfirmMemberEmailInfo", () => {
  const codeOf = (text: string) => text.match(/Your confirmation code is: ([A-Z0-9]{8})\b/)?.[1] ?? "";

  it("changes the address only after the code mailed to it; the old address is told; tokens stay valid", async () => {
    const m = await member();
    const newEmail = `changed-${m.memberId}-${Date.now()}@example.com`;
    const res = await put(m, `/api/setting/SaveMemberEmailInfo/${m.memberId}${qs({ email: newEmail.toUpperCase() })}`);
    expectJson(res);
    expect(res.json).toMatchObject({ memberID: String(m.memberId), email: m.email, pendingEmail: newEmail });
    expect(await h.db.value("select email from member where id = ?", m.memberId)).toBe(m.email);
    expect((await get(m, `/api/setting/GetMemberNameInfo/${m.memberId}`)).json[0]).toMatchObject({
      email: m.email,
      pendingEmail: newEmail,
    });

    const codeMail = await h.sink.waitForMail(newEmail, { subject: "Confirm your new Sideline e-mail address" });
    const code = codeOf(codeMail.text);
    expect(code).toMatch(/^[A-Z0-9]{8}$/);
    const link = new URL(codeMail.text.match(/https?:\/\/\S+confirmEmail=\S+/)![0]);
    expect(link.pathname).toBe("/settings/account-setting");
    expect(link.searchParams.get("confirmEmail")).toBe(newEmail);
    expect(link.searchParams.get("code")).toBe(code);
    const notice = await h.sink.waitForMail(m.email, { subject: "A change of your Sideline e-mail address was requested" });
    expect(notice.text).not.toContain(code);

    // Logging in still takes the old address until the code is entered.
    expect((await loginAgain(newEmail, m.password)).accessToken).toBe("");
    expectMessage(
      await post(null, "/api/setting/ConfirmMemberEmailInfo", { email: newEmail, code: "ZZZZZZZZ" }),
      400,
      texts.emailChangeCodeInvalid,
    );

    const confirmed = await post(null, "/api/setting/ConfirmMemberEmailInfo", { email: newEmail, code });
    expectJson(confirmed);
    expect(confirmed.json).toEqual({ memberID: String(m.memberId), email: newEmail });
    expect(await h.db.value("select email from member where id = ?", m.memberId)).toBe(newEmail);
    expectJson(await get(m, `/api/setting/GetMemberNameInfo/${m.memberId}`));
    expect((await loginAgain(newEmail, m.password)).accessToken).not.toBe("");
    expect((await loginAgain(m.email, m.password)).accessToken).toBe("");
    await h.sink.waitForMail(m.email, { subject: "Your Sideline e-mail address was changed" });
    expectMessage(await put(null, "/api/setting/ConfirmMemberEmailInfo", { email: newEmail, code }), 400, texts.emailChangeCodeInvalid);
    expect(h.server.output()).not.toContain(code);
  });

  it("refuses an address in use, the current address and a malformed one (400, nothing written)", async () => {
    const m = await member();
    const other = await member();
    const before = await snapshot(m.memberId);
    expectMessage(
      await put(m, `/api/setting/SaveMemberEmailInfo/${m.memberId}${qs({ email: other.email })}`),
      400,
      "This e-mail address is already in use.",
    );
    expectMessage(await put(m, `/api/setting/SaveMemberEmailInfo/${m.memberId}${qs({ email: m.email })}`), 400, serverTexts.emailUnchanged);
    expectMessage(
      await put(m, `/api/setting/SaveMemberEmailInfo/${m.memberId}${qs({ email: "not-an-address" })}`),
      400,
      texts.validEmailRequired,
    );
    expectMessage(await put(m, `/api/setting/SaveMemberEmailInfo/${m.memberId}`), 400, texts.validEmailRequired);
    expect(await snapshot(m.memberId)).toEqual(before);
  });
});

describe("setting/DeactivateAccount", () => {
  it("deactivates (status 3), ends every session and keeps the reason and explanation", async () => {
    const m = await member();
    const other = await loginAgain(m.email, m.password);
    const res = await put(
      m,
      `/api/setting/DeactivateAccount/${m.memberId}${qs({ reason: "3", explanation: "Too many invites.", futureEmail: "false" })}`,
    );
    expectJson(res);
    expect(res.json).toEqual({ memberID: String(m.memberId), currentStatus: "3" });
    expect(await h.db.value("select status from member where id = ?", m.memberId)).toBe(3);
    expect(await h.db.value("select count(*) from session where member_id = ?", m.memberId)).toBe(0);
    expectMessage(await get(m, `/api/setting/GetMemberNameInfo/${m.memberId}`), 401);
    expectMessage(await get(other, `/api/setting/GetMemberNameInfo/${m.memberId}`), 401);
    expect(await h.db.rows("select reason, explanation from member_deactivation where member_id = ?", m.memberId)).toEqual([
      { reason: 3, explanation: "Too many invites." },
    ]);
    expect((await loginAgain(m.email, m.password)).currentStatus).toBe("3");
  });

  it("accepts no reason ('select'); refuses an unknown reason or an over-long explanation (nothing written)", async () => {
    const m = await member();
    const before = await snapshot(m.memberId);
    expectMessage(await put(m, `/api/setting/DeactivateAccount/${m.memberId}${qs({ reason: "9" })}`), 400, texts.deactivationReasonInvalid);
    expectMessage(await put(m, `/api/setting/DeactivateAccount/${m.memberId}${qs({ reason: "1", explanation: "x".repeat(2001) })}`), 400);
    expect(await snapshot(m.memberId)).toEqual(before);
    expectJson(
      await put(m, `/api/setting/DeactivateAccount/${m.memberId}${qs({ reason: "select", explanation: "", futureEmail: "false" })}`),
    );
    expect(await h.db.rows("select reason, explanation from member_deactivation where member_id = ?", m.memberId)).toEqual([
      { reason: null, explanation: "" },
    ]);
  });
});

describe("setting/GetMemberNotifications and SaveNotificationSettings", () => {
  it("answers a list of one item with every switch on by default, saves a body (booleans or 1/0), keeps switches left out", async () => {
    const m = await member();
    const url = `/api/setting/GetMemberNotifications/${m.memberId}`;
    const all = {
      memberID: m.memberId,
      sendMsg: true,
      addAsFriend: true,
      confirmFriendShipRequest: true,
      repliesToYourHelpQuest: true,
    };
    expect((await get(m, url)).json).toEqual([all]);
    const saved = await put(m, `/api/setting/SaveNotificationSettings/${m.memberId}`, {
      memberId: String(m.memberId),
      sendMsg: false,
      addAsFriend: 0,
      confirmFriendShipRequest: "1",
      repliesToYourHelpQuest: true,
    });
    expectJson(saved);
    const expected = { ...all, sendMsg: false, addAsFriend: false };
    expect(saved.json).toEqual(expected);
    expect((await get(m, url)).json).toEqual([expected]);
    const partial = await put(m, `/api/setting/SaveNotificationSettings/${m.memberId}`, { repliesToYourHelpQuest: false });
    expect(partial.json).toEqual({ ...expected, repliesToYourHelpQuest: false });
  });

  it("answers 400 for a switch that is not true/false, or no switch at all, and writes nothing", async () => {
    const m = await member();
    const before = await snapshot(m.memberId);
    expectMessage(await put(m, `/api/setting/SaveNotificationSettings/${m.memberId}`, { sendMsg: "maybe" }), 400);
    expectMessage(await put(m, `/api/setting/SaveNotificationSettings/${m.memberId}`, {}), 400);
    expectMessage(await put(m, `/api/setting/SaveNotificationSettings/${m.memberId}`), 400);
    expectMessage(
      await h.c.put(`/api/setting/SaveNotificationSettings/${m.memberId}`, {
        headers: { ...bearer(m.accessToken), "Content-Type": "application/json" },
        rawBody: "{not json",
      }),
      400,
    );
    expect(await snapshot(m.memberId)).toEqual(before);
  });
});

describe("setting/GetProfileSettings and SaveProfileSettings", () => {
  it("answers the original's list of one PrivacySearchSettingsModel item, with the defaults", async () => {
    const m = await member();
    const res = await get(m, `/api/setting/GetProfileSettings/${m.memberId}`);
    expectJson(res);
    expect(res.json).toHaveLength(1);
    expect(Object.keys(res.json[0]).sort()).toEqual(PROFILE_SETTINGS_KEYS);
    expect(res.json[0]).toEqual({
      ID: String(m.memberId),
      memberID: String(m.memberId),
      profile: "1",
      basicInfo: "1",
      personalInfo: "1",
      photosTagOfYou: "1",
      videosTagOfYou: "1",
      contactInfo: "1",
      education: "1",
      workInfo: "1",
      IMdisplayName: "",
      // Every contact detail Private until the member opens it (decision 037).
      mobilePhone: "2",
      otherPhone: "2",
      emailAddress: "2",
      homePhone: "2",
      address: "2",
      email: m.email,
      visibility: "1",
      viewProfilePicture: true,
      viewFriendsList: true,
      viewLinksToRequestAddingYouAsFriend: true,
      viewLinkTSendYouMsg: true,
      viewLinkToRequestAddingYouAsFriend: true,
      viewLinkToSendYouMsg: true,
      findableByAdults: false,
    });
  });

  it("saves levels (numbers or strings; left-out keys keep their value) and another member's view changes at once", async () => {
    const owner = await member();
    const viewer = await member();
    await h.db.run(
      "insert into member_profile (member_id, show_email, cell_phone, show_cell_phone) values (?, 1, '555-0123', 1)",
      owner.memberId,
    );
    const contactInfo = () => get(viewer, `/api/member/GetMemberContactInfo/${owner.memberId}`);
    // The old show flags open nothing: the levels (Private by default) are the one control.
    expect((await contactInfo()).json).toMatchObject({ email: "", cellPhone: "" });
    expectJson(await put(owner, `/api/setting/SaveProfileSettings/${owner.memberId}`, { emailAddress: 1, mobilePhone: "1" }));
    expect((await contactInfo()).json).toMatchObject({ email: owner.email, cellPhone: "555-0123" });

    const saved = await put(owner, `/api/setting/SaveProfileSettings/${owner.memberId}`, {
      ID: "1",
      emailAddress: 2,
      mobilePhone: "3",
      photosTagOfYou: "2",
      IMdisplayName: "x",
    });
    expectJson(saved);
    expect(saved.json).toMatchObject({
      emailAddress: "2",
      email: owner.email,
      mobilePhone: "3",
      photosTagOfYou: "2",
      basicInfo: "1",
      contactInfo: "1",
      IMdisplayName: "",
    });
    expect((await contactInfo()).json).toMatchObject({ email: "", cellPhone: "" });
    expect((await get(owner, `/api/setting/GetProfileSettings/${owner.memberId}`)).json[0]).toMatchObject({
      emailAddress: "2",
      mobilePhone: "3",
      photosTagOfYou: "2",
    });

    expectJson(await put(owner, `/api/setting/SaveProfileSettings/${owner.memberId}`, { contactInfo: "2" }));
    expect((await contactInfo()).json).toMatchObject({ email: "", cellPhone: "", showEmailToMembers: false });
    expectJson(
      await put(owner, `/api/setting/SaveProfileSettings/${owner.memberId}`, { contactInfo: 1, emailAddress: "1", mobilePhone: 1 }),
    );
    expect((await contactInfo()).json).toMatchObject({ email: owner.email, cellPhone: "555-0123" });
  });

  it("answers 400 for a level other than 1-3, or no level at all, and writes nothing", async () => {
    const m = await member();
    const before = await snapshot(m.memberId);
    expectMessage(await put(m, `/api/setting/SaveProfileSettings/${m.memberId}`, { basicInfo: "4" }), 400, texts.privacyLevelInvalid);
    expectMessage(await put(m, `/api/setting/SaveProfileSettings/${m.memberId}`, { education: "Public" }), 400, texts.privacyLevelInvalid);
    expectMessage(await put(m, `/api/setting/SaveProfileSettings/${m.memberId}`, { IMdisplayName: "1" }), 400);
    expect(await snapshot(m.memberId)).toEqual(before);
  });
});

describe("setting/GetPrivacySearchSettings and SavePrivacySearchSettings", () => {
  it("answers the defaults, saves the query (true/false or 1/0) and hides the member from strangers' search at once", async () => {
    const owner = await member({ lastName: "Searchshy" });
    const stranger = await member();
    const url = `/api/setting/GetPrivacySearchSettings/${owner.memberId}`;
    expect((await get(owner, url)).json[0]).toMatchObject({
      memberID: String(owner.memberId),
      visibility: "1",
      viewProfilePicture: true,
      viewFriendsList: true,
      viewLinkToRequestAddingYouAsFriend: true,
      viewLinkToSendYouMsg: true,
      viewLinksToRequestAddingYouAsFriend: true,
      viewLinkTSendYouMsg: true,
    });
    const find = async () =>
      (await get(stranger, `/api/contact/SearchAllResults${qs({ memberID: stranger.memberId, searchText: "searchshy" })}`)).json.map(
        (r: { entityID: string }) => r.entityID,
      );
    expect(await find()).toContain(String(owner.memberId));

    const saved = await put(
      owner,
      `/api/setting/SavePrivacySearchSettings/${owner.memberId}${qs({ visibility: "2", viewProfilePicture: "0", viewFriendsList: "false", viewLinkToRequestAddingYouAsFriend: "1", viewLinkToSendYouMsg: "true" })}`,
    );
    expectJson(saved);
    expect(saved.json).toMatchObject({
      visibility: "2",
      viewProfilePicture: false,
      viewFriendsList: false,
      viewLinkToRequestAddingYouAsFriend: true,
      viewLinkToSendYouMsg: true,
    });
    expect((await get(owner, url)).json).toEqual([saved.json]);
    expect(await find()).not.toContain(String(owner.memberId));
    // "view friends list" off: a stranger may not see the owner's contacts.
    expectMessage(await get(stranger, `/api/contact/GetMemberContacts${qs({ memberID: owner.memberId })}`), 403);

    expectJson(await put(owner, `/api/setting/SavePrivacySearchSettings/${owner.memberId}?visibility=1&${ALL_FLAGS}`));
    expect(await find()).toContain(String(owner.memberId));
    expectJson(await get(stranger, `/api/contact/GetMemberContacts${qs({ memberID: owner.memberId })}`));
  });

  it("answers 400 for no value at all or an invalid one and writes nothing", async () => {
    const m = await member();
    const before = await snapshot(m.memberId);
    const path = `/api/setting/SavePrivacySearchSettings/${m.memberId}`;
    expectMessage(await put(m, path), 400);
    expectMessage(await put(m, `${path}?visibility=3&${ALL_FLAGS}`), 400, texts.searchVisibilityInvalid);
    expectMessage(
      await put(
        m,
        `${path}${qs({ visibility: "1", viewProfilePicture: "yes", viewFriendsList: "1", viewLinkToRequestAddingYouAsFriend: "1", viewLinkToSendYouMsg: "1" })}`,
      ),
      400,
    );
    expect(await snapshot(m.memberId)).toEqual(before);
  });

  it("keeps the values a save leaves out (the original's partial saves)", async () => {
    const m = await member();
    const path = `/api/setting/SavePrivacySearchSettings/${m.memberId}`;
    expectJson(await put(m, `${path}${qs({ visibility: "2", viewFriendsList: "0" })}`));
    const saved = await put(m, `${path}${qs({ viewProfilePicture: "false" })}`);
    expectJson(saved);
    expect(saved.json).toMatchObject({ visibility: "2", viewFriendsList: false, viewProfilePicture: false, viewLinkToSendYouMsg: true });
  });
});
