import type { Generated } from "kysely";

/** The feed domain's tables, added to the app's Database type (src/platform/db/database.ts). */
declare module "../../platform/db/database.ts" {
  interface Database {
    post: PostTable;
    postReply: PostReplyTable;
  }
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
