import type { Generated } from "kysely";

/** The privacy domain's table, added to the app's Database type (src/platform/db/database.ts). */
declare module "../../platform/db/database.ts" {
  interface Database {
    memberPrivacy: MemberPrivacyTable;
  }
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
  homePhone: Generated<number>;
  address: Generated<number>;
  searchVisibility: Generated<number>;
  viewProfilePicture: Generated<number>;
  viewFriendsList: Generated<number>;
  viewLinkRequest: Generated<number>;
  viewLinkMessage: Generated<number>;
  /** A minor's opt-in to be found by adults who are not their contacts (search and suggestions). */
  minorFindable: Generated<number>;
  updatedAt: Generated<string>;
}
