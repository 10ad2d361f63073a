/** The contacts domain's tables, added to the app's Database type (src/platform/db/database.ts). */
declare module "../../platform/db/database.ts" {
  interface Database {
    contactLink: ContactLinkTable;
    follow: FollowTable;
    contactRejection: ContactRejectionTable;
  }
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

export interface FollowTable {
  followerId: number;
  followedId: number;
  createdAt: string;
}

/** A request the member rejected: the requester stays out of their suggestions for 90 days (REJECTED_HIDDEN_DAYS). */
export interface ContactRejectionTable {
  memberId: number;
  rejectedId: number;
  rejectedAt: string;
}

declare module "../../platform/db/database.ts" {
  interface Database {
    memberBlock: MemberBlockTable;
  }
}

/** `blockerId` blocked `blockedId` (decision 035): while it exists neither reaches the other. */
export interface MemberBlockTable {
  blockerId: number;
  blockedId: number;
  createdAt: string;
}
