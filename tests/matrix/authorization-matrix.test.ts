/**
 * The authorization and privacy matrix (issue 11): every REST action and every tRPC procedure,
 * called by four actors against the real Bun server, with the status each must get and, for reads
 * of member data, which of the owner's values must appear. The table below is the documentation.
 *
 * The actors (tests/matrix/world.ts builds them through the real endpoints):
 * - owner: a member with a distinctive value in every profile section; basic info and contact info
 *   Private, personal info, education, work, photos and videos Only Contacts; picture shown only to
 *   contacts; contact list hidden from non-contacts; found by everyone by name. Posts, replies and
 *   messages of theirs are around.
 * - contact: a confirmed contact of the owner.
 * - stranger: another signed-in member, not a contact. They were one once (the owner wrote to them
 *   then) and they follow the owner, so the owner's posts and that message reach them.
 * - anonymous: no session.
 * - minors (the last table): a member under 18 who is the contact's contact, and another minor;
 *   their rows are called by the stranger and the contact as the minor's adult stranger and contact.
 *
 * Conventions of the table:
 * - `status`: the HTTP status per actor. Acting on the owner's behalf (the owner's id in the path or
 *   query, or the owner's entry/message/session ids) is the question for most rows; `self` in a
 *   comment means the caller's own id instead.
 * - Privacy, for every answer of every row: none of the owner's values that the actor may not see
 *   (ENTITLED in world.ts: the stranger nothing, the contact the Only Contacts sections and the
 *   picture) appears anywhere in it. `shows` lists the values that must appear.
 * - `check`: more expectations (the owner's card in lists and search, search misses).
 * - Writes that succeed are undone or harmless (the owner saves the same values again), so rows do
 *   not depend on each other's order.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { restControllers } from "../../src/server/rest/controllers.ts";
import { minorsTexts } from "../../src/shared/minors-texts.ts";
import { NO_SUCH_MEMBER } from "../../src/shared/errors.ts";
import { texts } from "../../src/shared/texts.ts";
import { serverHarness } from "#support/harness.ts";
import { type ApiResponse, qs, registrationBody } from "#support/server.ts";
import { startYoutubeStandIn, type YoutubeStandIn } from "#support/youtube-stand-in.ts";
import {
  ACTORS,
  type ActorName,
  BASIC,
  buildWorld,
  type Caller,
  callerFor,
  callerOf,
  CONTACT_INFO,
  CONTACTS_SEE,
  DEFAULT_PROFILE_PRIVACY,
  DEFAULT_SEARCH_PRIVACY,
  EDUCATION,
  EVERYTHING,
  expectPrivacy,
  freshEmail,
  HIDDEN_WORDS,
  idOfItem,
  itemsOf,
  jobBody,
  jobInput,
  type Member,
  must,
  notFoundBy,
  OWNER_NAME,
  OWNER_PLAYLIST,
  OWNER_PROFILE_PRIVACY,
  OWNER_SEARCH_PRIVACY,
  OWNER_STATE,
  ownerBasicRest,
  ownerBasicTrpc,
  ownerCard,
  ownerContactRest,
  ownerContactTrpc,
  ownerItem,
  ownerPersonal,
  PERSONAL,
  PHOTO_ACCOUNT,
  PHOTOS,
  photoForm,
  PICTURE,
  plainBasicTrpc,
  plainPersonal,
  profileSettingsRest,
  reactivate,
  schoolBody,
  schoolInput,
  type Secret,
  trpcProcedures,
  VIDEO_CHANNEL,
  VIDEOS,
  WORK,
  type World,
} from "./world.ts";

// ---------------------------------------------------------------------------------------------
// The shape of a row

type Status = Record<ActorName, number>;

interface Case<S = any> {
  /** What this case shows, when an action has several. */
  case?: string;
  /** Run once before the four calls (its result is the call's third argument). */
  setup?: (w: World) => Promise<S>;
  call: (as: Caller, w: World, s: S) => Promise<ApiResponse>;
  status: Status;
  /** The owner's values each actor must find in the answer. */
  shows?: Partial<Record<ActorName, readonly Secret[]>>;
  check?: (res: ApiResponse, who: ActorName, w: World) => void;
  /** After each actor's call: put back what it changed (a deactivation, a pending e-mail). */
  undo?: (as: Caller, w: World, res: ApiResponse) => Promise<void>;
  /** After the four calls. */
  cleanup?: (w: World, s: S) => Promise<void>;
  /** The admin procedures: the status for a moderator and an admin too (called after the four, with `undo` after each). */
  roles?: Record<RoleActor, number>;
  /** The blocked actors (decision 035): the status for a member the owner blocked and one who blocked the owner. */
  blocked?: Record<BlockedActor, number>;
}
type RoleActor = "moderator" | "admin";
type BlockedActor = "blockedByOwner" | "blockerOfOwner";
/** A block either way: the owner answers as a member who does not exist. */
const BLOCKED_404 = { blockedByOwner: 404, blockerOfOwner: 404 };
type Row = Case | Case[];

const status = (anonymous: number, stranger: number, contact: number, owner: number): Status => ({ anonymous, stranger, contact, owner });
/** Public: no session needed, and a session changes nothing. */
const PUBLIC = status(200, 200, 200, 200);
/** Any signed-in member (reads of what the actor may see, or acting on their own data). */
const SIGNED_IN = status(401, 200, 200, 200);
/** The owner's data or the owner's behalf: the owner only. */
const OWNER_ONLY = status(401, 403, 403, 200);
/** Shown to the owner's contacts only (the owner's "view friends list" is off). */
const CONTACTS_ONLY = status(401, 403, 200, 200);
/** Ids of the owner's own things (entries, messages, sessions): not found for anyone else. */
const OWNER_ONLY_404 = status(401, 404, 404, 200);
/** Refused input for everyone (the code is the proof, and it is wrong). */
const BAD_FOR_ALL = status(400, 400, 400, 400);

/** Moderators and admins only (the four ordinary actors are members: 403, signed out: 401). */
const STAFF = status(401, 403, 403, 403);
const MODERATORS = { moderator: 200, admin: 200 };
const ADMINS_ONLY = { moderator: 403, admin: 200 };
/** A report that does not exist: past the role check, not found. */
const NO_REPORT = { moderator: 404, admin: 404 };
const suspendTarget = async (w: World) =>
  void must(await callerOf(w, w.admin).trpc("admin.suspend", { memberId: w.target.id, reason: "matrix" }), 200, "suspend");
const restoreTarget = async (w: World) =>
  void must(await callerOf(w, w.admin).trpc("admin.restore", { memberId: w.target.id }), 200, "restore");

const JSON_ORIGIN = (w: World) => ({ Origin: w.h.server.baseUrl });
const creds = (m: Member) => ({ email: m.email, password: m.password });
/** The owner's values for the owner, plain ones for everyone else (writes that act on the caller's own profile). */
const mineOr = <T, U>(as: Caller, owner: T, other: U) => (as.who === "owner" ? owner : other);
const WRONG_CODE = "ZZZZ2222";
const BY_NAME = OWNER_NAME.lastName;

/** Someone's feed, inbox or list holds an item by the owner (the leak checks then have something to look at). */
const hasOwnerItem = (key: string, actors: readonly ActorName[]) => (res: ApiResponse, who: ActorName, w: World) => {
  if (!actors.includes(who) || res.status !== 200) return;
  const ownerId = String(w.owner.id);
  const found = itemsOf(res).some(
    (item) => String((item as Record<string, any>)[key] ?? (item as any).author?.memberId ?? (item as any).from?.memberId) === ownerId,
  );
  expect.soft(found, `${who} should see an item by the owner`).toBe(true);
};

/** Notifications of something the owner did (accepted a request, sent a message): the owner's name, and nothing hidden. */
const mentionsOwner = (actors: readonly ActorName[]) => (res: ApiResponse, who: ActorName) => {
  if (actors.includes(who))
    expect.soft(res.text, `${who}'s notifications tell of the owner`).toContain(`${OWNER_NAME.firstName} ${OWNER_NAME.lastName}`);
};

/** The owner's reply (a post's replies), for the leak check to look at. */
const hasOwnerReply = (res: ApiResponse, who: ActorName, w: World) => {
  if (res.status !== 200) return;
  const found = itemsOf(res).some((r: any) => String(r.memberID ?? r.author?.memberId) === String(w.owner.id));
  expect.soft(found, `${who} should see the owner's reply`).toBe(true);
};

// Setups and cleanups of the owner's contact writes: the bystander is the other party.
const bystanderAsks = async (w: World) => {
  must(
    await callerOf(w, w.bystander).put(`/api/contact/SendRequestContact${qs({ memberID: w.bystander.id, contactID: w.owner.id })}`),
    200,
    "request",
  );
};
const bystanderIsContact = async (w: World) => {
  await bystanderAsks(w);
  must(
    await callerFor(w, "owner").put(`/api/contact/AcceptRequest${qs({ memberID: w.owner.id, contactID: w.bystander.id })}`),
    200,
    "accept",
  );
};
const dropBystander = async (w: World) => {
  await callerFor(w, "owner").del(`/api/contact/DeleteContact${qs({ memberID: w.owner.id, contactID: w.bystander.id })}`);
};
const ownerFollowsBystander = async (w: World) => {
  must(
    await callerFor(w, "owner").post(`/api/contact/FollowMember${qs({ memberID: w.owner.id, contactID: w.bystander.id })}`),
    200,
    "follow",
  );
};
/** Entries the owner added in a row go again, the fixture's own stay. */
async function tidyOwnerProfile(w: World) {
  const o = callerFor(w, "owner");
  for (const e of must(await o.get(`/api/member/GetMemberEducationInfo/${w.owner.id}`), 200, "education").json) {
    if (e.entryID !== w.ownerSchoolEntry)
      must(await o.del(`/api/member/RemoveMemberSchool/${w.owner.id}${qs({ entryID: e.entryID })}`), 200, "remove");
  }
  for (const j of must(await o.get(`/api/member/GetMemberEmploymentInfo/${w.owner.id}`), 200, "work").json) {
    if (j.empInfoID !== w.ownerJobEntry)
      must(await o.del(`/api/member/RemoveMemberWorkExperience/${w.owner.id}${qs({ empInfoID: j.empInfoID })}`), 200, "remove");
  }
}
/** An extra education entry or job of the owner's, to be removed by a row. */
async function scratchSchool(w: World): Promise<number> {
  const entries = must(
    await callerFor(w, "owner").post(`/api/member/AddMemberSchool/${w.owner.id}`, schoolBody(w, "Scratch studies")),
    200,
    "school",
  ).json;
  return entries.find((e: { major: string }) => e.major === "Scratch studies").entryID;
}
async function scratchJob(w: World): Promise<number> {
  const jobs = must(
    await callerFor(w, "owner").post(`/api/member/AddWorkExperience/${w.owner.id}`, jobBody(w, "Scratch job")),
    200,
    "job",
  ).json;
  return jobs.find((j: { title: string }) => j.title === "Scratch job").empInfoID;
}
/** A new message from the contact: the owner's copy of it. */
async function scratchMessage(w: World): Promise<number> {
  const c = callerFor(w, "contact");
  must(
    await c.post(`/api/message/CreateMessage${qs({ from: w.contact.id, to: w.owner.id, subject: "Scratch", body: "To be deleted." })}`),
    200,
    "message",
  );
  const inbox = must(await callerFor(w, "owner").get(`/api/message/GetMemberMessages/${w.owner.id}`), 200, "inbox");
  return inbox.json.find((m: { subject: string }) => m.subject === "Scratch").messageID;
}
/**
 * After every row: an actor whose session a (wrongly) successful call ended, or whose account it
 * deactivated, signs in again, so one broken row does not fail the rows after it.
 */
async function keepSignedIn(w: World) {
  for (const m of [w.owner, w.contact, w.stranger]) {
    const me = await callerOf(w, m).trpc("account.me");
    if (me.json?.result?.data?.memberId !== m.id) await reactivate(w, m);
  }
}
const reactivateIfDeactivated = async (as: Caller, w: World) => {
  if (as.member) await reactivate(w, as.member);
};

/** The legacy account actions public under account/ and member/ (the aliases answer the same). */
const resetActions = (controller: "account" | "member"): Record<string, Row> => ({
  [`${controller}/ResetPassword`]: {
    call: (as, w) => as.post(`/api/${controller}/ResetPassword`, { email: w.bystander.email }),
    status: PUBLIC,
  },
  [`${controller}/IsResetCodeExpired`]: {
    // An unknown code is "expired": the answer says nothing about whose it would be.
    call: (as) => as.get(`/api/${controller}/IsResetCodeExpired${qs({ code: WRONG_CODE })}`),
    status: PUBLIC,
    check: (res) => expect.soft(res.text).toBe("yes"),
  },
  [`${controller}/ChangePassword`]: {
    // The reset code is the proof: a wrong one changes nothing (empty answer), whoever calls.
    call: (as, w) => as.post(`/api/${controller}/ChangePassword`, { email: w.bystander.email, code: WRONG_CODE, pwd: "Another-pw-1" }),
    status: PUBLIC,
    check: (res) => expect.soft(res.text).toBe(""),
  },
});

/** Searches by each word only a hidden section of the owner holds: nobody but the owner finds them by it. */
const hiddenWordSearches = (call: (as: Caller, word: string) => Promise<ApiResponse>): Case[] =>
  Object.entries(HIDDEN_WORDS).map(([what, word]) => ({
    case: `by the owner's ${what} (a hidden section): not found`,
    call: (as) => call(as, word),
    status: SIGNED_IN,
    check: notFoundBy(word),
  }));

// ---------------------------------------------------------------------------------------------
// The table: REST actions (controller/Action), tRPC procedures (router.procedure), other routes.

const REST: Record<string, Row> = {
  // account/*: sign-in and registration, all public. Credentials are the bystander's, whoever calls.
  "account/login": {
    call: (as, w) => as.post("/api/account/login", creds(w.bystander)),
    status: PUBLIC,
    check: (res) => expect.soft(res.json?.accessToken).toBeTruthy(),
  },
  "account/AuthenticateUser": {
    call: (as, w) => as.get(`/api/account/AuthenticateUser${qs({ email: w.bystander.email, pwd: w.bystander.password })}`),
    status: PUBLIC,
  },
  "account/loginNewRegisteredUser": {
    // A wrong confirmation code: the empty login result.
    call: (as, w) => as.post("/api/account/loginNewRegisteredUser", { email: w.bystander.email, code: WRONG_CODE }),
    status: PUBLIC,
    check: (res) => expect.soft(res.json?.accessToken).toBe(""),
  },
  "account/refreshLogin": {
    // The token in the body is the proof (a second session of the caller's, since it is replaced).
    call: async (as) => as.post("/api/account/refreshLogin", { accessToken: await as.freshToken() }),
    status: PUBLIC,
  },
  "account/register": { call: (as) => as.post("/api/account/register", registrationBody()), status: PUBLIC },
  "account/logout": {
    // Ends the session of the token it is sent with: a second session of the caller's, so the
    // caller's own stays signed in for the rows after this one.
    call: async (as) => (as.member ? as.withToken(await as.freshToken()) : as).post("/api/account/logout"),
    status: status(401, 200, 200, 200),
  },
  ...resetActions("account"),

  // member/*: account actions.
  ...resetActions("member"),
  "member/ValidateNewRegisteredUser": {
    call: (as, w) => as.get(`/api/member/ValidateNewRegisteredUser${qs({ email: w.bystander.email, code: WRONG_CODE })}`),
    status: PUBLIC,
  },
  "member/SetMemberStatus": {
    // Status 2 (active) leaves the owner as they are; deactivating is setting/DeactivateAccount's row.
    call: (as, w) => as.get(`/api/member/SetMemberStatus${qs({ memberId: w.owner.id, status: 2 })}`),
    status: OWNER_ONLY,
  },

  // member/*: media.
  "member/UploadProfilePhoto": {
    call: async (as, w) => as.form(`/api/member/UploadProfilePhoto/${w.owner.id}`, await photoForm()),
    status: OWNER_ONLY,
    shows: { owner: PICTURE },
  },
  "member/GetVideoPlayList": {
    // The playlists of the owner's channel: the Videos tab is Only Contacts ([] for the stranger).
    call: (as, w) => as.get(`/api/member/GetVideoPlayList/${w.owner.id}`),
    status: SIGNED_IN,
    shows: { contact: VIDEOS, owner: VIDEOS },
  },
  "member/GetVideosList": { call: (as) => as.get(`/api/member/GetVideosList/${OWNER_PLAYLIST}`), status: SIGNED_IN },
  "member/GetInstagramAccessToken": {
    // Retired by the provider: 501 for every member.
    call: (as) => as.get(`/api/member/GetInstagramAccessToken${qs({ code: "x" })}`),
    status: status(401, 501, 501, 501),
  },

  // member/*: profile reads of the owner (what each may see) and writes (the owner only).
  "member/GetMemberGeneralInfoV2": {
    // The header (name, title) is everyone's; the picture the contact's; basic info the owner's alone.
    call: (as, w) => as.get(`/api/member/GetMemberGeneralInfoV2/${w.owner.id}`),
    status: SIGNED_IN,
    shows: { contact: PICTURE, owner: [...BASIC, ...PICTURE] },
    blocked: BLOCKED_404,
  },
  "member/GetMemberContactInfo": {
    call: (as, w) => as.get(`/api/member/GetMemberContactInfo/${w.owner.id}`),
    status: SIGNED_IN,
    shows: { owner: CONTACT_INFO },
  },
  "member/GetMemberEducationInfo": {
    call: (as, w) => as.get(`/api/member/GetMemberEducationInfo/${w.owner.id}`),
    status: SIGNED_IN,
    shows: { contact: EDUCATION, owner: EDUCATION },
  },
  "member/GetMemberEmploymentInfo": {
    call: (as, w) => as.get(`/api/member/GetMemberEmploymentInfo/${w.owner.id}`),
    status: SIGNED_IN,
    shows: { contact: WORK, owner: WORK },
  },
  "member/GetMemberPersonalInfo": {
    call: (as, w) => as.get(`/api/member/GetMemberPersonalInfo/${w.owner.id}`),
    status: SIGNED_IN,
    shows: { contact: PERSONAL, owner: PERSONAL },
  },
  "member/GetYoutubeChannel": {
    call: (as, w) => as.get(`/api/member/GetYoutubeChannel/${w.owner.id}`),
    status: SIGNED_IN,
    shows: { contact: VIDEOS, owner: VIDEOS },
  },
  "member/GetInstagramURL": {
    call: (as, w) => as.get(`/api/member/GetInstagramURL/${w.owner.id}`),
    status: SIGNED_IN,
    shows: { contact: PHOTOS, owner: PHOTOS },
  },
  "member/SaveMemberGeneralInfo": {
    call: (as, w) => as.post(`/api/member/SaveMemberGeneralInfo/${w.owner.id}`, ownerBasicRest),
    status: OWNER_ONLY,
    shows: { owner: BASIC },
  },
  "member/SaveMemberContactInfo": {
    call: (as, w) => as.post(`/api/member/SaveMemberContactInfo/${w.owner.id}`, ownerContactRest),
    status: OWNER_ONLY,
    shows: { owner: CONTACT_INFO },
  },
  "member/SaveMemberPersonalInfo": {
    call: (as, w) => as.post(`/api/member/SaveMemberPersonalInfo/${w.owner.id}`, ownerPersonal),
    status: OWNER_ONLY,
    shows: { owner: PERSONAL },
  },
  "member/AddMemberSchool": {
    call: (as, w) => as.post(`/api/member/AddMemberSchool/${w.owner.id}`, schoolBody(w, "Scratch studies")),
    status: OWNER_ONLY,
    cleanup: tidyOwnerProfile,
  },
  "member/UpdateMemberSchool": {
    call: (as, w) => as.put(`/api/member/UpdateMemberSchool/${w.owner.id}${qs({ entryID: w.ownerSchoolEntry })}`, schoolBody(w)),
    status: OWNER_ONLY,
    shows: { owner: EDUCATION },
  },
  "member/RemoveMemberSchool": {
    setup: scratchSchool,
    call: (as, w, entry: number) => as.del(`/api/member/RemoveMemberSchool/${w.owner.id}${qs({ entryID: entry })}`),
    status: OWNER_ONLY,
    cleanup: tidyOwnerProfile,
  },
  "member/AddWorkExperience": {
    call: (as, w) => as.post(`/api/member/AddWorkExperience/${w.owner.id}`, jobBody(w, "Scratch job")),
    status: OWNER_ONLY,
    cleanup: tidyOwnerProfile,
  },
  "member/UpdateMemberWorkExperience": {
    call: (as, w) => as.put(`/api/member/UpdateMemberWorkExperience/${w.owner.id}${qs({ empInfoID: w.ownerJobEntry })}`, jobBody(w)),
    status: OWNER_ONLY,
    shows: { owner: WORK },
  },
  "member/RemoveMemberWorkExperience": {
    setup: scratchJob,
    call: (as, w, entry: number) => as.del(`/api/member/RemoveMemberWorkExperience/${w.owner.id}${qs({ empInfoID: entry })}`),
    status: OWNER_ONLY,
    cleanup: tidyOwnerProfile,
  },
  "member/SetYoutubeChannel": {
    call: (as, w) => as.put(`/api/member/SetYoutubeChannel/${w.owner.id}${qs({ channelID: VIDEO_CHANNEL })}`),
    status: OWNER_ONLY,
  },
  "member/SetInstagramURL": {
    call: (as, w) => as.put(`/api/member/SetInstagramURL/${w.owner.id}${qs({ instagramURL: PHOTO_ACCOUNT })}`),
    status: OWNER_ONLY,
  },

  // member/*: contacts and follows of the owner, whose "view friends list" is off.
  "member/IsFriendByContactID": {
    call: (as, w) => as.get(`/api/member/IsFriendByContactID/${w.owner.id}/${w.contact.id}`),
    status: CONTACTS_ONLY,
    check: (res) => res.status === 200 && expect.soft(res.json).toBe(true),
  },
  "member/IsFollowingContact": {
    // Does the owner follow the contact? Either of the two may ask; others per the owner's lists setting.
    call: (as, w) => as.get(`/api/member/IsFollowingContact${qs({ memberID: w.owner.id, contactID: w.contact.id })}`),
    status: CONTACTS_ONLY,
  },

  // member/*: the feed. The owner's picture must not reach the stranger as a post or reply author.
  "member/getRecentPosts": [
    {
      case: "the owner's feed: personal",
      call: (as, w) => as.get(`/api/member/getRecentPosts/${w.owner.id}${qs({ limit: 50 })}`),
      status: OWNER_ONLY,
      shows: { owner: PICTURE },
    },
    {
      case: "the caller's own feed (self), with the owner's post and reply in the follower's and the contact's",
      call: (as) => as.get(`/api/member/getRecentPosts/${as.id}${qs({ limit: 50 })}`),
      status: SIGNED_IN,
      shows: { contact: PICTURE, owner: PICTURE },
      check: hasOwnerItem("memberID", ["stranger", "contact"]),
    },
  ],
  "member/GetRecentPostResponses": [
    {
      case: "the replies of the owner's post (the stranger follows the owner)",
      call: (as, w) => as.get(`/api/member/GetRecentPostResponses/${w.ownerPost}`),
      status: SIGNED_IN,
      shows: { contact: PICTURE, owner: PICTURE },
      check: hasOwnerReply,
    },
    {
      case: "the replies of the contact's post: outside the stranger's network",
      call: (as, w) => as.get(`/api/member/GetRecentPostResponses/${w.contactPost}`),
      status: status(401, 404, 200, 200),
      shows: { contact: PICTURE, owner: PICTURE },
    },
  ],
  "member/SavePosts": { call: (as, w) => as.post(`/api/member/SavePosts/${w.owner.id}/0`, { postMsg: "Matrix post" }), status: OWNER_ONLY },
  "member/CreateMemberPost": {
    call: (as, w) => as.post(`/api/member/CreateMemberPost/${w.owner.id}${qs({ postMsg: "Matrix post" })}`),
    status: OWNER_ONLY,
  },
  "member/CreatePostComment": {
    call: (as, w) => as.post(`/api/member/CreatePostComment/${w.owner.id}/${w.ownerPost}${qs({ postMsg: "Matrix reply" })}`),
    status: OWNER_ONLY,
  },
  "member/ImcrementPostLikeCounter": [
    {
      case: "the owner's post (the stranger follows the owner)",
      call: (as, w) => as.post(`/api/member/ImcrementPostLikeCounter/${w.ownerPost}`),
      status: SIGNED_IN,
      undo: async (as, w) => void (await as.trpc("feed.unlike", { postId: w.ownerPost })),
    },
    {
      case: "the contact's post: outside the stranger's network",
      call: (as, w) => as.post(`/api/member/ImcrementPostLikeCounter/${w.contactPost}`),
      status: status(401, 404, 200, 200),
      undo: async (as, w) => void (await as.trpc("feed.unlike", { postId: w.contactPost })),
    },
  ],

  // common/*: public lookups, client logs, the right column.
  "common/EncryptString": { call: (as) => as.get(`/api/common/EncryptString${qs({ encrypt: "hello" })}`), status: PUBLIC },
  "common/DecryptString": {
    setup: async (w) => must(await w.h.c.get(`/api/common/EncryptString${qs({ encrypt: "hello" })}`), 200, "encrypt").json as string,
    call: (as, _w, sealed: string) => as.get(`/api/common/DecryptString${qs({ encrypted: sealed })}`),
    status: PUBLIC,
    check: (res) => expect.soft(res.json).toBe("hello"),
  },
  "common/Logs": { call: (as, w) => as.post("/api/common/Logs", { message: "matrix check" }, JSON_ORIGIN(w)), status: PUBLIC },
  "common/GetSportsList": { call: (as) => as.get("/api/common/GetSportsList"), status: PUBLIC },
  "common/GetStates": { call: (as) => as.get("/api/common/GetStates"), status: PUBLIC },
  "common/GetSchoolByState": { call: (as) => as.get(`/api/common/GetSchoolByState${qs({ state: OWNER_STATE.code })}`), status: PUBLIC },
  "common/getRecentNews": { call: (as) => as.get("/api/common/getRecentNews"), status: PUBLIC },
  "common/GetAds": { call: (as) => as.get("/api/common/GetAds"), status: PUBLIC },
  "common/SendAdvertisementInfo": {
    call: (as) => as.post("/api/common/SendAdvertisementInfo", { FirstName: "Ada", LastName: "Vert", Email: freshEmail("ads") }),
    status: PUBLIC,
  },

  // organizations/*: lookups for signed-in members.
  "organizations/GetCompanySectors": { call: (as) => as.get("/api/organizations/GetCompanySectors"), status: SIGNED_IN },
  "organizations/GetIndustries": {
    call: (as) => as.get(`/api/organizations/GetIndustries${qs({ sector: "Professional Sports" })}`),
    status: SIGNED_IN,
  },
  "organizations/GetCompanies": {
    call: (as) => as.get(`/api/organizations/GetCompanies${qs({ sector: "Professional Sports" })}`),
    status: SIGNED_IN,
  },

  // contact/*: the owner's lists are for contacts; another member's lists show the owner's card
  // without the Private place and sport, and with the picture for contacts only.
  "contact/GetMemberContacts": [
    {
      case: "the owner's contacts",
      call: (as, w) => as.get(`/api/contact/GetMemberContacts${qs({ memberID: w.owner.id })}`),
      status: CONTACTS_ONLY,
    },
    {
      case: "the contact's contacts, among them the owner's card",
      call: (as, w) => as.get(`/api/contact/GetMemberContacts${qs({ memberID: w.contact.id })}`),
      status: SIGNED_IN,
      shows: { contact: PICTURE, owner: PICTURE },
      check: ownerCard(["stranger", "contact", "owner"]),
    },
  ],
  "contact/SearchMemberContacts": [
    {
      case: "in the owner's contacts",
      call: (as, w) => as.get(`/api/contact/SearchMemberContacts${qs({ memberID: w.owner.id, searchText: w.contact.lastName })}`),
      status: CONTACTS_ONLY,
    },
    {
      case: "in the contact's contacts, by the owner's name",
      call: (as, w) => as.get(`/api/contact/SearchMemberContacts${qs({ memberID: w.contact.id, searchText: BY_NAME })}`),
      status: SIGNED_IN,
      shows: { contact: PICTURE, owner: PICTURE },
      check: ownerCard(["stranger", "contact", "owner"]),
    },
  ],
  "contact/GetSearchContacts": {
    // The message composer's autocomplete: personal (userID must be the caller).
    call: (as, w) => as.get(`/api/contact/GetSearchContacts${qs({ userID: w.owner.id, searchText: w.contact.lastName })}`),
    status: OWNER_ONLY,
  },
  "contact/GetRequestsList": { call: (as, w) => as.get(`/api/contact/GetRequestsList${qs({ memberID: w.owner.id })}`), status: OWNER_ONLY },
  "contact/GetPeopleIFollow": [
    {
      case: "whom the owner follows",
      call: (as, w) => as.get(`/api/contact/GetPeopleIFollow${qs({ memberID: w.owner.id })}`),
      status: CONTACTS_ONLY,
    },
    {
      case: "whom the stranger follows: the owner's card",
      call: (as, w) => as.get(`/api/contact/GetPeopleIFollow${qs({ memberID: w.stranger.id })}`),
      status: SIGNED_IN,
      shows: { contact: PICTURE, owner: PICTURE },
      check: ownerCard(["stranger", "contact", "owner"]),
    },
  ],
  "contact/GetWhosFollowingMe": {
    call: (as, w) => as.get(`/api/contact/GetWhosFollowingMe${qs({ memberID: w.owner.id })}`),
    status: CONTACTS_ONLY,
  },
  "contact/SearchResults": [
    {
      case: "memberID naming the owner: searches are personal",
      call: (as, w) => as.get(`/api/contact/SearchResults${qs({ memberID: w.owner.id, searchText: BY_NAME })}`),
      status: OWNER_ONLY,
    },
    {
      case: "by the owner's name (self): found, without place or picture for non-contacts",
      call: (as) => as.get(`/api/contact/SearchResults${qs({ memberID: as.id, searchText: BY_NAME })}`),
      status: SIGNED_IN,
      shows: { contact: PICTURE },
      check: ownerCard(["stranger", "contact"]),
    },
    ...hiddenWordSearches((as, word) => as.get(`/api/contact/SearchResults${qs({ memberID: as.id, searchText: word })}`)),
  ],
  "contact/SearchAllResults": [
    {
      case: "memberID naming the owner: searches are personal",
      call: (as, w) => as.get(`/api/contact/SearchAllResults${qs({ memberID: w.owner.id, searchText: BY_NAME })}`),
      status: OWNER_ONLY,
    },
    {
      case: "by the owner's name (self): found, without place or picture for non-contacts",
      call: (as) => as.get(`/api/contact/SearchAllResults${qs({ memberID: as.id, searchText: BY_NAME })}`),
      status: SIGNED_IN,
      shows: { contact: PICTURE },
      check: ownerCard(["stranger", "contact"]),
    },
    ...hiddenWordSearches((as, word) => as.get(`/api/contact/SearchAllResults${qs({ memberID: as.id, searchText: word })}`)),
  ],
  "contact/GetMemberSuggestions": [
    {
      case: "memberID naming the owner: suggestions are personal",
      call: (as, w) => as.get(`/api/contact/GetMemberSuggestions${qs({ memberID: w.owner.id })}`),
      status: OWNER_ONLY,
    },
    {
      case: "the stranger's own (self): the owner is suggested, without place or picture",
      call: (as) => as.get(`/api/contact/GetMemberSuggestions${qs({ memberID: as.id })}`),
      status: SIGNED_IN,
      check: ownerCard(["stranger"]),
    },
  ],
  "contact/GetMemberContactSuggestions": [
    {
      case: "memberID naming the owner: suggestions are personal",
      call: (as, w) => as.get(`/api/contact/GetMemberContactSuggestions${qs({ memberID: w.owner.id })}`),
      status: OWNER_ONLY,
    },
    {
      case: "the stranger's own (self): the owner is suggested, without place or picture",
      call: (as) => as.get(`/api/contact/GetMemberContactSuggestions${qs({ memberID: as.id })}`),
      status: SIGNED_IN,
      check: ownerCard(["stranger"]),
    },
  ],
  "contact/IsFollowingContact": {
    call: (as, w) => as.get(`/api/contact/IsFollowingContact${qs({ memberID: w.owner.id, contactID: w.contact.id })}`),
    status: CONTACTS_ONLY,
  },
  // Writes on the owner's behalf (memberID = the owner); the bystander is the other party.
  "contact/SendRequestContact": {
    call: (as, w) => as.put(`/api/contact/SendRequestContact${qs({ memberID: w.owner.id, contactID: w.bystander.id })}`),
    status: OWNER_ONLY,
    cleanup: async (w) => {
      must(
        await callerOf(w, w.bystander).put(`/api/contact/RejectRequest${qs({ memberID: w.bystander.id, contactID: w.owner.id })}`),
        200,
        "reject",
      );
    },
  },
  "contact/AcceptRequest": {
    setup: bystanderAsks,
    call: (as, w) => as.put(`/api/contact/AcceptRequest${qs({ memberID: w.owner.id, contactID: w.bystander.id })}`),
    status: OWNER_ONLY,
    cleanup: dropBystander,
  },
  "contact/RejectRequest": {
    setup: bystanderAsks,
    call: (as, w) => as.put(`/api/contact/RejectRequest${qs({ memberID: w.owner.id, contactID: w.bystander.id })}`),
    status: OWNER_ONLY,
  },
  "contact/DeleteContact": {
    setup: bystanderIsContact,
    call: (as, w) => as.del(`/api/contact/DeleteContact${qs({ memberID: w.owner.id, contactID: w.bystander.id })}`),
    status: OWNER_ONLY,
  },
  "contact/FollowMember": {
    call: (as, w) => as.post(`/api/contact/FollowMember${qs({ memberID: w.owner.id, contactID: w.bystander.id })}`),
    status: OWNER_ONLY,
    cleanup: async (w) => {
      await callerFor(w, "owner").post(`/api/contact/UnfollowMember${qs({ memberID: w.owner.id, contactID: w.bystander.id })}`);
    },
  },
  "contact/UnfollowMember": {
    setup: ownerFollowsBystander,
    call: (as, w) => as.post(`/api/contact/UnfollowMember${qs({ memberID: w.owner.id, contactID: w.bystander.id })}`),
    status: OWNER_ONLY,
  },

  // setting/*: private to the owner, every one.
  "setting/GetMemberNameInfo": {
    call: (as, w) => as.get(`/api/setting/GetMemberNameInfo/${w.owner.id}`),
    status: OWNER_ONLY,
    shows: { owner: ["middleName"] },
  },
  "setting/GetMemberNotifications": { call: (as, w) => as.get(`/api/setting/GetMemberNotifications/${w.owner.id}`), status: OWNER_ONLY },
  "setting/GetProfileSettings": { call: (as, w) => as.get(`/api/setting/GetProfileSettings/${w.owner.id}`), status: OWNER_ONLY },
  "setting/GetPrivacySearchSettings": {
    call: (as, w) => as.get(`/api/setting/GetPrivacySearchSettings/${w.owner.id}`),
    status: OWNER_ONLY,
  },
  "setting/SaveMemberNameInfo": {
    call: (as, w) =>
      as.put(
        `/api/setting/SaveMemberNameInfo/${w.owner.id}${qs({ fName: OWNER_NAME.firstName, mName: ownerBasicRest.middleName, lName: OWNER_NAME.lastName })}`,
      ),
    status: OWNER_ONLY,
  },
  "setting/SaveMemberEmailInfo": {
    call: (as, w) => as.put(`/api/setting/SaveMemberEmailInfo/${w.owner.id}${qs({ email: freshEmail("new") })}`),
    status: OWNER_ONLY,
    cleanup: async (w) => void must(await callerFor(w, "owner").trpc("settings.cancelEmailChange"), 200, "cancel"),
  },
  "setting/ConfirmMemberEmailInfo": {
    // Public: the code mailed to the new address is the proof (a wrong one here).
    call: (as) => as.put("/api/setting/ConfirmMemberEmailInfo", { email: freshEmail("confirm"), code: WRONG_CODE }),
    status: BAD_FOR_ALL,
  },
  "setting/SavePasswordInfo": {
    // The owner "changes" to the same password (the other sessions end; the token used stays).
    call: (as, w) => as.put("/api/setting/SavePasswordInfo", { memberID: w.owner.id, code: w.owner.password, pwd: w.owner.password }),
    status: OWNER_ONLY,
  },
  "setting/SaveSecurityQuestionInfo": {
    call: (as, w) => as.put(`/api/setting/SaveSecurityQuestionInfo/${w.owner.id}${qs({ questionID: 1, answer: "Rex" })}`),
    status: OWNER_ONLY,
  },
  "setting/DeactivateAccount": {
    call: (as, w) => as.put(`/api/setting/DeactivateAccount/${w.owner.id}${qs({ reason: 1 })}`),
    status: OWNER_ONLY,
    undo: async (as, w) => (as.who === "owner" ? reactivate(w, w.owner) : undefined),
  },
  "setting/SaveNotificationSettings": {
    call: (as, w) => as.put(`/api/setting/SaveNotificationSettings/${w.owner.id}`, { sendMsg: true }),
    status: OWNER_ONLY,
  },
  "setting/SaveProfileSettings": {
    call: (as, w) => as.put(`/api/setting/SaveProfileSettings/${w.owner.id}`, profileSettingsRest()),
    status: OWNER_ONLY,
  },
  "setting/SavePrivacySearchSettings": {
    call: (as, w) => as.put(`/api/setting/SavePrivacySearchSettings/${w.owner.id}${qs(OWNER_SEARCH_PRIVACY as never)}`),
    status: OWNER_ONLY,
  },

  // message/*: private to their member; the sender's picture follows the sender's picture rule.
  "message/GetMemberMessages": [
    { case: "the owner's messages", call: (as, w) => as.get(`/api/message/GetMemberMessages/${w.owner.id}`), status: OWNER_ONLY },
    {
      case: "the caller's own inbox (self): the owner's message to the contact and to the stranger (a contact then)",
      call: (as) => as.get(`/api/message/GetMemberMessages/${as.id}`),
      status: SIGNED_IN,
      shows: { contact: PICTURE },
      check: hasOwnerItem("fromID", ["stranger", "contact"]),
    },
  ],
  "message/SearchMessages": [
    {
      case: "the owner's messages",
      call: (as, w) => as.get(`/api/message/SearchMessages/${w.owner.id}${qs({ searchKey: "Practice" })}`),
      status: OWNER_ONLY,
    },
    {
      case: "the caller's own (self), by the owner's name",
      call: (as) => as.get(`/api/message/SearchMessages/${as.id}${qs({ searchKey: BY_NAME })}`),
      status: SIGNED_IN,
      shows: { contact: PICTURE },
      check: hasOwnerItem("fromID", ["stranger", "contact"]),
    },
  ],
  "message/GetTotalUnreadMessages": { call: (as, w) => as.get(`/api/message/GetTotalUnreadMessages/${w.owner.id}`), status: OWNER_ONLY },
  "message/CreateMessage": [
    {
      case: "from the owner (writing as the owner)",
      call: (as, w) =>
        as.post(`/api/message/CreateMessage${qs({ from: w.owner.id, to: w.contact.id, subject: "Matrix", body: "Hello." })}`),
      status: OWNER_ONLY,
    },
    {
      case: "from the caller (self) to the owner: contacts only (the stranger is not one, the owner is themself)",
      call: (as, w) => as.post(`/api/message/CreateMessage${qs({ from: as.id, to: w.owner.id, subject: "Matrix", body: "Hello." })}`),
      status: status(401, 400, 200, 400),
    },
  ],
  "message/ToggleMessageState": {
    call: (as, w) => as.put(`/api/message/ToggleMessageState${qs({ status: 1, msgID: w.ownerInboxCopy })}`),
    status: OWNER_ONLY_404,
  },
  "message/DeleteMessage": {
    setup: scratchMessage,
    call: (as, _w, copy: number) => as.del(`/api/message/DeleteMessage/${copy}`),
    status: OWNER_ONLY_404,
  },
  "message/GetMemberNotifications": [
    { case: "the owner's notifications", call: (as, w) => as.get(`/api/message/GetMemberNotifications/${w.owner.id}`), status: OWNER_ONLY },
    {
      case: "the caller's own (self): the stranger's and the contact's tell of the owner",
      call: (as) => as.get(`/api/message/GetMemberNotifications/${as.id}`),
      status: SIGNED_IN,
      check: mentionsOwner(["stranger", "contact"]),
    },
  ],
  "message/UseChatGPT": { call: (as) => as.get(`/api/message/UseChatGPT${qs({ message: "hello" })}`), status: SIGNED_IN },
};

/**
 * The original's other names of the actions above: each alias runs its action's row, every call
 * sent to the alias's path instead (and the row fails if a call does not go through the alias).
 */
function aliasRow(of: string, alias: string): Row {
  const from = new RegExp(`^/api/${of}(?=[/?]|$)`);
  const swap = (path: string) => {
    expect(path, `a call of ${alias}'s row`).toMatch(from);
    return path.replace(from, `/api/${alias}`);
  };
  const via = (as: Caller): Caller => ({
    ...as,
    get: (path) => as.get(swap(path)),
    post: (path, body, headers) => as.post(swap(path), body, headers),
    put: (path, body) => as.put(swap(path), body),
    del: (path) => as.del(swap(path)),
  });
  return [REST[of]!].flat().map((c) => ({ ...c, call: (as: Caller, w: World, s: unknown) => c.call(via(as), w, s) }));
}
const ALIASES: Record<string, string> = {
  "member/GetMemberWorkExperience": "member/GetMemberEmploymentInfo",
  "member/SaveMemberContactInfoV2": "member/SaveMemberContactInfo",
  "member/GetMemberContacts": "contact/GetMemberContacts",
  "member/GetMemberPosts": "member/getRecentPosts",
  "member/GetMemberPostResponses": "member/GetRecentPostResponses",
  "member/getRecentNews": "common/getRecentNews",
  "member/SendAdvertisementInfo": "common/SendAdvertisementInfo",
  "contact/GetMembersBySearchType": "contact/GetSearchContacts",
  "connection/GetMemberConnections": "contact/GetMemberContacts",
  "connection/GetMemberConnectionSuggestions": "contact/GetMemberContactSuggestions",
  "connection/SendRequestConnection": "contact/SendRequestContact",
  "connection/SearchMemberConnections": "contact/SearchMemberContacts",
  "connection/GetRequestsList": "contact/GetRequestsList",
  "connection/GetMembersBySearchType": "contact/GetSearchContacts",
  "connection/GetSearchConnections": "contact/GetSearchContacts",
  "connection/AcceptRequest": "contact/AcceptRequest",
  "connection/RejectRequest": "contact/RejectRequest",
  "connection/DeleteConnection": "contact/DeleteContact",
  "connection/ConnectionSearchResults": "contact/SearchResults",
  "connection/PeopleSearchResults": "contact/SearchAllResults",
  "connection/SearchResults": "contact/SearchResults",
  "message/CreateMessageBySource": "message/CreateMessage",
};
/** Actions of the original Sideline does not serve: 501 with the reason, for any member (401 without a session). */
const REFUSED = [
  "member/SaveBasicProfileInfo",
  "member/GetMemberInfoByEmail",
  "member/GetMemberEmail",
  "member/GetRegisteredMembers",
  "member/GetRecentActivities",
  "member/AddMemberActivity",
  "member/SendFriendRequest",
  "member/IsMember",
  "member/IsFriendByEmail",
  "contact/SearchMemberByType",
  "contact/GetEntityBySearchType",
  "connection/GetMemberNetworkInviteConnectionList",
  "connection/GetMemberPhoneBook",
  "connection/GetMemberBrowsedContacts",
  "connection/SearchMemberByType",
  "connection/GetEntityBySearchType",
  "connection/NetworkSearchResults",
  "connection/EventSearchResults",
  "message/ToggleNotificationState",
  "message/DeleteNotification",
  "message/GetNotificationByID",
];
const refusedRow = (action: string): Row => ({
  call: (as, w) => as.get(`/api/${action}/${w.owner.id}`),
  status: status(401, 501, 501, 501),
  check: (res, who) => {
    if (who !== "anonymous") expect.soft(typeof res.json?.message, `${action}: the reason`).toBe("string");
  },
});
const LEGACY: Record<string, Row> = {
  ...Object.fromEntries(Object.entries(ALIASES).map(([alias, of]) => [alias, aliasRow(of, alias)])),
  ...Object.fromEntries(REFUSED.map((action) => [action, refusedRow(action)])),
  // The original's reads Sideline added for it: privacy applies as to the profile (leak checks).
  "member/GetMemberDates": { call: (as, w) => as.get(`/api/member/GetMemberDates/${w.owner.id}`), status: SIGNED_IN },
  "member/IsMemberActive": { call: (as, w) => as.get(`/api/member/IsMemberActive/${w.owner.id}`), status: SIGNED_IN },
  "member/GetMemberInterests": { call: (as) => as.get("/api/member/GetMemberInterests"), status: SIGNED_IN },
  "member/GetInterestDescription": { call: (as) => as.get("/api/member/GetInterestDescription/1"), status: SIGNED_IN },
  "member/IsContactRequestSent": {
    call: (as, w) => as.get(`/api/member/IsContactRequestSent/${w.owner.id}/${w.bystander.id}`),
    status: OWNER_ONLY,
  },
  "message/GetMessageInfoByID": {
    call: (as, w) => as.get(`/api/message/GetMessageInfoByID/${w.ownerInboxCopy}`),
    status: OWNER_ONLY_404,
  },
};

/** Routes outside the REST dispatcher and tRPC. */
const OTHER_ROUTES: Record<string, Row> = {
  "GET /api/health": { call: (as) => as.get("/api/health"), status: PUBLIC },
  // One-click unsubscribe (RFC 8058): the signed token of the e-mail is the proof.
  "POST /unsubscribe": { call: (as, w) => as.post(`/unsubscribe${qs({ token: w.unsubscribeToken })}`), status: PUBLIC },
  // The owner's data archive (decision 036): their session only; anyone else's id is not found.
  "GET /data-export/:id": { setup: readyExportOfOwner, call: (as, _w, id: number) => as.get(`/data-export/${id}`), status: OWNER_ONLY_404 },
};

const TRPC: Record<string, Row> = {
  // account.*: public sign-in and registration (the bystander's credentials), session actions.
  "account.me": { call: (as) => as.trpc("account.me"), status: PUBLIC, shows: { owner: PICTURE } },
  "account.login": { call: (as, w) => as.trpc("account.login", creds(w.bystander)), status: PUBLIC },
  "account.register": {
    call: (as) => {
      const { code: _code, ...body } = registrationBody();
      return as.trpc("account.register", body);
    },
    status: PUBLIC,
  },
  "account.checkRegistrationCode": {
    call: (as, w) => as.trpc("account.checkRegistrationCode", { email: w.bystander.email, code: WRONG_CODE }),
    status: PUBLIC,
  },
  "account.completeRegistration": {
    call: (as, w) => as.trpc("account.completeRegistration", { email: w.bystander.email, code: WRONG_CODE }),
    status: PUBLIC,
  },
  "account.reactivate": { call: (as, w) => as.trpc("account.reactivate", creds(w.bystander)), status: PUBLIC },
  "account.requestPasswordReset": {
    call: (as, w) => as.trpc("account.requestPasswordReset", { email: w.bystander.email }),
    status: PUBLIC,
  },
  "account.isResetCodeExpired": { call: (as) => as.trpc("account.isResetCodeExpired", { code: WRONG_CODE }), status: PUBLIC },
  "account.changePasswordWithCode": {
    call: (as, w) => as.trpc("account.changePasswordWithCode", { email: w.bystander.email, code: WRONG_CODE, password: "Another-pw-1" }),
    status: PUBLIC,
  },
  "account.dismissWelcomeBack": { call: (as) => as.trpc("account.dismissWelcomeBack"), status: SIGNED_IN },
  "account.logout": {
    // Ends the session it is called with (a second one of the caller's); without one it is a no-op.
    call: async (as) => (as.member ? as.withToken(await as.freshToken()) : as).trpc("account.logout"),
    status: PUBLIC,
  },
  "account.logClientError": {
    call: (as, w) => as.trpc("account.logClientError", { message: "matrix check", stack: "", url: "/" }, JSON_ORIGIN(w)),
    status: PUBLIC,
  },

  // contacts.*: the actor is the session; lists name whose list.
  "contacts.contacts": [
    { case: "the owner's contacts", call: (as, w) => as.trpc("contacts.contacts", { memberId: w.owner.id }), status: CONTACTS_ONLY },
    {
      case: "the contact's contacts, among them the owner's card",
      call: (as, w) => as.trpc("contacts.contacts", { memberId: w.contact.id }),
      status: SIGNED_IN,
      shows: { contact: PICTURE, owner: PICTURE },
      check: ownerCard(["stranger", "contact", "owner"]),
    },
  ],
  "contacts.requests": { call: (as, w) => as.trpc("contacts.requests", { memberId: w.owner.id }), status: OWNER_ONLY },
  "contacts.following": [
    { case: "whom the owner follows", call: (as, w) => as.trpc("contacts.following", { memberId: w.owner.id }), status: CONTACTS_ONLY },
    {
      case: "whom the stranger follows: the owner's card",
      call: (as, w) => as.trpc("contacts.following", { memberId: w.stranger.id }),
      status: SIGNED_IN,
      shows: { contact: PICTURE, owner: PICTURE },
      check: ownerCard(["stranger", "contact", "owner"]),
    },
  ],
  "contacts.followers": { call: (as, w) => as.trpc("contacts.followers", { memberId: w.owner.id }), status: CONTACTS_ONLY },
  "contacts.relationship": { call: (as, w) => as.trpc("contacts.relationship", { memberId: w.owner.id }), status: SIGNED_IN },
  "contacts.sendRequest": {
    // A request to the owner: the stranger may send one; the contact is one already; the owner is themself.
    call: (as, w) => as.trpc("contacts.sendRequest", { memberId: w.owner.id }),
    status: status(401, 200, 400, 400),
    blocked: BLOCKED_404,
    cleanup: async (w) => void must(await callerFor(w, "owner").trpc("contacts.reject", { memberId: w.stranger.id }), 200, "reject"),
  },
  "contacts.accept": {
    // The bystander asked the owner: only the owner can accept.
    setup: bystanderAsks,
    call: (as, w) => as.trpc("contacts.accept", { memberId: w.bystander.id }),
    status: OWNER_ONLY_404,
    cleanup: dropBystander,
  },
  "contacts.reject": {
    setup: bystanderAsks,
    call: (as, w) => as.trpc("contacts.reject", { memberId: w.bystander.id }),
    status: OWNER_ONLY_404,
  },
  "contacts.drop": {
    // The owner and the bystander are contacts: nobody else can end it.
    setup: bystanderIsContact,
    call: (as, w) => as.trpc("contacts.drop", { memberId: w.bystander.id }),
    status: OWNER_ONLY_404,
  },
  "contacts.follow": {
    // Anyone may follow the owner (the stranger does already); not oneself.
    call: (as, w) => as.trpc("contacts.follow", { memberId: w.owner.id }),
    status: status(401, 200, 200, 400),
    blocked: BLOCKED_404,
    cleanup: async (w) => void must(await callerFor(w, "contact").trpc("contacts.unfollow", { memberId: w.owner.id }), 200, "unfollow"),
  },
  "contacts.unfollow": {
    // The owner follows the bystander: nobody else can undo it.
    setup: ownerFollowsBystander,
    call: (as, w) => as.trpc("contacts.unfollow", { memberId: w.bystander.id }),
    status: OWNER_ONLY_404,
  },

  // search.*: found by name; nothing a hidden section holds is matched or shown.
  "search.members": [
    {
      case: "by the owner's name: found, without place, sport or picture for non-contacts",
      call: (as) => as.trpc("search.members", { text: BY_NAME }),
      status: SIGNED_IN,
      shows: { contact: PICTURE },
      check: ownerCard(["stranger", "contact"]),
    },
    ...hiddenWordSearches((as, word) => as.trpc("search.members", { text: word })),
  ],
  "search.suggestions": {
    // The owner is suggested to the stranger (not to a contact, not to themself).
    call: (as) => as.trpc("search.suggestions", { limit: 50 }),
    status: SIGNED_IN,
    check: ownerCard(["stranger"]),
  },

  // feed.*: the caller's own feed; the owner's picture only for contacts.
  "feed.page": {
    call: (as) => as.trpc("feed.page", { limit: 50 }),
    status: SIGNED_IN,
    shows: { contact: PICTURE, owner: PICTURE },
    check: hasOwnerItem("memberId", ["stranger", "contact"]),
  },
  "feed.replies": [
    {
      case: "of the owner's post (the stranger follows the owner)",
      call: (as, w) => as.trpc("feed.replies", { postId: w.ownerPost }),
      status: SIGNED_IN,
      shows: { contact: PICTURE, owner: PICTURE },
      check: hasOwnerReply,
    },
    {
      case: "of the contact's post: outside the stranger's network",
      call: (as, w) => as.trpc("feed.replies", { postId: w.contactPost }),
      status: status(401, 404, 200, 200),
    },
  ],
  "feed.post": { call: (as) => as.trpc("feed.post", { text: "Matrix post" }), status: SIGNED_IN },
  "feed.like": [
    {
      case: "the owner's post (the stranger follows the owner)",
      call: (as, w) => as.trpc("feed.like", { postId: w.ownerPost }),
      status: SIGNED_IN,
      undo: async (as, w) => void (await as.trpc("feed.unlike", { postId: w.ownerPost })),
    },
    {
      case: "the contact's post: outside the stranger's network",
      call: (as, w) => as.trpc("feed.like", { postId: w.contactPost }),
      status: status(401, 404, 200, 200),
      undo: async (as, w) => void (await as.trpc("feed.unlike", { postId: w.contactPost })),
    },
  ],
  "feed.unlike": [
    { case: "the owner's post", call: (as, w) => as.trpc("feed.unlike", { postId: w.ownerPost }), status: SIGNED_IN },
    {
      case: "the contact's post: outside the stranger's network",
      call: (as, w) => as.trpc("feed.unlike", { postId: w.contactPost }),
      status: status(401, 404, 200, 200),
    },
  ],
  "feed.likers": [
    {
      // The owner likes their post: the owner's picture in the list only for contacts.
      case: "of the owner's post, liked by the owner",
      setup: async (w) => must(await callerFor(w, "owner").trpc("feed.like", { postId: w.ownerPost }), 200, "like"),
      call: (as, w) => as.trpc("feed.likers", { postId: w.ownerPost }),
      status: SIGNED_IN,
      shows: { contact: PICTURE, owner: PICTURE },
      cleanup: async (w) => void must(await callerFor(w, "owner").trpc("feed.unlike", { postId: w.ownerPost }), 200, "unlike"),
    },
    {
      case: "of the contact's post: outside the stranger's network",
      call: (as, w) => as.trpc("feed.likers", { postId: w.contactPost }),
      status: status(401, 404, 200, 200),
    },
  ],
  // Posts suggested to an empty feed; which authors' posts may appear is proven in src/domains/feed/suggested.test.ts.
  "feed.suggested": { call: (as) => as.trpc("feed.suggested"), status: SIGNED_IN },
  "feed.reply": {
    // A reply to the owner's post: in the stranger's network too, since they follow the owner.
    call: (as, w) => as.trpc("feed.reply", { postId: w.ownerPost, text: "Matrix reply" }),
    status: SIGNED_IN,
  },

  // messages.*: the caller's own copies only.
  "messages.list": {
    call: (as) => as.trpc("messages.list", { view: "all" }),
    status: SIGNED_IN,
    shows: { contact: PICTURE },
    check: hasOwnerItem("fromID", ["stranger", "contact"]),
  },
  "messages.unreadCount": { call: (as) => as.trpc("messages.unreadCount"), status: SIGNED_IN },
  "messages.recipients": {
    // The To field offers the caller's contacts: the owner to the contact, not to the stranger.
    call: (as) => as.trpc("messages.recipients", { text: BY_NAME }),
    status: SIGNED_IN,
    shows: { contact: PICTURE },
    check: (res, who, w) => {
      if (who === "stranger" || who === "contact")
        expect.soft(!!ownerItem(w, res), `${who}: the owner offered as a recipient`).toBe(who === "contact");
    },
  },
  "messages.open": { call: (as, w) => as.trpc("messages.open", { messageId: w.ownerInboxCopy }), status: OWNER_ONLY_404 },
  "messages.send": {
    call: (as, w) => as.trpc("messages.send", { toMemberId: w.owner.id, subject: "Matrix", body: "Hello." }),
    status: status(401, 400, 200, 400),
    blocked: { blockedByOwner: 400, blockerOfOwner: 400 },
  },
  "messages.markRead": {
    call: (as, w) => as.trpc("messages.markRead", { messageIds: [w.ownerInboxCopy], read: true }),
    status: OWNER_ONLY_404,
  },
  "messages.remove": {
    setup: scratchMessage,
    call: (as, _w, copy: number) => as.trpc("messages.remove", { messageIds: [copy] }),
    status: OWNER_ONLY_404,
  },

  // notifications.*: the caller's own; unsubscribing needs the e-mail's signed token only.
  "notifications.list": {
    call: (as) => as.trpc("notifications.list", {}),
    status: SIGNED_IN,
    check: mentionsOwner(["stranger", "contact"]),
  },
  "notifications.unreadCount": { call: (as) => as.trpc("notifications.unreadCount"), status: SIGNED_IN },
  "notifications.markAllRead": { call: (as) => as.trpc("notifications.markAllRead", {}), status: SIGNED_IN },
  "notifications.describeUnsubscribe": {
    call: (as, w) => as.trpc("notifications.describeUnsubscribe", { token: w.unsubscribeToken }),
    status: PUBLIC,
  },
  "notifications.unsubscribe": { call: (as, w) => as.trpc("notifications.unsubscribe", { token: w.unsubscribeToken }), status: PUBLIC },

  // live.events: the caller's own stream (server-sent events).
  "live.events": { call: (as) => as.trpc("live.events"), status: SIGNED_IN },

  "news.recent": { call: (as) => as.trpc("news.recent", {}), status: SIGNED_IN },
  "news.ads": { call: (as) => as.trpc("news.ads", {}), status: SIGNED_IN },

  // profiles.*: views per the owner's privacy; edits of the caller's own profile only (no id to name another).
  "profiles.view": {
    call: (as, w) => as.trpc("profiles.view", { memberId: w.owner.id }),
    status: SIGNED_IN,
    shows: { contact: CONTACTS_SEE, owner: EVERYTHING },
    blocked: BLOCKED_404,
  },
  "profiles.mine": { call: (as) => as.trpc("profiles.mine"), status: SIGNED_IN, shows: { owner: EVERYTHING } },
  "profiles.saveBasic": {
    call: (as) => as.trpc("profiles.saveBasic", mineOr(as, ownerBasicTrpc, as.member && plainBasicTrpc(as.member))),
    status: SIGNED_IN,
    shows: { owner: BASIC },
  },
  "profiles.saveContact": {
    call: (as) => as.trpc("profiles.saveContact", mineOr(as, ownerContactTrpc, {})),
    status: SIGNED_IN,
    shows: { owner: CONTACT_INFO },
  },
  "profiles.savePersonal": {
    call: (as) => as.trpc("profiles.savePersonal", mineOr(as, ownerPersonal, plainPersonal)),
    status: SIGNED_IN,
    shows: { owner: PERSONAL },
  },
  "profiles.addSchool": {
    call: (as, w) => as.trpc("profiles.addSchool", schoolInput(w, "Scratch studies")),
    status: SIGNED_IN,
    cleanup: tidyOwnerProfile,
  },
  "profiles.updateSchool": {
    // The owner's entry: not found in anyone else's profile.
    call: (as, w) => as.trpc("profiles.updateSchool", { entryId: w.ownerSchoolEntry, school: schoolInput(w) }),
    status: OWNER_ONLY_404,
    shows: { owner: EDUCATION },
  },
  "profiles.removeSchool": {
    setup: scratchSchool,
    call: (as, _w, entry: number) => as.trpc("profiles.removeSchool", { entryId: entry }),
    status: OWNER_ONLY_404,
    cleanup: tidyOwnerProfile,
  },
  "profiles.addEmployment": {
    call: (as, w) => as.trpc("profiles.addEmployment", jobInput(w, "Scratch job")),
    status: SIGNED_IN,
    cleanup: tidyOwnerProfile,
  },
  "profiles.updateEmployment": {
    call: (as, w) => as.trpc("profiles.updateEmployment", { entryId: w.ownerJobEntry, job: jobInput(w) }),
    status: OWNER_ONLY_404,
    shows: { owner: WORK },
  },
  "profiles.removeEmployment": {
    setup: scratchJob,
    call: (as, _w, entry: number) => as.trpc("profiles.removeEmployment", { entryId: entry }),
    status: OWNER_ONLY_404,
    cleanup: tidyOwnerProfile,
  },
  "profiles.setPhotoAccount": {
    call: (as) => as.trpc("profiles.setPhotoAccount", { photoAccountUrl: mineOr(as, PHOTO_ACCOUNT, "https://photos.example.net/someone") }),
    status: SIGNED_IN,
  },
  "profiles.setVideoChannel": {
    call: (as) => as.trpc("profiles.setVideoChannel", { channelId: mineOr(as, VIDEO_CHANNEL, "UCsomeoneElse") }),
    status: SIGNED_IN,
  },

  // reference.*: lookups for signed-in members.
  "reference.sports": { call: (as) => as.trpc("reference.sports"), status: SIGNED_IN },
  "reference.states": { call: (as) => as.trpc("reference.states"), status: SIGNED_IN },
  "reference.schools": { call: (as) => as.trpc("reference.schools", { state: OWNER_STATE.code }), status: SIGNED_IN },
  "reference.degreeTypes": { call: (as) => as.trpc("reference.degreeTypes"), status: SIGNED_IN },
  "reference.competitionLevels": { call: (as) => as.trpc("reference.competitionLevels"), status: SIGNED_IN },
  "reference.otherSportingInterests": { call: (as) => as.trpc("reference.otherSportingInterests"), status: SIGNED_IN },
  "reference.interests": { call: (as) => as.trpc("reference.interests"), status: SIGNED_IN },
  "reference.sectors": { call: (as) => as.trpc("reference.sectors"), status: SIGNED_IN },
  "reference.industries": { call: (as) => as.trpc("reference.industries", { sector: "Professional Sports" }), status: SIGNED_IN },
  "reference.companies": { call: (as) => as.trpc("reference.companies", { sector: "Professional Sports" }), status: SIGNED_IN },

  // media.uploadProfilePhoto: the caller's own picture (multipart).
  "media.uploadProfilePhoto": { call: async (as) => as.trpc("media.uploadProfilePhoto", await photoForm()), status: SIGNED_IN },

  // videos.*: the owner's playlists per the Videos tab's level (Only Contacts).
  "videos.playlists": {
    call: (as, w) => as.trpc("videos.playlists", { memberId: w.owner.id }),
    status: SIGNED_IN,
    shows: { contact: VIDEOS, owner: VIDEOS },
  },
  "videos.videos": { call: (as) => as.trpc("videos.videos", { playlistId: OWNER_PLAYLIST }), status: SIGNED_IN },

  // settings.*: the caller's own settings only (the actor is the session).
  "settings.name": { call: (as) => as.trpc("settings.name"), status: SIGNED_IN, shows: { owner: ["middleName"] } },
  "settings.saveName": {
    call: (as) =>
      as.trpc(
        "settings.saveName",
        mineOr(
          as,
          { ...OWNER_NAME, middleName: ownerBasicTrpc.middleName },
          as.member && { firstName: as.member.firstName, middleName: "", lastName: as.member.lastName },
        ),
      ),
    status: SIGNED_IN,
  },
  "settings.changePassword": {
    // To the same password: the other sessions end, the one in use stays.
    call: (as) => {
      const pw = as.member?.password ?? "x";
      return as.trpc("settings.changePassword", { currentPassword: pw, newPassword: pw, confirmPassword: pw });
    },
    status: SIGNED_IN,
  },
  "settings.securityQuestion": { call: (as) => as.trpc("settings.securityQuestion"), status: SIGNED_IN },
  "settings.saveSecurityQuestion": {
    call: (as) => as.trpc("settings.saveSecurityQuestion", { questionId: 1, answer: "Rex" }),
    status: SIGNED_IN,
  },
  "settings.notifications": { call: (as) => as.trpc("settings.notifications"), status: SIGNED_IN },
  "settings.saveNotifications": {
    call: (as) =>
      as.trpc("settings.saveNotifications", {
        sendMsg: true,
        addAsFriend: true,
        confirmFriendShipRequest: true,
        repliesToYourHelpQuest: true,
      }),
    status: SIGNED_IN,
  },
  "settings.deactivate": {
    // Each deactivates their own account, then signs in again to reactivate it.
    call: (as) => as.trpc("settings.deactivate", { reason: 1, explanation: "" }),
    status: SIGNED_IN,
    undo: reactivateIfDeactivated,
  },
  "settings.emailInfo": { call: (as) => as.trpc("settings.emailInfo"), status: SIGNED_IN },
  "settings.requestEmailChange": {
    call: (as) => as.trpc("settings.requestEmailChange", { email: freshEmail("change") }),
    status: SIGNED_IN,
    undo: async (as) => void (as.member && (await as.trpc("settings.cancelEmailChange"))),
  },
  "settings.cancelEmailChange": { call: (as) => as.trpc("settings.cancelEmailChange"), status: SIGNED_IN },
  "settings.confirmEmailChange": {
    call: (as) => as.trpc("settings.confirmEmailChange", { email: freshEmail("confirm"), code: WRONG_CODE }),
    status: BAD_FOR_ALL,
  },
  "settings.privacy": { call: (as) => as.trpc("settings.privacy"), status: SIGNED_IN },
  "settings.saveProfilePrivacy": {
    call: (as) => as.trpc("settings.saveProfilePrivacy", mineOr(as, OWNER_PROFILE_PRIVACY, DEFAULT_PROFILE_PRIVACY)),
    status: SIGNED_IN,
  },
  "settings.saveSearchPrivacy": {
    call: (as) => as.trpc("settings.saveSearchPrivacy", mineOr(as, OWNER_SEARCH_PRIVACY, DEFAULT_SEARCH_PRIVACY)),
    status: SIGNED_IN,
  },
  "settings.sessions": { call: (as) => as.trpc("settings.sessions"), status: SIGNED_IN },
  "settings.signOutSession": {
    // One of the owner's devices (a second session): not found among anyone else's.
    setup: async (w) => {
      const owner = callerFor(w, "owner").withToken(await callerFor(w, "owner").freshToken());
      const sessions = must(await owner.trpc("settings.sessions"), 200, "sessions").json.result.data as { id: string; current: boolean }[];
      return sessions.find((s) => s.current)!.id;
    },
    call: (as, _w, id: string) => as.trpc("settings.signOutSession", { id }),
    status: OWNER_ONLY_404,
  },
  "settings.signOutOtherSessions": { call: (as) => as.trpc("settings.signOutOtherSessions"), status: SIGNED_IN },

  "assistant.assist": { call: (as) => as.trpc("assistant.assist", { message: "hello" }), status: SIGNED_IN },
  "assistant.available": { call: (as) => as.trpc("assistant.available"), status: SIGNED_IN },

  // onboarding.*: the caller's own first hour.
  "onboarding.firstHour": { call: (as) => as.trpc("onboarding.firstHour"), status: SIGNED_IN },
  "onboarding.siteGuide": { call: (as) => as.trpc("onboarding.siteGuide"), status: SIGNED_IN },

  // admin.*: moderators and admins act on members; admins grant roles and read the audit log.
  // The target is a member of its own (suspended and signed out by these rows, then restored).
  // Blocking (decision 035): a member blocks and unblocks for themself; the target is blocked and let go.
  "contacts.blocked": { call: (as) => as.trpc("contacts.blocked", {}), status: SIGNED_IN },
  "contacts.block": {
    call: (as, w) => as.trpc("contacts.block", { memberId: w.target.id }),
    status: SIGNED_IN,
    undo: async (as, w, res) => {
      if (res.status === 200) must(await as.trpc("contacts.unblock", { memberId: w.target.id }), 200, "unblock");
    },
  },
  "contacts.unblock": {
    // Only the owner blocked the target: nobody else has a block to lift.
    setup: async (w) => void must(await callerFor(w, "owner").trpc("contacts.block", { memberId: w.target.id }), 200, "block"),
    call: (as, w) => as.trpc("contacts.unblock", { memberId: w.target.id }),
    status: status(401, 404, 404, 200),
  },

  // moderation.*: any member reports; moderators and admins answer (an unknown report: 404 past the role check).
  "moderation.report": {
    call: (as, w) => as.trpc("moderation.report", { targetKind: "member", targetId: w.target.id, reason: "spam" }),
    status: SIGNED_IN,
  },
  "moderation.reports": { call: (as) => as.trpc("moderation.reports", {}), status: STAFF, roles: MODERATORS },
  "moderation.dismiss": { call: (as) => as.trpc("moderation.dismiss", { reportId: 999_999 }), status: STAFF, roles: NO_REPORT },
  "moderation.remove": { call: (as) => as.trpc("moderation.remove", { reportId: 999_999 }), status: STAFF, roles: NO_REPORT },
  "moderation.warn": { call: (as) => as.trpc("moderation.warn", { reportId: 999_999 }), status: STAFF, roles: NO_REPORT },
  "moderation.suspend": {
    call: (as) => as.trpc("moderation.suspend", { reportId: 999_999, reason: "matrix" }),
    status: STAFF,
    roles: NO_REPORT,
  },

  "admin.members": { call: (as) => as.trpc("admin.members", { query: "tobias" }), status: STAFF, roles: MODERATORS },
  "admin.member": { call: (as, w) => as.trpc("admin.member", { memberId: w.target.id }), status: STAFF, roles: MODERATORS },
  "admin.suspend": {
    call: (as, w) => as.trpc("admin.suspend", { memberId: w.target.id, reason: "matrix check" }),
    status: STAFF,
    roles: MODERATORS,
    undo: async (_as, w, res) => {
      if (res.status === 200) await restoreTarget(w);
    },
  },
  "admin.restore": {
    setup: suspendTarget,
    call: (as, w) => as.trpc("admin.restore", { memberId: w.target.id }),
    status: STAFF,
    roles: MODERATORS,
    undo: async (_as, w, res) => {
      if (res.status === 200) await suspendTarget(w);
    },
    cleanup: restoreTarget,
  },
  "admin.resetSessions": { call: (as, w) => as.trpc("admin.resetSessions", { memberId: w.target.id }), status: STAFF, roles: MODERATORS },
  "admin.grantRole": {
    call: (as, w) => as.trpc("admin.grantRole", { memberId: w.target.id, role: "member" }),
    status: STAFF,
    roles: ADMINS_ONLY,
  },
  "admin.audit": { call: (as) => as.trpc("admin.audit", {}), status: STAFF, roles: ADMINS_ONLY },

  // admin.content.*: the site's content (decision 039), admins only. Writes that succeed are undone;
  // ids that do not exist answer an admin 404 (past the role check).
  "admin.content.news.list": { call: (as) => as.trpc("admin.content.news.list", {}), status: STAFF, roles: ADMINS_ONLY },
  "admin.content.news.add": {
    call: (as) => as.trpc("admin.content.news.add", { headerText: "Matrix news" }),
    status: STAFF,
    roles: ADMINS_ONLY,
    undo: async (as, _w, res) => {
      if (res.status === 200) void must(await as.trpc("admin.content.news.remove", { id: res.json.result.data.id }), 200, "remove news");
    },
  },
  "admin.content.news.edit": {
    call: (as) => as.trpc("admin.content.news.edit", { id: 999_999, headerText: "Matrix news" }),
    status: STAFF,
    roles: { moderator: 403, admin: 404 },
  },
  "admin.content.news.remove": {
    call: (as) => as.trpc("admin.content.news.remove", { id: 999_999 }),
    status: STAFF,
    roles: { moderator: 403, admin: 404 },
  },
  // No file: refused for the admin (past the role check); the upload itself is in content.service.test.ts.
  "admin.content.news.uploadImage": {
    call: (as) => as.trpc("admin.content.news.uploadImage", new FormData()),
    status: STAFF,
    roles: { moderator: 403, admin: 400 },
  },
  "admin.content.feeds.list": { call: (as) => as.trpc("admin.content.feeds.list"), status: STAFF, roles: ADMINS_ONLY },
  "admin.content.feeds.add": {
    call: (as) => as.trpc("admin.content.feeds.add", { url: "https://matrix.example/rss" }),
    status: STAFF,
    roles: ADMINS_ONLY,
    undo: async (as, _w, res) => {
      if (res.status === 200) void must(await as.trpc("admin.content.feeds.remove", { id: res.json.result.data.id }), 200, "remove feed");
    },
  },
  "admin.content.feeds.remove": {
    call: (as) => as.trpc("admin.content.feeds.remove", { id: 999_999 }),
    status: STAFF,
    roles: { moderator: 403, admin: 404 },
  },
  "admin.content.guide.list": { call: (as) => as.trpc("admin.content.guide.list"), status: STAFF, roles: ADMINS_ONLY },
  "admin.content.guide.add": {
    call: (as) => as.trpc("admin.content.guide.add", { headerText: "Matrix guide" }),
    status: STAFF,
    roles: ADMINS_ONLY,
    undo: async (as, _w, res) => {
      if (res.status === 200)
        void must(await as.trpc("admin.content.guide.remove", { id: res.json.result.data.id }), 200, "remove guide item");
    },
  },
  "admin.content.guide.edit": {
    call: (as) => as.trpc("admin.content.guide.edit", { id: 999_999, headerText: "Matrix guide" }),
    status: STAFF,
    roles: { moderator: 403, admin: 404 },
  },
  "admin.content.guide.remove": {
    call: (as) => as.trpc("admin.content.guide.remove", { id: 999_999 }),
    status: STAFF,
    roles: { moderator: 403, admin: 404 },
  },
  // An order naming no item: refused for the admin (it must name every item).
  "admin.content.guide.order": {
    call: (as) => as.trpc("admin.content.guide.order", { ids: [] }),
    status: STAFF,
    roles: { moderator: 403, admin: 400 },
  },
  "admin.content.names.pending": {
    call: (as) => as.trpc("admin.content.names.pending", { kind: "school" }),
    status: STAFF,
    roles: ADMINS_ONLY,
  },
  "admin.content.names.approve": {
    call: (as) => as.trpc("admin.content.names.approve", { kind: "school", id: 999_999 }),
    status: STAFF,
    roles: { moderator: 403, admin: 404 },
  },
  "admin.content.names.reject": {
    call: (as) => as.trpc("admin.content.names.reject", { kind: "company", id: 999_999 }),
    status: STAFF,
    roles: { moderator: 403, admin: 404 },
  },
  "admin.content.enquiries.list": { call: (as) => as.trpc("admin.content.enquiries.list", {}), status: STAFF, roles: ADMINS_ONLY },
  "admin.content.enquiries.markHandled": {
    call: (as) => as.trpc("admin.content.enquiries.markHandled", { id: 999_999 }),
    status: STAFF,
    roles: { moderator: 403, admin: 404 },
  },
  "admin.content.settings.get": { call: (as) => as.trpc("admin.content.settings.get"), status: STAFF, roles: ADMINS_ONLY },
  // Nothing to change: the admin's call stores nothing.
  "admin.content.settings.update": { call: (as) => as.trpc("admin.content.settings.update", {}), status: STAFF, roles: ADMINS_ONLY },
  "admin.content.settings.invites": { call: (as) => as.trpc("admin.content.settings.invites"), status: STAFF, roles: ADMINS_ONLY },
  "admin.content.settings.createInvite": {
    call: (as) => as.trpc("admin.content.settings.createInvite"),
    status: STAFF,
    roles: ADMINS_ONLY,
    undo: async (as, _w, res) => {
      if (res.status === 200)
        void must(await as.trpc("admin.content.settings.removeInvite", { code: res.json[0].result.data.code }), 200, "remove invite");
    },
  },
  "admin.content.settings.removeInvite": {
    call: (as) => as.trpc("admin.content.settings.removeInvite", { code: "NO-SUCH-CODE" }),
    status: STAFF,
    roles: { moderator: 403, admin: 404 },
  },

  // site.*: the instance's name, about and terms texts and registration mode, for anyone.
  "site.info": { call: (as) => as.trpc("site.info"), status: PUBLIC },

  // dataRights.*: the caller's own archives and account. Deletion is asked with a wrong password
  // here (refused, nothing written); the right one is the service test's and the journey's.
  "dataRights.exports": { call: (as) => as.trpc("dataRights.exports"), status: SIGNED_IN },
  "dataRights.requestExport": {
    // The server's worker prepares it within seconds; waited for, so the next row may ask again.
    call: (as) => as.trpc("dataRights.requestExport"),
    status: SIGNED_IN,
    undo: async (as, _w, res) => {
      if (res.status === 200) await waitForExports(as);
    },
  },
  "dataRights.deleteAccount": {
    call: (as) => as.trpc("dataRights.deleteAccount", { password: "not-the-password" }),
    status: status(401, 400, 400, 400),
  },
};

interface ExportItem {
  id: number;
  status: string;
}
/** Until none of the caller's archives is waiting (the server's worker looks every 5 s); answers the list. */
async function waitForExports(as: Caller): Promise<ExportItem[]> {
  for (let i = 0; i < 60; i++) {
    const items = must(await as.trpc("dataRights.exports"), 200, "exports").json.result.data as ExportItem[];
    if (!items.some((e) => e.status === "pending" || e.status === "building")) return items;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error("the data export was not prepared within 30 s");
}
/** A ready archive of the owner's (asked for when there is none). */
async function readyExportOfOwner(w: World): Promise<number> {
  const owner = callerFor(w, "owner");
  let ready = (await waitForExports(owner)).find((e) => e.status === "ready");
  if (!ready) {
    must(await owner.trpc("dataRights.requestExport"), 200, "requestExport");
    ready = (await waitForExports(owner)).find((e) => e.status === "ready");
  }
  return ready!.id;
}

const TABLE: Record<string, Row> = { ...REST, ...LEGACY, ...OTHER_ROUTES, ...TRPC };

// ---------------------------------------------------------------------------------------------

let youtube: YoutubeStandIn;
const env: Record<string, string> = {};
beforeAll(async () => {
  youtube = await startYoutubeStandIn();
  Object.assign(env, youtube.env);
  return () => youtube.close();
});
// Registered after the stand-in's beforeAll, so `env` holds its address when the server starts.
const h = serverHarness({ env });
let w: World;
beforeAll(async () => {
  w = await buildWorld(h);
}, 60_000);

describe("authorization and privacy matrix", () => {
  it("has a row for every REST action, every tRPC procedure and the other routes, and nothing else", () => {
    const rest = Object.entries(restControllers).flatMap(([controller, actions]) => Object.keys(actions).map((a) => `${controller}/${a}`));
    const everything = [...rest, ...trpcProcedures(), ...Object.keys(OTHER_ROUTES)].sort();
    expect(Object.keys(TABLE).sort()).toEqual(everything);
  });

  for (const [action, row] of Object.entries(TABLE)) {
    for (const c of [row].flat()) {
      it(`${action}${c.case ? ` (${c.case})` : ""}`, async () => {
        const s = c.setup ? await c.setup(w) : undefined;
        for (const who of ACTORS) {
          const as = callerFor(w, who);
          const res = await c.call(as, w, s);
          expect.soft(res.status, `${who}: ${res.text.slice(0, 300)}`).toBe(c.status[who]);
          await expectPrivacy(w, who, res, c.shows?.[who]);
          c.check?.(res, who, w);
          await c.undo?.(as, w, res);
        }
        for (const [role, expected] of Object.entries({ ...c.roles, ...c.blocked })) {
          const as = callerOf(w, w[role as RoleActor | BlockedActor]);
          const res = await c.call(as, w, s);
          expect.soft(res.status, `${role}: ${res.text.slice(0, 300)}`).toBe(expected);
          await c.undo?.(as, w, res);
        }
        await c.cleanup?.(w, s);
        await keepSignedIn(w);
      });
    }
  }
});

// ---------------------------------------------------------------------------------------------
// Minors (decisions 037, 040): rows about the minor, called by an adult stranger (the stranger),
// the minor's adult contact (the contact), another minor who is not their contact, and the minor.
// Every refusal an adult stranger hears is one any non-contact hears: nothing tells them the
// member is under 18.

const MINOR_ACTORS = ["anonymous", "stranger", "contact", "minorPeer", "minor"] as const;
type MinorActor = (typeof MINOR_ACTORS)[number];

interface MinorCase {
  case: string;
  call: (as: Caller, w: World) => Promise<ApiResponse>;
  status: Record<MinorActor, number>;
  check?: (res: ApiResponse, who: MinorActor, w: World) => void;
  /** After each actor's call: put back what it changed (a follow). */
  undo?: (as: Caller, w: World, res: ApiResponse) => Promise<void>;
}

const minorCaller = (w: World, who: MinorActor): Caller =>
  who === "minor" || who === "minorPeer" ? callerOf(w, w[who]) : callerFor(w, who);
const minorStatus = (anonymous: number, stranger: number, contact: number, minorPeer: number, minor: number) => ({
  anonymous,
  stranger,
  contact,
  minorPeer,
  minor,
});
const hasMinor = (res: ApiResponse, w: World) => itemsOf(res).some((item) => idOfItem(item) === String(w.minor.id));
/** A list of the contact's (the minor is in it): an adult stranger does not see the minor there, the others do. */
const minorListedExceptToStranger = (res: ApiResponse, who: MinorActor, w: World) => {
  if (res.status === 200) expect.soft(hasMinor(res, w), `${who} and the minor in the contact's list`).toBe(who !== "stranger");
};
const unfollowMinor = async (as: Caller, w: World, res: ApiResponse) => {
  if (res.status === 200) must(await as.trpc("contacts.unfollow", { memberId: w.minor.id }), 200, "unfollow the minor");
};
/** The stranger's refusal is the text every non-contact gets (decision 040). */
const sameRefusalAsAnyNonContact = (res: ApiResponse, who: MinorActor) => {
  if (who === "stranger") expect.soft(res.text).toContain(texts.recipientNotValid);
};

/** An id no member has: a minor hidden from the caller must answer as it does. */
const MADE_UP_ID = 2_000_000_000;

const MINOR_TABLE: MinorCase[] = [
  {
    case: "messages.send to the minor: contacts only, the stranger refused as any non-contact",
    call: (as, w) => as.trpc("messages.send", { toMemberId: w.minor.id, subject: "Matrix", body: "Hello." }),
    status: minorStatus(401, 400, 200, 400, 400),
    check: sameRefusalAsAnyNonContact,
  },
  {
    case: "message/CreateMessage (self) to the minor: the same",
    call: (as, w) => as.post(`/api/message/CreateMessage${qs({ from: as.id, to: w.minor.id, subject: "Matrix", body: "Hello." })}`),
    status: minorStatus(401, 400, 200, 400, 400),
    check: sameRefusalAsAnyNonContact,
  },
  {
    case: "contacts.follow the minor: the stranger answered as for a missing member",
    call: (as, w) => as.trpc("contacts.follow", { memberId: w.minor.id }),
    status: minorStatus(401, 404, 200, 200, 400),
    undo: unfollowMinor,
  },
  {
    case: "contact/FollowMember (self) the minor: the same",
    call: (as, w) => as.post(`/api/contact/FollowMember${qs({ memberID: as.id, contactID: w.minor.id })}`),
    status: minorStatus(401, 404, 200, 200, 400),
    undo: unfollowMinor,
  },
  {
    case: "contacts.relationship with the minor: the stranger answered as for a missing member (decision 040, second pass)",
    call: (as, w) => as.trpc("contacts.relationship", { memberId: w.minor.id }),
    status: minorStatus(401, 404, 200, 200, 200),
    check: (res, who) => {
      if (res.status === 200 && who !== "minor") expect.soft(res.json.result.data.canFollow, who).toBe(true);
      if (res.status === 404) expect.soft(res.text, who).toContain(NO_SUCH_MEMBER);
    },
  },
  {
    case: "contacts.relationship with a made-up id: 404 as the stranger hears for the minor",
    call: (as) => as.trpc("contacts.relationship", { memberId: MADE_UP_ID }),
    status: minorStatus(401, 404, 404, 404, 404),
    check: (res, who) => {
      if (res.status === 404) expect.soft(res.text, who).toContain(NO_SUCH_MEMBER);
    },
  },
  {
    case: "contacts.contacts of the minor: the stranger answered as for a missing member; a minor's list starts shown to contacts only",
    call: (as, w) => as.trpc("contacts.contacts", { memberId: w.minor.id }),
    status: minorStatus(401, 404, 200, 403, 200),
    check: (res, who) => {
      if (res.status === 404) expect.soft(res.text, who).toContain(NO_SUCH_MEMBER);
    },
  },
  {
    case: "contact/GetWhosFollowingMe of the minor: the same over REST",
    call: (as, w) => as.get(`/api/contact/GetWhosFollowingMe${qs({ memberID: w.minor.id })}`),
    status: minorStatus(401, 404, 200, 403, 200),
  },
  {
    case: "search.members by the minor's name: found by their contact and other minors (search leaves out the searcher)",
    call: (as, w) => as.trpc("search.members", { text: w.minor.lastName }),
    status: minorStatus(401, 200, 200, 200, 200),
    check: (res, who, w) => {
      if (res.status === 200) expect.soft(hasMinor(res, w), who).toBe(who === "contact" || who === "minorPeer");
    },
  },
  {
    case: "contacts.contacts of the minor's adult contact",
    call: (as, w) => as.trpc("contacts.contacts", { memberId: w.contact.id }),
    status: minorStatus(401, 200, 200, 200, 200),
    check: minorListedExceptToStranger,
  },
  {
    case: "contact/GetMemberContacts of the minor's adult contact",
    call: (as, w) => as.get(`/api/contact/GetMemberContacts${qs({ memberID: w.contact.id })}`),
    status: minorStatus(401, 200, 200, 200, 200),
    check: minorListedExceptToStranger,
  },
  {
    case: "profiles.view of the minor: 404 to the stranger (as a made-up id); their birth date to themself only",
    call: (as, w) => as.trpc("profiles.view", { memberId: w.minor.id }),
    status: minorStatus(401, 404, 200, 200, 200),
    check: (res, who) => {
      if (res.status === 200 && who !== "minor") expect.soft(res.text, who).not.toMatch(/"birthDate":"\d{4}-/);
      if (res.status === 404) expect.soft(res.text, who).toContain(NO_SUCH_MEMBER);
    },
  },
  {
    case: "member/GetMemberGeneralInfoV2 of the minor: the same over REST",
    call: (as, w) => as.get(`/api/member/GetMemberGeneralInfoV2/${w.minor.id}`),
    status: minorStatus(401, 404, 200, 200, 200),
  },
  {
    case: "moderation.report of the minor: 404 to the stranger (as a made-up id); their contact and peers may report them",
    call: (as, w) => as.trpc("moderation.report", { targetKind: "member", targetId: w.minor.id, reason: "other" }),
    status: minorStatus(401, 404, 200, 200, 400),
    check: (res, who) => {
      if (res.status === 404) expect.soft(res.text, who).toContain(NO_SUCH_MEMBER);
    },
  },
  {
    case: "profiles.saveBasic (self) with a birth date under 18: refused to adults, kept by minors",
    call: (as) =>
      as.trpc("profiles.saveBasic", {
        ...plainBasicTrpc(as.member ?? ({ firstName: "Nobody", lastName: "Here" } as Member)),
        birthYear: String(new Date().getUTCFullYear() - 15),
      }),
    status: minorStatus(401, 400, 400, 200, 200),
    check: (res, who) => {
      if (res.status === 400) expect.soft(res.text, who).toContain(minorsTexts.birthDateAcrossAdulthood);
    },
  },
];

describe("minors in the matrix (decisions 037, 040)", () => {
  for (const c of MINOR_TABLE) {
    it(c.case, async () => {
      for (const who of MINOR_ACTORS) {
        const as = minorCaller(w, who);
        const res = await c.call(as, w);
        expect.soft(res.status, `${who}: ${res.text.slice(0, 300)}`).toBe(c.status[who]);
        c.check?.(res, who, w);
        await c.undo?.(as, w, res);
      }
      await keepSignedIn(w);
    });
  }
});
