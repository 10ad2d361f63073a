import type { Generated } from "kysely";

/**
 * The database as Kysely sees it (camelCase here, snake_case columns through CamelCasePlugin).
 * Dates are ISO-8601 UTC text and flags are 0/1 integers, so the same schema works on SQLite and
 * PostgreSQL and binds on both SQLite drivers.
 */
export interface MemberTable {
  id: Generated<number>;
  email: string;
  passwordHash: string;
  firstName: string;
  middleName: string;
  lastName: string;
  gender: string;
  birthDate: string;
  profileType: string;
  title: string;
  picturePath: string | null;
  status: number;
  welcomeBackPending: number;
  createdAt: string;
  updatedAt: string;
}

export interface SessionTable {
  /** SHA-256 (hex) of the token; the token itself is never stored. */
  id: string;
  memberId: number;
  /** 'full', or 'reactivate' for the token a deactivated login receives. */
  scope: string;
  userAgent: string;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
}

export interface OneTimeCodeTable {
  id: Generated<number>;
  memberId: number;
  /** 'register' | 'reset' */
  purpose: string;
  /** SHA-256 (hex) of the code; unique so a code can be looked up by itself. */
  codeHash: string;
  expiresAt: string;
  usedAt: string | null;
  createdAt: string;
}

export interface ClientLogTable {
  id: Generated<number>;
  memberId: number | null;
  level: string;
  message: string;
  stack: string;
  url: string;
  createdAt: string;
}

/** One row per member once anything of the profile was saved; reads fall back to the defaults. */
export interface MemberProfileTable {
  memberId: number;
  sport: Generated<string>;
  bio: Generated<string>;
  preferredHandFoot: Generated<string>;
  preferredPosition: Generated<string>;
  secondaryPosition: Generated<string>;
  otherSportingInterest: Generated<string>;
  currentCity: Generated<string>;
  hometown: Generated<string>;
  homeNeighborhood: Generated<string>;
  politicalView: Generated<string>;
  religiousView: Generated<string>;
  interests: Generated<string>;
  industry: Generated<string>;
  sector: Generated<string>;
  otherEmail: Generated<string>;
  facebook: Generated<string>;
  instagram: Generated<string>;
  twitter: Generated<string>;
  website: Generated<string>;
  homePhone: Generated<string>;
  cellPhone: Generated<string>;
  otherPhone: Generated<string>;
  address: Generated<string>;
  city: Generated<string>;
  neighborhood: Generated<string>;
  state: Generated<string>;
  zip: Generated<string>;
  aboutMe: Generated<string>;
  activities: Generated<string>;
  personalInterests: Generated<string>;
  specialSkills: Generated<string>;
  photoAccountUrl: Generated<string>;
  videoChannelId: Generated<string>;
  showGender: Generated<number>;
  showBirthDate: Generated<number>;
  lookingForEmployment: Generated<number>;
  lookingForNetworking: Generated<number>;
  lookingForPartnership: Generated<number>;
  lookingForRecruitment: Generated<number>;
  showAddress: Generated<number>;
  showEmail: Generated<number>;
  showCellPhone: Generated<number>;
  showHomePhone: Generated<number>;
  heightInches: number | null;
  weightLbs: number | null;
  updatedAt: Generated<string>;
}

/** Privacy levels 1 Public, 2 Private, 3 Only Contacts; search flags 1 shown to everyone, 0 contacts only. */
export interface MemberPrivacyTable {
  memberId: number;
  basicInfo: Generated<number>;
  personalInfo: Generated<number>;
  contactInfo: Generated<number>;
  education: Generated<number>;
  workInfo: Generated<number>;
  photos: Generated<number>;
  videos: Generated<number>;
  mobilePhone: Generated<number>;
  otherPhone: Generated<number>;
  emailAddress: Generated<number>;
  searchVisibility: Generated<number>;
  viewProfilePicture: Generated<number>;
  viewFriendsList: Generated<number>;
  viewLinkRequest: Generated<number>;
  viewLinkMessage: Generated<number>;
  updatedAt: Generated<string>;
}

/** An accepted contact is two rows (one each way); a pending request is the requester's row only. */
export interface ContactLinkTable {
  memberId: number;
  otherId: number;
  /** 'pending' | 'accepted' */
  status: string;
  createdAt: string;
  updatedAt: string;
}

export interface NamedTable {
  id: Generated<number>;
  name: string;
  sortOrder: Generated<number>;
}

export interface UsStateTable {
  code: string;
  name: string;
}

export interface SchoolTable {
  id: Generated<number>;
  name: string;
  city: Generated<string>;
  state: string;
  /** 1 public high school, 2 private high school, 3 college */
  type: number;
  website: Generated<string>;
  sourceId: string | null;
  addedByMemberId: number | null;
  /** 'approved' (in the shared list) or 'pending' (typed by addedByMemberId, on their entries only until an operator approves it). */
  status: Generated<ReferenceStatus>;
}

export type ReferenceStatus = "approved" | "pending";

export interface IndustryTable {
  id: Generated<number>;
  sectorId: number;
  name: string;
}

export interface CompanyTable {
  id: Generated<number>;
  industryId: number | null;
  name: string;
  website: Generated<string>;
  addedByMemberId: number | null;
  /** As SchoolTable.status. */
  status: Generated<ReferenceStatus>;
}

export interface MemberSchoolTable {
  id: Generated<number>;
  memberId: number;
  schoolId: number;
  degreeTypeId: number | null;
  major: string;
  yearClass: number | null;
  competitionLevel: string;
  societies: string;
  createdAt: string;
}

export interface MemberEmploymentTable {
  id: Generated<number>;
  memberId: number;
  companyId: number;
  title: string;
  description: string;
  city: string;
  state: string;
  startMonth: number | null;
  startYear: number | null;
  endMonth: number | null;
  endYear: number | null;
  currentlyWorksHere: number;
  createdAt: string;
}

export interface FollowTable {
  followerId: number;
  followedId: number;
  createdAt: string;
}

export interface PostTable {
  id: Generated<number>;
  memberId: number;
  description: string;
  createdAt: string;
}

export interface PostReplyTable {
  id: Generated<number>;
  postId: number;
  memberId: number;
  description: string;
  createdAt: string;
}

export interface NewsItemTable {
  id: Generated<number>;
  headerText: string;
  text: string;
  imageUrl: string | null;
  navigateUrl: string;
  postingDate: string;
  /** 'manual' | 'feed' */
  source: string;
  guid: string | null;
  createdAt: string;
}

export interface AdItemTable {
  id: Generated<number>;
  type: string;
  headerText: string;
  text: string;
  imageUrl: string | null;
  navigateUrl: string;
  sortOrder: number;
}

export interface AdEnquiryTable {
  id: Generated<number>;
  firstName: string;
  lastName: string;
  company: string;
  email: string;
  phone: string;
  country: string;
  title: string;
  createdAt: string;
}

/** Notification switches (spec section 3); one row once saved, reads fall back to all on. */
export interface MemberNotificationSettingsTable {
  memberId: number;
  sendMsg: Generated<number>;
  addAsFriend: Generated<number>;
  confirmFriendshipRequest: Generated<number>;
  repliesToHelpQuest: Generated<number>;
  updatedAt: Generated<string>;
}

/** The member's security question (1-6) and the Argon2 hash of the normalised answer. */
export interface MemberSecurityQuestionTable {
  memberId: number;
  questionId: number;
  answerHash: string;
  updatedAt: string;
}

/** Why a member deactivated (reason 1-5, 0 Other, null none chosen): kept for the operator. */
export interface MemberDeactivationTable {
  id: Generated<number>;
  memberId: number;
  reason: number | null;
  explanation: string;
  createdAt: string;
}

/** An e-mail change waiting for the code sent to the new address (SHA-256 of the code only). */
export interface PendingEmailChangeTable {
  memberId: number;
  newEmail: string;
  codeHash: string;
  expiresAt: string;
  createdAt: string;
}

/** A private message as sent, once; each member reads and changes only their own copy. */
export interface MessageTable {
  id: Generated<number>;
  senderId: number;
  recipientId: number;
  subject: string;
  body: string;
  createdAt: string;
}

/** One member's copy of a message: the recipient's in 'inbox', the sender's in 'sent'. */
export interface MessageCopyTable {
  id: Generated<number>;
  messageId: number;
  ownerId: number;
  box: "inbox" | "sent";
  isRead: Generated<number>;
  createdAt: string;
}

export interface NotificationTable {
  id: Generated<number>;
  memberId: number;
  kind: string;
  subject: string;
  text: string;
  link: Generated<string>;
  actorId: number | null;
  isRead: Generated<number>;
  createdAt: string;
}

/** The per-member log of live events (replayed after a reconnect). */
export interface LiveEventTable {
  id: Generated<number>;
  memberId: number;
  type: string;
  data: Generated<string>;
  createdAt: string;
}

export interface Database {
  member: MemberTable;
  session: SessionTable;
  oneTimeCode: OneTimeCodeTable;
  clientLog: ClientLogTable;
  memberProfile: MemberProfileTable;
  memberPrivacy: MemberPrivacyTable;
  contactLink: ContactLinkTable;
  sport: NamedTable;
  degreeType: NamedTable;
  competitionLevel: NamedTable;
  otherSportingInterest: NamedTable;
  interest: NamedTable;
  sector: NamedTable;
  usState: UsStateTable;
  school: SchoolTable;
  industry: IndustryTable;
  company: CompanyTable;
  memberSchool: MemberSchoolTable;
  memberEmployment: MemberEmploymentTable;
  follow: FollowTable;
  memberNotificationSettings: MemberNotificationSettingsTable;
  memberSecurityQuestion: MemberSecurityQuestionTable;
  memberDeactivation: MemberDeactivationTable;
  pendingEmailChange: PendingEmailChangeTable;
  post: PostTable;
  postReply: PostReplyTable;
  newsItem: NewsItemTable;
  adItem: AdItemTable;
  adEnquiry: AdEnquiryTable;
  message: MessageTable;
  messageCopy: MessageCopyTable;
  notification: NotificationTable;
  liveEvent: LiveEventTable;
}
