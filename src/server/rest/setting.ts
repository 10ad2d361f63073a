import {
  confirmEmailChangeInput,
  deactivateInput,
  emailChangeInput,
  nameInput,
  NOTIFICATION_KEYS,
  type NotificationKey,
  type NotificationSettings,
  notificationSettingsInput,
  passwordChangeInput,
  type PrivacySettings,
  type ProfilePrivacyKey,
  profilePrivacyInput,
  SECURITY_QUESTIONS,
  type SearchPrivacy,
  searchPrivacyInput,
  securityQuestionInput,
  SELECT_PLACEHOLDER,
} from "../../domains/settings/settings.schema.ts";
import * as settings from "../../domains/settings/settings.service.ts";
import { badInput } from "../../shared/errors.ts";
import { texts } from "../../shared/texts.ts";
import { actorOf, type Controller, fields, firstGiven, type Ownership, type RestRequest } from "./registry.ts";

/*
 * setting/* of the original service: thin adapters over the settings service. Every action but
 * ConfirmMemberEmailInfo needs a session, and the member id ({id} in the path, or memberID in the
 * query or body) must be the caller's: settings are private data (403 otherwise; 400 when missing or
 * malformed). Bad input answers 400 {message} and writes nothing. memberID is a string, as in the
 * login result.
 *
 * Reads
 * - GetMemberNameInfo/{id}: a list of one item {memberID, firstName, middleName, lastName, email,
 *   pendingEmail, securityQuestion, securityQuestionText, hasSecurityAnswer}. securityQuestion is the
 *   chosen question's id as a string ("1"-"6", the values of the legacy select) or "select" when none
 *   was chosen; the answer is stored only as an Argon2 hash and is never answered. pendingEmail is
 *   the address waiting for its confirmation code ("" when none).
 * - GetMemberNotifications/{id}: a list of one item {memberID (a number), sendMsg, addAsFriend,
 *   confirmFriendShipRequest, repliesToYourHelpQuest}, the switches as JSON booleans (all true until saved).
 * - GetProfileSettings/{id}: a list of one item with the keys of spec section 3 "Profile visibility
 *   settings". Levels are strings "1" Public (signed-in members), "2" Private, "3" Only Contacts:
 *   basicInfo, personalInfo, contactInfo, education, workInfo, mobilePhone, otherPhone, emailAddress
 *   as named; photosTagOfYou = the Photos tab, videosTagOfYou = the Videos tab; profile = the basic
 *   info level (the profile's main section) and email = the e-mail address level (aliases the
 *   legacy form also reads). IMdisplayName is "" (Sideline keeps no instant-messaging name). ID is
 *   the member id (one settings row per member). homePhone and address are their details' levels
 *   (decision 037: each contact detail has one control, its level; every detail is "2" until set).
 * - GetPrivacySearchSettings/{id}: {memberID, visibility ("1" Everyone, "2" Only Contacts),
 *   viewProfilePicture, viewFriendsList, viewLinkToRequestAddingYouAsFriend, viewLinkToSendYouMsg}
 *   (booleans: true = shown to every member who finds you, false = only to contacts), plus the
 *   spec's spellings viewLinksToRequestAddingYouAsFriend and viewLinkTSendYouMsg with the same values,
 *   and findableByAdults (a minor's opt-in to be found by adults who are not contacts; false by default).
 *
 * Writes (PUT)
 * - SaveMemberNameInfo/{id}?fName&mName&lName (firstName, middleName, lastName also accepted):
 *   {memberID, firstName, middleName, lastName}. "First name required." / "Last name required.".
 * - SaveMemberEmailInfo/{id}?email: nothing changes yet. A code goes to the new address (valid 24
 *   hours, with a link to settings/account-setting?confirmEmail&code) and the current address is
 *   told. Answers {memberID, email (still the current one), pendingEmail, message}. 400 "This
 *   e-mail address is already in use." when another account has it. Rate-limited as mail.
 * - ConfirmMemberEmailInfo {email, code} (PUT or POST, public; not in the original service): makes
 *   the confirmed address the account's; sessions stay. {memberID, email}; a wrong, used or expired
 *   code: 400 "The code entered is invalid or expired.".
 * - SavePasswordInfo {memberID, pwd, code, confirmPwd}: code is the current password (required),
 *   pwd the new one (5 or more characters), confirmPwd optional (must match pwd when sent). A wrong
 *   current password: 400 "The current password you entered is not correct." (attempts are
 *   rate-limited like logins). On success every other session of the member ends, the token used
 *   stays valid, and the member is told by e-mail: {memberID, message}.
 * - SaveSecurityQuestionInfo/{id}?questionID&answer: questionID 1-6 ("select" or missing: "Security
 *   question required."), answer required ("Your answer is required.", at most 200 characters; kept
 *   only as an Argon2 hash of the trimmed, lower-cased answer): {memberID, securityQuestion,
 *   securityQuestionText, hasSecurityAnswer: true}.
 * - DeactivateAccount/{id}?reason&explanation&futureEmail: reason 1-5 or 0 (Other), "select" or
 *   missing for none; explanation at most 2000 characters; futureEmail accepted and ignored. The
 *   account gets status 3 and every session ends, the token used included: {memberID,
 *   currentStatus: "3"}. The reason and explanation are kept for the operator.
 * - SaveNotificationSettings/{id} (JSON body with the four switches, true/false or 1/0; a switch left
 *   out keeps its value, a body with none of them is 400): the saved settings as GetMemberNotifications.
 * - SaveProfileSettings/{id} (JSON body with the keys of GetProfileSettings, levels 1-3 as numbers or
 *   strings; basicInfo wins over profile, emailAddress over email, photosTagOfYou / videosTagOfYou
 *   set photos / videos; a key left out keeps its value, a body with none of them is 400; ID, memberID
 *   and IMdisplayName are ignored): the saved item (an object, not a list).
 * - SavePrivacySearchSettings/{id}?visibility&viewProfilePicture&viewFriendsList&
 *   viewLinkToRequestAddingYouAsFriend&viewLinkToSendYouMsg(&findableByAdults): a setting left out
 *   keeps its value; flags true/false or 1/0: the saved settings as GetPrivacySearchSettings.
 */

/** The member id of the action ({id} in the path, else memberID): the caller's own, else 403. */
const OWN: Ownership = { memberId: "pathOrField", refusal: "Settings are private: the member id must be your own." };

const questionText = (id: number | null) => SECURITY_QUESTIONS.find((q) => q.id === id)?.text ?? "";

/** The notification switches, as the original's NotificationsSettingModel (memberID a number). */
function legacyNotifications(memberId: number, n: NotificationSettings) {
  return { memberID: memberId, ...n };
}

/**
 * The original's PrivacySearchSettingsModel, which GetProfileSettings and GetPrivacySearchSettings
 * both answered: the profile levels as text, the search visibility as text, the view flags as
 * booleans and the account's e-mail address.
 */
function legacyPrivacySettings(memberId: number, privacy: PrivacySettings, email: string) {
  const s = (n: number) => String(n);
  const { profile: p, search } = privacy;
  return {
    ID: String(memberId),
    memberID: String(memberId),
    profile: s(p.basicInfo),
    basicInfo: s(p.basicInfo),
    personalInfo: s(p.personalInfo),
    photosTagOfYou: s(p.photos),
    videosTagOfYou: s(p.videos),
    contactInfo: s(p.contactInfo),
    education: s(p.education),
    workInfo: s(p.workInfo),
    IMdisplayName: "",
    mobilePhone: s(p.mobilePhone),
    otherPhone: s(p.otherPhone),
    emailAddress: s(p.emailAddress),
    homePhone: s(p.homePhone),
    address: s(p.address),
    visibility: String(search.visibility),
    viewProfilePicture: search.viewProfilePicture,
    viewFriendsList: search.viewFriendsList,
    viewLinksToRequestAddingYouAsFriend: search.viewLinkToRequestAddingYouAsFriend,
    viewLinkTSendYouMsg: search.viewLinkToSendYouMsg,
    // The names SavePrivacySearchSettings takes, with the same values.
    viewLinkToRequestAddingYouAsFriend: search.viewLinkToRequestAddingYouAsFriend,
    viewLinkToSendYouMsg: search.viewLinkToSendYouMsg,
    findableByAdults: search.findableByAdults,
    email,
  };
}

/** The caller's privacy settings item (see legacyPrivacySettings), read or after a save. */
async function privacySettingsItem(req: RestRequest, privacy?: PrivacySettings) {
  const actor = actorOf(req);
  const [settingsNow, emailInfo] = await Promise.all([
    privacy ?? settings.getPrivacy(req.app, actor),
    settings.getEmailInfo(req.app, actor),
  ]);
  return legacyPrivacySettings(actor.memberId, settingsNow, emailInfo.email);
}

/** Legacy names of the Profile visibility settings -> the level each sets (first present wins). */
const PROFILE_SOURCES: Record<ProfilePrivacyKey, readonly string[]> = {
  basicInfo: ["basicInfo", "profile"],
  personalInfo: ["personalInfo"],
  contactInfo: ["contactInfo"],
  education: ["education"],
  workInfo: ["workInfo"],
  photos: ["photosTagOfYou", "photos"],
  videos: ["videosTagOfYou", "videos"],
  mobilePhone: ["mobilePhone"],
  homePhone: ["homePhone"],
  otherPhone: ["otherPhone"],
  emailAddress: ["emailAddress"],
  address: ["address"],
};

/** SaveNotificationSettings: each switch under its own name. */
const NOTIFICATION_SOURCES = Object.fromEntries(NOTIFICATION_KEYS.map((k) => [k, [k] as readonly string[]])) as Record<
  NotificationKey,
  readonly string[]
>;

/** SavePrivacySearchSettings: each setting and the legacy names that set it (first present wins). */
const SEARCH_SOURCES: Record<keyof SearchPrivacy, readonly string[]> = {
  visibility: ["visibility"],
  viewProfilePicture: ["viewProfilePicture"],
  viewFriendsList: ["viewFriendsList"],
  viewLinkToRequestAddingYouAsFriend: ["viewLinkToRequestAddingYouAsFriend", "viewLinksToRequestAddingYouAsFriend"],
  viewLinkToSendYouMsg: ["viewLinkToSendYouMsg", "viewLinkTSendYouMsg"],
  findableByAdults: ["findableByAdults"],
};

/**
 * The settings a legacy save names, each from the first of its legacy names the client sent, the
 * current value for a setting left out (a missing field never reads as false): 400 when none is sent.
 */
function mergeSent<K extends string>(
  req: RestRequest,
  sources: Record<K, readonly string[]>,
  current: Record<K, unknown>,
  what: string,
): Record<K, unknown> {
  const names = [...new Set(Object.values<readonly string[]>(sources).flat())];
  const sent = fields(req, names);
  if (names.every((name) => sent[name] === undefined)) throw badInput(`Send the ${what}: ${Object.keys(sources).join(", ")}.`);
  const keys = Object.keys(sources) as K[];
  return Object.fromEntries(keys.map((k) => [k, firstGiven(...sources[k].map((name) => sent[name])) ?? current[k]])) as Record<K, unknown>;
}

export const setting: Controller = {
  GetMemberNameInfo: {
    methods: ["GET"],
    own: OWN,
    handler: async (req) => {
      const actor = actorOf(req);
      const memberId = actor.memberId;
      const [name, question, email] = await Promise.all([
        settings.getName(req.app, actor),
        settings.getSecurityQuestion(req.app, actor),
        settings.getEmailInfo(req.app, actor),
      ]);
      return [
        {
          memberID: String(memberId),
          ...name,
          email: email.email,
          pendingEmail: email.pendingEmail ?? "",
          securityQuestion: question.questionId === null ? SELECT_PLACEHOLDER : String(question.questionId),
          securityQuestionText: questionText(question.questionId),
          hasSecurityAnswer: question.hasAnswer,
        },
      ];
    },
  },

  // Lists of one item, as the original answered these readers.
  GetMemberNotifications: {
    methods: ["GET"],
    own: OWN,
    handler: async (req) => [legacyNotifications(actorOf(req).memberId, await settings.getNotificationSettings(req.app, actorOf(req)))],
  },
  GetProfileSettings: { methods: ["GET"], own: OWN, handler: async (req) => [await privacySettingsItem(req)] },
  GetPrivacySearchSettings: { methods: ["GET"], own: OWN, handler: async (req) => [await privacySettingsItem(req)] },

  SaveMemberNameInfo: {
    methods: ["PUT"],
    own: OWN,
    handler: async (req) => {
      const memberId = actorOf(req).memberId;
      const f = fields(req, ["fName", "mName", "lName", "firstName", "middleName", "lastName"]);
      const data = nameInput.parse({
        firstName: firstGiven(f.fName, f.firstName),
        middleName: firstGiven(f.mName, f.middleName),
        lastName: firstGiven(f.lName, f.lastName),
      });
      const saved = await settings.saveName(req.app, actorOf(req), data);
      return { memberID: String(memberId), ...saved };
    },
  },

  SaveMemberEmailInfo: {
    methods: ["PUT"],
    own: OWN,
    handler: async (req) => {
      const memberId = actorOf(req).memberId;
      const { email } = emailChangeInput.parse(fields(req, ["email"]));
      const actor = actorOf(req);
      const requested = await settings.requestEmailChange(req.app, actor, email, req.meta);
      const info = await settings.getEmailInfo(req.app, actor);
      return {
        memberID: String(memberId),
        email: info.email,
        pendingEmail: requested.pendingEmail,
        message: texts.emailChangeCodeSent.replace("{email}", requested.pendingEmail),
      };
    },
  },

  ConfirmMemberEmailInfo: {
    methods: ["PUT", "POST"],
    public: true,
    handler: async (req) => {
      const input = confirmEmailChangeInput.parse(fields(req, ["email", "code"]));
      const done = await settings.confirmEmailChange(req.app, input, req.meta);
      return { memberID: String(done.memberId), email: done.email };
    },
  },

  SavePasswordInfo: {
    methods: ["PUT"],
    own: OWN,
    handler: async (req) => {
      const memberId = actorOf(req).memberId;
      const f = fields(req, ["pwd", "code", "confirmPwd"]);
      const data = passwordChangeInput.parse({
        currentPassword: f.code,
        newPassword: f.pwd,
        // The original client sends no confirmation: then the new password confirms itself.
        confirmPassword: f.confirmPwd ?? f.pwd,
      });
      const done = await settings.changePassword(req.app, actorOf(req), data, req.meta);
      return { memberID: String(memberId), message: texts.passwordChangedOtherDevices, otherSessionsEnded: done.otherSessionsEnded };
    },
  },

  SaveSecurityQuestionInfo: {
    methods: ["PUT"],
    own: OWN,
    handler: async (req) => {
      const memberId = actorOf(req).memberId;
      const f = fields(req, ["questionID", "answer"]);
      const data = securityQuestionInput.parse({ questionId: f.questionID, answer: f.answer });
      const saved = await settings.saveSecurityQuestion(req.app, actorOf(req), data);
      return {
        memberID: String(memberId),
        securityQuestion: String(saved.questionId),
        securityQuestionText: questionText(saved.questionId),
        hasSecurityAnswer: saved.hasAnswer,
      };
    },
  },

  DeactivateAccount: {
    methods: ["PUT"],
    own: OWN,
    handler: async (req) => {
      const memberId = actorOf(req).memberId;
      const data = deactivateInput.parse(fields(req, ["reason", "explanation", "futureEmail"]));
      await settings.deactivate(req.app, actorOf(req), data);
      return { memberID: String(memberId), currentStatus: "3" };
    },
  },

  SaveNotificationSettings: {
    methods: ["PUT"],
    own: OWN,
    handler: async (req) => {
      const actor = actorOf(req);
      const current = await settings.getNotificationSettings(req.app, actor);
      const data = notificationSettingsInput.parse(mergeSent(req, NOTIFICATION_SOURCES, current, "notification settings"));
      return legacyNotifications(actor.memberId, await settings.saveNotificationSettings(req.app, actor, data));
    },
  },

  SaveProfileSettings: {
    methods: ["PUT"],
    own: OWN,
    handler: async (req) => {
      const actor = actorOf(req);
      const current = await settings.getPrivacy(req.app, actor);
      const data = profilePrivacyInput.parse(mergeSent(req, PROFILE_SOURCES, current.profile, "profile settings"));
      const profile = await settings.saveProfilePrivacy(req.app, actor, data);
      return privacySettingsItem(req, { ...current, profile });
    },
  },

  SavePrivacySearchSettings: {
    methods: ["PUT"],
    own: OWN,
    handler: async (req) => {
      const actor = actorOf(req);
      const current = await settings.getPrivacy(req.app, actor);
      const data = searchPrivacyInput.parse(mergeSent(req, SEARCH_SOURCES, current.search, "search privacy settings"));
      const search = await settings.saveSearchPrivacy(req.app, actor, data);
      return privacySettingsItem(req, { ...current, search });
    },
  },
};
