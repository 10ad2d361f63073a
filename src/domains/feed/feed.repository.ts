import { sql } from "kysely";
import type { DB } from "../../server/db/client.ts";

/** The members whose posts make up a member's feed: themself, their contacts, whom they follow. */
const networkOf = (viewerId: number) => sql<number>`(
  SELECT ${viewerId}
  UNION SELECT other_id FROM contact_link WHERE member_id = ${viewerId} AND status = 'accepted'
  UNION SELECT followed_id FROM follow WHERE follower_id = ${viewerId})`;

export interface PostRow {
  id: number;
  memberId: number;
  description: string;
  createdAt: string;
  firstName: string;
  lastName: string;
  picturePath: string | null;
}

/**
 * One page of the feed, newest first (ties in insertion order), keyset on (created_at, id): no
 * OFFSET scans. Authors who are not active are left out.
 */
export async function feedPage(db: DB, viewerId: number, limit: number, after?: { createdAt: string; id: number }): Promise<PostRow[]> {
  let q = db
    .selectFrom("post")
    .innerJoin("member", "member.id", "post.memberId")
    .select(["post.id", "post.memberId", "post.description", "post.createdAt", "member.firstName", "member.lastName", "member.picturePath"])
    .where("member.status", "=", 2)
    .where("post.memberId", "in", networkOf(viewerId));
  if (after) {
    q = q.where((eb) =>
      eb.or([eb("post.createdAt", "<", after.createdAt), eb.and([eb("post.createdAt", "=", after.createdAt), eb("post.id", ">", after.id)])]),
    );
  }
  return q.orderBy("post.createdAt", "desc").orderBy("post.id", "asc").limit(limit).execute();
}

export interface ReplyRow extends PostRow {
  postId: number;
}

/** The replies of several posts in one query, oldest first within each post. */
export async function repliesOf(db: DB, postIds: number[]): Promise<ReplyRow[]> {
  if (postIds.length === 0) return [];
  return db
    .selectFrom("postReply")
    .innerJoin("member", "member.id", "postReply.memberId")
    .select([
      "postReply.id",
      "postReply.postId",
      "postReply.memberId",
      "postReply.description",
      "postReply.createdAt",
      "member.firstName",
      "member.lastName",
      "member.picturePath",
    ])
    .where("postReply.postId", "in", postIds)
    .where("member.status", "=", 2)
    .orderBy("postReply.postId")
    .orderBy("postReply.id")
    .execute();
}

/** A post, when its author is in the viewer's network (else undefined: not visible to them). */
export const visiblePost = (db: DB, viewerId: number, postId: number) =>
  db
    .selectFrom("post")
    .innerJoin("member", "member.id", "post.memberId")
    .select(["post.id", "post.memberId", "post.description", "post.createdAt", "member.firstName", "member.lastName", "member.picturePath"])
    .where("post.id", "=", postId)
    .where("member.status", "=", 2)
    .where("post.memberId", "in", networkOf(viewerId))
    .executeTakeFirst();

export async function insertPost(db: DB, memberId: number, description: string, at: string): Promise<number> {
  const row = await db.insertInto("post").values({ memberId, description, createdAt: at }).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

export async function insertReply(db: DB, postId: number, memberId: number, description: string, at: string): Promise<number> {
  const row = await db.insertInto("postReply").values({ postId, memberId, description, createdAt: at }).returning("id").executeTakeFirstOrThrow();
  return row.id;
}
