/**
 * The fixture of the authorization and privacy matrix: four actors around one owner whose profile
 * holds a distinctive value in every section, kept Private or Only Contacts, plus the calls and the
 * checks the table uses. Everything is set up through the real endpoints of the real Bun server.
 */
import sharp from "sharp";
import { expect } from "vitest";
import { appRouter } from "../../src/server/trpc/root.ts";
import type { Harness } from "#support/harness.ts";
import { type ApiResponse, bearer, qs, registerAndConfirm, uniqueEmail } from "#support/server.ts";

export const ACTORS = ["anonymous", "stranger", "contact", "owner"] as const;
export type ActorName = (typeof ACTORS)[number];

export interface Member {
  id: number;
  email: string;
  password: string;
  /** The bearer token every call of this member uses (replaced when the member reactivates). */
  token: string;
  firstName: string;
  lastName: string;
}

// ---------------------------------------------------------------------------------------------
// The owner's secrets: one distinctive value per field, grouped by the section (privacy level)
// that governs it. A response to an actor must contain none of the values that actor may not see.

export const OWNER_NAME = { firstName: "Ottilie", lastName: "Marchbanks" };
export const OWNER_SPORT = "Curling";
export const OWNER_STATE = { code: "VT", name: "Vermont" };

const SECRETS = {
  // Basic info: Private.
  middleName: "Quillfeather",
  hometown: "Zephyrholm",
  currentCity: "Brackenford",
  bio: "Crumhornist since childhood",
  position: "Sweeperkeeper",
  // Contact info: Private.
  otherEmail: "ottilie.elsewhere@example.net",
  facebook: "facebook.com/ottiliemarchbanks",
  cellPhone: "555-0148",
  homePhone: "555-0149",
  address: "7 Gallowglass Lane",
  contactCity: "Marrowvale",
  neighborhood: "Tanneryside",
  zip: "05999",
  // Personal info: Only Contacts.
  aboutMe: "Restores antique scoreboards",
  interests: "Orienteering by starlight",
  // Education: Only Contacts.
  major: "Cryptozoology",
  societies: "Order of the Quokka",
  // Work experience: Only Contacts.
  jobTitle: "Chief Zamboni Wrangler",
  jobDescription: "Keeps the ice glassy",
  // Photos and Videos tabs: Only Contacts.
  photoAccount: "https://photos.example.net/ottiliemarchbanks",
  videoChannel: "UCottilieMarchbanksVideos",
} as const;

export type Secret = keyof typeof SECRETS | "picture";

export const BASIC: Secret[] = ["middleName", "hometown", "currentCity", "bio", "position"];
export const CONTACT_INFO: Secret[] = ["otherEmail", "facebook", "cellPhone", "homePhone", "address", "contactCity", "neighborhood", "zip"];
export const PERSONAL: Secret[] = ["aboutMe", "interests"];
export const EDUCATION: Secret[] = ["major", "societies"];
export const WORK: Secret[] = ["jobTitle", "jobDescription"];
export const PHOTOS: Secret[] = ["photoAccount"];
export const VIDEOS: Secret[] = ["videoChannel"];
/** The uploaded picture, hidden from non-contacts ("view profile picture": only contacts). */
export const PICTURE: Secret[] = ["picture"];
export const EVERYTHING: Secret[] = [...BASIC, ...CONTACT_INFO, ...PERSONAL, ...EDUCATION, ...WORK, ...PHOTOS, ...VIDEOS, ...PICTURE];
/** What a contact may see: the Only Contacts sections and the picture, not the Private ones. */
export const CONTACTS_SEE: Secret[] = [...PERSONAL, ...EDUCATION, ...WORK, ...PHOTOS, ...VIDEOS, ...PICTURE];

/** Of the owner's secrets, what each actor may see anywhere. */
export const ENTITLED: Record<ActorName, Secret[]> = { anonymous: [], stranger: [], contact: CONTACTS_SEE, owner: EVERYTHING };

/** The owner's privacy: basic and contact info Private, the other sections Only Contacts (1 Public, 2 Private, 3 Only Contacts). */
export const OWNER_PROFILE_PRIVACY = {
  basicInfo: 2,
  contactInfo: 2,
  personalInfo: 3,
  education: 3,
  workInfo: 3,
  photos: 3,
  videos: 3,
  mobilePhone: 3,
  homePhone: 2,
  otherPhone: 2,
  emailAddress: 3,
  address: 2,
} as const;
/** Found by everyone by name; picture and contact list only for contacts; requests and messages open. */
export const OWNER_SEARCH_PRIVACY = {
  visibility: 1,
  viewProfilePicture: false,
  viewFriendsList: false,
  viewLinkToRequestAddingYouAsFriend: true,
  viewLinkToSendYouMsg: true,
  findableByAdults: false,
} as const;
export const DEFAULT_PROFILE_PRIVACY = {
  basicInfo: 1,
  contactInfo: 1,
  personalInfo: 1,
  education: 1,
  workInfo: 1,
  photos: 1,
  videos: 1,
  // Every contact detail Private until opened (decision 037).
  mobilePhone: 2,
  homePhone: 2,
  otherPhone: 2,
  emailAddress: 2,
  address: 2,
};
export const DEFAULT_SEARCH_PRIVACY = {
  visibility: 1,
  viewProfilePicture: true,
  viewFriendsList: true,
  viewLinkToRequestAddingYouAsFriend: true,
  viewLinkToSendYouMsg: true,
  findableByAdults: false,
};

// Bodies of the owner's profile, as the legacy REST forms send them and as the web client does.

export const ownerBasicRest = {
  firstName: OWNER_NAME.firstName,
  middleName: SECRETS.middleName,
  lastName: OWNER_NAME.lastName,
  titleDesc: "Midfield general",
  sport: OWNER_SPORT,
  currentStatus: "Athlete (Amateur)",
  bio: SECRETS.bio,
  sex: "Female",
  showSexInProfile: true,
  dobMonth: "4",
  dobDay: "12",
  dobYear: "1996",
  showDOBType: true,
  lookingForEmployment: false,
  lookingForNetworking: true,
  lookingForPartnership: false,
  lookingForRecruitment: false,
  leftRightHandFoot: "Left",
  preferredPosition: SECRETS.position,
  secondaryPosition: "",
  height: 68,
  weight: 140,
  interestedInType: "",
  currentCity: SECRETS.currentCity,
  hometown: SECRETS.hometown,
};
export const ownerBasicTrpc = {
  firstName: OWNER_NAME.firstName,
  middleName: SECRETS.middleName,
  lastName: OWNER_NAME.lastName,
  title: "Midfield general",
  sport: OWNER_SPORT,
  currentStatus: "Athlete (Amateur)",
  bio: SECRETS.bio,
  gender: "Female",
  showGender: true,
  birthMonth: "4",
  birthDay: "12",
  birthYear: "1996",
  showBirthDate: true,
  lookingForNetworking: true,
  preferredHandFoot: "Left",
  preferredPosition: SECRETS.position,
  heightInches: 68,
  weightLbs: 140,
  currentCity: SECRETS.currentCity,
  hometown: SECRETS.hometown,
};
/** Another member's plain basic info (nothing of the owner's). */
export const plainBasicTrpc = (m: Member) => ({
  firstName: m.firstName,
  lastName: m.lastName,
  title: "Coach",
  sport: "Fencing",
  currentStatus: "Coach",
  gender: "Male",
  birthMonth: "1",
  birthDay: "2",
  birthYear: "1990",
});

export const ownerContactRest = {
  otherEmail: SECRETS.otherEmail,
  facebook: SECRETS.facebook,
  instagram: "",
  twitter: "",
  website: "",
  homePhone: SECRETS.homePhone,
  cellPhone: SECRETS.cellPhone,
  otherPhone: "",
  address: SECRETS.address,
  city: SECRETS.contactCity,
  Neighborhood: SECRETS.neighborhood,
  state: OWNER_STATE.code,
  zip: SECRETS.zip,
  showAddress: true,
  showEmailToMembers: true,
  showCellPhone: true,
  showHomePhone: true,
};
export const ownerContactTrpc = {
  otherEmail: SECRETS.otherEmail,
  facebook: SECRETS.facebook,
  homePhone: SECRETS.homePhone,
  cellPhone: SECRETS.cellPhone,
  address: SECRETS.address,
  city: SECRETS.contactCity,
  neighborhood: SECRETS.neighborhood,
  state: OWNER_STATE.code,
  zip: SECRETS.zip,
  showAddress: true,
  showEmail: true,
  showCellPhone: true,
  showHomePhone: true,
};

export const ownerPersonal = { aboutMe: SECRETS.aboutMe, activities: "", interests: SECRETS.interests, specialSkills: "" };
export const plainPersonal = { aboutMe: "Likes sport.", activities: "", interests: "", specialSkills: "" };

export const PHOTO_ACCOUNT = SECRETS.photoAccount;
export const VIDEO_CHANNEL = SECRETS.videoChannel;
/** The one playlist of the owner's channel on the YouTube stand-in. */
export const OWNER_PLAYLIST = `PL${SECRETS.videoChannel}`;

// ---------------------------------------------------------------------------------------------
// The world: who is who, and what the setup made.

export interface World {
  h: Harness;
  owner: Member;
  contact: Member;
  stranger: Member;
  /** Not an actor: the other party of the owner's contact writes, and the credentials of public sign-in calls. */
  bystander: Member;
  /** The roles' actors of the admin procedures' rows (besides the four), and the member they act on. */
  moderator: Member;
  admin: Member;
  target: Member;
  /** The blocked actors (decision 035): a member the owner blocked, and one who blocked the owner. */
  blockedByOwner: Member;
  blockerOfOwner: Member;
  /**
   * The minors' actors (decisions 037, 040): a member under 18 who is the contact's contact (the
   * contact is their adult contact, the stranger and the owner adult strangers), and another minor
   * who is not their contact.
   */
  minor: Member;
  minorPeer: Member;
  /** The owner's first post (followed by the stranger), with a reply by the owner and one by the contact. */
  ownerPost: number;
  /** A post by the contact: outside the stranger's network. */
  contactPost: number;
  /** The owner's copy (inbox) of a message from the contact. */
  ownerInboxCopy: number;
  /** A school in the lists, and the owner's education entry and job. */
  school: { schoolID: number; state: string };
  companyId: number;
  ownerSchoolEntry: number;
  ownerJobEntry: number;
  /** The unsubscribe token of a notification e-mail to the owner. */
  unsubscribeToken: string;
}

async function asResponse(res: Response): Promise<ApiResponse> {
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

const PROCEDURES = (appRouter as unknown as { _def: { procedures: Record<string, { _def: { type: string } }> } })._def.procedures;

/** Every tRPC procedure of the app router, by path ("profiles.view"). */
export const trpcProcedures = () => Object.keys(PROCEDURES);

/** A member (or nobody) calling the server: REST with the bearer token, tRPC too (the session travels either way). */
export interface Caller {
  who: ActorName;
  member: Member | null;
  /** The caller's own member id; the owner's for anonymous (whose calls are refused anyway). */
  id: number;
  get: (path: string) => Promise<ApiResponse>;
  post: (path: string, body?: unknown, headers?: Record<string, string>) => Promise<ApiResponse>;
  put: (path: string, body?: unknown) => Promise<ApiResponse>;
  del: (path: string) => Promise<ApiResponse>;
  /** A multipart POST (uploads). */
  form: (path: string, form: FormData) => Promise<ApiResponse>;
  /** A tRPC procedure: queries by GET, mutations by POST, a subscription's first event. */
  trpc: (path: string, input?: unknown, headers?: Record<string, string>) => Promise<ApiResponse>;
  /** A new session of the caller (of the bystander for anonymous), for calls that end or replace one. */
  freshToken: () => Promise<string>;
  /** The same caller with another of their sessions. */
  withToken: (token: string) => Caller;
}

/** One of the four actors. */
export const callerFor = (w: World, who: ActorName): Caller => makeCaller(w, who, who === "anonymous" ? null : w[who]);

/** Any member of the world (the bystander, in setups), as a signed-in caller. */
export const callerOf = (w: World, m: Member): Caller => makeCaller(w, "stranger", m);

function makeCaller(w: World, who: ActorName, member: Member | null, token?: string): Caller {
  const base = w.h.server.baseUrl;
  const c = w.h.c;
  const headers = (): Record<string, string> => {
    const t = token ?? member?.token;
    return t ? bearer(t) : {};
  };
  return {
    who,
    member,
    id: member?.id ?? w.owner.id,
    get: (path) => c.get(path, { headers: headers() }),
    post: (path, body, extra = {}) => c.post(path, { headers: { ...headers(), ...extra }, body }),
    put: (path, body) => c.put(path, { headers: headers(), body }),
    del: (path) => c.delete(path, { headers: headers() }),
    form: async (path, form) => asResponse(await fetch(base + path, { method: "POST", headers: headers(), body: form })),
    trpc: async (path, input, extra = {}) => {
      const type = PROCEDURES[path]?._def.type;
      if (!type) throw new Error(`No tRPC procedure ${path}`);
      const h = { ...headers(), ...extra };
      if (input instanceof FormData) return asResponse(await fetch(`${base}/trpc/${path}`, { method: "POST", headers: h, body: input }));
      // A mutation without input goes as the web client sends it: a batch of one, body {}.
      if (type === "mutation")
        return input === undefined
          ? c.post(`/trpc/${path}?batch=1`, { headers: h, body: {} })
          : c.post(`/trpc/${path}`, { headers: h, body: input });
      const query = input === undefined ? "" : qs({ input: JSON.stringify(input) });
      if (type === "query") return c.get(`/trpc/${path}${query}`, { headers: h });
      return subscriptionAnswer(`${base}/trpc/${path}${query}`, h);
    },
    freshToken: () => signIn(w, member ?? w.bystander),
    withToken: (t) => makeCaller(w, who, member, t),
  };
}

/**
 * A subscription (server-sent events) answers 200 and then speaks in events: a refusal is its
 * `serialized-error` event, after which the stream ends. The answer here carries that error's
 * HTTP status, or 200 when the stream is still open after a second (a member's live stream).
 */
async function subscriptionAnswer(url: string, headers: Record<string, string>): Promise<ApiResponse> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), 1_000);
  let text = "";
  try {
    const res = await fetch(url, { headers, signal: abort.signal });
    if (!res.ok || !res.body) return await asResponse(res);
    const decoder = new TextDecoder();
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        text += decoder.decode(chunk, { stream: true });
        const error = /event: serialized-error\ndata: (.*)\n/.exec(text);
        if (error) {
          const json = JSON.parse(error[1]!);
          return { status: json.data?.httpStatus ?? 500, headers: res.headers, text, json };
        }
      }
    } catch {
      // Aborted after the wait: the stream stayed open.
    }
    return { status: res.status, headers: res.headers, text, json: undefined };
  } finally {
    clearTimeout(timer);
    abort.abort();
  }
}

/** account/login: a new bearer token of this member. */
export async function signIn(w: World, m: Member): Promise<string> {
  const res = await w.h.c.post("/api/account/login", { body: { email: m.email, password: m.password } });
  must(res, 200, `login of ${m.email}`);
  return res.json.accessToken as string;
}

/** Reactivates a member who deactivated (tRPC account.reactivate) and gives them their new session. */
export async function reactivate(w: World, m: Member): Promise<void> {
  const res = await w.h.c.post("/trpc/account.reactivate", { body: { email: m.email, password: m.password } });
  must(res, 200, "reactivate");
  const cookie = res.headers.getSetCookie().find((line) => line.startsWith("sideline_session="));
  if (!cookie) throw new Error("account.reactivate set no session cookie");
  m.token = cookie.slice("sideline_session=".length).split(";")[0]!;
}

export function must(res: ApiResponse, status: number, what: string): ApiResponse {
  if (res.status !== status) throw new Error(`${what}: expected ${status}, got ${res.status}: ${res.text.slice(0, 500)}`);
  return res;
}

export const pngBytes = () =>
  sharp({ create: { width: 120, height: 90, channels: 3, background: "#2b8a3e" } })
    .png()
    .toBuffer();

export async function photoForm(): Promise<FormData> {
  const form = new FormData();
  form.set("image", new Blob([new Uint8Array(await pngBytes())], { type: "image/png" }), "photo.png");
  return form;
}

// ---------------------------------------------------------------------------------------------
// Setup

async function register(
  h: Harness,
  firstName: string,
  lastName: string,
  profileType = "Athlete (Amateur)",
  birth: Record<string, string> = {},
): Promise<Member> {
  const r = await registerAndConfirm(h.server.baseUrl, h.sink, { firstName, lastName, profileType, ...birth });
  return { id: r.memberId, email: r.email, password: r.password, token: r.accessToken, firstName, lastName };
}

/** Registers the actors and gives the owner a full, hidden profile, a contact, a follower who once was a contact, posts and messages. */
export async function buildWorld(h: Harness): Promise<World> {
  const [owner, contact, stranger, bystander] = [
    await register(h, OWNER_NAME.firstName, OWNER_NAME.lastName),
    await register(h, "Conrad", "Kinsella"),
    await register(h, "Sabine", "Outerbridge"),
    await register(h, "Barnaby", "Passmore"),
  ];
  const [moderator, admin, target] = [
    await register(h, "Morag", "Steward"),
    await register(h, "Adelaide", "Warden"),
    await register(h, "Tobias", "Targett"),
  ];
  await h.db.run("UPDATE member SET role = ? WHERE id = ?", "moderator", moderator.id);
  await h.db.run("UPDATE member SET role = ? WHERE id = ?", "admin", admin.id);
  const [blockedByOwner, blockerOfOwner] = [await register(h, "Blythe", "Shutout"), await register(h, "Bram", "Closedoor")];
  // Sixteen this year, whatever the day.
  const minorBirth = { month: "1", day: "1", year: String(new Date().getUTCFullYear() - 16) };
  const [minor, minorPeer] = [
    await register(h, "Milly", "Fledgling", "Athlete (Amateur)", minorBirth),
    await register(h, "Perry", "Sapling", "Athlete (Amateur)", minorBirth),
  ];
  const w = { h, owner, contact, stranger, bystander, moderator, admin, target, blockedByOwner, blockerOfOwner, minor, minorPeer } as World;
  const as = (m: Member) => callerOf(w, m);
  const o = as(owner);
  must(await o.trpc("contacts.block", { memberId: blockedByOwner.id }), 200, "block");
  must(await as(blockerOfOwner).trpc("contacts.block", { memberId: owner.id }), 200, "blocked by");

  // The owner's profile: a distinctive value in every section.
  must(await o.post(`/api/member/SaveMemberGeneralInfo/${owner.id}`, ownerBasicRest), 200, "basic info");
  must(await o.post(`/api/member/SaveMemberContactInfo/${owner.id}`, ownerContactRest), 200, "contact info");
  must(await o.post(`/api/member/SaveMemberPersonalInfo/${owner.id}`, ownerPersonal), 200, "personal info");
  const schools = must(await o.get(`/api/common/GetSchoolByState${qs({ state: OWNER_STATE.code, institutionType: 3 })}`), 200, "schools");
  w.school = { schoolID: schools.json[0].schoolId, state: OWNER_STATE.code };
  const school = must(await o.post(`/api/member/AddMemberSchool/${owner.id}`, schoolBody(w)), 200, "school");
  w.ownerSchoolEntry = school.json[0].entryID;
  const companies = must(
    await o.get(`/api/organizations/GetCompanies${qs({ sector: "Professional Sports", industry: "Teams and Clubs" })}`),
    200,
    "companies",
  );
  w.companyId = companies.json[0].id;
  const job = must(await o.post(`/api/member/AddWorkExperience/${owner.id}`, jobBody(w)), 200, "job");
  w.ownerJobEntry = job.json[0].empInfoID;
  must(await o.put(`/api/member/SetInstagramURL/${owner.id}${qs({ instagramURL: SECRETS.photoAccount })}`), 200, "photos");
  must(await o.put(`/api/member/SetYoutubeChannel/${owner.id}${qs({ channelID: SECRETS.videoChannel })}`), 200, "videos");
  must(await o.form(`/api/member/UploadProfilePhoto/${owner.id}`, await photoForm()), 200, "picture");
  must(await o.put(`/api/setting/SaveProfileSettings/${owner.id}`, profileSettingsRest()), 200, "profile privacy");
  must(await o.put(`/api/setting/SavePrivacySearchSettings/${owner.id}${qs(OWNER_SEARCH_PRIVACY as never)}`), 200, "search privacy");

  // The contact: a request accepted.
  must(await as(contact).put(`/api/contact/SendRequestContact${qs({ memberID: contact.id, contactID: owner.id })}`), 200, "request");
  must(await o.put(`/api/contact/AcceptRequest${qs({ memberID: owner.id, contactID: contact.id })}`), 200, "accept");

  // The stranger was a contact once (the owner wrote to them then), dropped it, and follows the owner.
  const s = as(stranger);
  must(await s.put(`/api/contact/SendRequestContact${qs({ memberID: stranger.id, contactID: owner.id })}`), 200, "request");
  must(await o.put(`/api/contact/AcceptRequest${qs({ memberID: owner.id, contactID: stranger.id })}`), 200, "accept");
  must(
    await o.post(`/api/message/CreateMessage${qs({ from: owner.id, to: stranger.id, subject: "Team dinner", body: "See you at eight." })}`),
    200,
    "message",
  );
  must(await s.del(`/api/contact/DeleteContact${qs({ memberID: stranger.id, contactID: owner.id })}`), 200, "drop");
  must(await s.post(`/api/contact/FollowMember${qs({ memberID: stranger.id, contactID: owner.id })}`), 200, "follow");

  // Messages between the owner and the contact.
  must(
    await o.post(`/api/message/CreateMessage${qs({ from: owner.id, to: contact.id, subject: "Practice", body: "Ice at six." })}`),
    200,
    "message",
  );
  const c = as(contact);
  must(
    await c.post(`/api/message/CreateMessage${qs({ from: contact.id, to: owner.id, subject: "Re: Practice", body: "Will be there." })}`),
    200,
    "message",
  );
  const inbox = must(await o.get(`/api/message/GetMemberMessages/${owner.id}`), 200, "inbox");
  w.ownerInboxCopy = inbox.json.find((m: { fromID: string }) => m.fromID === String(contact.id)).messageID;

  // The minor and the contact: a request accepted (the contact is the minor's adult contact).
  must(await as(minor).trpc("contacts.sendRequest", { memberId: contact.id }), 200, "minor's request");
  must(await c.trpc("contacts.accept", { memberId: minor.id }), 200, "minor accepted");

  // Posts and replies.
  w.ownerPost = must(
    await o.post(`/api/member/SavePosts/${owner.id}/0`, { postMsg: "Season opener on Saturday" }),
    200,
    "post",
  ).json.postID;
  must(await o.post(`/api/member/SavePosts/${owner.id}/${w.ownerPost}`, { postMsg: "Bring your own skates" }), 200, "reply");
  must(await c.post(`/api/member/SavePosts/${contact.id}/${w.ownerPost}`, { postMsg: "Count me in" }), 200, "reply");
  w.contactPost = must(await c.post(`/api/member/SavePosts/${contact.id}/0`, { postMsg: "New stick day" }), 200, "post").json.postID;
  must(await o.post(`/api/member/SavePosts/${owner.id}/${w.contactPost}`, { postMsg: "Looks sharp" }), 200, "reply");

  // The contact's message mailed the owner a notification with an unsubscribe link.
  w.unsubscribeToken = await unsubscribeTokenOf(h, owner.email);
  return w;
}

async function unsubscribeTokenOf(h: Harness, email: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mail = h.sink.messagesTo(email).find((m) => m.listUnsubscribe);
    if (mail) return new URL(mail.listUnsubscribe.replace(/^<|>$/g, "")).searchParams.get("token") ?? "";
    if (Date.now() > deadline) throw new Error(`No notification e-mail with an unsubscribe link to ${email}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export const schoolBody = (w: World, major: string = SECRETS.major) => ({
  schoolID: w.school.schoolID,
  schoolType: 3,
  state: w.school.state,
  degreeTypeID: 1,
  major,
  yearClass: "2018",
  sportLevelType: "Division I",
  societies: major === SECRETS.major ? SECRETS.societies : "",
});
export const schoolInput = (w: World, major: string = SECRETS.major) => ({
  schoolId: w.school.schoolID,
  schoolType: 3,
  state: w.school.state,
  degreeTypeId: 1,
  major,
  yearClass: "2018",
  competitionLevel: "Division I",
  societies: major === SECRETS.major ? SECRETS.societies : "",
});
export const jobBody = (w: World, title: string = SECRETS.jobTitle) => ({
  companyID: w.companyId,
  title,
  jobDesc: title === SECRETS.jobTitle ? SECRETS.jobDescription : "",
  startMonth: "3",
  startYear: "2019",
  currentlyWorkedHere: true,
});
export const jobInput = (w: World, title: string = SECRETS.jobTitle) => ({
  companyId: w.companyId,
  title,
  description: title === SECRETS.jobTitle ? SECRETS.jobDescription : "",
  startMonth: 3,
  startYear: 2019,
  currentlyWorksHere: true,
});
export const profileSettingsRest = () => {
  const { photos, videos, ...rest } = OWNER_PROFILE_PRIVACY;
  return { ...rest, photosTagOfYou: photos, videosTagOfYou: videos };
};

/** A fresh e-mail address (for registrations and e-mail changes). */
export const freshEmail = (label: string) => uniqueEmail(`matrix-${label}`);

// ---------------------------------------------------------------------------------------------
// Checks

/**
 * The owner's secrets as they are now. The picture changes with each upload: its random stem names
 * every size and every form it is answered in (the tRPC path, the legacy service's file name).
 */
export async function secretValues(w: World): Promise<Record<Secret, string>> {
  const picture = await w.h.db.value<string | null>("select picture_path from member where id = ?", w.owner.id);
  if (!picture) throw new Error("The owner has no picture");
  return { ...SECRETS, picture: picture.replace(/^.*\//, "").replace(/-\d+\.webp$/, "") };
}

/** No secret the actor may not see is anywhere in the answer; the ones `shows` names are. */
export async function expectPrivacy(w: World, who: ActorName, res: ApiResponse, shows: readonly Secret[] = []) {
  const values = await secretValues(w);
  for (const secret of EVERYTHING) {
    if (ENTITLED[who].includes(secret)) continue;
    expect.soft(res.text.includes(values[secret]), `${who} must not see the owner's ${secret} (${values[secret]})`).toBe(false);
  }
  for (const secret of shows) {
    expect.soft(res.text.includes(values[secret]), `${who} should see the owner's ${secret} (${values[secret]})`).toBe(true);
  }
}

/** The items of a list answer: a REST array, a tRPC result's data, or its `items`. */
export function itemsOf(res: ApiResponse): Record<string, unknown>[] {
  const data = res.json && typeof res.json === "object" && "result" in res.json ? res.json.result.data : res.json;
  const list = Array.isArray(data) ? data : Array.isArray(data?.items) ? data.items : [];
  return list as Record<string, unknown>[];
}

export const idOfItem = (item: Record<string, unknown>) => {
  const id = item.memberId ?? item.contactID ?? item.entityID;
  return typeof id === "number" || typeof id === "string" ? String(id) : "";
};

/** The owner's card in a list answer (undefined when the owner is not in it). */
export const ownerItem = (w: World, res: ApiResponse) => itemsOf(res).find((item) => idOfItem(item) === String(w.owner.id));

/**
 * A list that shows the owner's card: it is there for the actors in `present`, and its place
 * (contact info) and sport (basic info) are empty for everyone but the owner, since both
 * sections are Private. The picture is the leak check's business.
 */
export function ownerCard(present: readonly ActorName[]) {
  return (res: ApiResponse, who: ActorName, w: World) => {
    if (res.status !== 200) return;
    const card = ownerItem(w, res);
    if (!present.includes(who)) return;
    expect.soft(card, `${who} should find the owner's card`).toBeDefined();
    if (!card || who === "owner") return;
    for (const key of ["location", "cityState", "city", "state", "sport"]) {
      if (key in card) expect.soft(card[key], `${who} must not see the owner's ${key} (a Private section)`).toBe("");
    }
  };
}

/** A search for a word that only a hidden section of the owner holds: the owner is not among the results. */
export function notFoundBy(word: string) {
  return (res: ApiResponse, who: ActorName, w: World) => {
    if (res.status !== 200) return;
    expect.soft(ownerItem(w, res), `${who} must not find the owner by "${word}"`).toBeUndefined();
  };
}

/** Words only the owner's hidden sections hold (search must neither match nor show them). */
export const HIDDEN_WORDS: Record<string, string> = {
  "middle name": SECRETS.middleName,
  hometown: SECRETS.hometown,
  "current city": SECRETS.currentCity,
  position: SECRETS.position,
  sport: OWNER_SPORT,
  "city (contact info)": SECRETS.contactCity,
  "state (contact info)": OWNER_STATE.name,
};
