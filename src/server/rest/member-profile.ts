import {
  basicInfoInput,
  contactInfoInput,
  educationInput,
  employmentInput,
  personalInfoInput,
  photoAccountInput,
  videoChannelInput,
  type BasicInfo,
  type ContactInfo,
  type EducationEntry,
  type EmploymentEntry,
  LOOKING_FOR,
  type PersonalInfo,
} from "../../domains/profiles/profiles.schema.ts";
import * as profiles from "../../domains/profiles/profiles.service.ts";
import * as reference from "../../domains/reference/reference.service.ts";
import { badInput, DomainError, ErrorCodes, NO_SUCH_MEMBER, notFound } from "../../shared/errors.ts";
import { formatBirthDate } from "../../shared/calendar.ts";
import {
  actorOf,
  type Controller,
  fields,
  firstGiven,
  idOf,
  memberIdFrom,
  type Ownership,
  refusedAction,
  type RestRequest,
  textOf,
} from "./registry.ts";
import { flagFromClient, flagText, heightText, legacyDateTime, legacyPicture, weightText } from "./legacy-shapes.ts";

/*
 * member/* profile actions of the original service: thin adapters over the profiles service.
 *
 * Mapping to the legacy JSON (docs/rest-api.md "Value formats"; spec section 3 entities):
 * - memberID is a string, as in the login result. Other ids (schoolID, degreeTypeID, entryID,
 *   empInfoID, companyID) and schoolType are JSON numbers.
 * - Month, day and year values are numbers in strings ("5", "17", "1995"), as the legacy forms send
 *   them; an empty string when unknown or hidden. endYear is "Pres" for a current job.
 * - Flags (show..., lookingFor..., currentlyWorkedHere) are JSON booleans; showDOBType is the
 *   "show birth date" flag and showSexInProfile the "show gender" flag, both booleans.
 * - Basic info: currentStatus and memProfileStatus are the profile type's display name
 *   ("Athlete (Amateur)"); sex and memProfileGender are "Female"/"Male"; memProfileDOB is the birth
 *   date written out ("May 17, 1995"); memProfileLookingFor the checked options joined by ", " in
 *   the spec's order Employment, Networking, Partnership, Recruitment; interestedInType and
 *   interestedDesc are both the Other Sporting Interest; leftRightHandFoot is "Left"/"Right"; height
 *   is the number of inches (73 for 6' 1"; save also accepts `6' 1"`), weight the number of lbs,
 *   each null when not set. memProfileName, titleDesc and picturePath are the profile header that
 *   every member sees (the picture falls back to the default when the owner hides it). Sideline
 *   keeps no neighbourhood, political or religious view: homeNeighborhood, politicalView and
 *   religiousView are always "", getLGEntitiesCount always 0.
 * - Hidden data: a hidden section answers the same keys with empty values ("" / false / null, an
 *   empty list), a hidden field answers ""; the header (memberID, memProfileName, titleDesc,
 *   picturePath) stays. A member that does not exist, awaits confirmation or is deactivated: 404.
 * - Contact info: Neighborhood keeps the spec's capital N; showEmailToMembers is the e-mail flag.
 *   The show flags are read from each detail's level (true unless Private) and, when sent, write it
 *   (false: Private; true: Public if it was Private), as decision 037 gives each detail one control.
 *   The account e-mail is changed in settings (setting/SaveMemberEmailInfo): a saved `email` is ignored.
 * - Education entry: entryID identifies the entry; schoolAddress is "City, ST"; webSite the school's
 *   site; schoolImage is "" (no school pictures); sportLevelType the competition level name.
 * - Employment entry: empInfoID identifies the entry; jobDesc and description both carry the job
 *   description (save reads jobDesc, then description); website is the company's site;
 *   companyImage, email, ipoYear, summaryQuote and symbol are "" (Sideline keeps no company data
 *   beyond name, industry, sector and site).
 * - Photos and videos: GetInstagramURL / GetYoutubeChannel answer the stored value as a JSON string
 *   ("" when not set or hidden).
 *
 * Authorization: the member id in the path or query names the target. Reads of another member go
 * through the service's privacy filter; writes for anyone but the caller answer 403 before the
 * input is even looked at (the services check it again).
 *
 * Identifying entries: UpdateMemberSchool and RemoveMemberSchool use entryID when given; otherwise
 * instID (or, for Update, schoolID) names the school and, with instType when given, must match
 * exactly one of the member's entries (none: 404; several: 400 asking for entryID). Work experience
 * likewise: empInfoID when given, otherwise compID must match exactly one of the member's jobs.
 */

const EMPTY_BASIC: BasicInfo = {
  firstName: "",
  middleName: "",
  lastName: "",
  title: "",
  sport: "",
  currentStatus: "",
  bio: "",
  gender: null,
  birthDate: null,
  showGender: false,
  showBirthDate: false,
  lookingFor: { Employment: false, Networking: false, Partnership: false, Recruitment: false },
  preferredHandFoot: "",
  preferredPosition: "",
  secondaryPosition: "",
  heightInches: null,
  weightLbs: null,
  otherSportingInterest: "",
  currentCity: "",
  hometown: "",
  joinedDate: "",
};

const EMPTY_CONTACT: ContactInfo = {
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
  neighborhood: "",
  state: "",
  zip: "",
  showAddress: false,
  showEmail: false,
  showCellPhone: false,
  showHomePhone: false,
};

const EMPTY_PERSONAL: PersonalInfo = { aboutMe: "", activities: "", interests: "", specialSkills: "" };

const numText = (n: number | null | undefined) => (n === null || n === undefined ? "" : String(n));

/** "1995-05-17" -> the legacy parts ("1995", "5", "17") and the written-out date. */
function birthParts(birthDate: string | null) {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthDate ?? "");
  if (!birthDate || !m) return { dobYear: "", dobMonth: "", dobDay: "", memProfileDOB: "" };
  const [dobYear, dobMonth, dobDay] = [m[1], m[2], m[3]].map((part) => String(Number(part)));
  return { dobYear, dobMonth, dobDay, memProfileDOB: formatBirthDate(birthDate) };
}

type Header = Awaited<ReturnType<typeof profiles.getHeader>>;

function legacyBasic(header: Header, info: BasicInfo | null) {
  const b = info ?? EMPTY_BASIC;
  const dob = birthParts(b.birthDate);
  return {
    picturePath: legacyPicture(header.picturePath),
    memProfileName: header.name,
    titleDesc: header.title,
    memProfileStatus: b.currentStatus,
    memProfileGender: b.gender ?? "",
    memProfileDOB: dob.memProfileDOB,
    interestedDesc: b.otherSportingInterest,
    memProfileLookingFor: LOOKING_FOR.filter((o) => b.lookingFor[o]).join(", "),
    currentCity: b.currentCity,
    currentStatus: b.currentStatus,
    dobDay: dob.dobDay,
    dobMonth: dob.dobMonth,
    dobYear: dob.dobYear,
    firstName: b.firstName,
    middleName: b.middleName,
    lastName: b.lastName,
    homeNeighborhood: "",
    hometown: b.hometown,
    interestedInType: b.otherSportingInterest,
    joinedDate: b.joinedDate ? legacyDateTime(b.joinedDate) : "",
    lookingForEmployment: b.lookingFor.Employment,
    lookingForNetworking: b.lookingFor.Networking,
    lookingForPartnership: b.lookingFor.Partnership,
    lookingForRecruitment: b.lookingFor.Recruitment,
    memberID: String(header.memberId),
    politicalView: "",
    religiousView: "",
    sex: b.gender ?? "",
    showDOBType: flagText(b.showBirthDate),
    showSexInProfile: flagText(b.showGender),
    getLGEntitiesCount: "0",
    sport: b.sport,
    bio: b.bio,
    height: heightText(b.heightInches),
    weight: weightText(b.weightLbs),
    leftRightHandFoot: b.preferredHandFoot,
    preferredPosition: b.preferredPosition,
    secondaryPosition: b.secondaryPosition,
  };
}

function legacyContact(info: ContactInfo | null) {
  const c = info ?? EMPTY_CONTACT;
  return {
    email: c.email,
    otherEmail: c.otherEmail,
    facebook: c.facebook,
    instagram: c.instagram,
    twitter: c.twitter,
    website: c.website,
    homePhone: c.homePhone,
    cellPhone: c.cellPhone,
    otherPhone: c.otherPhone,
    address: c.address,
    city: c.city,
    Neighborhood: c.neighborhood,
    state: c.state,
    zip: c.zip,
    showAddress: c.showAddress,
    showEmailToMembers: c.showEmail,
    showCellPhone: c.showCellPhone,
    showHomePhone: c.showHomePhone,
  };
}

const legacyEducation = (entries: EducationEntry[] | null) =>
  (entries ?? []).map((e) => ({
    entryID: e.entryId,
    schoolID: String(e.schoolId),
    schoolName: e.schoolName,
    schoolImage: legacyPicture(null),
    schoolAddress: [e.city, e.state].filter(Boolean).join(", "),
    schoolType: String(e.schoolType),
    webSite: e.website,
    major: e.major,
    degree: e.degree,
    degreeTypeID: String(e.degreeTypeId),
    yearClass: numText(e.yearClass),
    sportLevelType: e.competitionLevel,
    societies: e.societies,
  }));

const legacyEmployment = (entries: EmploymentEntry[] | null) =>
  (entries ?? []).map((e) => ({
    empInfoID: e.entryId,
    city: e.city,
    state: e.state,
    startMonth: numText(e.startMonth),
    startYear: numText(e.startYear),
    endMonth: e.currentlyWorksHere ? "" : numText(e.endMonth),
    endYear: e.currentlyWorksHere ? "Pres" : numText(e.endYear),
    currentlyWorkedHere: e.currentlyWorksHere,
    companyID: e.companyId,
    companyName: e.companyName,
    companyImage: legacyPicture(null),
    title: e.title,
    description: e.description,
    email: "",
    industry: e.industry,
    ipoYear: "",
    jobDesc: e.description,
    sector: e.sector,
    summaryQuote: "",
    symbol: "",
    website: e.companyWebsite,
  }));

const legacyPersonal = (info: PersonalInfo | null) => {
  const p = info ?? EMPTY_PERSONAL;
  return { aboutMe: p.aboutMe, activities: p.activities, interests: p.interests, specialSkills: p.specialSkills };
};

// Input helpers ---------------------------------------------------------------------------------

/** The member named by the first path segment, else by memberID in the query or body. */
const targetMember = (req: RestRequest) => memberIdFrom(req, "pathOrField");

/** The target of a write: the caller only (403 otherwise, before the input is looked at). */
const OWN: Ownership = { memberId: "pathOrField", refusal: "You can change only your own profile." };

/** An optional positive id: null when absent or empty (or 0), 400 when not digits. */
function optionalId(v: unknown, name: string): number | null {
  const text = textOf(v) ?? "";
  if (text.trim() === "") return null;
  const id = idOf(text);
  if (id === null) throw badInput(`${name} must be a number.`);
  return id > 0 ? id : null;
}

/** Longer than any height or weight a member types: such text goes to the schema, which refuses it. */
const MEASURE_MAX_LENGTH = 16;

/**
 * Height as inches (73, "73") or as the form shows it (`6' 1"`). Anything else goes to the schema
 * as it is. The text is trimmed and bounded before the pattern runs: a pattern with adjacent
 * `\s*` once took 15 s over 100,000 spaces and blocked the whole process.
 */
function legacyHeight(v: unknown): unknown {
  if (typeof v !== "string") return v;
  const s = v.trim();
  const m = s.length <= MEASURE_MAX_LENGTH ? /^(\d)\s*'\s*(\d{1,2})\s*(?:"|'')?$/.exec(s) : null;
  return m ? Number(m[1]) * 12 + Number(m[2]) : v;
}

/** Weight as lbs (180, "180", "180 lbs"), bounded and trimmed like the height. */
function legacyWeight(v: unknown): unknown {
  if (typeof v !== "string") return v;
  const s = v.trim();
  const m = s.length <= MEASURE_MAX_LENGTH ? /^(\d{1,3})\s*(?:lbs?\.?)?$/i.exec(s) : null;
  return m ? Number(m[1]) : v;
}

const BASIC_FIELDS = [
  "firstName",
  "middleName",
  "lastName",
  "titleDesc",
  "title",
  "sport",
  "currentStatus",
  "bio",
  "sex",
  "gender",
  "showSexInProfile",
  "dobMonth",
  "dobDay",
  "dobYear",
  "showDOBType",
  "lookingForEmployment",
  "lookingForNetworking",
  "lookingForPartnership",
  "lookingForRecruitment",
  "leftRightHandFoot",
  "preferredPosition",
  "secondaryPosition",
  "height",
  "weight",
  "interestedInType",
  "currentCity",
  "hometown",
] as const;

function basicInput(req: RestRequest) {
  const f = fields(req, BASIC_FIELDS);
  return basicInfoInput.parse({
    firstName: f.firstName,
    middleName: f.middleName,
    lastName: f.lastName,
    title: firstGiven(f.titleDesc, f.title),
    sport: f.sport,
    currentStatus: f.currentStatus,
    bio: f.bio,
    gender: firstGiven(f.sex, f.gender),
    showGender: flagFromClient(f.showSexInProfile),
    birthMonth: f.dobMonth,
    birthDay: f.dobDay,
    birthYear: f.dobYear,
    showBirthDate: flagFromClient(f.showDOBType),
    lookingForEmployment: flagFromClient(f.lookingForEmployment),
    lookingForNetworking: flagFromClient(f.lookingForNetworking),
    lookingForPartnership: flagFromClient(f.lookingForPartnership),
    lookingForRecruitment: flagFromClient(f.lookingForRecruitment),
    preferredHandFoot: f.leftRightHandFoot,
    preferredPosition: f.preferredPosition,
    secondaryPosition: f.secondaryPosition,
    heightInches: legacyHeight(f.height),
    weightLbs: legacyWeight(f.weight),
    otherSportingInterest: f.interestedInType,
    currentCity: f.currentCity,
    hometown: f.hometown,
  });
}

const CONTACT_FIELDS = [
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
  "showEmail",
  "showCellPhone",
  "showHomePhone",
] as const;

function contactInput(req: RestRequest) {
  const { Neighborhood, showEmailToMembers, showEmail, showAddress, showCellPhone, showHomePhone, ...f } = fields(req, CONTACT_FIELDS);
  return contactInfoInput.parse({
    ...f,
    neighborhood: Neighborhood,
    showAddress: flagFromClient(showAddress),
    showCellPhone: flagFromClient(showCellPhone),
    showHomePhone: flagFromClient(showHomePhone),
    showEmail: flagFromClient(firstGiven(showEmailToMembers, showEmail)),
  });
}

const EDUCATION_FIELDS = [
  "schoolID",
  "schoolName",
  "schoolType",
  "instType",
  "state",
  "degreeTypeID",
  "major",
  "yearClass",
  "sportLevelType",
  "societies",
] as const;

/**
 * The state of an education entry: as sent, else (for a listed school named by schoolID alone, as
 * the original took it) the school's own state.
 */
async function schoolState(req: RestRequest, state: unknown, schoolId: unknown): Promise<unknown> {
  if ((textOf(state) ?? "").trim() !== "") return state;
  const id = idOf(textOf(schoolId));
  if (!id) return state;
  return (await reference.findSchool(req.app.db, id, actorOf(req).memberId))?.state ?? state;
}

async function schoolInput(req: RestRequest) {
  const f = fields(req, EDUCATION_FIELDS);
  const schoolType = firstGiven(f.schoolType, f.instType);
  return educationInput.parse({
    schoolId: f.schoolID,
    schoolName: f.schoolName,
    schoolType: schoolType === "" ? undefined : schoolType,
    state: await schoolState(req, f.state, f.schoolID),
    degreeTypeId: f.degreeTypeID,
    major: f.major,
    yearClass: f.yearClass,
    competitionLevel: f.sportLevelType,
    societies: f.societies,
  });
}

const EMPLOYMENT_FIELDS = [
  "companyID",
  "companyName",
  "sector",
  "industry",
  "title",
  "jobDesc",
  "description",
  "city",
  "state",
  "startMonth",
  "startYear",
  "endMonth",
  "endYear",
  "currentlyWorkedHere",
] as const;

function jobInput(req: RestRequest) {
  const f = fields(req, EMPLOYMENT_FIELDS);
  const current = f.currentlyWorkedHere;
  return employmentInput.parse({
    companyId: f.companyID,
    companyName: f.companyName,
    sector: f.sector,
    industry: f.industry,
    title: f.title,
    description: firstGiven(f.jobDesc, f.description),
    city: f.city,
    state: f.state,
    startMonth: f.startMonth,
    startYear: f.startYear,
    endMonth: f.endMonth,
    endYear: f.endYear,
    // "Pres" as the end year means a current job, whatever the flag says.
    currentlyWorksHere: typeof f.endYear === "string" && f.endYear.trim().toLowerCase() === "pres" ? true : current,
  });
}

/** The one education entry an Update/Remove names (see the comment at the top). */
async function schoolEntryOf(req: RestRequest, entry: unknown, school: unknown, type: unknown): Promise<number> {
  const entryId = optionalId(entry, "entryID");
  if (entryId !== null) return entryId;
  const schoolId = optionalId(school, "instID");
  if (schoolId === null) throw badInput("entryID or instID is required.");
  const actor = actorOf(req);
  return profiles.schoolEntryId(req.app, actor, actor.memberId, schoolId, optionalId(type, "instType"));
}

/** The one job an Update/Remove names (see the comment at the top). */
async function jobEntryOf(req: RestRequest, entry: unknown, company: unknown): Promise<number> {
  const entryId = optionalId(entry, "empInfoID");
  if (entryId !== null) return entryId;
  const companyId = optionalId(company, "compID");
  if (companyId === null) throw badInput("empInfoID is required.");
  const actor = actorOf(req);
  return profiles.employmentEntryId(req.app, actor, actor.memberId, companyId);
}

async function basicAnswer(req: RestRequest, memberId: number, info?: BasicInfo) {
  const actor = actorOf(req);
  if (info) return legacyBasic(await profiles.getHeader(req.app, actor, memberId), info);
  const { header, basic } = await profiles.getHeaderAndBasicInfo(req.app, actor, memberId);
  return legacyBasic(header, basic);
}

async function employmentAnswer(req: RestRequest) {
  return legacyEmployment(await profiles.getEmployment(req.app, actorOf(req), targetMember(req)));
}

async function saveContactAnswer(req: RestRequest) {
  const actor = actorOf(req);
  return legacyContact(await profiles.saveContactInfo(req.app, actor, actor.memberId, contactInput(req)));
}

async function mediaLinks(req: RestRequest) {
  const links = await profiles.getMediaLinks(req.app, actorOf(req), targetMember(req));
  if (!links) throw notFound(NO_SUCH_MEMBER);
  return links;
}

/** member/*: the profile actions (joined into the member controller in controllers.ts). */
export const memberProfile: Controller = {
  GetMemberGeneralInfoV2: { methods: ["GET"], handler: (req) => basicAnswer(req, targetMember(req)) },
  GetMemberContactInfo: {
    methods: ["GET"],
    handler: async (req) => legacyContact(await profiles.getContactInfo(req.app, actorOf(req), targetMember(req))),
  },
  GetMemberEducationInfo: {
    methods: ["GET"],
    handler: async (req) => legacyEducation(await profiles.getEducation(req.app, actorOf(req), targetMember(req))),
  },
  GetMemberEmploymentInfo: { methods: ["GET"], handler: (req) => employmentAnswer(req) },
  GetMemberPersonalInfo: {
    methods: ["GET"],
    handler: async (req) => legacyPersonal(await profiles.getPersonalInfo(req.app, actorOf(req), targetMember(req))),
  },

  SaveMemberGeneralInfo: {
    methods: ["POST"],
    own: OWN,
    handler: async (req) => {
      const memberId = actorOf(req).memberId;
      const saved = await profiles.saveBasicInfo(req.app, actorOf(req), memberId, basicInput(req));
      return basicAnswer(req, memberId, saved);
    },
  },
  SaveMemberContactInfo: { methods: ["POST"], own: OWN, handler: (req) => saveContactAnswer(req) },
  SaveMemberPersonalInfo: {
    methods: ["POST"],
    own: OWN,
    handler: async (req) => {
      const memberId = actorOf(req).memberId;
      const input = personalInfoInput.parse(fields(req, ["aboutMe", "activities", "interests", "specialSkills"]));
      return legacyPersonal(await profiles.savePersonalInfo(req.app, actorOf(req), memberId, input));
    },
  },

  AddMemberSchool: {
    methods: ["POST"],
    own: OWN,
    handler: async (req) => {
      const memberId = actorOf(req).memberId;
      return legacyEducation(await profiles.addSchool(req.app, actorOf(req), memberId, await schoolInput(req)));
    },
  },
  UpdateMemberSchool: {
    methods: ["PUT"],
    own: OWN,
    handler: async (req) => {
      const memberId = actorOf(req).memberId;
      const input = await schoolInput(req);
      const f = fields(req, ["entryID", "instID", "schoolID", "instType"]);
      const entryId = await schoolEntryOf(req, f.entryID, firstGiven(f.instID, f.schoolID), f.instType);
      return legacyEducation(await profiles.updateSchool(req.app, actorOf(req), memberId, entryId, input));
    },
  },
  RemoveMemberSchool: {
    methods: ["DELETE"],
    own: OWN,
    handler: async (req) => {
      const memberId = actorOf(req).memberId;
      const f = fields(req, ["entryID", "instID", "instType"]);
      const entryId = await schoolEntryOf(req, f.entryID, f.instID, f.instType);
      return legacyEducation(await profiles.removeSchool(req.app, actorOf(req), memberId, entryId));
    },
  },

  AddWorkExperience: {
    methods: ["POST"],
    own: OWN,
    handler: async (req) => {
      const memberId = actorOf(req).memberId;
      return legacyEmployment(await profiles.addEmployment(req.app, actorOf(req), memberId, jobInput(req)));
    },
  },
  UpdateMemberWorkExperience: {
    methods: ["PUT"],
    own: OWN,
    handler: async (req) => {
      const memberId = actorOf(req).memberId;
      const input = jobInput(req);
      const f = fields(req, ["empInfoID", "compID"]);
      const entryId = await jobEntryOf(req, f.empInfoID, f.compID);
      return legacyEmployment(await profiles.updateEmployment(req.app, actorOf(req), memberId, entryId, input));
    },
  },
  RemoveMemberWorkExperience: {
    methods: ["DELETE"],
    own: OWN,
    handler: async (req) => {
      const memberId = actorOf(req).memberId;
      const f = fields(req, ["empInfoID", "compID"]);
      const entryId = await jobEntryOf(req, f.empInfoID, f.compID);
      return legacyEmployment(await profiles.removeEmployment(req.app, actorOf(req), memberId, entryId));
    },
  },

  GetYoutubeChannel: { methods: ["GET"], handler: async (req) => (await mediaLinks(req)).videoChannelId },
  GetInstagramURL: { methods: ["GET"], handler: async (req) => (await mediaLinks(req)).photoAccountUrl },
  SetYoutubeChannel: {
    methods: ["PUT"],
    own: OWN,
    handler: async (req) => {
      const memberId = actorOf(req).memberId;
      const { channelId } = videoChannelInput.parse({ channelId: fields(req, ["channelID"]).channelID });
      await profiles.setVideoChannelId(req.app, actorOf(req), memberId, channelId);
      return { memberID: String(memberId), channelID: channelId };
    },
  },
  SetInstagramURL: {
    methods: ["PUT"],
    own: OWN,
    handler: async (req) => {
      const memberId = actorOf(req).memberId;
      const { photoAccountUrl } = photoAccountInput.parse({ photoAccountUrl: fields(req, ["instagramURL"]).instagramURL });
      await profiles.setPhotoAccountUrl(req.app, actorOf(req), memberId, photoAccountUrl);
      return { memberID: String(memberId), instagramURL: photoAccountUrl };
    },
  },

  // The original's other member/* actions that map onto Sideline's profiles.
  GetMemberWorkExperience: { methods: ["GET"], handler: (req) => employmentAnswer(req) },
  // The same save with the fields in the query (Email, ShowAddress, ...: names match in any case).
  SaveMemberContactInfoV2: { methods: ["POST"], own: OWN, handler: (req) => saveContactAnswer(req) },
  GetMemberDates: {
    methods: ["GET"],
    // A list of one item, as the original answered: the dates of the basic info as this caller may see them.
    handler: async (req) => {
      const b = await basicAnswer(req, targetMember(req));
      const birthDate = b.dobYear ? `${b.dobMonth}/${b.dobDay}/${b.dobYear}` : "";
      return [
        { joinedDate: b.joinedDate, picturePath: b.picturePath, memberName: b.memProfileName, currentCity: b.currentCity, birthDate },
      ];
    },
  },
  IsMemberActive: {
    methods: ["GET"],
    // JSON true / false: whether the member exists, has confirmed their account and is not deactivated.
    handler: async (req) => {
      try {
        await profiles.getHeader(req.app, actorOf(req), targetMember(req));
        return true;
      } catch (error) {
        if (error instanceof DomainError && error.code === ErrorCodes.NotFound) return false;
        throw error;
      }
    },
  },
  GetMemberInterests: {
    methods: ["GET"],
    handler: async (req) => (await reference.interests(req.app)).map((i) => ({ interestID: i.id, interestDesc: i.name, interestType: "" })),
  },
  GetInterestDescription: {
    methods: ["GET"],
    // The interest's text as a JSON string, "" for an unknown id (as the original answered).
    handler: async (req) => {
      const id = idOf(req.params[0] ?? textOf(fields(req, ["interestID"]).interestID));
      if (id === null) throw badInput("interestID must be a number.");
      return (await reference.interests(req.app)).find((i) => i.id === id)?.name ?? "";
    },
  },
  SaveBasicProfileInfo: refusedAction(
    "Sideline does not save profiles by e-mail address: save the sections with SaveMemberGeneralInfo, AddMemberSchool and AddWorkExperience.",
  ),
  GetMemberInfoByEmail: refusedAction("Sideline does not look members up by e-mail address."),
  GetMemberEmail: refusedAction(
    "A member's e-mail address shows in their contact info as their privacy settings allow (GetMemberContactInfo).",
  ),
  GetRegisteredMembers: refusedAction("The list of registered members is the operator's, not a member's."),
  GetRecentActivities: refusedAction("Sideline keeps no activity log: the home feed (getRecentPosts) shows what members post."),
  AddMemberActivity: refusedAction("Sideline keeps no activity log."),
};
