import type { Generated } from "kysely";

/** The profiles domain's tables, added to the app's Database type (src/platform/db/database.ts). */
declare module "../../platform/db/database.ts" {
  interface Database {
    memberProfile: MemberProfileTable;
    memberSchool: MemberSchoolTable;
    memberEmployment: MemberEmploymentTable;
  }
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
