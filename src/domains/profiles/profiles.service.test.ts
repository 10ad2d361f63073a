/**
 * The profile service on a real SQLite file: the privacy matrix of issue 3 (every section x every
 * level x owner / contact / other member, through viewProfile and the per-section getters), the
 * field rules of the contact and basic sections, the picture rule, hidden members, and the saves.
 */
import { createMember, makeContacts } from "#support/members.ts";
import { type TestContext, closeTestContext, openTestContext } from "#support/service-context.ts";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type DB, statementsMatched, statementsRun, watchStatements } from "../../platform/db/client.ts";
import { DomainError, ErrorCodes } from "../../shared/errors.ts";
import { DEFAULT_PICTURE } from "../../shared/limits.ts";
import { MemberStatus } from "../../shared/members.ts";
import type { Actor, AppContext } from "../../platform/context.ts";
import { PRIVACY_DEFAULTS, PrivacyLevel } from "../privacy/privacy.schema.ts";
import { basicInfoInput, contactInfoInput, educationInput, employmentInput, personalInfoInput } from "./profiles.schema.ts";
import * as reference from "../reference/reference.service.ts";
import * as profiles from "./profiles.service.ts";

let db: DB;
let ctx: AppContext;

let testContext: TestContext | undefined;
beforeAll(async () => {
  testContext = await openTestContext("profiles");
  ({ ctx, db } = testContext);
});

afterAll(() => closeTestContext(testContext));

const newMember = (o: { status?: number; firstName?: string; picturePath?: string | null } = {}) =>
  createMember(db, { firstName: o.firstName, lastName: "Keeper", status: o.status, picturePath: o.picturePath ?? null });

type PrivacyPatch = Partial<{
  basicInfo: number;
  personalInfo: number;
  contactInfo: number;
  education: number;
  workInfo: number;
  photos: number;
  videos: number;
  mobilePhone: number;
  homePhone: number;
  otherPhone: number;
  emailAddress: number;
  address: number;
  viewProfilePicture: number;
}>;

/** Sets privacy values directly (the settings screen comes in a later issue); the rest keep their defaults. */
async function setPrivacy(m: Actor, patch: PrivacyPatch) {
  await db.deleteFrom("memberPrivacy").where("memberId", "=", m.memberId).execute();
  await db
    .insertInto("memberPrivacy")
    .values({ ...PRIVACY_DEFAULTS, memberId: m.memberId, ...patch })
    .execute();
}

async function setProfileFlags(
  m: Actor,
  patch: Partial<Record<"showAddress" | "showEmail" | "showCellPhone" | "showHomePhone" | "showGender" | "showBirthDate", 0 | 1>>,
) {
  await db.updateTable("memberProfile").set(patch).where("memberId", "=", m.memberId).execute();
}

async function schoolIdOf(state: string, type: number): Promise<number> {
  const row = await db
    .selectFrom("school")
    .select("id")
    .where("state", "=", state)
    .where("type", "=", type)
    .orderBy("name")
    .executeTakeFirstOrThrow();
  return row.id;
}

const BASIC = {
  firstName: "Olivia",
  middleName: "Q",
  lastName: "Owner",
  title: "Point guard",
  sport: "Basketball",
  currentStatus: "Athlete (Amateur)",
  bio: "Plays fast.",
  gender: "Female",
  showGender: false,
  birthMonth: "5",
  birthDay: "17",
  birthYear: "1995",
  showBirthDate: false,
  lookingForNetworking: true,
  preferredHandFoot: "Right",
  preferredPosition: "Point guard",
  secondaryPosition: "Shooting guard",
  heightInches: 70,
  weightLbs: 150,
  currentCity: "Springfield",
  hometown: "Shelbyville",
};

const CONTACT = {
  otherEmail: "olivia.other@example.com",
  facebook: "fb/olivia",
  instagram: "ig/olivia",
  twitter: "tw/olivia",
  website: "https://olivia.example.com",
  homePhone: "555-0100",
  cellPhone: "555-0101",
  otherPhone: "555-0102",
  address: "1 Court Street",
  city: "Springfield",
  neighborhood: "Downtown",
  state: "il",
  zip: "62701",
  showAddress: false,
  showEmail: false,
  showCellPhone: false,
  showHomePhone: false,
};

const PHOTOS = "https://www.instagram.com/olivia";
const CHANNEL = "UC_olivia-123";

/** An owner with every section filled in, a contact of theirs and a member who is not. */
async function trio() {
  const owner = await newMember({ picturePath: "/uploads/olivia.webp" });
  const contact = await newMember({ firstName: "Cody" });
  const other = await newMember({ firstName: "Mo" });
  await makeContacts(db, owner, contact);
  await profiles.saveBasicInfo(ctx, owner, owner.memberId, basicInfoInput.parse(BASIC));
  await profiles.saveContactInfo(ctx, owner, owner.memberId, contactInfoInput.parse(CONTACT));
  await profiles.savePersonalInfo(
    ctx,
    owner,
    owner.memberId,
    personalInfoInput.parse({ aboutMe: "About Olivia", activities: "Hoops", interests: "Coaching", specialSkills: "Passing" }),
  );
  await profiles.addSchool(
    ctx,
    owner,
    owner.memberId,
    educationInput.parse({
      state: "IL",
      schoolType: 3,
      schoolId: await schoolIdOf("IL", 3),
      degreeTypeId: 1,
      major: "Kinesiology",
      yearClass: "2017",
      competitionLevel: "Division I",
    }),
  );
  await profiles.addEmployment(
    ctx,
    owner,
    owner.memberId,
    employmentInput.parse({
      companyName: "Springfield Hoops",
      title: "Assistant coach",
      startMonth: 6,
      startYear: 2018,
      currentlyWorksHere: true,
    }),
  );
  await profiles.setPhotoAccountUrl(ctx, owner, owner.memberId, PHOTOS);
  await profiles.setVideoChannelId(ctx, owner, owner.memberId, CHANNEL);
  return { owner, contact, other };
}

async function expectDomainError(p: Promise<unknown>, code: string) {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DomainError);
  expect((err as DomainError).code).toBe(code);
}

// ---------------------------------------------------------------------------------------------

type Section = "basic" | "contact" | "education" | "employment" | "personal" | "photos" | "videos";
type Viewer = "owner" | "contact" | "other";

const SECTION_PRIVACY: Record<Section, keyof PrivacyPatch> = {
  basic: "basicInfo",
  contact: "contactInfo",
  education: "education",
  employment: "workInfo",
  personal: "personalInfo",
  photos: "photos",
  videos: "videos",
};

/** What the section shows when visible (a value that only the owner's data has), via the per-section getter. */
async function sectionThroughGetter(section: Section, viewer: Actor, ownerId: number): Promise<unknown> {
  switch (section) {
    case "basic":
      return (await profiles.getBasicInfo(ctx, viewer, ownerId))?.firstName ?? null;
    case "contact":
      return (await profiles.getContactInfo(ctx, viewer, ownerId))?.city ?? null;
    case "education":
      return (await profiles.getEducation(ctx, viewer, ownerId))?.map((e) => e.major).join() ?? null;
    case "employment":
      return (await profiles.getEmployment(ctx, viewer, ownerId))?.map((e) => e.companyName).join() ?? null;
    case "personal":
      return (await profiles.getPersonalInfo(ctx, viewer, ownerId))?.aboutMe ?? null;
    case "photos":
      return (await profiles.getMediaLinks(ctx, viewer, ownerId))!.photoAccountUrl || null;
    case "videos":
      return (await profiles.getMediaLinks(ctx, viewer, ownerId))!.videoChannelId || null;
  }
}

function sectionOfView(section: Section, view: Awaited<ReturnType<typeof profiles.viewProfile>>): unknown {
  switch (section) {
    case "basic":
      return view.basic?.firstName ?? null;
    case "contact":
      return view.contact?.city ?? null;
    case "education":
      return view.education?.map((e) => e.major).join() ?? null;
    case "employment":
      return view.employment?.map((e) => e.companyName).join() ?? null;
    case "personal":
      return view.personal?.aboutMe ?? null;
    case "photos":
      return view.photoAccountUrl;
    case "videos":
      return view.videoChannelId;
  }
}

const SHOWN: Record<Section, string> = {
  basic: "Olivia",
  contact: "Springfield",
  education: "Kinesiology",
  employment: "Springfield Hoops",
  personal: "About Olivia",
  photos: PHOTOS,
  videos: CHANNEL,
};

const LEVELS = [
  ["Public", PrivacyLevel.Public],
  ["Private", PrivacyLevel.Private],
  ["Only Contacts", PrivacyLevel.OnlyContacts],
] as const;

/** The rule: the owner sees everything; Public: every member; Only Contacts: contacts; Private: nobody else. */
function expectedVisible(level: number, viewer: Viewer): boolean {
  if (viewer === "owner") return true;
  if (level === PrivacyLevel.Public) return true;
  return level === PrivacyLevel.OnlyContacts && viewer === "contact";
}

const SECTIONS: Section[] = ["basic", "contact", "education", "employment", "personal", "photos", "videos"];
const MATRIX = SECTIONS.flatMap((section) =>
  LEVELS.flatMap(([levelName, level]) =>
    (["owner", "contact", "other"] as const).map((viewer) => ({
      section,
      levelName,
      level,
      viewer,
      visible: expectedVisible(level, viewer),
    })),
  ),
);

describe("privacy matrix: section x level x viewer", () => {
  let people: Awaited<ReturnType<typeof trio>>;
  beforeAll(async () => {
    people = await trio();
  });

  it("has 63 cases (7 sections x 3 levels x 3 viewers)", () => {
    expect(MATRIX).toHaveLength(63);
  });

  it.each(MATRIX)("$section at $levelName, seen by $viewer: visible=$visible", async ({ section, level, viewer, visible }) => {
    const { owner } = people;
    // Only this section at this level; every other section stays Public.
    await setPrivacy(owner, { [SECTION_PRIVACY[section]]: level });
    const who = people[viewer];
    const expected = visible ? SHOWN[section] : null;

    const view = await profiles.viewProfile(ctx, who, owner.memberId);
    expect(view.relation).toBe(viewer === "owner" ? "self" : viewer === "contact" ? "contact" : "member");
    expect(sectionOfView(section, view)).toBe(expected);
    expect(await sectionThroughGetter(section, who, owner.memberId)).toBe(expected);

    // The other sections are untouched by this one's level.
    for (const s of SECTIONS.filter((x) => x !== section)) expect(sectionOfView(s, view)).toBe(SHOWN[s]);
  });
});

describe("field rules", () => {
  let people: Awaited<ReturnType<typeof trio>>;
  beforeAll(async () => {
    people = await trio();
  });
  beforeEach(async () => {
    await setPrivacy(people.owner, {});
    await setProfileFlags(people.owner, {
      showAddress: 0,
      showEmail: 0,
      showCellPhone: 0,
      showHomePhone: 0,
      showGender: 0,
      showBirthDate: 0,
    });
  });

  const contactOf = async (viewer: Viewer) => (await profiles.getContactInfo(ctx, people[viewer], people.owner.memberId))!;
  const basicOf = async (viewer: Viewer) => (await profiles.getBasicInfo(ctx, people[viewer], people.owner.memberId))!;
  const ownerEmail = async () =>
    (await db.selectFrom("member").select("email").where("id", "=", people.owner.memberId).executeTakeFirstOrThrow()).email;

  it("new defaults hide e-mail, phones (other phone is Private) and address from others; city and state stay", async () => {
    for (const viewer of ["contact", "other"] as const) {
      const c = await contactOf(viewer);
      expect(c).toMatchObject({
        email: "",
        otherEmail: "",
        homePhone: "",
        cellPhone: "",
        otherPhone: "",
        address: "",
        neighborhood: "",
        zip: "",
      });
      expect(c).toMatchObject({
        city: "Springfield",
        state: "IL",
        facebook: "fb/olivia",
        instagram: "ig/olivia",
        twitter: "tw/olivia",
        website: "https://olivia.example.com",
      });
    }
  });

  it("the owner always sees everything, whatever the flags and levels", async () => {
    await setPrivacy(people.owner, {
      basicInfo: 2,
      personalInfo: 2,
      contactInfo: 2,
      education: 2,
      workInfo: 2,
      photos: 2,
      videos: 2,
      mobilePhone: 2,
      otherPhone: 2,
      emailAddress: 2,
      viewProfilePicture: 0,
    });
    const view = await profiles.viewProfile(ctx, people.owner, people.owner.memberId);
    expect(view.contact).toMatchObject({
      email: await ownerEmail(),
      otherEmail: CONTACT.otherEmail,
      homePhone: CONTACT.homePhone,
      cellPhone: CONTACT.cellPhone,
      otherPhone: CONTACT.otherPhone,
      address: CONTACT.address,
      neighborhood: CONTACT.neighborhood,
      zip: CONTACT.zip,
    });
    expect(view.basic).toMatchObject({ gender: "Female", birthDate: "1995-05-17" });
    expect(view.picturePath).toBe("/uploads/olivia.webp");
    expect(view.education).toHaveLength(1);
    expect(view.employment).toHaveLength(1);
    expect(view.personal?.aboutMe).toBe("About Olivia");
    expect(view.photoAccountUrl).toBe(PHOTOS);
    expect(view.videoChannelId).toBe(CHANNEL);
  });

  // Each contact detail has one control, its level (decision 037): the member_profile show flags are not read.
  const LEVELS = [
    [PrivacyLevel.Public, true, true],
    [PrivacyLevel.OnlyContacts, true, false],
    [PrivacyLevel.Private, false, false],
  ] as const;
  const DETAILS = {
    emailAddress: async () => ({ email: await ownerEmail(), otherEmail: CONTACT.otherEmail }),
    mobilePhone: () => Promise.resolve({ cellPhone: CONTACT.cellPhone }),
    homePhone: () => Promise.resolve({ homePhone: CONTACT.homePhone }),
    otherPhone: () => Promise.resolve({ otherPhone: CONTACT.otherPhone }),
    address: () => Promise.resolve({ address: CONTACT.address, neighborhood: CONTACT.neighborhood, zip: CONTACT.zip }),
  } as const;
  const hidden = (shown: Record<string, string>) => Object.fromEntries(Object.keys(shown).map((k) => [k, ""]));

  describe.each(Object.keys(DETAILS) as Array<keyof typeof DETAILS>)("contact detail %s", (detail) => {
    it.each(LEVELS)("follows its level alone (level %i), whatever the old show flags say", async (level, forContact, forOther) => {
      await setPrivacy(people.owner, { [detail]: level });
      const shown = await DETAILS[detail]();
      for (const flags of [0, 1] as const) {
        await setProfileFlags(people.owner, { showAddress: flags, showEmail: flags, showCellPhone: flags, showHomePhone: flags });
        expect(await contactOf("contact")).toMatchObject(forContact ? shown : hidden(shown));
        expect(await contactOf("other")).toMatchObject(forOther ? shown : hidden(shown));
        expect(await contactOf("owner")).toMatchObject(shown);
      }
    });
  });

  it("the show flags answered to older clients say whether a detail's level is open", async () => {
    await setPrivacy(people.owner, { emailAddress: 3, mobilePhone: 1, homePhone: 2, address: 2 });
    expect(await contactOf("owner")).toMatchObject({ showEmail: true, showCellPhone: true, showHomePhone: false, showAddress: false });
  });

  it("a show flag an older client sends writes the detail's level: off Private, on a Private detail Public", async () => {
    await setPrivacy(people.owner, { emailAddress: 3, mobilePhone: 2 });
    const { showAddress: _a, showEmail: _e, showCellPhone: _c, showHomePhone: _h, ...fields } = CONTACT;
    const base = contactInfoInput.parse(fields);
    await profiles.saveContactInfo(ctx, people.owner, people.owner.memberId, {
      ...base,
      showEmail: true,
      showCellPhone: true,
      showAddress: false,
    });
    const row = await db.selectFrom("memberPrivacy").selectAll().where("memberId", "=", people.owner.memberId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ emailAddress: 3, mobilePhone: 1, address: 2, homePhone: 2 });
    await profiles.saveContactInfo(ctx, people.owner, people.owner.memberId, { ...base, showEmail: false });
    expect((await contactOf("contact")).email).toBe("");
  });

  it("gender only with showGender, birth date only with showBirthDate", async () => {
    for (const viewer of ["contact", "other"] as const)
      expect(await basicOf(viewer)).toMatchObject({ gender: null, birthDate: null, showGender: false, showBirthDate: false });
    await setProfileFlags(people.owner, { showGender: 1 });
    for (const viewer of ["contact", "other"] as const) expect(await basicOf(viewer)).toMatchObject({ gender: "Female", birthDate: null });
    await setProfileFlags(people.owner, { showGender: 0, showBirthDate: 1 });
    for (const viewer of ["contact", "other"] as const)
      expect(await basicOf(viewer)).toMatchObject({ gender: null, birthDate: "1995-05-17" });
    expect(await basicOf("owner")).toMatchObject({ gender: "Female", birthDate: "1995-05-17" });
  });

  it("the picture falls back to the default for non-contacts when viewProfilePicture is 0", async () => {
    const real = "/uploads/olivia.webp";
    const fallback = `/images/${DEFAULT_PICTURE}`;
    const pictures = async () =>
      Promise.all(
        (["owner", "contact", "other"] as const).map(async (v) => {
          const view = await profiles.viewProfile(ctx, people[v], people.owner.memberId);
          const header = await profiles.getHeader(ctx, people[v], people.owner.memberId);
          expect(header.picturePath).toBe(view.picturePath);
          return view.picturePath;
        }),
      );
    expect(await pictures()).toEqual([real, real, real]);
    await setPrivacy(people.owner, { viewProfilePicture: 0 });
    expect(await pictures()).toEqual([real, real, fallback]);
  });

  it("a pending request does not make a contact", async () => {
    const requester = await newMember();
    const now = new Date().toISOString();
    await db
      .insertInto("contactLink")
      .values({ memberId: requester.memberId, otherId: people.owner.memberId, status: "pending", createdAt: now, updatedAt: now })
      .execute();
    await setPrivacy(people.owner, { contactInfo: PrivacyLevel.OnlyContacts });
    const view = await profiles.viewProfile(ctx, requester, people.owner.memberId);
    expect(view.relation).toBe("member");
    expect(view.contact).toBeNull();
  });
});

describe("reads", () => {
  it("a profile page is three statements whatever the relation: the member with profile, privacy, contact and block; schools; jobs", async () => {
    const [owner, contact, other] = [await newMember(), await newMember(), await newMember()];
    await makeContacts(db, owner, contact);
    await setPrivacy(owner, { education: PrivacyLevel.OnlyContacts });
    for (const viewer of [owner, contact, other]) {
      const before = statementsRun(db);
      const view = await profiles.viewProfile(ctx, viewer, owner.memberId);
      // The schools are read only for those the education level lets see them.
      expect(statementsRun(db) - before).toBe(viewer === other ? 2 : 3);
      expect(view.education === null).toBe(viewer === other);
    }
  });
});

describe("members without a visible profile", () => {
  it.each([
    ["awaiting confirmation", MemberStatus.AwaitingConfirmation],
    ["deactivated", MemberStatus.Deactivated],
  ])("a member %s is not found by others", async (_label, status) => {
    const hidden = await newMember({ status });
    const viewer = await newMember();
    for (const read of [
      profiles.viewProfile,
      profiles.getHeader,
      profiles.getBasicInfo,
      profiles.getContactInfo,
      profiles.getEducation,
      profiles.getEmployment,
      profiles.getPersonalInfo,
    ]) {
      await expectDomainError(read(ctx, viewer, hidden.memberId), ErrorCodes.NotFound);
    }
    expect(await profiles.getMediaLinks(ctx, viewer, hidden.memberId)).toBeNull();
  });

  it("an unknown id is not found", async () => {
    const viewer = await newMember();
    await expectDomainError(profiles.viewProfile(ctx, viewer, 987_654_321), ErrorCodes.NotFound);
    expect(await profiles.getMediaLinks(ctx, viewer, 987_654_321)).toBeNull();
  });
});

describe("saving", () => {
  it("only the owner may change a profile", async () => {
    const { owner, contact } = await trio();
    await expectDomainError(profiles.saveBasicInfo(ctx, contact, owner.memberId, basicInfoInput.parse(BASIC)), ErrorCodes.Forbidden);
    await expectDomainError(
      profiles.savePersonalInfo(ctx, contact, owner.memberId, personalInfoInput.parse({ aboutMe: "x" })),
      ErrorCodes.Forbidden,
    );
    await expectDomainError(profiles.setVideoChannelId(ctx, contact, owner.memberId, "x"), ErrorCodes.Forbidden);
    expect((await profiles.getPersonalInfo(ctx, owner, owner.memberId))?.aboutMe).toBe("About Olivia");
  });

  it("writes the birth date only when it changes (setting it empties every process's session cache: decision 051)", async () => {
    const m = await newMember();
    const setsIt = watchStatements((text) => /^\s*update\s+"member"\s+set\b[^]*"birth_date"/i.test(text));
    const sets = () => statementsMatched(db, setsIt)!;
    const before = sets();
    await profiles.saveBasicInfo(ctx, m, m.memberId, basicInfoInput.parse(BASIC));
    expect(sets() - before).toBe(1);
    await profiles.saveBasicInfo(ctx, m, m.memberId, basicInfoInput.parse({ ...BASIC, title: "Shooting guard" }));
    expect(sets() - before).toBe(1);
    await profiles.saveBasicInfo(ctx, m, m.memberId, basicInfoInput.parse({ ...BASIC, birthDay: "18" }));
    expect(sets() - before).toBe(2);
    const row = await db.selectFrom("member").select("birthDate").where("id", "=", m.memberId).executeTakeFirstOrThrow();
    expect(row.birthDate).toBe("1995-05-18");
  });

  it("a non-athlete status clears the athlete fields; a missing middle name saves empty", async () => {
    const m = await newMember();
    await profiles.saveBasicInfo(ctx, m, m.memberId, basicInfoInput.parse(BASIC));
    expect(await profiles.getBasicInfo(ctx, m, m.memberId)).toMatchObject({
      preferredHandFoot: "Right",
      heightInches: 70,
      weightLbs: 150,
      middleName: "Q",
    });
    const { middleName: _m, ...withoutMiddle } = BASIC;
    const saved = await profiles.saveBasicInfo(
      ctx,
      m,
      m.memberId,
      basicInfoInput.parse({ ...withoutMiddle, currentStatus: "Scout", otherSportingInterest: "Sportscaster" }),
    );
    expect(saved).toMatchObject({
      currentStatus: "Scout",
      middleName: "",
      preferredHandFoot: "",
      preferredPosition: "",
      secondaryPosition: "",
      heightInches: null,
      weightLbs: null,
      otherSportingInterest: "Sportscaster",
    });
  });

  it("refuses a sport or interest that is not in the lists", async () => {
    const m = await newMember();
    await expectDomainError(
      profiles.saveBasicInfo(ctx, m, m.memberId, basicInfoInput.parse({ ...BASIC, sport: "Quidditch" })),
      ErrorCodes.BadInput,
    );
    await expectDomainError(
      profiles.saveBasicInfo(
        ctx,
        m,
        m.memberId,
        basicInfoInput.parse({ ...BASIC, currentStatus: "Coach", otherSportingInterest: "Napping" }),
      ),
      ErrorCodes.BadInput,
    );
    expect(await db.selectFrom("memberProfile").select("memberId").where("memberId", "=", m.memberId).executeTakeFirst()).toBeUndefined();
  });
});

describe("schools and companies a member types (issue 11, finding 13)", () => {
  it("stay pending on the typist's entries, out of the shared lists and out of everyone else's reach", async () => {
    const m = await newMember();
    const other = await newMember();
    const school = {
      state: "VT",
      schoolType: 1,
      schoolId: null,
      schoolName: `Typed Valley High ${m.memberId}`,
      degreeTypeId: 3,
      major: "General",
      yearClass: "2010",
      competitionLevel: "Club Sports",
    };
    const [entry] = await profiles.addSchool(ctx, m, m.memberId, educationInput.parse(school));
    expect(entry).toMatchObject({ schoolName: school.schoolName, pending: true });
    expect((await reference.schools(ctx, "VT", 1)).map((s) => s.name)).not.toContain(school.schoolName);
    await expectDomainError(
      profiles.addSchool(ctx, other, other.memberId, educationInput.parse({ ...school, schoolId: entry!.schoolId, schoolName: "" })),
      ErrorCodes.BadInput,
    );
    // A listed school is not pending.
    const [listed] = await profiles.addSchool(
      ctx,
      other,
      other.memberId,
      educationInput.parse({ ...school, schoolId: await schoolIdOf("VT", 1), schoolName: "" }),
    );
    expect(listed!.pending).toBe(false);

    const job = {
      companyName: `Typed Club ${m.memberId}`,
      sector: "Professional Sports",
      industry: "Teams and Clubs",
      title: "Coach",
      startYear: 2019,
    };
    const [typed] = await profiles.addEmployment(ctx, m, m.memberId, employmentInput.parse(job));
    expect(typed).toMatchObject({ companyName: job.companyName, industry: "Teams and Clubs", pending: true });
    expect((await reference.companies(ctx, "Professional Sports")).map((c) => c.name)).not.toContain(job.companyName);
    await expectDomainError(
      profiles.addEmployment(ctx, other, other.memberId, employmentInput.parse({ ...job, companyId: typed!.companyId, companyName: "" })),
      ErrorCodes.BadInput,
    );
  });

  it("are stored once when the member saves the same new name twice at once (both entries use it)", async () => {
    const m = await newMember();
    const school = {
      ...{ state: "VT", schoolType: 1, schoolId: null, schoolName: `Twice High ${m.memberId}`, degreeTypeId: 3, major: "General" },
      ...{ yearClass: "2010", competitionLevel: "Club Sports" },
    };
    const job = {
      companyName: `Twice Club ${m.memberId}`,
      sector: "Professional Sports",
      industry: "Teams and Clubs",
      title: "Coach",
      startYear: 2019,
    };
    await Promise.all([1, 2].map(() => profiles.addSchool(ctx, m, m.memberId, educationInput.parse(school))));
    await Promise.all([1, 2].map(() => profiles.addEmployment(ctx, m, m.memberId, employmentInput.parse(job))));
    const rows = (table: "school" | "company", name: string) =>
      db.selectFrom(table).select("id").where("name", "=", name).where("addedByMemberId", "=", m.memberId).execute();
    const [schools, companies] = [await rows("school", school.schoolName), await rows("company", job.companyName)];
    expect([schools.length, companies.length]).toEqual([1, 1]);
    const entries = await db.selectFrom("memberSchool").select("schoolId").where("memberId", "=", m.memberId).execute();
    expect(entries.map((e) => e.schoolId)).toEqual([schools[0]!.id, schools[0]!.id]);
    const jobs = await db.selectFrom("memberEmployment").select("companyId").where("memberId", "=", m.memberId).execute();
    expect(jobs.map((e) => e.companyId)).toEqual([companies[0]!.id, companies[0]!.id]);
  });
});
