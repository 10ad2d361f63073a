/**
 * Contract tests of the legacy service's fidelity to the original (issue 15; docs/rest-api.md
 * "Pictures", "Value formats", connection/*, the refused actions): shapes and types as the
 * original's models serialized them, over HTTP against the real Bun server and its SQLite file.
 */
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { serverHarness } from "#support/harness.ts";
import { callsAs, expectError, expectJson, nameTag } from "#support/rest-calls.ts";
import { bearer, qs, type RegisteredMember, registerAndConfirm } from "#support/server.ts";

const h = serverHarness();
const { get, post, put } = callsAs(h);

type M = Pick<RegisteredMember, "accessToken" | "memberId">;

const member = (overrides: Record<string, string> = {}): Promise<RegisteredMember> =>
  registerAndConfirm(h.server.baseUrl, h.sink, { firstName: "Avery", lastName: nameTag("L", 9), ...overrides });

const pair = (a: M, b: M) => qs({ memberID: a.memberId, contactID: b.memberId });

async function connect(a: M, b: M) {
  expectJson(await put(a, `/api/contact/SendRequestContact${pair(a, b)}`));
  expectJson(await put(b, `/api/contact/AcceptRequest${pair(b, a)}`));
}

async function fetchRaw(pathName: string) {
  const res = await fetch(h.server.baseUrl + pathName);
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

async function uploadPhoto(m: M): Promise<string> {
  const png = await sharp({ create: { width: 200, height: 200, channels: 3, background: "#2f9e44" } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.set("image", new Blob([new Uint8Array(png)], { type: "image/png" }), "me.png");
  const res = await fetch(`${h.server.baseUrl}/api/member/UploadProfilePhoto/${m.memberId}`, {
    method: "POST",
    headers: bearer(m.accessToken),
    body: form,
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { picturePath: string }).picturePath;
}

/** Every value of an object with its JSON type: asserting shapes and types at once. */
const typesOf = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, v === null ? "null" : typeof v]));

describe("pictures the original way", () => {
  it("carries file names (default.png when none) and serves them under /Images/members in any case", async () => {
    const m = await member();
    const login = await h.c.post("/api/account/login", {
      body: { email: m.email, password: m.password },
    });
    expect(login.json.picturePath).toBe("default.png");
    const shipped = await fetchRaw("/images/default.png");
    for (const p of ["/Images/members/default.png", "/images/MEMBERS/DEFAULT.PNG"]) {
      const { res, bytes } = await fetchRaw(p);
      expect(res.status, p).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^image\/png/);
      expect(bytes.equals(shipped.bytes)).toBe(true);
    }

    const sitePath = await uploadPhoto(m);
    const file = sitePath.split("/").pop()!;
    const basic = await get(m, `/api/member/GetMemberGeneralInfoV2/${m.memberId}`);
    expect(basic.json.picturePath).toBe(file);
    const original = await fetchRaw(sitePath);
    for (const p of [`/Images/members/${file}`, `/images/members/${file.toUpperCase()}`]) {
      const { res, bytes } = await fetchRaw(p);
      expect(res.status, p).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^image\/webp/);
      expect(bytes.equals(original.bytes)).toBe(true);
    }

    // A post and a message carry the same file name.
    const other = await member();
    await connect(m, other);
    expectJson(await post(m, `/api/member/SavePosts/${m.memberId}/0${qs({ postMsg: "Pictures as names" })}`));
    const feed = await get(other, `/api/member/getRecentPosts/${other.memberId}`);
    expect(feed.json.find((p: { memberID: string }) => p.memberID === String(m.memberId)).picturePath).toBe(file);
    expectJson(await post(m, `/api/message/CreateMessage${qs({ from: m.memberId, to: other.memberId, subject: "Hi", body: "Hello" })}`));
    expect((await get(other, `/api/message/GetMemberMessages/${other.memberId}`)).json[0].senderImage).toBe(file);
  });

  it("answers 404 JSON, never the web app's page, for an unknown name under an image path", async () => {
    for (const p of [
      "/Images/members/nobody.png",
      "/images/members/abcdefghijklmnopqrstuvwxyz234567-400.webp",
      "/images/nope.png",
      "/IMAGES/RecentNews/x.jpg",
    ]) {
      const res = await h.c.get(p);
      expect(res.status, p).toBe(404);
      expect(res.headers.get("content-type")).toMatch(/^application\/json/);
      expect(typeof res.json.message).toBe("string");
    }
  });

  it("gives news imageUrl in the original's ~/Images form, and serves the path its clients derive", async () => {
    const res = await h.c.get("/api/common/getRecentNews");
    expectJson(res);
    const item = res.json.find((n: { imageUrl: string }) => n.imageUrl.startsWith("~/"));
    expect(item.imageUrl).toBe("~/Images/RecentNews/default.png");
    expect(typesOf(item)).toMatchObject({ id: "number", name: "string", postingDate: "string", textField: "string" });
    expect(item.postingDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?$/);
    // The original's clients drop the "~" and lower-case "Images".
    const derived = item.imageUrl.replace("~", "").replace("Images", "images");
    const { res: image } = await fetchRaw(derived);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toMatch(/^image\//);
    expect((await fetchRaw(item.imageUrl.replace("~", ""))).res.status).toBe(200);
  });
});

describe("contact/GetSearchContacts: the Find Contacts search", () => {
  it("finds every member the caller may find, labelled Add as Contact where a request can be sent", async () => {
    const t = nameTag("F", 9);
    const me = await member({ firstName: "Seeker" });
    const stranger = await member({ firstName: "Robin", lastName: t });
    const friend = await member({ firstName: "Robin", lastName: t });
    const asked = await member({ firstName: "Robin", lastName: t });
    const hidden = await member({ firstName: "Robin", lastName: t });
    await connect(me, friend);
    expectJson(await put(me, `/api/contact/SendRequestContact${pair(me, asked)}`));
    // Found only by their contacts (search privacy).
    expectJson(await put(hidden, `/api/setting/SavePrivacySearchSettings/${hidden.memberId}${qs({ visibility: 2 })}`));

    const res = await get(me, `/api/contact/GetSearchContacts${qs({ userID: me.memberId, searchText: t })}`);
    expectJson(res);
    const byId = new Map<string, Record<string, unknown>>(res.json.map((i: Record<string, unknown>) => [i.contactID, i]));
    expect([...byId.keys()].sort()).toEqual([stranger, friend, asked].map((x) => String(x.memberId)).sort());
    expect(byId.get(String(stranger.memberId))).toMatchObject({
      labelText: "Add as Contact",
      connectionID: String(stranger.memberId),
      showFollow: "True",
    });
    expect(byId.get(String(friend.memberId))!.labelText).toBe("View Profile");
    expect(byId.get(String(asked.memberId))!.labelText).toBe("View Profile");
    expect(typesOf(byId.get(String(stranger.memberId))!)).toEqual({
      contactID: "string",
      friendName: "string",
      firstName: "string",
      picturePath: "string",
      titleDesc: "string",
      location: "string",
      fromID: "string",
      labelText: "string",
      params: "string",
      paramsAV: "string",
      showFollow: "string",
      showType: "string",
      email: "string",
      nameAndID: "string",
      connectionID: "string",
    });
    expect(byId.get(String(stranger.memberId))!.nameAndID).toBe(`${stranger.memberId},Robin,${t}`);

    // The row lets the caller send the request it offers.
    expect((await put(me, `/api/contact/SendRequestContact${pair(me, stranger)}`)).json.status).toBe("requested");
    const again = await get(me, `/api/contact/GetSearchContacts${qs({ userID: me.memberId, searchText: t })}`);
    expect(again.json.find((i: { contactID: string }) => i.contactID === String(stranger.memberId)).labelText).toBe("View Profile");
    // The old name of the same search, and the connection/ alias.
    expect(
      (await get(me, `/api/contact/GetMembersBySearchType${qs({ userID: me.memberId, searchType: "name", searchText: t })}`)).json,
    ).toEqual(again.json);
    expect((await get(me, `/api/connection/GetSearchConnections${qs({ userID: me.memberId, searchText: t })}`)).json).toEqual(again.json);
  });
});

describe("settings readers answer lists; saves keep what they leave out", () => {
  it("GetMemberNotifications: a list of one item; a save of one switch keeps the others", async () => {
    const m = await member();
    const read = async () => (await get(m, `/api/setting/GetMemberNotifications/${m.memberId}`)).json;
    const first = await read();
    expect(Array.isArray(first)).toBe(true);
    expect(first).toEqual([
      { memberID: m.memberId, sendMsg: true, addAsFriend: true, confirmFriendShipRequest: true, repliesToYourHelpQuest: true },
    ]);
    const saved = await put(m, `/api/setting/SaveNotificationSettings/${m.memberId}`, { addAsFriend: false });
    expectJson(saved);
    expect(await read()).toEqual([{ ...first[0], addAsFriend: false }]);
  });

  it("GetProfileSettings and GetPrivacySearchSettings: the original's item, typed; saves keep what is left out", async () => {
    const m = await member();
    const res = await get(m, `/api/setting/GetPrivacySearchSettings/${m.memberId}`);
    expectJson(res);
    expect(res.json).toHaveLength(1);
    const item = res.json[0];
    expect(typesOf(item)).toMatchObject({
      ID: "string",
      memberID: "string",
      profile: "string",
      basicInfo: "string",
      emailAddress: "string",
      visibility: "string",
      viewProfilePicture: "boolean",
      viewFriendsList: "boolean",
      viewLinksToRequestAddingYouAsFriend: "boolean",
      viewLinkTSendYouMsg: "boolean",
      email: "string",
    });
    expect(item).toMatchObject({ visibility: "1", viewFriendsList: true, email: m.email });
    expect((await get(m, `/api/setting/GetProfileSettings/${m.memberId}`)).json).toEqual(res.json);

    expectJson(await put(m, `/api/setting/SavePrivacySearchSettings/${m.memberId}${qs({ viewFriendsList: "false" })}`));
    const afterSearch = (await get(m, `/api/setting/GetPrivacySearchSettings/${m.memberId}`)).json[0];
    expect(afterSearch).toEqual({ ...item, viewFriendsList: false });

    expectJson(await put(m, `/api/setting/SaveProfileSettings/${m.memberId}`, { education: "3" }));
    expect((await get(m, `/api/setting/GetProfileSettings/${m.memberId}`)).json[0]).toEqual({ ...afterSearch, education: "3" });

    // A save naming nothing is refused and writes nothing.
    expectError(await put(m, `/api/setting/SavePrivacySearchSettings/${m.memberId}`), 400);
  });
});

describe("value types as the original emitted them", () => {
  it("basic info: flags as text, height and weight in the form's text, accepted back in both forms", async () => {
    const m = await member();
    const body = {
      firstName: "Avery",
      lastName: "Stone",
      titleDesc: "Forward",
      sport: "Basketball",
      currentStatus: "Athlete (Amateur)",
      sex: "Female",
      showSexInProfile: "True",
      dobMonth: "5",
      dobDay: "17",
      dobYear: "1995",
      showDOBType: "False",
      leftRightHandFoot: "Right",
      height: `6' 1"`,
      weight: "200 lbs",
    };
    const saved = await post(m, `/api/member/SaveMemberGeneralInfo/${m.memberId}`, body);
    expectJson(saved);
    const read = (await get(m, `/api/member/GetMemberGeneralInfoV2/${m.memberId}`)).json;
    expect(read).toMatchObject({
      showSexInProfile: "True",
      showDOBType: "False",
      height: `6' 1"`,
      weight: "200 lbs",
      getLGEntitiesCount: "0",
    });
    expect(read.joinedDate).toMatch(/^\d{1,2}\/\d{1,2}\/\d{4} \d{1,2}:\d{2}:\d{2} [AP]M$/);
    // The bare numbers (inches, lbs) and JSON booleans are taken too.
    expectJson(
      await post(m, `/api/member/SaveMemberGeneralInfo/${m.memberId}`, { ...body, height: 70, weight: "180", showSexInProfile: false }),
    );
    expect((await get(m, `/api/member/GetMemberGeneralInfoV2/${m.memberId}`)).json).toMatchObject({
      showSexInProfile: "False",
      height: `5' 10"`,
      weight: "180 lbs",
    });
  });

  it("GetStates: name, abbreviation, stateId; GetSchoolByState by code or name, schoolId as text", async () => {
    const states = (await h.c.get("/api/common/GetStates")).json;
    const texas = states.find((s: { abbreviation: string }) => s.abbreviation === "TX");
    expect(typesOf(texas)).toEqual({ id: "string", name: "string", abbreviation: "string", stateId: "number" });
    expect(texas).toMatchObject({ id: "TX", name: "Texas" });
    expect(states.map((s: { stateId: number }) => s.stateId)).toEqual(states.map((_: unknown, i: number) => i + 1));

    const byCode = (await h.c.get(`/api/common/GetSchoolByState${qs({ state: "TX", institutionType: 3 })}`)).json;
    expect(byCode.length).toBeGreaterThan(0);
    expect(typeof byCode[0].schoolId).toBe("string");
    expect((await h.c.get(`/api/common/GetSchoolByState${qs({ state: "texas", institutionType: 3 })}`)).json).toEqual(byCode);
  });

  it("AddMemberSchool takes a listed schoolID alone; education ids answer as text", async () => {
    const m = await member();
    const [school] = (await h.c.get(`/api/common/GetSchoolByState${qs({ state: "OH", institutionType: 3 })}`)).json;
    const res = await post(m, `/api/member/AddMemberSchool/${m.memberId}`, {
      schoolID: school.schoolId,
      degreeTypeID: "1",
      major: "History",
      yearClass: "2012",
      sportLevelType: "Division I",
    });
    expectJson(res);
    expect(res.json).toHaveLength(1);
    expect(res.json[0]).toMatchObject({
      schoolID: school.schoolId,
      schoolName: school.schoolName,
      schoolType: "3",
      degreeTypeID: "1",
      schoolImage: "default.png",
    });
    expect(res.json[0].schoolAddress).toMatch(/, OH$/);
  });

  it("posts and replies: the original's id types and date form", async () => {
    const m = await member();
    const saved = await post(m, `/api/member/SavePosts/${m.memberId}/0${qs({ postMsg: "Typed post" })}`);
    expectJson(saved);
    expect(typesOf(saved.json)).toMatchObject({ postID: "string", memberID: "string", childPostCnt: "string", datePosted: "string" });
    expect(saved.json.datePosted).toMatch(/^\d{1,2}\/\d{1,2}\/\d{4} \d{1,2}:\d{2}:\d{2} [AP]M$/);
    const reply = await post(m, `/api/member/SavePosts/${m.memberId}/${saved.json.postID}${qs({ postMsg: "Typed reply" })}`);
    expect(typesOf(reply.json)).toMatchObject({ postResponseID: "number", postID: "number", memberID: "number", dateResponded: "string" });
    const [first] = (await get(m, `/api/member/getRecentPosts/${m.memberId}`)).json;
    expect(first).toMatchObject({ postID: saved.json.postID, childPostCnt: "1" });
    expect((await get(m, `/api/member/GetMemberPosts/${m.memberId}`)).json[0]).toEqual(first);
  });
});

describe("messages: body and fullBody as the original filled them", () => {
  it("a list row cuts body at 33 characters; fullBody and an opened message hold the whole text", async () => {
    const a = await member();
    const b = await member();
    await connect(a, b);
    const text = "This message is longer than thirty-five characters, so the list cuts it.";
    const sent = await post(a, `/api/message/CreateMessage${qs({ from: a.memberId, to: b.memberId, subject: "Long", body: text })}`);
    expectJson(sent);
    const [row] = (await get(b, `/api/message/GetMemberMessages/${b.memberId}`)).json;
    expect(row).toMatchObject({ body: `${text.slice(0, 33)}...`, fullBody: text, messageState: "0", fromID: String(a.memberId) });
    expect(typeof row.messageID).toBe("string");
    expect(row.msgDate).toMatch(/^\d{1,2}\/\d{1,2}\/\d{4} \d{1,2}:\d{2}:\d{2} [AP]M$/);

    const opened = await get(b, `/api/message/GetMessageInfoByID/${row.messageID}`);
    expectJson(opened);
    expect(opened.json).toEqual([
      expect.objectContaining({ messageID: row.messageID, body: text, subject: "Long", senderPicture: "default.png", from: row.senderID }),
    ]);
    // Another member's copy is not found.
    expectError(await get(a, `/api/message/GetMessageInfoByID/${row.messageID}`), 404);

    const short = await post(
      a,
      `/api/message/CreateMessageBySource${qs({ from: a.memberId, to: b.memberId, subject: "Short", body: "Exactly thirty-five characters ok!!", source: "web" })}`,
    );
    expectJson(short);
    expect(short.json).toMatchObject({ body: "Exactly thirty-five characters ok!!", fullBody: "Exactly thirty-five characters ok!!" });
  });
});

describe("the original's other controller names", () => {
  it("connection/* answers as contact/* with the same parameters", async () => {
    const a = await member();
    const b = await member();
    expect((await put(a, `/api/connection/SendRequestConnection${pair(a, b)}`)).json.status).toBe("requested");
    expect((await get(a, `/api/member/IsContactRequestSent/${a.memberId}/${b.memberId}`)).json).toBe(true);
    expect((await get(b, `/api/connection/GetRequestsList${qs({ memberID: b.memberId })}`)).json).toEqual(
      (await get(b, `/api/contact/GetRequestsList${qs({ memberID: b.memberId })}`)).json,
    );
    expect((await put(b, `/services/Connection/AcceptRequest${pair(b, a)}`)).json.status).toBe("accepted");
    expect((await get(a, `/api/member/IsContactRequestSent/${a.memberId}/${b.memberId}`)).json).toBe(false);
    const contacts = await get(a, `/api/connection/GetMemberConnections${qs({ memberID: a.memberId, show: "All" })}`);
    expect(contacts.json).toEqual((await get(a, `/api/contact/GetMemberContacts${qs({ memberID: a.memberId })}`)).json);
    expect(contacts.json.map((i: { contactID: string }) => i.contactID)).toEqual([String(b.memberId)]);
    // Personal, as contact/*: another member's requests are refused.
    expectError(await get(a, `/api/connection/GetRequestsList${qs({ memberID: b.memberId })}`), 403);
    expect((await h.c.delete(`/api/connection/DeleteConnection${pair(a, b)}`, { headers: bearer(a.accessToken) })).json.status).toBe(
      "dropped",
    );
  });

  it("a refused action answers 501 with its reason to a member, 401 without a session", async () => {
    const m = await member();
    for (const p of ["/api/connection/GetMemberPhoneBook", "/api/member/IsMember?email=a@b.c", "/services/message/GetNotificationByID/1"]) {
      expectError(await get(m, p), 501);
      expectError(await get(null, p), 401);
    }
  });
});
