import type { Generated } from "kysely";

/** The feed domain's tables, added to the app's Database type (src/platform/db/database.ts). */
declare module "../../platform/db/database.ts" {
  interface Database {
    post: PostTable;
    postReply: PostReplyTable;
    postLike: PostLikeTable;
  }
}

export interface PostTable {
  id: Generated<number>;
  memberId: number;
  description: string;
  createdAt: string;
  /** When a moderator removed it (decision 035): hidden everywhere. */
  removedAt: string | null;
}

export interface PostReplyTable {
  id: Generated<number>;
  postId: number;
  memberId: number;
  description: string;
  createdAt: string;
  /** When a moderator removed it (decision 035): hidden everywhere. */
  removedAt: string | null;
}

/** One member's like of one post (primary key: post_id, member_id). */
export interface PostLikeTable {
  postId: number;
  memberId: number;
  createdAt: string;
}
