/**
 * Contract tests of the legacy profile actions (rest-api.md: member/GetMember*Info, Save*, schools,
 * work experience, photo account and video channel) over HTTP against the real Bun server and its
 * SQLite file. The mapping to the legacy keys is documented in src/server/rest/member-profile.ts.
 */
import { describe, expect, it } from "vitest";
import { texts } from "../../src/shared/texts.ts";
import { serverHarness } from "#support/harness.ts";
import { bearer, qs, type RegisteredMember, registerAndConfirm, registrationBody, type ApiResponse } from "#support/server.ts";

const h = serverHarness();

const BASIC_KEYS = [
  "picturePath",
  "memProfileName",
  "titleDesc",
  "memProfileStatus",
  "memProfileGender",
  "memProfileDOB",
  "interestedDesc",
  "memProfileLookingFor",
  "currentCity",
  "currentStatus",
  "dobDay",
  "dobMonth",
  "dobYear",
  "firstName",
  "middleName",
  "lastName",
  "homeNeighborhood",
  "hometown",
  "interestedInType",
  "joinedDate",
  "lookingForEmployment",
  "lookingForNetworking",
  "lookingForPartnership",
  "lookingForRecruitment",
  "memberID",
  "politicalView",
  "religiousView",
  "sex",
  "showDOBType",
  "showSexInProfile",
  "getLGEntitiesCount",
  "sport",
  "bio",
  "height",
  "weight",
  "leftRightHandFoot",
  "preferredPosition",
  "secondaryPosition",
].sort();
const CONTACT_KEYS = [
  "email",
  "otherEmail",
  "facebook",
  "instagram",
  "twitter",
  "website",
  "homePhone",
  "cellPhone",
  "otherPhone",
  "address",
  "city",
  "Neighborhood",
  "state",
  "zip",
  "showAddress",
  "showEmailToMembers",
  "showCellPhone",
  "showHomePhone",
].sort();
const EDUCATION_KEYS = [
  "entryID",
  "schoolID",
  "schoolName",
  "schoolImage",
  "schoolAddress",
  "schoolType",
  "webSite",
  "major",
  "degree",
  "degreeTypeID",
  "yearClass",
  "sportLevelType",
  "societies",
].sort();
const EMPLOYMENT_KEYS = [
  "empInfoID",
  "city",
  "state",
  "startMonth",
  "startYear",
  "endMonth",
  "endYear",
  "currentlyWorkedHere",
  "companyID",
  "companyName",
  "companyImage",
  "title",
  "description",
  "email",
  "industry",
  "ipoYear",
  "jobDesc",
  "sector",
  "summaryQuote",
  "symbol",
  "website",
].sort();
const PERSONAL_KEYS = ["aboutMe", "activities", "interests", "specialSkills"].sort();

const EMPTY_CONTACT = {
  email: "",
  otherEmail: "",
  facebook: "",
  instagram: "",
  twitter: "",
  website: "",
  homePhone: "",
  cellPhone: "",
  otherPhone: "",
  address: "",
  city: "",
  Neighborhood: "",
  state: "",
  zip: "",
  showAddress: false,
  showEmailToMembers: false,
  showCellPhone: false,
  showHomePhone: false,
};

const member = (overrides: Record<string, string> = {}): Promise<RegisteredMember> =>
  registerAndConfirm(h.server.baseUrl, h.sink, overrides);

const get = (m: { accessToken: string } | null, path: string) => h.c.get(path, { headers: m ? bearer(m.accessToken) : {} });
const post = (m: { accessToken: string } | null, path: string, body?: unknown) =>
  h.c.post(path, { headers: m ? bearer(m.accessToken) : {}, body });
const put = (m: { accessToken: string } | null, path: string, body?: unknown) =>
  h.c.put(path, { headers: m ? bearer(m.accessToken) : {}, body });
const del = (m: { accessToken: string } | null, path: string) => h.c.delete(path, { headers: m ? bearer(m.accessToken) : {} });

/** A stored ISO time as the original's en-US DateTime.ToString() wrote it, in UTC ("11/22/2026 7:22:46 AM"). */
function usDateTime(iso: string): string {
  return new Date(iso).toLocaleString("en-US", { timeZone: "UTC" }).replace(",", "").replace(/\s/g, " ");
}

function expectJson(res: ApiResponse, status = 200) {
  expect(res.status, res.text).toBe(status);
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
}

function expectBadInput(res: ApiResponse, message?: string) {
  expectJson(res, 400);
  expect(typeof res.json?.message).toBe("string");
  expect(res.json.message.length).toBeGreaterThan(0);
  if (message) expect(res.json.message).toContain(message);
}

function expectStatusWithMessage(res: ApiResponse, status: number) {
  expectJson(res, status);
  expect(typeof res.json?.message).toBe("string");
}

/** Everything a member's profile holds in the database: compared before and after a refused write. */
async function snapshot(memberId: number) {
  return {
    member: await h.db.rows("select * from member where id = ?", memberId),
    profile: await h.db.rows("select * from member_profile where member_id = ?", memberId),
    schools: await h.db.rows("select * from member_school where member_id = ? order by id", memberId),
    jobs: await h.db.rows("select * from member_employment where member_id = ? order by id", memberId),
    schoolRows: await h.db.value("select count(*) from school"),
    companyRows: await h.db.value("select count(*) from company"),
  };
}

async function setPrivacy(memberId: number, column: string, value: number) {
  await h.db.run(
    `insert into member_privacy (member_id, ${column}) values (?, ?) on conflict(member_id) do update set ${column} = excluded.${column}`,
    memberId,
    value,
  );
}

async function makeContacts(a: number, b: number) {
  const now = new Date().toISOString();
  for (const [x, y] of [
    [a, b],
    [b, a],
  ]) {
    await h.db.run(
      "insert into contact_link (member_id, other_id, status, created_at, updated_at) values (?, ?, 'accepted', ?, ?)",
      x,
      y,
      now,
      now,
    );
  }
}

/** A basic-info body as the legacy edit form sends it. */
function basicBody(overrides: Record<string, unknown> = {}) {
  return {
    firstName: "Jordan",
    middleName: "Lee",
    lastName: "Hooper",
    titleDesc: "Shooting guard",
    sport: "Basketball",
    currentStatus: "Athlete (Amateur)",
    bio: "Three-point specialist.",
    sex: "Male",
    showSexInProfile: true,
    dobMonth: "3",
    dobDay: "9",
    dobYear: "1998",
    showDOBType: false,
    lookingForEmployment: false,
    lookingForNetworking: true,
    lookingForPartnership: false,
    lookingForRecruitment: true,
    leftRightHandFoot: "Left",
    preferredPosition: "Shooting guard",
    secondaryPosition: "Small forward",
    height: 73,
    weight: 185,
    interestedInType: "",
    currentCity: "Chicago",
    hometown: "Peoria",
    ...overrides,
  };
}

const contactBody = (overrides: Record<string, unknown> = {}) => ({
  email: "ignored@example.com",
  otherEmail: "jordan.other@example.com",
  facebook: "facebook.com/jordan",
  instagram: "instagram.com/jordan",
  twitter: "x.com/jordan",
  website: "https://jordan.example.com",
  homePhone: "555-0100",
  cellPhone: "555-0101",
  otherPhone: "555-0102",
  address: "12 Court Street",
  city: "Chicago",
  Neighborhood: "Loop",
  state: "il",
  zip: "60601",
  showAddress: true,
  showEmailToMembers: true,
  showCellPhone: false,
  showHomePhone: true,
  ...overrides,
});

async function firstSchool(state: string, institutionType = 3): Promise<{ schoolId: number; schoolName: string }> {
  const res = await h.c.get(`/api/common/GetSchoolByState${qs({ state, institutionType })}`);
  expectJson(res);
  return res.json[0];
}

async function schoolBody(overrides: Record<string, unknown> = {}) {
  const school = await firstSchool("IL");
  return {
    schoolID: school.schoolId,
    schoolType: 3,
    state: "IL",
    degreeTypeID: 1,
    major: "Kinesiology",
    yearClass: "2019",
    sportLevelType: "Division I",
    societies: "Athletes Council",
    ...overrides,
  };
}

const sectorCompany = async (m: RegisteredMember) => {
  const res = await get(m, `/api/organizations/GetCompanies${qs({ sector: "Professional Sports", industry: "Teams and Clubs" })}`);
  expectJson(res);
  return res.json.find((c: { name: string }) => c.name === "Minor League Club") as { id: number; name: string };
};

// ---------------------------------------------------------------------------------------------

describe("member/GetMemberGeneralInfoV2", () => {
  it("answers the owner's basic info in the legacy keys, right after registration", async () => {
    const m = await member({
      firstName: "Ada",
      lastName: "Sprint",
      gender: "Female",
      month: "5",
      day: "17",
      year: "1995",
      profileType: "Athlete (Amateur)",
    });
    const res = await get(m, `/api/member/GetMemberGeneralInfoV2/${m.memberId}`);
    expectJson(res);
    expect(Object.keys(res.json).sort()).toEqual(BASIC_KEYS);
    const joined = usDateTime(await h.db.value<string>("select created_at from member where id = ?", m.memberId));
    expect(res.json).toEqual({
      picturePath: m.login.picturePath,
      memProfileName: "Ada Sprint",
      titleDesc: "Athlete (Amateur)",
      memProfileStatus: "Athlete (Amateur)",
      memProfileGender: "Female",
      memProfileDOB: "May 17, 1995",
      interestedDesc: "",
      memProfileLookingFor: "",
      currentCity: "",
      currentStatus: "Athlete (Amateur)",
      dobDay: "17",
      dobMonth: "5",
      dobYear: "1995",
      firstName: "Ada",
      middleName: "",
      lastName: "Sprint",
      homeNeighborhood: "",
      hometown: "",
      interestedInType: "",
      joinedDate: joined,
      lookingForEmployment: false,
      lookingForNetworking: false,
      lookingForPartnership: false,
      lookingForRecruitment: false,
      memberID: String(m.memberId),
      politicalView: "",
      religiousView: "",
      sex: "Female",
      showDOBType: "False",
      showSexInProfile: "False",
      getLGEntitiesCount: "0",
      sport: "",
      bio: "",
      height: "",
      weight: "",
      leftRightHandFoot: "",
      preferredPosition: "",
      secondaryPosition: "",
    });
  });

  it("is served under /services too, with any case of the action name", async () => {
    const m = await member();
    const res = await get(m, `/services/member/getmembergeneralinfov2/${m.memberId}`);
    expectJson(res);
    expect(res.json.memberID).toBe(String(m.memberId));
  });

  it("answers 401 without a token, 400 for a missing or malformed id, 404 for an unknown member", async () => {
    const m = await member();
    expectStatusWithMessage(await get(null, `/api/member/GetMemberGeneralInfoV2/${m.memberId}`), 401);
    expectBadInput(await get(m, "/api/member/GetMemberGeneralInfoV2"));
    expectBadInput(await get(m, "/api/member/GetMemberGeneralInfoV2/12abc"));
    expectBadInput(await get(m, "/api/member/GetMemberGeneralInfoV2/-3"));
    expectStatusWithMessage(await get(m, "/api/member/GetMemberGeneralInfoV2/987654321"), 404);
  });

  it("answers 404 for a deactivated member and for one still awaiting confirmation", async () => {
    const viewer = await member();
    const gone = await member();
    expect((await get(gone, `/api/member/SetMemberStatus${qs({ memberId: gone.memberId, status: 3 })}`)).status).toBe(200);
    const unconfirmed = registrationBody();
    expect((await h.c.post("/api/account/register", { body: unconfirmed })).text).toBe("NewEmail");
    const unconfirmedId = await h.db.value<number>("select id from member where email = ?", unconfirmed.email);
    for (const id of [gone.memberId, unconfirmedId]) {
      for (const action of [
        "GetMemberGeneralInfoV2",
        "GetMemberContactInfo",
        "GetMemberEducationInfo",
        "GetMemberEmploymentInfo",
        "GetMemberPersonalInfo",
        "GetYoutubeChannel",
        "GetInstagramURL",
      ]) {
        expectStatusWithMessage(await get(viewer, `/api/member/${action}/${id}`), 404);
      }
    }
  });
});

describe("member/SaveMemberGeneralInfo", () => {
  it("saves the basic info and answers the saved entity", async () => {
    const m = await member();
    const res = await post(m, `/api/member/SaveMemberGeneralInfo/${m.memberId}`, basicBody());
    expectJson(res);
    expect(Object.keys(res.json).sort()).toEqual(BASIC_KEYS);
    expect(res.json).toMatchObject({
      memberID: String(m.memberId),
      memProfileName: "Jordan Hooper",
      titleDesc: "Shooting guard",
      firstName: "Jordan",
      middleName: "Lee",
      lastName: "Hooper",
      sport: "Basketball",
      currentStatus: "Athlete (Amateur)",
      memProfileStatus: "Athlete (Amateur)",
      bio: "Three-point specialist.",
      sex: "Male",
      memProfileGender: "Male",
      showSexInProfile: "True",
      dobMonth: "3",
      dobDay: "9",
      dobYear: "1998",
      memProfileDOB: "March 9, 1998",
      showDOBType: "False",
      lookingForEmployment: false,
      lookingForNetworking: true,
      lookingForPartnership: false,
      lookingForRecruitment: true,
      memProfileLookingFor: "Networking, Recruitment",
      leftRightHandFoot: "Left",
      preferredPosition: "Shooting guard",
      secondaryPosition: "Small forward",
      height: `6' 1"`,
      weight: "185 lbs",
      interestedInType: "",
      interestedDesc: "",
      currentCity: "Chicago",
      hometown: "Peoria",
    });
    expect(
      await h.db.rows(
        "select first_name, middle_name, last_name, title, gender, birth_date, profile_type from member where id = ?",
        m.memberId,
      ),
    ).toEqual([
      {
        first_name: "Jordan",
        middle_name: "Lee",
        last_name: "Hooper",
        title: "Shooting guard",
        gender: "Male",
        birth_date: "1998-03-09",
        profile_type: "Athlete (Amateur)",
      },
    ]);
    expect(
      await h.db.rows(
        "select sport, show_gender, show_birth_date, looking_for_networking, looking_for_recruitment, preferred_hand_foot, height_inches, weight_lbs from member_profile where member_id = ?",
        m.memberId,
      ),
    ).toEqual([
      {
        sport: "Basketball",
        show_gender: 1,
        show_birth_date: 0,
        looking_for_networking: 1,
        looking_for_recruitment: 1,
        preferred_hand_foot: "Left",
        height_inches: 73,
        weight_lbs: 185,
      },
    ]);
    // A later read answers the same entity.
    expect((await get(m, `/api/member/GetMemberGeneralInfoV2/${m.memberId}`)).json).toEqual(res.json);
  });

  it("accepts the height as the form shows it and flags as 1/0, and joins looking-for in the spec's order", async () => {
    const m = await member();
    const res = await post(
      m,
      `/api/member/SaveMemberGeneralInfo/${m.memberId}`,
      basicBody({
        height: `6' 1"`,
        weight: "200",
        lookingForEmployment: 1,
        lookingForNetworking: "1",
        lookingForPartnership: true,
        lookingForRecruitment: "true",
        showDOBType: 1,
      }),
    );
    expectJson(res);
    expect(res.json).toMatchObject({
      height: `6' 1"`,
      weight: "200 lbs",
      showDOBType: "True",
      memProfileLookingFor: "Employment, Networking, Partnership, Recruitment",
    });
  });

  it("clears the athlete fields for a non-athlete status, and saves a missing middle name as empty", async () => {
    const m = await member();
    expectJson(await post(m, `/api/member/SaveMemberGeneralInfo/${m.memberId}`, basicBody()));
    const { middleName: _omit, ...noMiddle } = basicBody({ currentStatus: "Coach", interestedInType: "Sports Coaches and Teachers" });
    const res = await post(m, `/api/member/SaveMemberGeneralInfo/${m.memberId}`, noMiddle);
    expectJson(res);
    expect(res.json).toMatchObject({
      currentStatus: "Coach",
      middleName: "",
      leftRightHandFoot: "",
      preferredPosition: "",
      secondaryPosition: "",
      height: "",
      weight: "",
      interestedInType: "Sports Coaches and Teachers",
      interestedDesc: "Sports Coaches and Teachers",
    });
    expect(await h.db.value("select middle_name from member where id = ?", m.memberId)).toBe("");
    expect(
      await h.db.rows(
        "select preferred_hand_foot, preferred_position, secondary_position, height_inches, weight_lbs, other_sporting_interest from member_profile where member_id = ?",
        m.memberId,
      ),
    ).toEqual([
      {
        preferred_hand_foot: "",
        preferred_position: "",
        secondary_position: "",
        height_inches: null,
        weight_lbs: null,
        other_sporting_interest: "Sports Coaches and Teachers",
      },
    ]);
  });

  it.each([
    ["no first name", { firstName: "" }, texts.firstNameRequired],
    ["no title", { titleDesc: "" }, texts.titleRequired],
    ["a sport not in the list", { sport: "Quidditch" }, texts.sportRequired],
    ["the sport placeholder", { sport: "Select" }, texts.sportRequired],
    ["an unknown current status", { currentStatus: "Wizard" }, texts.currentStatusRequired],
    ["no gender", { sex: "" }, texts.genderRequired],
    ["no birth year", { dobYear: "" }, texts.birthDateRequiredProfile],
    ["a day that does not exist", { dobMonth: "2", dobDay: "30" }, undefined],
    ["a height out of range", { height: 100 }, undefined],
    ["a weight out of range", { weight: 20 }, undefined],
    ["a hand/foot that is neither Left nor Right", { leftRightHandFoot: "Both" }, undefined],
    ["an over-long bio", { bio: "x".repeat(1001) }, undefined],
    ["a flag that is not a flag", { showSexInProfile: "maybe" }, undefined],
    ["an unknown sporting interest", { currentStatus: "Coach", interestedInType: "Napping" }, undefined],
  ])("answers 400 for %s and writes nothing", async (_label, overrides, message) => {
    const m = await member();
    expectJson(await post(m, `/api/member/SaveMemberGeneralInfo/${m.memberId}`, basicBody()));
    const before = await snapshot(m.memberId);
    expectBadInput(
      await post(m, `/api/member/SaveMemberGeneralInfo/${m.memberId}`, basicBody({ firstName: "Changed", ...overrides })),
      message,
    );
    expect(await snapshot(m.memberId)).toEqual(before);
  });

  it("answers 403 for another member's id and 401 without a token, writing nothing", async () => {
    const a = await member();
    const b = await member();
    const before = await snapshot(b.memberId);
    expectStatusWithMessage(await post(a, `/api/member/SaveMemberGeneralInfo/${b.memberId}`, basicBody()), 403);
    expectStatusWithMessage(await post(null, `/api/member/SaveMemberGeneralInfo/${b.memberId}`, basicBody()), 401);
    expect(await snapshot(b.memberId)).toEqual(before);
    expectBadInput(await post(a, "/api/member/SaveMemberGeneralInfo/abc", basicBody()));
  });

  it("answers only POST", async () => {
    const m = await member();
    expect((await put(m, `/api/member/SaveMemberGeneralInfo/${m.memberId}`, basicBody())).status).toBe(405);
  });
});

describe("member/GetMemberContactInfo and SaveMemberContactInfo", () => {
  it("answers the empty entity for a new member, then the saved one (account e-mail kept, state upper-cased)", async () => {
    const m = await member();
    const empty = await get(m, `/api/member/GetMemberContactInfo/${m.memberId}`);
    expectJson(empty);
    expect(Object.keys(empty.json).sort()).toEqual(CONTACT_KEYS);
    expect(empty.json).toEqual({ ...EMPTY_CONTACT, email: m.email });

    const res = await post(m, `/api/member/SaveMemberContactInfo/${m.memberId}`, contactBody());
    expectJson(res);
    expect(Object.keys(res.json).sort()).toEqual(CONTACT_KEYS);
    const expected = { ...contactBody(), email: m.email, state: "IL" };
    expect(res.json).toEqual(expected);
    expect((await get(m, `/api/member/GetMemberContactInfo/${m.memberId}`)).json).toEqual(expected);
    expect(await h.db.value("select email from member where id = ?", m.memberId)).toBe(m.email);
    expect(await h.db.rows("select neighborhood, state from member_profile where member_id = ?", m.memberId)).toEqual([
      { neighborhood: "Loop", state: "IL" },
    ]);
    // The show flags wrote each detail's one control, its level (decision 037).
    expect(
      await h.db.rows("select address, email_address, mobile_phone, home_phone from member_privacy where member_id = ?", m.memberId),
    ).toEqual([{ address: 1, email_address: 1, mobile_phone: 2, home_phone: 1 }]);
  });

  it("another member sees each contact detail as its level says: hidden by default, the level alone after", async () => {
    const m = await member();
    const other = await member();
    const { showAddress: _a, showEmailToMembers: _e, showCellPhone: _c, showHomePhone: _h, ...values } = contactBody();
    expectJson(await post(m, `/api/member/SaveMemberContactInfo/${m.memberId}`, values));
    const seen = async () => (await get(other, `/api/member/GetMemberContactInfo/${m.memberId}`)).json;
    expect(await seen()).toMatchObject({ email: "", homePhone: "", cellPhone: "", otherPhone: "", address: "", showCellPhone: false });
    expectJson(await put(m, `/api/setting/SaveProfileSettings/${m.memberId}`, { mobilePhone: "1", address: 3 }));
    expect(await seen()).toMatchObject({ email: "", cellPhone: values.cellPhone, address: "", showCellPhone: true, showAddress: true });
  });

  it.each([
    ["a malformed other e-mail", { otherEmail: "not-an-email" }],
    ["an unknown state", { state: "ZZ" }],
    ["an over-long zip", { zip: "12345678901" }],
    ["an over-long phone", { cellPhone: "5".repeat(31) }],
  ])("answers 400 for %s and writes nothing", async (_label, overrides) => {
    const m = await member();
    expectJson(await post(m, `/api/member/SaveMemberContactInfo/${m.memberId}`, contactBody()));
    const before = await snapshot(m.memberId);
    expectBadInput(await post(m, `/api/member/SaveMemberContactInfo/${m.memberId}`, contactBody({ city: "Changed", ...overrides })));
    expect(await snapshot(m.memberId)).toEqual(before);
  });

  it("answers 403 for another member's id and 401 without a token", async () => {
    const a = await member();
    const b = await member();
    expectStatusWithMessage(await post(a, `/api/member/SaveMemberContactInfo/${b.memberId}`, contactBody()), 403);
    expectStatusWithMessage(await get(null, `/api/member/GetMemberContactInfo/${b.memberId}`), 401);
    expect(await h.db.value("select count(*) from member_profile where member_id = ?", b.memberId)).toBe(0);
  });
});

describe("member/GetMemberPersonalInfo and SaveMemberPersonalInfo", () => {
  it("saves from the query, as the legacy client sends it, and answers the entity", async () => {
    const m = await member();
    const fresh = await get(m, `/api/member/GetMemberPersonalInfo/${m.memberId}`);
    expectJson(fresh);
    expect(fresh.json).toEqual({ aboutMe: "", activities: "", interests: "", specialSkills: "" });

    const values = { aboutMe: "I run & jump", activities: "Track", interests: "Coaching kids", specialSkills: "Hurdles" };
    const res = await post(m, `/api/member/SaveMemberPersonalInfo${qs({ memberID: m.memberId, ...values })}`);
    expectJson(res);
    expect(Object.keys(res.json).sort()).toEqual(PERSONAL_KEYS);
    expect(res.json).toEqual(values);
    expect((await get(m, `/api/member/GetMemberPersonalInfo/${m.memberId}`)).json).toEqual(values);
    expect(
      await h.db.rows(
        "select about_me, activities, personal_interests, special_skills from member_profile where member_id = ?",
        m.memberId,
      ),
    ).toEqual([{ about_me: "I run & jump", activities: "Track", personal_interests: "Coaching kids", special_skills: "Hurdles" }]);
  });

  it("also takes the values from a JSON body", async () => {
    const m = await member();
    const res = await post(m, "/api/member/SaveMemberPersonalInfo", {
      memberID: m.memberId,
      aboutMe: "From the body",
      activities: "",
      interests: "",
      specialSkills: "",
    });
    expectJson(res);
    expect(res.json.aboutMe).toBe("From the body");
  });

  it("answers 400 for over-long text or a missing memberID, 403 for another member, writing nothing", async () => {
    const a = await member();
    const b = await member();
    expectJson(await post(a, `/api/member/SaveMemberPersonalInfo${qs({ memberID: a.memberId, aboutMe: "Kept" })}`));
    const before = await snapshot(a.memberId);
    expectBadInput(await post(a, "/api/member/SaveMemberPersonalInfo", { memberID: a.memberId, aboutMe: "x".repeat(2001) }));
    expectBadInput(await post(a, `/api/member/SaveMemberPersonalInfo${qs({ aboutMe: "No id" })}`));
    expect(await snapshot(a.memberId)).toEqual(before);
    expectStatusWithMessage(await post(a, `/api/member/SaveMemberPersonalInfo${qs({ memberID: b.memberId, aboutMe: "Hijack" })}`), 403);
    expect(await h.db.value("select count(*) from member_profile where member_id = ?", b.memberId)).toBe(0);
  });
});

describe("member/ schools: GetMemberEducationInfo, AddMemberSchool, UpdateMemberSchool, RemoveMemberSchool", () => {
  it("adds a listed school and answers the education list in the legacy keys", async () => {
    const m = await member();
    expect((await get(m, `/api/member/GetMemberEducationInfo/${m.memberId}`)).json).toEqual([]);
    const body = await schoolBody();
    const school = (
      await h.db.rows<{ name: string; city: string; state: string; website: string }>(
        "select name, city, state, website from school where id = ?",
        body.schoolID,
      )
    )[0]!;

    const res = await post(m, `/api/member/AddMemberSchool/${m.memberId}`, body);
    expectJson(res);
    expect(res.json).toHaveLength(1);
    expect(Object.keys(res.json[0]).sort()).toEqual(EDUCATION_KEYS);
    const entryID = await h.db.value<number>("select id from member_school where member_id = ?", m.memberId);
    expect(res.json[0]).toEqual({
      entryID,
      schoolID: body.schoolID,
      schoolName: school.name,
      schoolImage: "default.png",
      schoolAddress: `${school.city}, IL`,
      schoolType: "3",
      webSite: school.website,
      major: "Kinesiology",
      degree: "Undergraduate",
      degreeTypeID: "1",
      yearClass: "2019",
      sportLevelType: "Division I",
      societies: "Athletes Council",
    });
    expect((await get(m, `/api/member/GetMemberEducationInfo/${m.memberId}`)).json).toEqual(res.json);
  });

  it("adds a school that is not listed by name, type and state: pending, on the member's own entry only (issue 11, finding 13)", async () => {
    const m = await member();
    const other = await member();
    const name = `Lakeside Prep ${m.memberId}`;
    const body = {
      schoolName: name,
      schoolType: 2,
      state: "wi",
      degreeTypeID: 3,
      major: "General",
      yearClass: "2012",
      sportLevelType: "Club Sports",
    };
    const res = await post(m, `/api/member/AddMemberSchool/${m.memberId}`, body);
    expectJson(res);
    expect(res.json[0]).toMatchObject({
      schoolName: name,
      schoolType: "2",
      schoolAddress: "WI",
      degree: "High School Diploma",
      degreeTypeID: "3",
      sportLevelType: "Club Sports",
    });
    expect(await h.db.rows("select state, type, added_by_member_id, status from school where name = ?", name)).toEqual([
      { state: "WI", type: 2, added_by_member_id: m.memberId, status: "pending" },
    ]);
    const pendingId = res.json[0].schoolID;
    // Shown on the member's profile (to them and to whoever may see their education) ...
    expect((await get(m, `/api/member/GetMemberEducationInfo/${m.memberId}`)).json[0]).toMatchObject({
      schoolID: pendingId,
      schoolName: name,
    });
    expect((await get(other, `/api/member/GetMemberEducationInfo/${m.memberId}`)).json[0]).toMatchObject({ schoolName: name });
    // ... but not in the shared list, for anyone, until an operator approves it.
    const listed = await h.c.get(`/api/common/GetSchoolByState${qs({ state: "WI", institutionType: 2 })}`);
    expectJson(listed);
    expect(listed.json.map((s: { schoolName: string }) => s.schoolName)).not.toContain(name);
    // Another member can neither pick it by id nor join it by typing the same name (they get their own pending entry).
    expectStatusWithMessage(
      await post(other, `/api/member/AddMemberSchool/${other.memberId}`, { ...body, schoolID: pendingId, schoolName: "" }),
      400,
    );
    const typed = await post(other, `/api/member/AddMemberSchool/${other.memberId}`, body);
    expectJson(typed);
    expect(typed.json[0].schoolID).not.toBe(pendingId);
    expect(await h.db.value("select count(*) from school where name = ? and status = 'pending'", name)).toBe(2);
    // The member who typed it may keep using it (editing the entry), and typing it again reuses it.
    const again = await post(m, `/api/member/AddMemberSchool/${m.memberId}`, body);
    expect(again.json.map((e: { schoolID: number }) => e.schoolID)).toEqual([pendingId, pendingId]);
    const edited = await put(m, `/api/member/UpdateMemberSchool/${m.memberId}`, {
      ...body,
      entryID: res.json[0].entryID,
      schoolID: pendingId,
      major: "Edited",
    });
    expectJson(edited);
    expect(edited.json[0]).toMatchObject({ schoolID: pendingId, major: "Edited" });
    // An approved school of the same name and kind wins over a pending one.
    await h.db.run("update school set status = 'approved' where id = ?", pendingId);
    const third = await member();
    const joined = await post(third, `/api/member/AddMemberSchool/${third.memberId}`, body);
    expect(joined.json[0].schoolID).toBe(pendingId);
    expect((await h.c.get(`/api/common/GetSchoolByState${qs({ state: "WI", institutionType: 2 })}`)).json).toContainEqual({
      schoolId: pendingId,
      schoolName: name,
    });
  });

  it("updates an entry by entryID, or by instID when the member has that school once", async () => {
    const m = await member();
    const added = await post(m, `/api/member/AddMemberSchool/${m.memberId}`, await schoolBody());
    const entry = added.json[0];

    const byEntry = await put(
      m,
      `/api/member/UpdateMemberSchool/${m.memberId}`,
      await schoolBody({
        entryID: entry.entryID,
        major: "Sports Science",
        degreeTypeID: 2,
        yearClass: "2021",
        sportLevelType: "Division II",
      }),
    );
    expectJson(byEntry);
    expect(byEntry.json).toHaveLength(1);
    expect(byEntry.json[0]).toMatchObject({
      entryID: entry.entryID,
      major: "Sports Science",
      degree: "Post Graduate",
      degreeTypeID: "2",
      yearClass: "2021",
      sportLevelType: "Division II",
    });

    const other = await firstSchool("CA");
    const byInst = await put(
      m,
      `/api/member/UpdateMemberSchool/${m.memberId}`,
      await schoolBody({ instID: entry.schoolID, schoolID: other.schoolId, state: "CA", major: "Moved" }),
    );
    expectJson(byInst);
    expect(byInst.json[0]).toMatchObject({
      entryID: entry.entryID,
      schoolID: other.schoolId,
      schoolName: other.schoolName,
      major: "Moved",
    });
    expect(await h.db.value("select count(*) from member_school where member_id = ?", m.memberId)).toBe(1);
  });

  it("removes by instID and instType, or by entryID when the school is there twice", async () => {
    const m = await member();
    const body = await schoolBody();
    await post(m, `/api/member/AddMemberSchool/${m.memberId}`, body);
    const twice = await post(m, `/api/member/AddMemberSchool/${m.memberId}`, { ...body, degreeTypeID: 2, major: "MBA" });
    expect(twice.json).toHaveLength(2);

    const before = await snapshot(m.memberId);
    expectBadInput(
      await del(m, `/api/member/RemoveMemberSchool${qs({ memberID: m.memberId, instID: body.schoolID, instType: 3 })}`),
      "entryID",
    );
    expect(await snapshot(m.memberId)).toEqual(before);

    const removed = await del(
      m,
      `/api/member/RemoveMemberSchool${qs({ memberID: m.memberId, instID: body.schoolID, instType: 3, entryID: twice.json[1].entryID })}`,
    );
    expectJson(removed);
    expect(removed.json.map((e: { major: string }) => e.major)).toEqual(["Kinesiology"]);

    const last = await del(m, `/api/member/RemoveMemberSchool${qs({ memberID: m.memberId, instID: body.schoolID, instType: 3 })}`);
    expectJson(last);
    expect(last.json).toEqual([]);
    expect(await h.db.value("select count(*) from member_school where member_id = ?", m.memberId)).toBe(0);
  });

  it("answers 404 for a school the member does not have", async () => {
    const m = await member();
    const other = await member();
    const added = await post(other, `/api/member/AddMemberSchool/${other.memberId}`, await schoolBody());
    expectStatusWithMessage(await del(m, `/api/member/RemoveMemberSchool${qs({ memberID: m.memberId, instID: 1, instType: 3 })}`), 404);
    // Another member's entry id is not the caller's to remove.
    expectStatusWithMessage(
      await del(m, `/api/member/RemoveMemberSchool${qs({ memberID: m.memberId, entryID: added.json[0].entryID })}`),
      404,
    );
    expectStatusWithMessage(
      await put(m, `/api/member/UpdateMemberSchool/${m.memberId}`, await schoolBody({ entryID: added.json[0].entryID })),
      404,
    );
    expect(await h.db.value("select count(*) from member_school where member_id = ?", other.memberId)).toBe(1);
    // A refused update adds no school to the lists either.
    const name = `Never Added Academy ${m.memberId}`;
    expectStatusWithMessage(
      await put(
        m,
        `/api/member/UpdateMemberSchool/${m.memberId}`,
        await schoolBody({ entryID: added.json[0].entryID, schoolID: "", schoolName: name }),
      ),
      404,
    );
    expect(await h.db.value("select count(*) from school where name = ?", name)).toBe(0);
  });

  it.each([
    ["no state for a school not listed", { schoolID: "", schoolName: "Unlisted Academy", schoolType: 2, state: "" }, texts.stateRequired],
    ["no school", { schoolID: "" }, texts.schoolRequired],
    ["a school id that does not exist", { schoolID: 99999999 }, texts.schoolRequired],
    ["no major", { major: "" }, texts.majorRequired],
    ["an unknown degree", { degreeTypeID: 9 }, texts.degreeRequired],
    ["no degree", { degreeTypeID: "" }, texts.degreeRequired],
    ["a malformed year", { yearClass: "19" }, texts.yearRequired],
    ["an unknown competition level", { sportLevelType: "Division IV" }, texts.competitionLevelRequired],
    ["no competition level", { sportLevelType: "" }, texts.competitionLevelRequired],
    ["an unknown institution type", { schoolType: 7 }, undefined],
  ])("answers 400 for %s, on add and on update, and writes nothing", async (_label, overrides, message) => {
    const m = await member();
    const added = await post(m, `/api/member/AddMemberSchool/${m.memberId}`, await schoolBody());
    const before = await snapshot(m.memberId);
    expectBadInput(await post(m, `/api/member/AddMemberSchool/${m.memberId}`, await schoolBody(overrides)), message);
    expectBadInput(
      await put(m, `/api/member/UpdateMemberSchool/${m.memberId}`, await schoolBody({ entryID: added.json[0].entryID, ...overrides })),
      message,
    );
    expect(await snapshot(m.memberId)).toEqual(before);
  });

  it("answers 400 for an update or removal that names no entry, 403 for another member, 401 without a token", async () => {
    const a = await member();
    const b = await member();
    const added = await post(b, `/api/member/AddMemberSchool/${b.memberId}`, await schoolBody());
    const { schoolID: _s, ...noSchool } = await schoolBody({ schoolName: "Anywhere High" });
    expectBadInput(await put(b, `/api/member/UpdateMemberSchool/${b.memberId}`, noSchool));
    expectBadInput(await del(b, `/api/member/RemoveMemberSchool${qs({ memberID: b.memberId })}`));
    expectBadInput(await del(b, `/api/member/RemoveMemberSchool${qs({ memberID: b.memberId, instID: "x1" })}`));

    const before = await snapshot(b.memberId);
    expectStatusWithMessage(await post(a, `/api/member/AddMemberSchool/${b.memberId}`, await schoolBody()), 403);
    expectStatusWithMessage(
      await put(a, `/api/member/UpdateMemberSchool/${b.memberId}`, await schoolBody({ entryID: added.json[0].entryID })),
      403,
    );
    expectStatusWithMessage(
      await del(a, `/api/member/RemoveMemberSchool${qs({ memberID: b.memberId, entryID: added.json[0].entryID })}`),
      403,
    );
    expectStatusWithMessage(await post(null, `/api/member/AddMemberSchool/${b.memberId}`, await schoolBody()), 401);
    expect(await snapshot(b.memberId)).toEqual(before);
  });
});

describe("member/ work experience: GetMemberEmploymentInfo, AddWorkExperience, UpdateMemberWorkExperience, RemoveMemberWorkExperience", () => {
  it("adds a job at a listed company and answers the list in the legacy keys", async () => {
    const m = await member();
    expect((await get(m, `/api/member/GetMemberEmploymentInfo/${m.memberId}`)).json).toEqual([]);
    const company = await sectorCompany(m);
    const res = await post(m, `/api/member/AddWorkExperience/${m.memberId}`, {
      companyID: company.id,
      title: "Point guard",
      jobDesc: "Starting five",
      city: "Rockford",
      state: "il",
      startMonth: "9",
      startYear: "2020",
      endMonth: "",
      endYear: "Pres",
      currentlyWorkedHere: true,
    });
    expectJson(res);
    expect(res.json).toHaveLength(1);
    expect(Object.keys(res.json[0]).sort()).toEqual(EMPLOYMENT_KEYS);
    const empInfoID = await h.db.value<number>("select id from member_employment where member_id = ?", m.memberId);
    expect(res.json[0]).toEqual({
      empInfoID,
      city: "Rockford",
      state: "IL",
      startMonth: "9",
      startYear: "2020",
      endMonth: "",
      endYear: "Pres",
      currentlyWorkedHere: true,
      companyID: company.id,
      companyName: "Minor League Club",
      companyImage: "default.png",
      title: "Point guard",
      description: "Starting five",
      email: "",
      industry: "Teams and Clubs",
      ipoYear: "",
      jobDesc: "Starting five",
      sector: "Professional Sports",
      summaryQuote: "",
      symbol: "",
      website: "",
    });
    expect((await get(m, `/api/member/GetMemberEmploymentInfo/${m.memberId}`)).json).toEqual(res.json);
  });

  it("adds a company that is not listed by name; a past job answers its end month and year", async () => {
    const m = await member();
    const name = `Hoops Academy ${m.memberId}`;
    const res = await post(m, `/api/member/AddWorkExperience/${m.memberId}`, {
      companyName: name,
      sector: "Sports Services",
      industry: "Coaching and Training",
      title: "Coach",
      description: "Skills trainer",
      startMonth: 1,
      startYear: 2015,
      endMonth: 6,
      endYear: 2018,
      currentlyWorkedHere: false,
    });
    expectJson(res);
    expect(res.json[0]).toMatchObject({
      companyName: name,
      sector: "Sports Services",
      industry: "Coaching and Training",
      jobDesc: "Skills trainer",
      startMonth: "1",
      startYear: "2015",
      endMonth: "6",
      endYear: "2018",
      currentlyWorkedHere: false,
    });
    expect(await h.db.value("select added_by_member_id from company where name = ?", name)).toBe(m.memberId);
  });

  it("keeps a company the member typed pending: on their entry, not in the shared lookup (issue 11, finding 13)", async () => {
    const m = await member();
    const other = await member();
    const name = `Pending Club ${m.memberId}`;
    const body = {
      companyName: name,
      sector: "Professional Sports",
      industry: "Teams and Clubs",
      title: "Coach",
      startYear: 2019,
      endYear: "Pres",
    };
    const res = await post(m, `/api/member/AddWorkExperience/${m.memberId}`, body);
    expectJson(res);
    expect(res.json[0]).toMatchObject({ companyName: name, sector: "Professional Sports", industry: "Teams and Clubs" });
    expect(await h.db.rows("select added_by_member_id, status from company where name = ?", name)).toEqual([
      { added_by_member_id: m.memberId, status: "pending" },
    ]);
    const pendingId = Number(res.json[0].companyID);
    const lookup = await get(other, `/api/organizations/GetCompanies${qs({ sector: "Professional Sports", industry: "Teams and Clubs" })}`);
    expectJson(lookup);
    expect(lookup.json.map((c: { name: string }) => c.name)).toContain("Minor League Club");
    expect(lookup.json.map((c: { name: string }) => c.name)).not.toContain(name);
    const sector = await get(other, `/api/organizations/GetCompanies${qs({ sector: "Professional Sports" })}`);
    expect(sector.json.map((c: { name: string }) => c.name)).not.toContain(name);
    // Another member cannot pick it by id, and typing the same name gives them their own pending entry.
    expectStatusWithMessage(
      await post(other, `/api/member/AddWorkExperience/${other.memberId}`, { ...body, companyID: pendingId, companyName: "" }),
      400,
    );
    const typed = await post(other, `/api/member/AddWorkExperience/${other.memberId}`, body);
    expectJson(typed);
    expect(Number(typed.json[0].companyID)).not.toBe(pendingId);
    // The member who typed it keeps using it.
    const again = await post(m, `/api/member/AddWorkExperience/${m.memberId}`, { ...body, companyID: pendingId, companyName: "" });
    expectJson(again);
    expect(again.json.map((e: { companyID: string | number }) => Number(e.companyID))).toEqual([pendingId, pendingId]);
  });

  it("updates by empInfoID and removes by empInfoID (or by compID when that company is there once)", async () => {
    const m = await member();
    const company = await sectorCompany(m);
    const first = await post(m, `/api/member/AddWorkExperience/${m.memberId}`, {
      companyID: company.id,
      title: "Player",
      startYear: 2016,
      endYear: 2018,
    });
    const second = await post(m, `/api/member/AddWorkExperience/${m.memberId}`, {
      companyName: `Other Club ${m.memberId}`,
      title: "Captain",
      startYear: 2019,
      endYear: "Pres",
    });
    expect(second.json).toHaveLength(2);
    const job = first.json[0];

    const updated = await put(m, `/api/member/UpdateMemberWorkExperience/${m.memberId}`, {
      empInfoID: job.empInfoID,
      companyID: company.id,
      title: "Team captain",
      startYear: 2016,
      endYear: 2019,
    });
    expectJson(updated);
    expect(updated.json.find((j: { empInfoID: number }) => j.empInfoID === job.empInfoID)).toMatchObject({
      title: "Team captain",
      endYear: "2019",
    });

    const removedById = await del(
      m,
      `/api/member/RemoveMemberWorkExperience${qs({ empInfoID: job.empInfoID, memberID: m.memberId, compID: company.id })}`,
    );
    expectJson(removedById);
    expect(removedById.json.map((j: { title: string }) => j.title)).toEqual(["Captain"]);

    const removedByCompany = await del(
      m,
      `/api/member/RemoveMemberWorkExperience${qs({ memberID: m.memberId, compID: removedById.json[0].companyID })}`,
    );
    expectJson(removedByCompany);
    expect(removedByCompany.json).toEqual([]);
    expect(await h.db.value("select count(*) from member_employment where member_id = ?", m.memberId)).toBe(0);
  });

  it.each([
    ["no title", { title: "" }],
    ["no company", { companyID: "", companyName: "" }],
    ["a company id that does not exist", { companyID: 99999999 }],
    ["a month out of range", { startMonth: 13 }],
    ["a malformed end year", { endYear: "soon" }],
    ["an over-long description", { jobDesc: "x".repeat(2001) }],
  ])("answers 400 for %s, on add and on update, and writes nothing", async (_label, overrides) => {
    const m = await member();
    const company = await sectorCompany(m);
    const body = { companyID: company.id, title: "Player", startMonth: 1, startYear: 2016, endYear: "Pres" };
    const added = await post(m, `/api/member/AddWorkExperience/${m.memberId}`, body);
    const before = await snapshot(m.memberId);
    expectBadInput(await post(m, `/api/member/AddWorkExperience/${m.memberId}`, { ...body, ...overrides }));
    expectBadInput(
      await put(m, `/api/member/UpdateMemberWorkExperience/${m.memberId}`, { ...body, empInfoID: added.json[0].empInfoID, ...overrides }),
    );
    expect(await snapshot(m.memberId)).toEqual(before);
  });

  it("answers 404 for a job that is not the caller's, 400 without empInfoID, 403 for another member, 401 without a token", async () => {
    const a = await member();
    const b = await member();
    const company = await sectorCompany(b);
    const added = await post(b, `/api/member/AddWorkExperience/${b.memberId}`, { companyID: company.id, title: "Player" });
    const empInfoID = added.json[0].empInfoID;
    const before = await snapshot(b.memberId);

    expectStatusWithMessage(await del(a, `/api/member/RemoveMemberWorkExperience${qs({ empInfoID, memberID: a.memberId })}`), 404);
    expectStatusWithMessage(
      await put(a, `/api/member/UpdateMemberWorkExperience/${a.memberId}`, { empInfoID, companyID: company.id, title: "Mine now" }),
      404,
    );
    // A refused update adds no company to the lookup either.
    const name = `Never Added Club ${a.memberId}`;
    expectStatusWithMessage(
      await put(a, `/api/member/UpdateMemberWorkExperience/${a.memberId}`, { empInfoID, companyName: name, title: "Mine now" }),
      404,
    );
    expect(await h.db.value("select count(*) from company where name = ?", name)).toBe(0);
    expectBadInput(await del(a, `/api/member/RemoveMemberWorkExperience${qs({ memberID: a.memberId })}`));
    expectBadInput(
      await put(a, `/api/member/UpdateMemberWorkExperience/${a.memberId}`, { companyID: company.id, title: "No id" }),
      "empInfoID",
    );
    expectStatusWithMessage(await post(a, `/api/member/AddWorkExperience/${b.memberId}`, { companyID: company.id, title: "Player" }), 403);
    expectStatusWithMessage(
      await put(a, `/api/member/UpdateMemberWorkExperience/${b.memberId}`, { empInfoID, companyID: company.id, title: "x" }),
      403,
    );
    expectStatusWithMessage(await del(a, `/api/member/RemoveMemberWorkExperience${qs({ empInfoID, memberID: b.memberId })}`), 403);
    expectStatusWithMessage(await get(null, `/api/member/GetMemberEmploymentInfo/${b.memberId}`), 401);
    expect(await snapshot(b.memberId)).toEqual(before);
  });
});

describe("member/ video channel and photo account", () => {
  it("stores and answers the channel id and the photo-account URL as JSON strings", async () => {
    const m = await member();
    for (const action of ["GetYoutubeChannel", "GetInstagramURL"]) {
      const res = await get(m, `/api/member/${action}/${m.memberId}`);
      expectJson(res);
      expect(res.json).toBe("");
    }
    const channel = await put(m, "/api/member/SetYoutubeChannel", { memberID: m.memberId, channelID: "UC_abc-123" });
    expectJson(channel);
    expect(channel.json).toEqual({ memberID: String(m.memberId), channelID: "UC_abc-123" });
    const photos = await put(m, "/api/member/SetInstagramURL", {
      memberID: String(m.memberId),
      instagramURL: "https://www.instagram.com/jordan",
    });
    expectJson(photos);
    expect(photos.json).toEqual({ memberID: String(m.memberId), instagramURL: "https://www.instagram.com/jordan" });

    expect((await get(m, `/api/member/GetYoutubeChannel/${m.memberId}`)).json).toBe("UC_abc-123");
    expect((await get(m, `/api/member/GetInstagramURL/${m.memberId}`)).json).toBe("https://www.instagram.com/jordan");
    expect(await h.db.rows("select video_channel_id, photo_account_url from member_profile where member_id = ?", m.memberId)).toEqual([
      { video_channel_id: "UC_abc-123", photo_account_url: "https://www.instagram.com/jordan" },
    ]);
  });

  it("answers another member the stored values, or empty when the section is hidden", async () => {
    const owner = await member();
    const viewer = await member();
    await put(owner, "/api/member/SetYoutubeChannel", { memberID: owner.memberId, channelID: "UCvisible" });
    await put(owner, "/api/member/SetInstagramURL", { memberID: owner.memberId, instagramURL: "https://instagram.com/owner" });
    expect((await get(viewer, `/api/member/GetYoutubeChannel/${owner.memberId}`)).json).toBe("UCvisible");
    expect((await get(viewer, `/api/member/GetInstagramURL/${owner.memberId}`)).json).toBe("https://instagram.com/owner");
    await setPrivacy(owner.memberId, "videos", 2);
    await setPrivacy(owner.memberId, "photos", 3);
    expect((await get(viewer, `/api/member/GetYoutubeChannel/${owner.memberId}`)).json).toBe("");
    expect((await get(viewer, `/api/member/GetInstagramURL/${owner.memberId}`)).json).toBe("");
    expect((await get(owner, `/api/member/GetYoutubeChannel/${owner.memberId}`)).json).toBe("UCvisible");
  });

  it.each([
    ["SetYoutubeChannel", { channelID: "" }, texts.channelIdRequired],
    ["SetYoutubeChannel", { channelID: "has spaces!" }, undefined],
    ["SetInstagramURL", { instagramURL: "" }, texts.instagramUrlRequired],
    ["SetInstagramURL", { instagramURL: "javascript:alert(1)" }, undefined],
    ["SetInstagramURL", { instagramURL: "not a url" }, undefined],
  ])("%s answers 400 for %j and writes nothing", async (action, body, message) => {
    const m = await member();
    expectBadInput(await put(m, `/api/member/${action}`, { memberID: m.memberId, ...body }), message);
    expect(await h.db.value("select count(*) from member_profile where member_id = ?", m.memberId)).toBe(0);
  });

  it("answers 403 for another member's id, 400 without memberID, 401 without a token, 404 for an unknown member", async () => {
    const a = await member();
    const b = await member();
    expectStatusWithMessage(await put(a, "/api/member/SetYoutubeChannel", { memberID: b.memberId, channelID: "UCx" }), 403);
    expectStatusWithMessage(
      await put(a, "/api/member/SetInstagramURL", { memberID: b.memberId, instagramURL: "https://instagram.com/x" }),
      403,
    );
    expectBadInput(await put(a, "/api/member/SetYoutubeChannel", { channelID: "UCx" }));
    expectStatusWithMessage(await put(null, "/api/member/SetYoutubeChannel", { memberID: b.memberId, channelID: "UCx" }), 401);
    expectStatusWithMessage(await get(a, "/api/member/GetYoutubeChannel/987654321"), 404);
    expectStatusWithMessage(await get(a, "/api/member/GetInstagramURL/987654321"), 404);
    expect(await h.db.value("select count(*) from member_profile where member_id = ?", b.memberId)).toBe(0);
  });
});

describe("privacy over HTTP: what a second member gets", () => {
  async function filledOwner() {
    const owner = await member({ firstName: "Olga", lastName: "Owner", gender: "Female", month: "7", day: "4", year: "1992" });
    expectJson(
      await post(
        owner,
        `/api/member/SaveMemberGeneralInfo/${owner.memberId}`,
        basicBody({ firstName: "Olga", lastName: "Owner", sex: "Female", showSexInProfile: false, showDOBType: false }),
      ),
    );
    expectJson(
      await post(
        owner,
        `/api/member/SaveMemberContactInfo/${owner.memberId}`,
        contactBody({ showAddress: false, showEmailToMembers: true, showCellPhone: true, showHomePhone: false }),
      ),
    );
    expectJson(await post(owner, `/api/member/SaveMemberPersonalInfo${qs({ memberID: owner.memberId, aboutMe: "Olga's story" })}`));
    expectJson(await post(owner, `/api/member/AddMemberSchool/${owner.memberId}`, await schoolBody()));
    expectJson(
      await post(owner, `/api/member/AddWorkExperience/${owner.memberId}`, { companyID: (await sectorCompany(owner)).id, title: "Guard" }),
    );
    return owner;
  }

  it("hides the gender, birth date, address, home and other phone of a public profile; shows what the flags allow", async () => {
    const owner = await filledOwner();
    const viewer = await member();
    const basic = await get(viewer, `/api/member/GetMemberGeneralInfoV2/${owner.memberId}`);
    expectJson(basic);
    expect(Object.keys(basic.json).sort()).toEqual(BASIC_KEYS);
    expect(basic.json).toMatchObject({
      firstName: "Olga",
      sport: "Basketball",
      sex: "",
      memProfileGender: "",
      dobDay: "",
      dobMonth: "",
      dobYear: "",
      memProfileDOB: "",
      showSexInProfile: "False",
      showDOBType: "False",
    });
    const contact = await get(viewer, `/api/member/GetMemberContactInfo/${owner.memberId}`);
    expectJson(contact);
    expect(contact.json).toEqual({
      ...contactBody({ showAddress: false, showEmailToMembers: true, showCellPhone: true, showHomePhone: false }),
      email: owner.email,
      state: "IL",
      address: "",
      Neighborhood: "",
      zip: "",
      homePhone: "",
      otherPhone: "",
    });
    expect((await get(viewer, `/api/member/GetMemberPersonalInfo/${owner.memberId}`)).json.aboutMe).toBe("Olga's story");
    expect((await get(viewer, `/api/member/GetMemberEducationInfo/${owner.memberId}`)).json).toHaveLength(1);
    expect((await get(viewer, `/api/member/GetMemberEmploymentInfo/${owner.memberId}`)).json).toHaveLength(1);
  });

  it("answers hidden sections as empty entities and lists; a contact still sees Only Contacts sections", async () => {
    const owner = await filledOwner();
    const viewer = await member();
    const contact = await member();
    await makeContacts(owner.memberId, contact.memberId);
    for (const column of ["basic_info", "contact_info", "personal_info", "education", "work_info"])
      await setPrivacy(owner.memberId, column, 3);

    const basic = await get(viewer, `/api/member/GetMemberGeneralInfoV2/${owner.memberId}`);
    expectJson(basic);
    expect(Object.keys(basic.json).sort()).toEqual(BASIC_KEYS);
    expect(basic.json).toMatchObject({
      memberID: String(owner.memberId),
      memProfileName: "Olga Owner",
      titleDesc: "Shooting guard",
      firstName: "",
      lastName: "",
      sport: "",
      currentStatus: "",
      bio: "",
      height: "",
      weight: "",
      leftRightHandFoot: "",
      lookingForNetworking: false,
      memProfileLookingFor: "",
      currentCity: "",
      joinedDate: "",
    });
    expect((await get(viewer, `/api/member/GetMemberContactInfo/${owner.memberId}`)).json).toEqual(EMPTY_CONTACT);
    expect((await get(viewer, `/api/member/GetMemberPersonalInfo/${owner.memberId}`)).json).toEqual({
      aboutMe: "",
      activities: "",
      interests: "",
      specialSkills: "",
    });
    expect((await get(viewer, `/api/member/GetMemberEducationInfo/${owner.memberId}`)).json).toEqual([]);
    expect((await get(viewer, `/api/member/GetMemberEmploymentInfo/${owner.memberId}`)).json).toEqual([]);

    expect((await get(contact, `/api/member/GetMemberGeneralInfoV2/${owner.memberId}`)).json.firstName).toBe("Olga");
    expect((await get(contact, `/api/member/GetMemberContactInfo/${owner.memberId}`)).json.city).toBe("Chicago");
    expect((await get(contact, `/api/member/GetMemberPersonalInfo/${owner.memberId}`)).json.aboutMe).toBe("Olga's story");
    expect((await get(contact, `/api/member/GetMemberEducationInfo/${owner.memberId}`)).json).toHaveLength(1);
    expect((await get(contact, `/api/member/GetMemberEmploymentInfo/${owner.memberId}`)).json).toHaveLength(1);

    for (const column of ["basic_info", "contact_info", "personal_info", "education", "work_info"])
      await setPrivacy(owner.memberId, column, 2);
    expect((await get(contact, `/api/member/GetMemberGeneralInfoV2/${owner.memberId}`)).json.firstName).toBe("");
    expect((await get(contact, `/api/member/GetMemberContactInfo/${owner.memberId}`)).json).toEqual(EMPTY_CONTACT);
    expect((await get(contact, `/api/member/GetMemberEducationInfo/${owner.memberId}`)).json).toEqual([]);
    // The owner still sees everything.
    expect((await get(owner, `/api/member/GetMemberGeneralInfoV2/${owner.memberId}`)).json).toMatchObject({
      firstName: "Olga",
      sex: "Female",
      dobYear: "1998",
    });
    expect((await get(owner, `/api/member/GetMemberContactInfo/${owner.memberId}`)).json).toMatchObject({
      address: "12 Court Street",
      otherPhone: "555-0102",
    });
  });

  it("answers a non-contact the default picture when the owner hides it", async () => {
    const owner = await member();
    const viewer = await member();
    await h.db.run("update member set picture_path = '/uploads/owner-photo.webp' where id = ?", owner.memberId);
    expect((await get(viewer, `/api/member/GetMemberGeneralInfoV2/${owner.memberId}`)).json.picturePath).toBe("owner-photo.webp");
    await setPrivacy(owner.memberId, "view_profile_picture", 0);
    expect((await get(viewer, `/api/member/GetMemberGeneralInfoV2/${owner.memberId}`)).json.picturePath).toBe(viewer.login.picturePath);
    expect((await get(owner, `/api/member/GetMemberGeneralInfoV2/${owner.memberId}`)).json.picturePath).toBe("owner-photo.webp");
  });
});
