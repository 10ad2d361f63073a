import { badInput, DomainError, ErrorCodes, forbidden, NO_SUCH_MEMBER, notFound } from "../../shared/errors.ts";
import { isVisibleMember } from "../../shared/members.ts";
import { minorsTexts } from "../../shared/minors-texts.ts";
import { texts } from "../../shared/texts.ts";
import * as accounts from "../accounts/accounts.service.ts";
import * as contacts from "../contacts/contacts.service.ts";
import {
  fieldVisible,
  isMinor,
  levelAllows,
  pictureFor,
  type PrivacyRow,
  privacyOf,
  relationOf,
  savePrivacy,
} from "../privacy/privacy.service.ts";
import { PrivacyLevel, type Relation } from "../privacy/privacy.schema.ts";
import { isoNow } from "../../platform/clock.ts";
import type { Actor, AppContext } from "../../platform/context.ts";
import * as reference from "../reference/reference.service.ts";
import type {
  BasicInfo,
  BasicInfoData,
  ContactInfo,
  EducationData,
  EducationEntry,
  EmploymentData,
  EmploymentEntry,
  PersonalInfo,
  ProfileView,
} from "./profiles.schema.ts";
import * as repo from "./profiles.repository.ts";

/**
 * Profiles: every read goes through `loadSubject`, which decides the viewer's relation once, and
 * the section builders below, which apply the owner's privacy. tRPC and REST both call these
 * functions, so no path can see more than the owner allows.
 */
interface Subject {
  member: accounts.MemberRow;
  profile: repo.ProfileRow;
  privacy: PrivacyRow;
  relation: Relation;
}

async function loadSubject(ctx: AppContext, viewer: Actor, memberId: number): Promise<Subject> {
  const row = await repo.findSubject(ctx.db, viewer.memberId, memberId);
  // Members awaiting confirmation, deactivated and suspended members have no visible profile.
  if (!row || (!isVisibleMember(row.member) && memberId !== viewer.memberId)) {
    throw notFound(NO_SUCH_MEMBER);
  }
  const { member, profile, privacy } = row;
  // A block either way (decision 035), or a minor hidden from this viewer (decision 040): each
  // answers as for a member who does not exist, so trying ids tells nothing.
  if (memberId !== viewer.memberId) {
    if (row.blocked) throw notFound(NO_SUCH_MEMBER);
    await contacts.requireNotHiddenMinor(ctx, viewer.memberId, memberId, { birthDate: member.birthDate, unlessLinked: true });
  }
  return { member, profile, privacy, relation: relationOf(memberId, viewer.memberId, row.viewerIsContact) };
}

function requireOwner(actor: Actor, memberId: number): void {
  if (actor.memberId !== memberId) throw forbidden("You can change only your own profile.");
}

const shown = (visible: boolean, value: string) => (visible ? value : "");

function basicOf({ member, profile, privacy, relation }: Subject): BasicInfo | null {
  if (!levelAllows(privacy.basicInfo, relation)) return null;
  const birthDateShown = fieldVisible(relation, profile.showBirthDate) && (relation === "self" || !isMinor(member.birthDate));
  return {
    firstName: member.firstName,
    middleName: member.middleName,
    lastName: member.lastName,
    title: member.title,
    sport: profile.sport,
    currentStatus: member.profileType,
    bio: profile.bio,
    gender: fieldVisible(relation, profile.showGender) ? member.gender : null,
    // A minor's birth date (and so their age) is never shown to anyone else (decision 037), nor is
    // its show option, which would tell that it is withheld (decision 040).
    birthDate: birthDateShown ? member.birthDate : null,
    showGender: profile.showGender === 1,
    showBirthDate: profile.showBirthDate === 1 && (relation === "self" || birthDateShown),
    lookingFor: {
      Employment: profile.lookingForEmployment === 1,
      Networking: profile.lookingForNetworking === 1,
      Partnership: profile.lookingForPartnership === 1,
      Recruitment: profile.lookingForRecruitment === 1,
    },
    preferredHandFoot: profile.preferredHandFoot,
    preferredPosition: profile.preferredPosition,
    secondaryPosition: profile.secondaryPosition,
    heightInches: profile.heightInches,
    weightLbs: profile.weightLbs,
    otherSportingInterest: profile.otherSportingInterest,
    currentCity: profile.currentCity,
    hometown: profile.hometown,
    joinedDate: member.createdAt,
  };
}

/**
 * Each contact detail has one control, its level in Privacy settings (decision 037). The "show"
 * flags answered to older clients say whether the level lets anyone but the owner see it.
 */
function contactOf({ member, profile, privacy, relation }: Subject): ContactInfo | null {
  if (!levelAllows(privacy.contactInfo, relation)) return null;
  const email = levelAllows(privacy.emailAddress, relation);
  const address = levelAllows(privacy.address, relation);
  const open = (level: number) => level !== PrivacyLevel.Private;
  return {
    email: shown(email, member.email),
    otherEmail: shown(email, profile.otherEmail),
    facebook: profile.facebook,
    instagram: profile.instagram,
    twitter: profile.twitter,
    website: profile.website,
    homePhone: shown(levelAllows(privacy.homePhone, relation), profile.homePhone),
    cellPhone: shown(levelAllows(privacy.mobilePhone, relation), profile.cellPhone),
    otherPhone: shown(levelAllows(privacy.otherPhone, relation), profile.otherPhone),
    address: shown(address, profile.address),
    city: profile.city,
    neighborhood: shown(address, profile.neighborhood),
    state: profile.state,
    zip: shown(address, profile.zip),
    showAddress: open(privacy.address),
    showEmail: open(privacy.emailAddress),
    showCellPhone: open(privacy.mobilePhone),
    showHomePhone: open(privacy.homePhone),
  };
}

function personalOf({ profile, privacy, relation }: Subject): PersonalInfo | null {
  if (!levelAllows(privacy.personalInfo, relation)) return null;
  return {
    aboutMe: profile.aboutMe,
    activities: profile.activities,
    interests: profile.personalInterests,
    specialSkills: profile.specialSkills,
  };
}

async function educationOf(ctx: AppContext, s: Subject): Promise<EducationEntry[] | null> {
  if (!levelAllows(s.privacy.education, s.relation)) return null;
  const rows = await repo.listSchools(ctx.db, s.member.id);
  return rows.map(({ status, ...r }) => ({ ...r, degree: r.degree ?? "", pending: status === "pending" }));
}

async function employmentOf(ctx: AppContext, s: Subject): Promise<EmploymentEntry[] | null> {
  if (!levelAllows(s.privacy.workInfo, s.relation)) return null;
  const rows = await repo.listEmployment(ctx.db, s.member.id);
  return rows.map(({ status, ...r }) => ({
    ...r,
    industry: r.industry ?? "",
    sector: r.sector ?? "",
    currentlyWorksHere: r.currentlyWorksHere === 1,
    pending: status === "pending",
  }));
}

/** The picture a viewer sees: the one picture rule (privacy.service). */
const pictureOf = (s: Subject): string =>
  pictureFor(s.relation, { picturePath: s.member.picturePath, viewProfilePicture: s.privacy.viewProfilePicture });

/** The whole profile as this viewer may see it (a fixed number of queries). */
export async function viewProfile(ctx: AppContext, viewer: Actor, memberId: number): Promise<ProfileView> {
  const s = await loadSubject(ctx, viewer, memberId);
  const [education, employment] = await Promise.all([educationOf(ctx, s), employmentOf(ctx, s)]);
  return {
    memberId,
    relation: s.relation,
    name: `${s.member.firstName} ${s.member.lastName}`,
    title: s.member.title,
    picturePath: pictureOf(s),
    basic: basicOf(s),
    contact: contactOf(s),
    education,
    employment,
    personal: personalOf(s),
    photoAccountUrl: levelAllows(s.privacy.photos, s.relation) ? s.profile.photoAccountUrl : null,
    videoChannelId: levelAllows(s.privacy.videos, s.relation) ? s.profile.videoChannelId : null,
  };
}

export const getBasicInfo = async (ctx: AppContext, viewer: Actor, memberId: number) => basicOf(await loadSubject(ctx, viewer, memberId));
export const getContactInfo = async (ctx: AppContext, viewer: Actor, memberId: number) =>
  contactOf(await loadSubject(ctx, viewer, memberId));
export const getPersonalInfo = async (ctx: AppContext, viewer: Actor, memberId: number) =>
  personalOf(await loadSubject(ctx, viewer, memberId));
export const getEducation = async (ctx: AppContext, viewer: Actor, memberId: number) =>
  educationOf(ctx, await loadSubject(ctx, viewer, memberId));
export const getEmployment = async (ctx: AppContext, viewer: Actor, memberId: number) =>
  employmentOf(ctx, await loadSubject(ctx, viewer, memberId));

const headerOf = (s: Subject) => ({
  memberId: s.member.id,
  name: `${s.member.firstName} ${s.member.lastName}`,
  title: s.member.title,
  picturePath: pictureOf(s),
  relation: s.relation,
});

/** The header facts of a profile (name, title, picture) for this viewer. */
export const getHeader = async (ctx: AppContext, viewer: Actor, memberId: number) => headerOf(await loadSubject(ctx, viewer, memberId));

/** The header facts and the basic section, from one read of the member (the legacy general info). */
export async function getHeaderAndBasicInfo(ctx: AppContext, viewer: Actor, memberId: number) {
  const s = await loadSubject(ctx, viewer, memberId);
  return { header: headerOf(s), basic: basicOf(s) };
}

/** The photo account and video channel, each null when its section is hidden; null for no such member. */
export async function getMediaLinks(
  ctx: AppContext,
  viewer: Actor,
  memberId: number,
): Promise<{ photoAccountUrl: string; videoChannelId: string } | null> {
  let s: Subject;
  try {
    s = await loadSubject(ctx, viewer, memberId);
  } catch (error) {
    // No such (visible) member: nothing to show. Anything else is a real failure.
    if (error instanceof DomainError && error.code === ErrorCodes.NotFound) return null;
    throw error;
  }
  return {
    photoAccountUrl: levelAllows(s.privacy.photos, s.relation) ? s.profile.photoAccountUrl : "",
    videoChannelId: levelAllows(s.privacy.videos, s.relation) ? s.profile.videoChannelId : "",
  };
}

// Saving: the owner only; the actor comes from the session.

export async function saveBasicInfo(ctx: AppContext, actor: Actor, memberId: number, data: BasicInfoData): Promise<BasicInfo> {
  requireOwner(actor, memberId);
  if (!(await reference.isSport(ctx, data.sport))) throw badInput(`sport: ${texts.sportRequired}`);
  if (data.otherSportingInterest && !(await reference.otherSportingInterests(ctx)).some((o) => o.name === data.otherSportingInterest)) {
    throw badInput("otherSportingInterest: choose one of the listed interests.");
  }
  const now = isoNow();
  const before = await accounts.findMemberById(ctx.db, memberId);
  // A member cannot move their own birth date across the 18-year line, either way (decision 040): an
  // adult would become a "minor" who finds and writes to minors, a minor would escape their rules.
  if (before && isMinor(before.birthDate) !== isMinor(data.birthDate)) throw badInput(minorsTexts.birthDateAcrossAdulthood);
  await ctx.db.transaction().execute(async (trx) => {
    await accounts.updateMember(trx, memberId, {
      firstName: data.firstName,
      middleName: data.middleName,
      lastName: data.lastName,
      title: data.title,
      gender: data.gender,
      // Set only when it changes: a statement setting it empties every process's session cache (decision 051).
      ...(before?.birthDate === data.birthDate ? {} : { birthDate: data.birthDate }),
      profileType: data.currentStatus,
      updatedAt: now,
    });
    await repo.upsertProfile(
      trx,
      memberId,
      {
        sport: data.sport,
        bio: data.bio,
        showGender: data.showGender ? 1 : 0,
        showBirthDate: data.showBirthDate ? 1 : 0,
        lookingForEmployment: data.lookingForEmployment ? 1 : 0,
        lookingForNetworking: data.lookingForNetworking ? 1 : 0,
        lookingForPartnership: data.lookingForPartnership ? 1 : 0,
        lookingForRecruitment: data.lookingForRecruitment ? 1 : 0,
        preferredHandFoot: data.preferredHandFoot,
        preferredPosition: data.preferredPosition,
        secondaryPosition: data.secondaryPosition,
        heightInches: data.heightInches,
        weightLbs: data.weightLbs,
        otherSportingInterest: data.otherSportingInterest,
        currentCity: data.currentCity,
        hometown: data.hometown,
      },
      now,
    );
  });
  return (await getBasicInfo(ctx, actor, memberId))!;
}

/** The "show" flags older clients may still send, and the level each writes (decision 037). */
const SHOW_FLAG_LEVELS = {
  showAddress: "address",
  showEmail: "emailAddress",
  showCellPhone: "mobilePhone",
  showHomePhone: "homePhone",
} as const;
type ShowFlags = Partial<Record<keyof typeof SHOW_FLAG_LEVELS, boolean | undefined>>;
type DetailSetting = (typeof SHOW_FLAG_LEVELS)[keyof typeof SHOW_FLAG_LEVELS];

/**
 * A flag sent by an older client writes the detail's one control: off makes it Private, on makes
 * a Private detail Public (a level already open stays). A flag not sent changes nothing.
 */
function levelsFromFlags(flags: ShowFlags, privacy: PrivacyRow): Partial<Record<DetailSetting, number>> {
  const patch: Partial<Record<DetailSetting, number>> = {};
  for (const flag of Object.keys(SHOW_FLAG_LEVELS) as Array<keyof ShowFlags>) {
    const setting = SHOW_FLAG_LEVELS[flag];
    if (flags[flag] === false) patch[setting] = PrivacyLevel.Private;
    else if (flags[flag] === true && privacy[setting] === PrivacyLevel.Private) patch[setting] = PrivacyLevel.Public;
  }
  return patch;
}

export async function saveContactInfo(
  ctx: AppContext,
  actor: Actor,
  memberId: number,
  data: Omit<ContactInfo, "email" | "showAddress" | "showEmail" | "showCellPhone" | "showHomePhone"> & ShowFlags,
): Promise<ContactInfo> {
  requireOwner(actor, memberId);
  if (data.state && !(await reference.findState(ctx.db, data.state.toUpperCase()))) throw badInput(`state: ${texts.stateRequired}`);
  const { showAddress, showEmail, showCellPhone, showHomePhone, state, ...fields } = data;
  const levels = levelsFromFlags({ showAddress, showEmail, showCellPhone, showHomePhone }, await privacyOf(ctx, memberId));
  await ctx.db.transaction().execute(async (trx) => {
    await repo.upsertProfile(trx, memberId, { ...fields, state: state.toUpperCase() }, isoNow());
    if (Object.keys(levels).length > 0) await savePrivacy({ ...ctx, db: trx }, memberId, levels);
  });
  return (await getContactInfo(ctx, actor, memberId))!;
}

export async function savePersonalInfo(ctx: AppContext, actor: Actor, memberId: number, data: PersonalInfo): Promise<PersonalInfo> {
  requireOwner(actor, memberId);
  await repo.upsertProfile(
    ctx.db,
    memberId,
    { aboutMe: data.aboutMe, activities: data.activities, personalInterests: data.interests, specialSkills: data.specialSkills },
    isoNow(),
  );
  return (await getPersonalInfo(ctx, actor, memberId))!;
}

/**
 * The school of an education entry: one of the list, or a missing one the member types. A typed
 * name is stored pending: it shows on this member's entries only, and joins the shared list when
 * an operator approves it (issue 11, finding 13). Typing it again reuses the member's own row.
 */
async function resolveSchool(ctx: AppContext, actor: Actor, data: EducationData): Promise<number> {
  if (!(await reference.findState(ctx.db, data.state))) throw badInput(`state: ${texts.stateRequired}`);
  if (data.schoolId !== null) {
    const school = await reference.findSchool(ctx.db, data.schoolId, actor.memberId);
    if (!school) throw badInput(`schoolId: ${texts.schoolRequired}`);
    return school.id;
  }
  const find = () => reference.findSchoolByName(ctx.db, data.state, data.schoolType, data.schoolName, actor.memberId);
  const existing = await find();
  if (existing) return existing.id;
  const added = await reference.insertPendingSchool(ctx.db, {
    name: data.schoolName,
    state: data.state,
    type: data.schoolType,
    city: "",
    addedByMemberId: actor.memberId,
  });
  // Undefined: another save of this member added the name since the look-up (PostgreSQL runs them at once).
  return added ?? (await find())!.id;
}

async function checkEducationChoices(ctx: AppContext, data: EducationData) {
  if (!(await reference.degreeTypes(ctx)).some((d) => d.id === data.degreeTypeId)) throw badInput(`degreeTypeId: ${texts.degreeRequired}`);
  if (!(await reference.competitionLevels(ctx)).some((l) => l.name === data.competitionLevel)) {
    throw badInput(`competitionLevel: ${texts.competitionLevelRequired}`);
  }
}

export async function addSchool(ctx: AppContext, actor: Actor, memberId: number, data: EducationData): Promise<EducationEntry[]> {
  requireOwner(actor, memberId);
  await checkEducationChoices(ctx, data);
  // One transaction: a school the member adds to the lists exists only with the entry that uses it.
  await ctx.db.transaction().execute(async (trx) => {
    const schoolId = await resolveSchool({ ...ctx, db: trx }, actor, data);
    await repo.insertSchoolEntry(trx, {
      memberId,
      schoolId,
      degreeTypeId: data.degreeTypeId,
      major: data.major,
      yearClass: data.yearClass,
      competitionLevel: data.competitionLevel,
      societies: data.societies,
      createdAt: isoNow(),
    });
  });
  return (await getEducation(ctx, actor, memberId))!;
}

export async function updateSchool(
  ctx: AppContext,
  actor: Actor,
  memberId: number,
  entryId: number,
  data: EducationData,
): Promise<EducationEntry[]> {
  requireOwner(actor, memberId);
  await checkEducationChoices(ctx, data);
  // One transaction: an unknown entry (404) must not leave a newly added school behind.
  await ctx.db.transaction().execute(async (trx) => {
    const schoolId = await resolveSchool({ ...ctx, db: trx }, actor, data);
    const updated = await repo.updateSchoolEntry(trx, memberId, entryId, {
      schoolId,
      degreeTypeId: data.degreeTypeId,
      major: data.major,
      yearClass: data.yearClass,
      competitionLevel: data.competitionLevel,
      societies: data.societies,
    });
    if (!updated) throw notFound("There is no such school in your education.");
  });
  return (await getEducation(ctx, actor, memberId))!;
}

export async function removeSchool(ctx: AppContext, actor: Actor, memberId: number, entryId: number): Promise<EducationEntry[]> {
  requireOwner(actor, memberId);
  if (!(await repo.deleteSchoolEntry(ctx.db, memberId, entryId))) throw notFound("There is no such school in your education.");
  return (await getEducation(ctx, actor, memberId))!;
}

/**
 * The entry of the owner's education that a school names (and its type, when given), for clients
 * that name schools rather than entries: 404 when none, 400 when several.
 */
export async function schoolEntryId(
  ctx: AppContext,
  actor: Actor,
  memberId: number,
  schoolId: number,
  schoolType: number | null,
): Promise<number> {
  requireOwner(actor, memberId);
  const entries = await repo.listSchools(ctx.db, memberId);
  const matches = entries.filter((e) => e.schoolId === schoolId && (schoolType === null || e.schoolType === schoolType));
  if (matches.length === 0) throw notFound("There is no such school in your education.");
  if (matches.length > 1) throw badInput("This school is in your education more than once: give its entryID.");
  return matches[0]!.entryId;
}

/** The company of an employment entry: one of the lookup, or a new one the member types (pending, as schools). */
async function resolveCompany(ctx: AppContext, actor: Actor, data: EmploymentData): Promise<number> {
  if (data.companyId !== null) {
    const company = await reference.findCompany(ctx.db, data.companyId, actor.memberId);
    if (!company) throw badInput("companyId: Company is required.");
    return company.id;
  }
  const find = () => reference.findCompanyByName(ctx.db, data.companyName, actor.memberId);
  const existing = await find();
  if (existing) return existing.id;
  const industry = data.sector && data.industry ? await reference.findIndustry(ctx.db, data.sector, data.industry) : undefined;
  const added = await reference.insertPendingCompany(ctx.db, {
    name: data.companyName,
    industryId: industry?.id ?? null,
    addedByMemberId: actor.memberId,
  });
  // As for schools: a save at the same moment added it.
  return added ?? (await find())!.id;
}

function employmentValues(data: EmploymentData, companyId: number) {
  return {
    companyId,
    title: data.title,
    description: data.description,
    city: data.city,
    state: data.state.toUpperCase(),
    startMonth: data.startMonth,
    startYear: data.startYear,
    endMonth: data.currentlyWorksHere ? null : data.endMonth,
    endYear: data.currentlyWorksHere ? null : data.endYear,
    currentlyWorksHere: data.currentlyWorksHere ? 1 : 0,
  };
}

export async function addEmployment(ctx: AppContext, actor: Actor, memberId: number, data: EmploymentData): Promise<EmploymentEntry[]> {
  requireOwner(actor, memberId);
  await ctx.db.transaction().execute(async (trx) => {
    const companyId = await resolveCompany({ ...ctx, db: trx }, actor, data);
    await repo.insertEmployment(trx, { memberId, ...employmentValues(data, companyId), createdAt: isoNow() });
  });
  return (await getEmployment(ctx, actor, memberId))!;
}

export async function updateEmployment(
  ctx: AppContext,
  actor: Actor,
  memberId: number,
  entryId: number,
  data: EmploymentData,
): Promise<EmploymentEntry[]> {
  requireOwner(actor, memberId);
  // One transaction: an unknown entry (404) must not leave a newly added company behind.
  await ctx.db.transaction().execute(async (trx) => {
    const companyId = await resolveCompany({ ...ctx, db: trx }, actor, data);
    if (!(await repo.updateEmployment(trx, memberId, entryId, employmentValues(data, companyId)))) {
      throw notFound("There is no such job in your work experience.");
    }
  });
  return (await getEmployment(ctx, actor, memberId))!;
}

export async function removeEmployment(ctx: AppContext, actor: Actor, memberId: number, entryId: number): Promise<EmploymentEntry[]> {
  requireOwner(actor, memberId);
  if (!(await repo.deleteEmployment(ctx.db, memberId, entryId))) throw notFound("There is no such job in your work experience.");
  return (await getEmployment(ctx, actor, memberId))!;
}

/** The job of the owner's work experience at a company: 404 when none, 400 when several. */
export async function employmentEntryId(ctx: AppContext, actor: Actor, memberId: number, companyId: number): Promise<number> {
  requireOwner(actor, memberId);
  const jobs = await repo.listEmployment(ctx.db, memberId);
  const matches = jobs.filter((j) => j.companyId === companyId);
  if (matches.length === 0) throw notFound("There is no such job in your work experience.");
  if (matches.length > 1) throw badInput("This company is in your work experience more than once: give its empInfoID.");
  return matches[0]!.entryId;
}

export async function setPhotoAccountUrl(ctx: AppContext, actor: Actor, memberId: number, url: string): Promise<void> {
  requireOwner(actor, memberId);
  await repo.upsertProfile(ctx.db, memberId, { photoAccountUrl: url }, isoNow());
}

export async function setVideoChannelId(ctx: AppContext, actor: Actor, memberId: number, channelId: string): Promise<void> {
  requireOwner(actor, memberId);
  await repo.upsertProfile(ctx.db, memberId, { videoChannelId: channelId }, isoNow());
}
