/**
 * Contract tests of the legacy contact actions (rest-api.md: contact/*, member/IsFriendByContactID,
 * member/IsFollowingContact) over HTTP against the real Bun server and its SQLite file: the request
 * state machine, follows, the lists and their privacy, member search and suggestions, and deactivated
 * members vanishing. The mapping to the legacy keys is documented in src/server/rest/contact.ts.
 */
import { describe, expect, it } from "vitest";
import { serverHarness } from "#support/harness.ts";
import { callsAs, expectError, expectJson, nameTag } from "#support/rest-calls.ts";
import { bearer, qs, type RegisteredMember, registerAndConfirm } from "#support/server.ts";

const h = serverHarness();
const { get, post, put, del } = callsAs(h);

const CONTACT_ITEM_KEYS = [
  "contactID",
  "friendName",
  "firstName",
  "picturePath",
  "titleDesc",
  "location",
  "fromID",
  "labelText",
  "params",
  "paramsAV",
  "showFollow",
].sort();
const SEARCH_ITEM_KEYS = ["entityID", "entityName", "sType", "picturePath", "cityState"].sort();

type M = Pick<RegisteredMember, "accessToken" | "memberId" | "email" | "password">;

const member = (overrides: Record<string, string> = {}): Promise<RegisteredMember> =>
  registerAndConfirm(h.server.baseUrl, h.sink, { firstName: "Casey", lastName: nameTag("Q", 9), ...overrides });

// The actions, as the legacy client calls them -------------------------------------------------

const pair = (a: M, b: M | number) => qs({ memberID: a.memberId, contactID: typeof b === "number" ? b : b.memberId });
const sendRequest = (a: M, b: M | number) => put(a, `/api/contact/SendRequestContact${pair(a, b)}`);
const accept = (a: M, b: M | number) => put(a, `/api/contact/AcceptRequest${pair(a, b)}`);
const reject = (a: M, b: M | number) => put(a, `/api/contact/RejectRequest${pair(a, b)}`);
const drop = (a: M, b: M | number) => del(a, `/api/contact/DeleteContact${pair(a, b)}`);
const follow = (a: M, b: M | number) => post(a, `/api/contact/FollowMember${pair(a, b)}`);
const unfollow = (a: M, b: M | number) => post(a, `/api/contact/UnfollowMember${pair(a, b)}`);
const isFollowing = (viewer: M, a: M, b: M) => get(viewer, `/api/contact/IsFollowingContact${pair(a, b)}`);
const isFriend = (viewer: M, a: M | number, b: M | number) =>
  get(viewer, `/api/member/IsFriendByContactID/${typeof a === "number" ? a : a.memberId}/${typeof b === "number" ? b : b.memberId}`);

type ContactItem = { contactID: string; friendName: string; labelText: string; showFollow: boolean; fromID: string; [k: string]: unknown };
type SearchItem = { entityID: string; entityName: string; sType: string; cityState: string; picturePath: string };

async function list(
  viewer: M,
  action: string,
  owner: M | number = viewer,
  extra: Record<string, string | number> = {},
): Promise<ContactItem[]> {
  const res = await get(viewer, `/api/contact/${action}${qs({ memberID: typeof owner === "number" ? owner : owner.memberId, ...extra })}`);
  expectJson(res);
  expect(Array.isArray(res.json)).toBe(true);
  return res.json;
}
const ids = (items: Array<{ contactID?: string; entityID?: string }>) => items.map((i) => Number(i.contactID ?? i.entityID));

async function searchAs(viewer: M, text: string, action = "SearchAllResults"): Promise<SearchItem[]> {
  const res = await get(viewer, `/api/contact/${action}${qs({ memberID: viewer.memberId, searchText: text })}`);
  expectJson(res);
  return res.json;
}

async function connect(a: M, b: M) {
  expectJson(await sendRequest(a, b));
  expectJson(await accept(b, a));
}

async function setPrivacy(memberId: number, column: string, value: number) {
  await h.db.run(
    `insert into member_privacy (member_id, ${column}) values (?, ?) on conflict(member_id) do update set ${column} = excluded.${column}`,
    memberId,
    value,
  );
}

const links = (a: M, b: M) =>
  h.db.rows<{ member_id: number; other_id: number; status: string }>(
    "select member_id, other_id, status from contact_link where (member_id = ? and other_id = ?) or (member_id = ? and other_id = ?) order by member_id = ? desc",
    a.memberId,
    b.memberId,
    b.memberId,
    a.memberId,
    a.memberId,
  );

/** Deactivates with the member's own token (all their sessions end). */
async function deactivate(m: M) {
  expectJson(await get(m, `/api/member/SetMemberStatus${qs({ memberId: m.memberId, status: 3 })}`));
}

/** Logs in again (the restricted token of a deactivated login) and reactivates: the member's token is full again. */
async function reactivate(m: M) {
  const login = await h.c.post("/api/account/login", { body: { email: m.email, password: m.password } });
  expect(login.json.currentStatus).toBe("3");
  m.accessToken = login.json.accessToken;
  expectJson(await get(m, `/api/member/SetMemberStatus${qs({ memberId: m.memberId, status: 2 })}`));
}

/** SaveMemberGeneralInfo as the edit form sends it, keeping the member's names. */
async function saveBasic(m: M, names: { first: string; last: string }, overrides: Record<string, unknown> = {}) {
  const res = await post(m, `/api/member/SaveMemberGeneralInfo/${m.memberId}`, {
    firstName: names.first,
    middleName: "",
    lastName: names.last,
    titleDesc: "Player",
    sport: "Basketball",
    currentStatus: "Athlete (Amateur)",
    bio: "",
    sex: "Female",
    showSexInProfile: false,
    dobMonth: "5",
    dobDay: "17",
    dobYear: "1995",
    showDOBType: false,
    lookingForEmployment: false,
    lookingForNetworking: false,
    lookingForPartnership: false,
    lookingForRecruitment: false,
    leftRightHandFoot: "Right",
    preferredPosition: "",
    secondaryPosition: "",
    height: null,
    weight: null,
    interestedInType: "",
    currentCity: "",
    hometown: "",
    ...overrides,
  });
  expectJson(res);
}

async function saveContact(m: M, overrides: Record<string, unknown>) {
  expectJson(
    await post(m, `/api/member/SaveMemberContactInfo/${m.memberId}`, { showAddress: false, showEmailToMembers: false, ...overrides }),
  );
}

// ---------------------------------------------------------------------------------------------

describe("contact/SendRequestContact, AcceptRequest, RejectRequest, DeleteContact: the request state machine", () => {
  it("a request stays pending until the other member accepts it; then both are contacts (two rows)", async () => {
    const a = await member({ firstName: "Avery" });
    const b = await member({ firstName: "Blake" });
    const res = await sendRequest(a, b);
    expectJson(res);
    expect(res.json).toEqual({ memberID: String(a.memberId), contactID: String(b.memberId), status: "requested" });
    expect(await links(a, b)).toEqual([{ member_id: a.memberId, other_id: b.memberId, status: "pending" }]);

    const requests = await list(b, "GetRequestsList");
    expect(ids(requests)).toEqual([a.memberId]);
    expect(Object.keys(requests[0]!).sort()).toEqual(CONTACT_ITEM_KEYS);
    expect(requests[0]).toMatchObject({
      contactID: String(a.memberId),
      fromID: String(b.memberId),
      firstName: "Avery",
      labelText: "Request received",
      titleDesc: "Athlete (Amateur)",
      location: "",
      params: `memberID=${a.memberId}`,
      paramsAV: "",
      showFollow: true,
    });
    expect(requests[0]!.friendName).toMatch(/^Avery Q[a-z]+$/);
    expect(String(requests[0]!.picturePath)).not.toBe("");
    expect(await list(a, "GetRequestsList")).toEqual([]);
    expect(await list(a, "GetMemberContacts")).toEqual([]);
    expectJson(await isFriend(a, a, b));
    expect((await isFriend(a, a, b)).json).toBe(false);

    const accepted = await accept(b, a);
    expectJson(accepted);
    expect(accepted.json).toEqual({ memberID: String(b.memberId), contactID: String(a.memberId), status: "accepted" });
    expect(await links(a, b)).toEqual([
      { member_id: a.memberId, other_id: b.memberId, status: "accepted" },
      { member_id: b.memberId, other_id: a.memberId, status: "accepted" },
    ]);
    expect(ids(await list(a, "GetMemberContacts"))).toEqual([b.memberId]);
    const bContacts = await list(b, "GetMemberContacts");
    expect(ids(bContacts)).toEqual([a.memberId]);
    expect(bContacts[0]).toMatchObject({ labelText: "Contact", showFollow: true, fromID: String(b.memberId) });
    expect(await list(b, "GetRequestsList")).toEqual([]);
    expect((await isFriend(a, a, b)).json).toBe(true);
    expect((await isFriend(b, a, b)).json).toBe(true);
    expect((await isFriend(a, b, a)).json).toBe(true);
  });

  it("only the member asked can accept or reject: the requester and third parties get 404, nothing changes", async () => {
    const a = await member();
    const b = await member();
    const c = await member();
    expectJson(await sendRequest(a, b));
    expectError(await accept(a, b), 404);
    expectError(await reject(a, b), 404);
    expectError(await accept(c, a), 404);
    expectError(await reject(c, a), 404);
    expect(await links(a, b)).toEqual([{ member_id: a.memberId, other_id: b.memberId, status: "pending" }]);
    // Accepting with someone else's memberID: 403.
    expectError(await put(c, `/api/contact/AcceptRequest${qs({ memberID: b.memberId, contactID: a.memberId })}`), 403);
    expect(await links(a, b)).toHaveLength(1);
  });

  it("a rejected request is gone, and the requester may ask again", async () => {
    const a = await member();
    const b = await member();
    expectJson(await sendRequest(a, b));
    const res = await reject(b, a);
    expectJson(res);
    expect(res.json).toEqual({ memberID: String(b.memberId), contactID: String(a.memberId), status: "rejected" });
    expect(await links(a, b)).toEqual([]);
    expect(await list(b, "GetRequestsList")).toEqual([]);
    expectError(await reject(b, a), 404);
    expect((await sendRequest(a, b)).json.status).toBe("requested");
    expect(ids(await list(b, "GetRequestsList"))).toEqual([a.memberId]);
  });

  it("a dropped contact is gone on both sides, and either may request again", async () => {
    const a = await member();
    const b = await member();
    await connect(a, b);
    const res = await drop(b, a);
    expectJson(res);
    expect(res.json).toEqual({ memberID: String(b.memberId), contactID: String(a.memberId), status: "dropped" });
    expect(await links(a, b)).toEqual([]);
    expect(await list(a, "GetMemberContacts")).toEqual([]);
    expect(await list(b, "GetMemberContacts")).toEqual([]);
    expect((await isFriend(a, a, b)).json).toBe(false);
    expectError(await drop(a, b), 404);
    expect((await sendRequest(b, a)).json.status).toBe("requested");
    expectJson(await accept(a, b));
    expect(ids(await list(a, "GetMemberContacts"))).toEqual([b.memberId]);
  });

  it("refuses a request to oneself and duplicates (400); asking someone who asked you accepts theirs", async () => {
    const a = await member();
    const b = await member();
    expectError(await sendRequest(a, a), 400);
    expectJson(await sendRequest(a, b));
    expectError(await sendRequest(a, b), 400);
    expect(await links(a, b)).toHaveLength(1);
    const crossed = await sendRequest(b, a);
    expectJson(crossed);
    expect(crossed.json.status).toBe("accepted");
    expect((await links(a, b)).map((l) => l.status)).toEqual(["accepted", "accepted"]);
    expectError(await sendRequest(a, b), 400);
    expectError(await sendRequest(b, a), 400);
    expect(await links(a, b)).toHaveLength(2);
  });

  it("answers 404 for an unknown member, 400 for a missing or malformed id, 403 for someone else's memberID, 401 without a token", async () => {
    const a = await member();
    const b = await member();
    expectError(await sendRequest(a, 987654321), 404);
    for (const path of ["/api/contact/SendRequestContact", "/api/contact/AcceptRequest", "/api/contact/RejectRequest"]) {
      expectError(await put(a, `${path}${qs({ memberID: a.memberId })}`), 400, "contactID");
      expectError(await put(a, `${path}${qs({ memberID: a.memberId, contactID: "12abc" })}`), 400, "contactID");
      expectError(await put(a, `${path}${qs({ contactID: b.memberId })}`), 400, "memberID");
      expectError(await put(a, `${path}${qs({ memberID: "-1", contactID: b.memberId })}`), 400, "memberID");
      expectError(await put(a, `${path}${qs({ memberID: b.memberId, contactID: a.memberId })}`), 403);
      expectError(await put(null, `${path}${qs({ memberID: a.memberId, contactID: b.memberId })}`), 401);
    }
    for (const path of ["/api/contact/FollowMember", "/api/contact/UnfollowMember"]) {
      expectError(await post(a, `${path}${qs({ memberID: a.memberId, contactID: "x" })}`), 400, "contactID");
      expectError(await post(a, `${path}${qs({ memberID: b.memberId, contactID: a.memberId })}`), 403);
      expectError(await post(null, `${path}${qs({ memberID: a.memberId, contactID: b.memberId })}`), 401);
    }
    expectError(await del(a, `/api/contact/DeleteContact${qs({ memberID: a.memberId })}`), 400, "contactID");
    expectError(await del(a, `/api/contact/DeleteContact${qs({ memberID: b.memberId, contactID: a.memberId })}`), 403);
    expect(await links(a, b)).toEqual([]);
    expect(await h.db.value("select count(*) from follow where follower_id in (?, ?)", a.memberId, b.memberId)).toBe(0);
  });

  it("accepts ids with spaces around names and values, a JSON content type without a body, and the /services base", async () => {
    const a = await member();
    const b = await member();
    const res = await h.c.put(`/services/contact/sendrequestcontact?%20memberID%20=%20${a.memberId}%20&contactID=${b.memberId}`, {
      headers: { ...bearer(a.accessToken), "Content-Type": "application/json" },
    });
    expectJson(res);
    expect(res.json.status).toBe("requested");
    expect(ids(await list(b, "getrequestslist"))).toEqual([a.memberId]);
  });

  it("answers 405 for the wrong method", async () => {
    const a = await member();
    const b = await member();
    expect((await get(a, `/api/contact/SendRequestContact${pair(a, b)}`)).status).toBe(405);
    expect((await post(a, `/api/contact/AcceptRequest${pair(a, b)}`)).status).toBe(405);
    expect((await get(a, `/api/contact/DeleteContact${pair(a, b)}`)).status).toBe(405);
    expect((await get(a, `/api/contact/FollowMember${pair(a, b)}`)).status).toBe(405);
    expect((await put(a, `/api/contact/GetMemberContacts${qs({ memberID: a.memberId })}`)).status).toBe(405);
    expect(await links(a, b)).toEqual([]);
  });

  it("a member who takes requests only from contacts (view_link_request = 0) refuses a stranger's request (403), and may still be followed", async () => {
    const a = await member();
    const shy = await member();
    await setPrivacy(shy.memberId, "view_link_request", 0);
    expectError(await sendRequest(a, shy), 403);
    expect(await links(a, shy)).toEqual([]);
    expectJson(await follow(a, shy));
    // Their own request to the stranger still works, and the stranger may accept it.
    expectJson(await sendRequest(shy, a));
    expectJson(await accept(a, shy));
    expect((await isFriend(a, a, shy)).json).toBe(true);
  });
});

describe("contact/FollowMember, UnfollowMember, IsFollowingContact, GetPeopleIFollow, GetWhosFollowingMe", () => {
  it("follows and unfollows, answering true / false as JSON; following again changes nothing", async () => {
    const a = await member({ firstName: "Follower" });
    const b = await member({ firstName: "Followed" });
    const before = await isFollowing(a, a, b);
    expectJson(before);
    expect(before.json).toBe(false);
    const res = await follow(a, b);
    expectJson(res);
    expect(res.json).toEqual({ memberID: String(a.memberId), contactID: String(b.memberId), status: "following" });
    expect((await isFollowing(a, a, b)).json).toBe(true);
    expect((await isFollowing(b, a, b)).json).toBe(true);
    expect((await isFollowing(a, b, a)).json).toBe(false);
    // The member/ alias.
    const alias = await get(a, `/api/member/IsFollowingContact${pair(a, b)}`);
    expectJson(alias);
    expect(alias.json).toBe(true);

    expectJson(await follow(a, b));
    expect(await h.db.value("select count(*) from follow where follower_id = ? and followed_id = ?", a.memberId, b.memberId)).toBe(1);

    const following = await list(a, "GetPeopleIFollow");
    expect(ids(following)).toEqual([b.memberId]);
    expect(Object.keys(following[0]!).sort()).toEqual(CONTACT_ITEM_KEYS);
    expect(following[0]).toMatchObject({ labelText: "Following", showFollow: false, fromID: String(a.memberId) });
    const followers = await list(b, "GetWhosFollowingMe");
    expect(ids(followers)).toEqual([a.memberId]);
    expect(followers[0]).toMatchObject({ labelText: "Follows you", showFollow: true, fromID: String(b.memberId) });
    expect(await list(a, "GetWhosFollowingMe")).toEqual([]);

    const off = await unfollow(a, b);
    expectJson(off);
    expect(off.json.status).toBe("unfollowed");
    expect((await isFollowing(a, a, b)).json).toBe(false);
    expect(await list(a, "GetPeopleIFollow")).toEqual([]);
    expect(await list(b, "GetWhosFollowingMe")).toEqual([]);
    expectError(await unfollow(a, b), 404);
  });

  it("refuses to follow oneself (400) or an unknown member (404)", async () => {
    const a = await member();
    expectError(await follow(a, a), 400);
    expectError(await follow(a, 987654321), 404);
    expect(await h.db.value("select count(*) from follow where follower_id = ?", a.memberId)).toBe(0);
  });

  it("is independent of contacts both ways", async () => {
    const a = await member();
    const b = await member();
    expectJson(await follow(a, b));
    expect((await isFriend(a, a, b)).json).toBe(false);
    expect(await list(a, "GetMemberContacts")).toEqual([]);
    await connect(a, b);
    expect((await isFollowing(a, b, a)).json).toBe(false);
    expectJson(await unfollow(a, b));
    expect((await isFriend(a, a, b)).json).toBe(true);
    expectJson(await follow(b, a));
    expectJson(await drop(a, b));
    expect((await isFollowing(b, b, a)).json).toBe(true);
    expect(ids(await list(a, "GetWhosFollowingMe"))).toEqual([b.memberId]);
  });

  it("IsFollowingContact and IsFriendByContactID: anyone else asks per the first member's view-friends-list flag; bad ids 400", async () => {
    const a = await member();
    const b = await member();
    const stranger = await member();
    await connect(a, b);
    expectJson(await follow(a, b));
    expect((await isFollowing(stranger, a, b)).json).toBe(true);
    expect((await isFriend(stranger, a, b)).json).toBe(true);
    await setPrivacy(a.memberId, "view_friends_list", 0);
    expectError(await isFollowing(stranger, a, b), 403);
    expectError(await isFriend(stranger, a, b), 403);
    // The other member of the pair may still ask; so may the first member's contacts.
    expect((await isFollowing(b, a, b)).json).toBe(true);
    expect((await isFriend(b, a, b)).json).toBe(true);

    expectError(await get(a, `/api/contact/IsFollowingContact${qs({ memberID: a.memberId })}`), 400, "contactID");
    expectError(await get(a, `/api/contact/IsFollowingContact${qs({ memberID: "abc", contactID: b.memberId })}`), 400, "memberID");
    expectError(await get(a, `/api/member/IsFriendByContactID/${a.memberId}`), 400);
    expectError(await get(a, `/api/member/IsFriendByContactID/${a.memberId}/1x`), 400);
    expectError(await get(null, `/api/member/IsFriendByContactID/${a.memberId}/${b.memberId}`), 401);
    const services = await get(a, `/services/member/isfriendbycontactid/${b.memberId}/${a.memberId}`);
    expectJson(services);
    expect(services.json).toBe(true);
    expect((await isFriend(a, a, a)).json).toBe(false);
    expect((await isFriend(a, a, 987654321)).json).toBe(false);
  });
});

describe("contact/GetMemberContacts, GetRequestsList and the lists of another member", () => {
  it("sorts by name, honours show, and labels each row from the caller's point of view", async () => {
    const owner = await member({ firstName: "Owner" });
    const zed = await member({ firstName: "Zed" });
    const amy = await member({ firstName: "Amy" });
    const kim = await member({ firstName: "Kim" });
    for (const m of [zed, amy, kim]) await connect(owner, m);
    const all = await list(owner, "GetMemberContacts");
    expect(ids(all)).toEqual([amy.memberId, kim.memberId, zed.memberId]);
    expect(all.every((i) => i.labelText === "Contact" && i.fromID === String(owner.memberId))).toBe(true);
    expect(ids(await list(owner, "GetMemberContacts", owner, { show: 2 }))).toEqual([amy.memberId, kim.memberId]);
    expect(ids(await list(owner, "GetMemberContacts", owner, { show: "All" }))).toHaveLength(3);
    expect(ids(await list(owner, "GetMemberContacts", owner, { show: "" }))).toHaveLength(3);

    // Amy looks at the owner's list: herself, a member she asked, one she follows.
    expectJson(await sendRequest(amy, kim));
    expectJson(await follow(amy, zed));
    const seen = await list(amy, "GetMemberContacts", owner);
    expect(seen.map((i) => [Number(i.contactID), i.labelText, i.showFollow, i.fromID])).toEqual([
      [amy.memberId, "You", false, String(owner.memberId)],
      [kim.memberId, "Request sent", true, String(owner.memberId)],
      [zed.memberId, "Following", false, String(owner.memberId)],
    ]);
  });

  it("shows another member's contacts and follows per their view-friends-list flag; the request list is the owner's alone", async () => {
    const owner = await member();
    const friend = await member();
    const stranger = await member();
    const fan = await member();
    await connect(owner, friend);
    expectJson(await follow(fan, owner));
    expectJson(await follow(owner, fan));
    expectJson(await sendRequest(stranger, owner));

    expect(ids(await list(stranger, "GetMemberContacts", owner))).toEqual([friend.memberId]);
    expect(ids(await list(stranger, "GetPeopleIFollow", owner))).toEqual([fan.memberId]);
    expect(ids(await list(stranger, "GetWhosFollowingMe", owner))).toEqual([fan.memberId]);
    expectError(await get(stranger, `/api/contact/GetRequestsList${qs({ memberID: owner.memberId })}`), 403);
    expectError(await get(friend, `/api/contact/GetRequestsList${qs({ memberID: owner.memberId })}`), 403);

    await setPrivacy(owner.memberId, "view_friends_list", 0);
    for (const action of ["GetMemberContacts", "GetPeopleIFollow", "GetWhosFollowingMe"]) {
      expectError(await get(stranger, `/api/contact/${action}${qs({ memberID: owner.memberId })}`), 403);
    }
    expectError(await get(stranger, `/api/contact/SearchMemberContacts${qs({ memberID: owner.memberId, searchText: "a" })}`), 403);
    expect(ids(await list(friend, "GetMemberContacts", owner))).toEqual([friend.memberId]);
    expect(ids(await list(friend, "GetPeopleIFollow", owner))).toEqual([fan.memberId]);
    expect(ids(await list(owner, "GetMemberContacts"))).toEqual([friend.memberId]);
  });

  it("answers 400 for a missing or malformed memberID, 404 for an unknown member, 401 without a token", async () => {
    const m = await member();
    for (const action of ["GetMemberContacts", "GetPeopleIFollow", "GetWhosFollowingMe", "GetRequestsList"]) {
      expectError(await get(m, `/api/contact/${action}`), 400, "memberID");
      expectError(await get(m, `/api/contact/${action}${qs({ memberID: "1.5" })}`), 400, "memberID");
      expectError(await get(null, `/api/contact/${action}${qs({ memberID: m.memberId })}`), 401);
    }
    for (const action of ["GetMemberContacts", "GetPeopleIFollow", "GetWhosFollowingMe"]) {
      expectError(await get(m, `/api/contact/${action}${qs({ memberID: 987654321 })}`), 404);
    }
  });
});

describe("contact/SearchMemberContacts and GetSearchContacts", () => {
  it("filter a member's contacts by any part of the name", async () => {
    const owner = await member();
    const t = nameTag("Q", 9);
    const match = await member({ firstName: "Rory", lastName: t });
    const other = await member({ firstName: "Sam" });
    await connect(owner, match);
    await connect(owner, other);
    const mine = await list(owner, "SearchMemberContacts", owner, { searchText: t.slice(2, 7) });
    expect(ids(mine)).toEqual([match.memberId]);
    expect(Object.keys(mine[0]!).sort()).toEqual(CONTACT_ITEM_KEYS);
    expect(ids(await list(owner, "SearchMemberContacts", owner, { searchText: "rory" }))).toEqual([match.memberId]);
    // Another member's contacts, while their list is visible.
    const viewer = await member();
    expect(ids(await list(viewer, "SearchMemberContacts", owner, { searchText: "SAM" }))).toEqual([other.memberId]);
    expectError(await get(owner, `/api/contact/SearchMemberContacts${qs({ memberID: owner.memberId })}`), 400);
    expectError(await get(owner, `/api/contact/SearchMemberContacts${qs({ memberID: owner.memberId, searchText: "  " })}`), 400);
    expectError(await get(owner, `/api/contact/SearchMemberContacts${qs({ memberID: owner.memberId, searchText: "x".repeat(101) })}`), 400);
  });

  it("GetSearchContacts autocompletes the caller's own contacts (with connectionID) and is personal", async () => {
    const owner = await member();
    const t = nameTag("Q", 9);
    const match = await member({ firstName: "Jamie", lastName: t });
    const notContact = await member({ firstName: "Jamie", lastName: t });
    await connect(owner, match);
    const res = await get(owner, `/api/contact/GetSearchContacts${qs({ userID: owner.memberId, searchText: "jam" })}`);
    expectJson(res);
    expect(ids(res.json)).toEqual([match.memberId]);
    expect(Object.keys(res.json[0]).sort()).toEqual([...CONTACT_ITEM_KEYS, "connectionID"].sort());
    expect(res.json[0].connectionID).toBe(String(match.memberId));
    expect(
      ids((await get(owner, `/api/contact/GetSearchContacts${qs({ userID: owner.memberId, searchText: "nobody-like-this" })}`)).json),
    ).toEqual([]);
    expectError(await get(notContact, `/api/contact/GetSearchContacts${qs({ userID: owner.memberId, searchText: "jam" })}`), 403);
    expectError(await get(owner, `/api/contact/GetSearchContacts${qs({ searchText: "jam" })}`), 400, "userID");
    expectError(await get(owner, `/api/contact/GetSearchContacts${qs({ userID: owner.memberId })}`), 400);
  });
});

describe("contact/SearchResults and SearchAllResults: member search", () => {
  it("answers search result items: entityID, entityName, sType (profile type), picturePath, cityState", async () => {
    const viewer = await member();
    const t = nameTag("Q", 9);
    const found = await member({ firstName: "Dana", lastName: t, profileType: "Scout" });
    await saveContact(found, { city: "Tallahassee", state: "FL" });
    const items = await searchAs(viewer, t);
    expect(items).toHaveLength(1);
    expect(Object.keys(items[0]!).sort()).toEqual(SEARCH_ITEM_KEYS);
    expect(items[0]).toMatchObject({
      entityID: String(found.memberId),
      entityName: `Dana ${t}`,
      sType: "Scout",
      cityState: "Tallahassee, FL",
    });
    expect(items[0]!.picturePath).not.toBe("");
    expect(ids(await searchAs(viewer, t, "SearchResults"))).toEqual([found.memberId]);
    // The caller is never in their own results.
    expect(await searchAs(found, t)).toEqual([]);
  });

  it("is full-text with prefix matching over name, sport, profile type and title, positions, city and state", async () => {
    const viewer = await member();
    const t = nameTag("Q", 9);
    const m = await member({ firstName: "Morgan", lastName: t, profileType: "Athlete (Professional)" });
    await saveBasic(
      m,
      { first: "Morgan", last: t },
      {
        sport: "Lacrosse",
        currentStatus: "Athlete (Professional)",
        titleDesc: "Defenseman",
        preferredPosition: "Long Stick Midfielder",
        secondaryPosition: "Defense",
        height: 74,
        weight: 200,
      },
    );
    await saveContact(m, { city: "Baltimore", state: "MD" });
    for (const text of [
      t,
      t.slice(0, 5),
      `morg ${t}`,
      `${t} lacro`,
      `${t} professional`,
      `${t} athl`,
      `${t} defensem`,
      `${t} midfield`,
      `${t} long stick`,
      `${t} baltim`,
      `${t} md`,
      `${t} maryla`,
      `${t.toUpperCase()} LACROSSE`,
    ]) {
      expect(ids(await searchAs(viewer, text)), text).toEqual([m.memberId]);
    }
    expect(await searchAs(viewer, `${t} soccer`)).toEqual([]);
    expect(await searchAs(viewer, `${t} !!!`)).toEqual(await searchAs(viewer, t));
  });

  it("ranks a name match above a sport-only match", async () => {
    const viewer = await member();
    const t = nameTag("Q", 9);
    const bySport = await member({ firstName: "Pat", lastName: t });
    await saveBasic(bySport, { first: "Pat", last: t }, { sport: "Rowing" });
    const byName = await member({ firstName: "Rowan", lastName: t });
    await saveBasic(byName, { first: "Rowan", last: t }, { sport: "Golf" });
    expect(ids(await searchAs(viewer, `${t} row`))).toEqual([byName.memberId, bySport.memberId]);
    expect(ids(await searchAs(viewer, `row ${t}`, "SearchResults"))).toEqual([byName.memberId, bySport.memberId]);
  });

  it("reflects a saved profile at once", async () => {
    const viewer = await member();
    const t = nameTag("Q", 9);
    const m = await member({ firstName: "Reese", lastName: t });
    expect(await searchAs(viewer, `${t} curling`)).toEqual([]);
    await saveBasic(m, { first: "Reese", last: t }, { sport: "Curling" });
    expect(ids(await searchAs(viewer, `${t} curling`))).toEqual([m.memberId]);
    await saveBasic(m, { first: "Reese", last: t }, { sport: "Fencing" });
    expect(await searchAs(viewer, `${t} curling`)).toEqual([]);
    expect(ids(await searchAs(viewer, `${t} fenc`))).toEqual([m.memberId]);
    expect(await searchAs(viewer, `${t} anchorage`)).toEqual([]);
    await saveContact(m, { city: "Anchorage", state: "AK" });
    const items = await searchAs(viewer, `${t} anchorage`);
    expect(ids(items)).toEqual([m.memberId]);
    expect(items[0]!.cityState).toBe("Anchorage, AK");
    // A new name is found, the old one no more.
    const renamed = nameTag("Q", 9);
    await saveBasic(m, { first: "Reese", last: renamed });
    expect(await searchAs(viewer, t)).toEqual([]);
    expect(ids(await searchAs(viewer, renamed))).toEqual([m.memberId]);
  });

  it("a member findable only by contacts (search_visibility = 2) is hidden from strangers, not from contacts", async () => {
    const t = nameTag("Q", 9);
    const hidden = await member({ firstName: "Hidden", lastName: t });
    const friend = await member();
    const stranger = await member();
    await connect(hidden, friend);
    await setPrivacy(hidden.memberId, "search_visibility", 2);
    expect(await searchAs(stranger, t)).toEqual([]);
    expect(await searchAs(stranger, t, "SearchResults")).toEqual([]);
    expect(ids(await searchAs(friend, t))).toEqual([hidden.memberId]);
    expect(ids(await searchAs(friend, t, "SearchResults"))).toEqual([hidden.memberId]);
    await setPrivacy(hidden.memberId, "search_visibility", 1);
    expect(ids(await searchAs(stranger, t))).toEqual([hidden.memberId]);
  });

  it("caps SearchResults (the navbar dropdown) at 10 and SearchAllResults at 50", async () => {
    const viewer = await member();
    const t = nameTag("Q", 9);
    const now = new Date().toISOString();
    for (let i = 0; i < 12; i += 1) {
      await h.db.run(
        `insert into member (email, password_hash, first_name, middle_name, last_name, gender, birth_date, profile_type, title,
                             picture_path, status, welcome_back_pending, created_at, updated_at)
         values (?, 'x', ?, '', ?, 'Female', '1990-01-01', 'Coach', 'Coach', null, 2, 0, ?, ?)`,
        `${t}-${i}@example.com`,
        `Member${i}`,
        t,
        now,
        now,
      );
    }
    expect(await searchAs(viewer, t, "SearchResults")).toHaveLength(10);
    expect(await searchAs(viewer, t, "SearchAllResults")).toHaveLength(12);
  });

  it("is personal (403 for another memberID), needs searchText (400), and answers 401 without a token", async () => {
    const a = await member();
    const b = await member();
    for (const action of ["SearchResults", "SearchAllResults"]) {
      expectError(await get(a, `/api/contact/${action}${qs({ memberID: b.memberId, searchText: "casey" })}`), 403);
      expectError(await get(a, `/api/contact/${action}${qs({ memberID: a.memberId })}`), 400, "You must enter at least be 1 character.");
      expectError(await get(a, `/api/contact/${action}${qs({ memberID: a.memberId, searchText: "" })}`), 400);
      expectError(await get(a, `/api/contact/${action}${qs({ searchText: "casey" })}`), 400, "memberID");
      expectError(await get(null, `/api/contact/${action}${qs({ memberID: a.memberId, searchText: "casey" })}`), 401);
    }
  });
});

describe("contact/GetMemberSuggestions and GetMemberContactSuggestions", () => {
  it("exclude self, contacts, pending requests either way, deactivated and contacts-only members; rank similar sport and status first", async () => {
    const names = async (m: RegisteredMember, first: string) => ({
      first,
      last: await h.db.value<string>("select last_name from member where id = ?", m.memberId),
    });
    const make = async (first: string, sport: string, status: string) => {
      const m = await member({ firstName: first, profileType: status });
      await saveBasic(m, await names(m, first), { sport, currentStatus: status, titleDesc: status });
      return m;
    };
    const viewer = await make("Viewer", "Water Polo", "Referee");
    const twin = await make("Twin", "Water Polo", "Referee"); // sport 3 + status 2
    const sameSport = await make("Sporty", "Water Polo", "Coach"); // sport 3
    const other = await make("Other", "Golf", "Coach"); // nothing shared
    const contact = await make("Contact", "Water Polo", "Referee");
    const askedByViewer = await make("Asked", "Water Polo", "Referee");
    const askedViewer = await make("Asker", "Water Polo", "Referee");
    const gone = await make("Gone", "Water Polo", "Referee");
    const hidden = await make("Hidden", "Water Polo", "Referee");
    await connect(viewer, contact);
    expectJson(await sendRequest(viewer, askedByViewer));
    expectJson(await sendRequest(askedViewer, viewer));
    await deactivate(gone);
    await setPrivacy(hidden.memberId, "search_visibility", 2);

    const res = await get(viewer, `/api/contact/GetMemberContactSuggestions${qs({ memberID: viewer.memberId })}`);
    expectJson(res);
    const items: ContactItem[] = res.json;
    expect(items.length).toBeLessThanOrEqual(50);
    expect(Object.keys(items[0]!).sort()).toEqual(CONTACT_ITEM_KEYS);
    const found = ids(items);
    for (const excluded of [viewer, contact, askedByViewer, askedViewer, gone, hidden]) expect(found).not.toContain(excluded.memberId);
    expect(found.indexOf(twin.memberId)).toBe(0);
    expect(found.indexOf(sameSport.memberId)).toBe(1);
    if (found.includes(other.memberId)) expect(found.indexOf(other.memberId)).toBeGreaterThan(1);
    expect(items[0]).toMatchObject({ fromID: String(viewer.memberId), labelText: "", showFollow: true });

    const right = await get(viewer, `/api/contact/GetMemberSuggestions${qs({ memberID: viewer.memberId })}`);
    expectJson(right);
    expect(right.json.length).toBeLessThanOrEqual(10);
    expect(ids(right.json).slice(0, 2)).toEqual([twin.memberId, sameSport.memberId]);

    // Following a suggestion keeps it suggested, with the Follow button gone.
    expectJson(await follow(viewer, twin));
    const after = (await get(viewer, `/api/contact/GetMemberSuggestions${qs({ memberID: viewer.memberId })}`)).json as ContactItem[];
    expect(after[0]).toMatchObject({ contactID: String(twin.memberId), labelText: "Following", showFollow: false });
  });

  it("are personal: 403 for another memberID, 400 without one, 401 without a token", async () => {
    const a = await member();
    const b = await member();
    for (const action of ["GetMemberSuggestions", "GetMemberContactSuggestions"]) {
      expectError(await get(a, `/api/contact/${action}${qs({ memberID: b.memberId })}`), 403);
      expectError(await get(a, `/api/contact/${action}`), 400, "memberID");
      expectError(await get(null, `/api/contact/${action}${qs({ memberID: a.memberId })}`), 401);
    }
  });
});

describe("a deactivated member vanishes from lists, search and suggestions until reactivated", () => {
  it("SetMemberStatus 3 hides them everywhere; 2 brings them back with their contacts and follows", async () => {
    const t = nameTag("Q", 9);
    const gone = await member({ firstName: "Vanishing", lastName: t });
    const a = await member();
    const b = await member();
    const c = await member();
    await saveBasic(gone, { first: "Vanishing", last: t }, { sport: "Table Tennis", currentStatus: "Retired", titleDesc: "Retired" });
    await saveBasic(
      c,
      { first: "Casey", last: await h.db.value<string>("select last_name from member where id = ?", c.memberId) },
      {
        sport: "Table Tennis",
        currentStatus: "Retired",
        titleDesc: "Retired",
      },
    );
    await connect(gone, a);
    expectJson(await follow(gone, a));
    expectJson(await follow(a, gone));
    expectJson(await sendRequest(gone, b));

    const visible = async () => ({
      contacts: ids(await list(a, "GetMemberContacts")).includes(gone.memberId),
      searchContacts: ids(await list(a, "SearchMemberContacts", a, { searchText: "vanish" })).includes(gone.memberId),
      autocomplete: ids((await get(a, `/api/contact/GetSearchContacts${qs({ userID: a.memberId, searchText: "vanish" })}`)).json).includes(
        gone.memberId,
      ),
      followers: ids(await list(a, "GetWhosFollowingMe")).includes(gone.memberId),
      following: ids(await list(a, "GetPeopleIFollow")).includes(gone.memberId),
      requests: ids(await list(b, "GetRequestsList")).includes(gone.memberId),
      search: ids(await searchAs(c, t)).includes(gone.memberId),
      dropdown: ids(await searchAs(c, t, "SearchResults")).includes(gone.memberId),
      suggestions: ids((await get(c, `/api/contact/GetMemberContactSuggestions${qs({ memberID: c.memberId })}`)).json).includes(
        gone.memberId,
      ),
      isFriend: (await isFriend(a, a, gone)).json as boolean,
      isFollowing: (await isFollowing(a, a, gone)).json as boolean,
    });
    const all = (v: boolean) => ({
      contacts: v,
      searchContacts: v,
      autocomplete: v,
      followers: v,
      following: v,
      requests: v,
      search: v,
      dropdown: v,
      suggestions: v,
      isFriend: v,
      isFollowing: v,
    });
    expect(await visible()).toEqual(all(true));

    await deactivate(gone);
    expect(await visible()).toEqual(all(false));
    expectError(await get(a, `/api/contact/GetMemberContacts${qs({ memberID: gone.memberId })}`), 404);
    expectError(await follow(a, gone), 404);
    expectError(await sendRequest(c, gone), 404);
    // Their old token can do nothing.
    expectError(await get(gone, `/api/contact/GetMemberContacts${qs({ memberID: gone.memberId })}`), 401);

    await reactivate(gone);
    expect(await visible()).toEqual(all(true));
  });
});

/** A tRPC query as the web client sends it (GET, JSON input), here with the member's bearer token. */
async function trpcQuery<T = any>(m: M, procedure: string, input: unknown): Promise<T> {
  const res = await get(m, `/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`);
  expectJson(res);
  return res.json.result.data as T;
}

type Card = { memberId: number; sport: string; city: string; state: string; location: string; profileType: string; title: string };

describe("hidden profile sections are neither matched nor shown (issue 11, finding 5)", () => {
  /** A member whose basic info (middle name, status, sport, positions, current city, hometown) and contact info (city, state) say something unique. */
  async function memberWithSections() {
    const t = nameTag("Q", 9);
    const words = { middle: nameTag("Mid", 7), currentCity: nameTag("Cur", 7), hometown: nameTag("Home", 7), city: nameTag("Town", 7) };
    const m = await member({ firstName: "Quinn", lastName: t });
    await saveBasic(
      m,
      { first: "Quinn", last: t },
      {
        middleName: words.middle,
        sport: "Lacrosse",
        currentStatus: "Athlete (Professional)",
        titleDesc: "Captain",
        preferredPosition: "Goalkeeper",
        currentCity: words.currentCity,
        hometown: words.hometown,
      },
    );
    await saveContact(m, { city: words.city, state: "VT" });
    return { m, t, words };
  }
  const setLevels = async (m: M, basicInfo: number, contactInfo: number) =>
    expectJson(await put(m, `/api/setting/SaveProfileSettings/${m.memberId}`, { basicInfo, contactInfo }));

  /** What each search path finds for a text (ids): REST page, REST dropdown, tRPC. */
  const findsVia = async (viewer: M, text: string) => ({
    all: ids(await searchAs(viewer, text)),
    dropdown: ids(await searchAs(viewer, text, "SearchResults")),
    trpc: (await trpcQuery<Card[]>(viewer, "search.members", { text })).map((c) => c.memberId),
  });
  const everywhere = (found: number[]) => ({ all: found, dropdown: found, trpc: found });

  it("private basic and contact info: a stranger finds the member by name only, and sees neither place nor sport nor status", async () => {
    const { m, t, words } = await memberWithSections();
    const stranger = await member();
    // Public (the default): every field is found.
    for (const text of [words.middle, words.currentCity, words.hometown, words.city, `${t} lacrosse`, `${t} goalkeep`, `${t} vermont`]) {
      expect(await findsVia(stranger, text), text).toEqual(everywhere([m.memberId]));
    }
    await setLevels(m, 2, 2);
    for (const text of [
      words.middle,
      words.currentCity,
      words.hometown,
      words.city,
      `${t} lacrosse`,
      `${t} goalkeep`,
      `${t} vermont`,
      `${t} vt`,
      `${t} professional`,
    ]) {
      expect(await findsVia(stranger, text), text).toEqual(everywhere([]));
    }
    // The name and title (the profile's header) stay findable; the hidden fields are not shown.
    expect(await findsVia(stranger, `quinn ${t} captain`)).toEqual(everywhere([m.memberId]));
    const [item] = await searchAs(stranger, t);
    expect(item).toMatchObject({ entityID: String(m.memberId), entityName: `Quinn ${t}`, sType: "", cityState: "" });
    const [card] = await trpcQuery<Card[]>(stranger, "search.members", { text: t });
    expect(card).toMatchObject({ memberId: m.memberId, title: "Captain", sport: "", city: "", state: "", location: "", profileType: "" });
  });

  it("only-contacts sections: a contact finds and sees them, a stranger does not", async () => {
    const { m, t, words } = await memberWithSections();
    const friend = await member();
    const stranger = await member();
    await connect(m, friend);
    await setLevels(m, 3, 3);
    for (const text of [words.middle, words.hometown, words.currentCity, words.city, `${t} lacrosse`]) {
      expect(await findsVia(friend, text), text).toEqual(everywhere([m.memberId]));
      expect(await findsVia(stranger, text), text).toEqual(everywhere([]));
    }
    expect((await searchAs(friend, t))[0]).toMatchObject({ sType: "Athlete (Professional)", cityState: `${words.city}, VT` });
    expect((await searchAs(stranger, t))[0]).toMatchObject({ sType: "", cityState: "" });
    // Basic info public, contact info for contacts: the stranger matches the sport, not the town.
    await setLevels(m, 1, 3);
    expect(await findsVia(stranger, `${t} lacrosse`)).toEqual(everywhere([m.memberId]));
    expect(await findsVia(stranger, words.city)).toEqual(everywhere([]));
    expect((await trpcQuery<Card[]>(stranger, "search.members", { text: t }))[0]).toMatchObject({ sport: "Lacrosse", location: "" });
  });

  it("cards in another member's contact list show the place and sport only as the sections allow", async () => {
    const { m, words } = await memberWithSections();
    const owner = await member();
    const stranger = await member();
    await connect(owner, m);
    const cardOf = async (viewer: M) => {
      const rest = (await list(viewer, "GetMemberContacts", owner)).find((i) => i.contactID === String(m.memberId))!;
      const page = await trpcQuery<{ items: Card[] }>(viewer, "contacts.contacts", { memberId: owner.memberId });
      const card = page.items.find((c) => c.memberId === m.memberId)!;
      return {
        location: rest.location,
        card: { sport: card.sport, location: card.location, city: card.city, state: card.state, profileType: card.profileType },
      };
    };
    const shown = {
      location: `${words.city}, VT`,
      card: { sport: "Lacrosse", location: `${words.city}, VT`, city: words.city, state: "VT", profileType: "Athlete (Professional)" },
    };
    const hidden = { location: "", card: { sport: "", location: "", city: "", state: "", profileType: "" } };
    expect(await cardOf(stranger)).toEqual(shown);
    await setLevels(m, 2, 2);
    expect(await cardOf(stranger)).toEqual(hidden);
    // The contact list's owner is m's contact: only-contacts sections are theirs to see, private ones not.
    expect(await cardOf(owner)).toEqual(hidden);
    await setLevels(m, 3, 3);
    expect(await cardOf(owner)).toEqual(shown);
    expect(await cardOf(stranger)).toEqual(hidden);
    // The member sees their own card whole.
    await setLevels(m, 2, 2);
    expect(await cardOf(m)).toEqual(shown);
  });
});
