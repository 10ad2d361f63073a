import { type RawBuilder, sql } from "kysely";
import type { DB } from "../../platform/db/client.ts";
import { VISIBLE_STATUS } from "../../shared/members.ts";
import { precompiled, precompiledPer } from "../../platform/db/precompiled.ts";
import { idIn, idInSlots, type IdSlots, idSlotCount, idSlotValues, isPostgres } from "../../platform/db/dialect.ts";
import { notBlockedBetween } from "../../platform/db/member-block.ts";
import { listedToViewer, viewerCutoff } from "../../platform/db/minor-shown.ts";

export interface PostRow {
  id: number;
  memberId: number;
  description: string;
  createdAt: string;
  firstName: string;
  lastName: string;
  picturePath: string | null;
}

/** A post of a page with its likes: the count and 1 when the viewer likes it. */
export interface LikedPostRow extends PostRow {
  /** A number on SQLite, a bigint's text on PostgreSQL: read it through Number(). */
  likeCount: number | string;
  liked: number;
}

type After = { createdAt: string; id: number } | undefined;

/**
 * A whole number bound as an integer: Bun binds JavaScript numbers as doubles, and comparing
 * integer keys with a double made this statement several times slower (measured: 264 → 45 µs).
 */
const int = (n: number) => sql<number>`CAST(${n} AS INTEGER)`;

/** Rows strictly after the cursor in feed order (created_at newest first, then id). */
const afterCursor = (createdAt: ReturnType<typeof sql.ref>, id: ReturnType<typeof sql.ref>, after: After) =>
  after ? sql`AND (${createdAt} < ${after.createdAt} OR (${createdAt} = ${after.createdAt} AND ${id} > ${int(after.id)}))` : sql``;

/** The author is the viewer, an accepted contact of theirs or followed by them (primary-key probes). */
const inNetworkOf = (viewer: RawBuilder<number>, author: ReturnType<typeof sql.ref>, probes = false) => {
  // PostgreSQL turns each EXISTS into a hash of all the viewer's rows when it guesses many rows to
  // test (a member following 2,000: 2,000 rows hashed three times per feed page), though the page's
  // LIMIT stops after a few; OFFSET 0 keeps it a probe of the primary key per row tested.
  const perRow = sql.raw(probes ? " OFFSET 0" : "");
  return sql`(${author} = ${viewer}
    OR EXISTS (SELECT 1 FROM follow WHERE follower_id = ${viewer} AND followed_id = ${author}${perRow})
    OR EXISTS (SELECT 1 FROM contact_link WHERE member_id = ${viewer} AND other_id = ${author} AND status = 'accepted'${perRow}))`;
};

const isActive = (author: ReturnType<typeof sql.ref>) =>
  sql`EXISTS (SELECT 1 FROM member WHERE id = ${author} AND status = ${sql.lit(VISIBLE_STATUS)})`;
const HORIZON = sql`(SELECT horizon FROM timeline_state WHERE id = 1)`;

/**
 * The like columns of a post row (decision 030): like_count counts its likes on the primary key
 * alone (post_id first: one range of the index per post, no row read), liked says whether the
 * viewer is one of them (one probe).
 */
const likesOfPost = (postId: ReturnType<typeof sql.ref>, viewerId: number) => sql`
      (SELECT count(*) FROM post_like WHERE post_id = ${postId}) AS like_count,
      CASE WHEN EXISTS (SELECT 1 FROM post_like WHERE post_id = ${postId} AND member_id = ${int(viewerId)}) THEN 1 ELSE 0 END AS liked`;

/**
 * One page of the feed, newest first (ties in insertion order), keyset on (created_at, id): no
 * OFFSET scans. Authors who are not active are left out. One statement (decision 011):
 * - posts since the timeline's horizon come from the viewer's timeline rows, merged with the
 *   posts of the largest accounts they follow (pull path) and the posts still waiting for their
 *   fan-out (the queue, usually empty); each candidate's author is checked against the network;
 * - only when those give less than a page are older posts read from the post table, driven from
 *   the viewer's network through post(member_id, created_at, id).
 */
export async function feedPage(
  db: DB,
  viewerId: number,
  limit: number,
  after?: { createdAt: string; id: number },
): Promise<LikedPostRow[]> {
  return after
    ? feedPageStatement(limit, true)(db, { viewerId, createdAt: after.createdAt, id: after.id })
    : feedPageStatement(limit, false)(db, { viewerId, createdAt: "", id: 0 });
}

/**
 * Precompiled (a page is the most frequent read, and PostgreSQL took longer to plan this statement
 * than to run it): for each page size (1 to 50), one statement for the first page and one for the
 * pages after a cursor. The size is written into the text so that PostgreSQL's plan for any viewer
 * (its generic plan) can be chosen, as a bound LIMIT it would guess a tenth of the rows.
 */
const feedPageStatement = precompiledPer(
  (limit: number, afterCursor: boolean) => (db, p: { viewerId: number; createdAt: string; id: number }) => ({
    compile: () => feedPageQuery(db, p.viewerId, limit, afterCursor ? { createdAt: p.createdAt, id: p.id } : undefined).compile(db),
  }),
);

/** The statement of feedPage on `db`'s engine (for EXPLAIN QUERY PLAN). */
export function feedPageQuery(db: DB, viewerId: number, limit: number, after?: { createdAt: string; id: number }) {
  const pg = isPostgres(db);
  // PostgreSQL: the viewer's id as a subquery's value, which the planner does not look into, so a
  // plan made for one viewer expects the rows of an average one (as the generic plan does) and the
  // generic plan stays chosen: knowing the value, it estimated the viewer's timeline rows from the
  // statistics, and after an ANALYZE of the timeline the custom plans came out cheaper, so every
  // page was planned again (2-3 ms; decision 055).
  const [viewer, lim] = [pg ? sql<number>`(SELECT ${int(viewerId)})` : int(viewerId), sql.lit(limit)];
  // SQLite reads a CROSS JOIN in the order written (the plan decision 011 measured); PostgreSQL has
  // no CROSS JOIN ... ON and orders the joins itself.
  const join = sql.raw(isPostgres(db) ? "JOIN" : "CROSS JOIN");
  const t = { at: sql.ref("t.created_at"), id: sql.ref("t.post_id"), author: sql.ref("t.author_id") };
  const p = { at: sql.ref("p.created_at"), id: sql.ref("p.id"), author: sql.ref("p.member_id") };
  const q = { at: sql.ref("q.created_at"), id: sql.ref("q.post_id") };
  const q2 = { at: sql.ref("q2.created_at"), id: sql.ref("q2.post_id") };
  const qa = { author: sql.ref("qa.author_id") };
  const pa = sql.ref("a.member_id");
  // The queued posts of the viewer's network, at most a page per author: a range of the queue's
  // (author_id, created_at DESC, post_id) index for each queued author, however long a backlog.
  // PostgreSQL reads it per author through LATERAL (joined, it sorted the whole queue); SQLite,
  // which has no LATERAL, down to each author's page-th newest queued post.
  const queuedPosts = isPostgres(db)
    ? sql`
        SELECT q.post_id, q.created_at FROM queued_author qa
        CROSS JOIN LATERAL (
          SELECT q.post_id, q.created_at FROM timeline_queue q
          WHERE q.author_id = qa.author_id AND q.created_at >= ${HORIZON} ${afterCursor(q.at, q.id, after)}
          ORDER BY q.created_at DESC, q.post_id LIMIT ${lim}) q
        WHERE ${inNetworkOf(viewer, qa.author, pg)} AND ${isActive(qa.author)}
        ORDER BY q.created_at DESC, q.post_id LIMIT ${lim}`
    : sql`
        SELECT q.post_id, q.created_at FROM queued_author qa
        CROSS JOIN timeline_queue q ON q.author_id = qa.author_id
        WHERE ${inNetworkOf(viewer, qa.author)} AND ${isActive(qa.author)} ${afterCursor(q.at, q.id, after)}
          AND q.created_at >= max(${HORIZON}, coalesce((
            SELECT q2.created_at FROM timeline_queue q2
            WHERE q2.author_id = qa.author_id AND q2.created_at >= ${HORIZON} ${afterCursor(q2.at, q2.id, after)}
            ORDER BY q2.created_at DESC, q2.post_id LIMIT 1 OFFSET ${lim} - 1), ''))
        ORDER BY q.created_at DESC, q.post_id LIMIT ${lim}`;
  return sql<LikedPostRow>`
    WITH RECURSIVE
    -- The authors with queued posts, one index seek each (a skip scan: a backlog is one author).
    queued_author (author_id) AS (
      SELECT min(author_id) FROM timeline_queue
      UNION ALL
      SELECT (SELECT min(author_id) FROM timeline_queue WHERE author_id > qa.author_id) FROM queued_author qa WHERE qa.author_id IS NOT NULL
    ),
    fast AS MATERIALIZED (
      SELECT * FROM (
        SELECT t.post_id AS id, t.created_at AS created_at FROM timeline t
        WHERE t.member_id = ${viewer} AND t.created_at >= ${HORIZON} ${afterCursor(t.at, t.id, after)}
          AND ${isActive(t.author)} AND ${inNetworkOf(viewer, t.author, pg)}
        ORDER BY t.created_at DESC, t.post_id LIMIT ${lim})
      UNION
      SELECT * FROM (
        SELECT p.id, p.created_at FROM timeline_pull_author a ${join} post p ON p.member_id = a.member_id
        WHERE ${inNetworkOf(viewer, pa, pg)} AND p.created_at >= ${HORIZON} ${afterCursor(p.at, p.id, after)} AND ${isActive(pa)}
        ORDER BY p.created_at DESC, p.id LIMIT ${lim})
      UNION
      SELECT * FROM (${queuedPosts})
    ),
    network (id) AS (
      SELECT ${viewer}
      UNION SELECT other_id FROM contact_link WHERE member_id = ${viewer} AND status = 'accepted'
      UNION SELECT followed_id FROM follow WHERE follower_id = ${viewer}
    ),
    older AS (
      SELECT p.id, p.created_at FROM network n ${join} post p ON p.member_id = n.id
      WHERE p.created_at < ${HORIZON} ${afterCursor(p.at, p.id, after)} AND ${isActive(p.author)} AND p.removed_at IS NULL
      ORDER BY p.created_at DESC, p.id
      -- A limit of 0 when the timeline filled the page: SQLite then skips this part, network included.
      LIMIT CASE WHEN (SELECT count(*) FROM fast) < ${lim} THEN ${lim} ELSE 0 END
    )
    SELECT post.id, post.member_id, post.description, post.created_at, member.first_name, member.last_name, member.picture_path,
      ${likesOfPost(sql.ref("post.id"), viewerId)}
    FROM (SELECT id FROM fast UNION ALL SELECT id FROM older) c
    ${join} post ON post.id = c.id
    ${join} member ON member.id = post.member_id
    -- Removed by a moderator, or by a member blocked either way (decision 035; blocking also ends the
    -- links that put an author in the network, so this only closes a race): probes per page row.
    WHERE post.removed_at IS NULL AND ${notBlockedBetween(sql.ref("post.member_id"), viewer)}
    ORDER BY post.created_at DESC, post.id
    LIMIT ${lim}`;
}

export interface ReplyRow extends PostRow {
  postId: number;
}

/**
 * The replies of several posts in one query, oldest first within each post: not removed, and none
 * by a member blocked either way with the viewer (decision 035).
 */
export async function repliesOf(db: DB, viewerId: number, postIds: number[], adultBornBy: string): Promise<ReplyRow[]> {
  if (postIds.length === 0) return [];
  // PostgreSQL: one prepared text per slot count (idInSlots); SQLite keeps its `IN` list.
  return isPostgres(db)
    ? repliesOfSlots(idSlotCount(postIds.length))(db, { viewerId, adultBornBy, ...idSlotValues(postIds) })
    : repliesQuery(db, viewerId, adultBornBy, idIn("post_reply.post_id", postIds)).execute();
}
const repliesOfSlots = precompiledPer(
  (slots: number) => (db: DB, p: { viewerId: number; adultBornBy: string } & IdSlots) =>
    repliesQuery(db, p.viewerId, p.adultBornBy, idInSlots("post_reply.post_id", p, slots)),
);
const repliesQuery = (db: DB, viewerId: number, adultBornBy: string, ofPosts: RawBuilder<boolean>) =>
  shownReplies(db, viewerId, adultBornBy).where(ofPosts).orderBy("postReply.postId").orderBy("postReply.id");

/**
 * The replies a viewer may see (before choosing which): not removed, by an active member, none by
 * a member blocked either way with the viewer (decision 035), and a minor's only where the viewer
 * may see them or is the post's author (decision 040). repliesOf and visibleReply share it.
 */
const shownReplies = (db: DB, viewerId: number, adultBornBy: string) =>
  db
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
    .where("member.status", "=", VISIBLE_STATUS)
    .where("postReply.removedAt", "is", null)
    .where(notBlockedBetween(sql.ref("post_reply.member_id"), int(viewerId)))
    // A minor's reply is left out for an adult who may not see them, but not for the post's author (decision 040).
    .where(
      sql<boolean>`(${listedToViewer(sql.ref("post_reply.member_id"), sql.ref("member.birth_date"), int(viewerId), viewerCutoff(int(viewerId), adultBornBy))}
        OR EXISTS (SELECT 1 FROM post WHERE post.id = post_reply.post_id AND post.member_id = ${int(viewerId)}))`,
    );

/** A reply as repliesOf would show it to this viewer (its post's visibility is checked apart), else undefined. */
export const visibleReply = (db: DB, viewerId: number, replyId: number, adultBornBy: string) =>
  shownReplies(db, viewerId, adultBornBy).where("postReply.id", "=", replyId).executeTakeFirst();

/** A post, when its author is in the viewer's network (else undefined: not visible to them). */
export const visiblePost = (db: DB, viewerId: number, postId: number) =>
  db
    .selectFrom("post")
    .innerJoin("member", "member.id", "post.memberId")
    .select(["post.id", "post.memberId", "post.description", "post.createdAt", "member.firstName", "member.lastName", "member.picturePath"])
    .where("post.id", "=", postId)
    .where("member.status", "=", VISIBLE_STATUS)
    .where("post.removedAt", "is", null)
    .where(sql<boolean>`${inNetworkOf(int(viewerId), sql.ref("post.member_id"))}`)
    .executeTakeFirst();

/**
 * What a reply by `actorId` to `postId` needs, in one statement: the post's author when the post is
 * visible to the actor (else undefined), and the actor's name and picture (null when no member).
 * Precompiled, as the reply's insert: they run on every reply.
 */
export async function replyTarget(db: DB, actorId: number, postId: number) {
  return (await replyTargetQuery(db, { actorId, postId }))[0];
}

const replyTargetQuery = precompiled((db, p: { actorId: number; postId: number }) =>
  db
    .selectFrom("post")
    .innerJoin("member", "member.id", "post.memberId")
    .leftJoin("member as actor", (j) => j.on("actor.id", "=", p.actorId))
    .select(["post.memberId", "actor.firstName", "actor.lastName", "actor.picturePath"])
    .where("post.id", "=", p.postId)
    .where("member.status", "=", sql.lit(2))
    .where("post.removedAt", "is", null)
    .where(sql<boolean>`${inNetworkOf(int(p.actorId), sql.ref("post.member_id"))}`),
);

export async function insertPost(db: DB, memberId: number, description: string, at: string): Promise<number> {
  return (await insertPostQuery(db, { memberId, description, at }))[0]!.id;
}
const insertPostQuery = precompiled((db, p: { memberId: number; description: string; at: string }) =>
  db.insertInto("post").values({ memberId: p.memberId, description: p.description, createdAt: p.at }).returning("id"),
);

export async function insertReply(db: DB, postId: number, memberId: number, description: string, at: string): Promise<number> {
  return (await insertReplyQuery(db, { postId, memberId, description, at }))[0]!.id;
}

const insertReplyQuery = precompiled((db, p: { postId: number; memberId: number; description: string; at: string }) =>
  db
    .insertInto("postReply")
    .values({ postId: p.postId, memberId: p.memberId, description: p.description, createdAt: p.at })
    .returning("id"),
);

/** Likes the post as the member; false when they liked it already (the row is kept as it was). */
export async function insertLike(db: DB, postId: number, memberId: number, at: string): Promise<boolean> {
  return (await insertLikeQuery(db, { postId, memberId, at })).length > 0;
}

/** Takes the member's like of the post back; false when there was none. */
export async function deleteLike(db: DB, postId: number, memberId: number): Promise<boolean> {
  return (await deleteLikeQuery(db, { postId, memberId })).length > 0;
}

/** The likes of one post (the count every post row carries). */
export async function likeCount(db: DB, postId: number): Promise<number> {
  return Number((await likeCountQuery(db, { postId }))[0]?.count ?? 0);
}

// Precompiled, as the reply's statements: they run on every like and unlike. A conflict inserts
// nothing and so returns no row.
const insertLikeQuery = precompiled((db, p: { postId: number; memberId: number; at: string }) =>
  db
    .insertInto("postLike")
    .values({ postId: p.postId, memberId: p.memberId, createdAt: p.at })
    .onConflict((oc) => oc.columns(["postId", "memberId"]).doNothing())
    .returning("postId"),
);

const deleteLikeQuery = precompiled((db, p: { postId: number; memberId: number }) =>
  db.deleteFrom("postLike").where("postId", "=", p.postId).where("memberId", "=", p.memberId).returning("postId"),
);

const likeCountQuery = precompiled((db, p: { postId: number }) =>
  db
    .selectFrom("postLike")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("postId", "=", p.postId),
);

export interface LikerRow {
  memberId: number;
  firstName: string;
  lastName: string;
  picturePath: string | null;
  likedAt: string;
}

/**
 * One page of the active members who like a post, newest like first (keyset on created_at, then
 * member id, both descending: one backward range of post_like_post_created_idx).
 */
export async function likers(
  db: DB,
  viewerId: number,
  postId: number,
  limit: number,
  cutoff: string,
  after?: { likedAt: string; memberId: number },
): Promise<LikerRow[]> {
  return likersQuery(db, viewerId, postId, limit, cutoff, after).execute();
}

/** The statement of `likers` (its plan is checked by the minors' tests). */
export function likersQuery(
  db: DB,
  viewerId: number,
  postId: number,
  limit: number,
  cutoff: string,
  after?: { likedAt: string; memberId: number },
) {
  let q = db
    .selectFrom("postLike")
    .innerJoin("member", "member.id", "postLike.memberId")
    .select(["postLike.memberId", "member.firstName", "member.lastName", "member.picturePath", "postLike.createdAt as likedAt"])
    .where("postLike.postId", "=", postId)
    .where("member.status", "=", VISIBLE_STATUS)
    .where(notBlockedBetween(sql.ref("post_like.member_id"), int(viewerId)))
    .where(listedToViewer(sql.ref("post_like.member_id"), sql.ref("member.birth_date"), int(viewerId), sql`${cutoff}`));
  if (after) {
    q = q.where((eb) =>
      eb.or([
        eb("postLike.createdAt", "<", after.likedAt),
        eb.and([eb("postLike.createdAt", "=", after.likedAt), eb("postLike.memberId", "<", after.memberId)]),
      ]),
    );
  }
  return q.orderBy("postLike.createdAt", "desc").orderBy("postLike.memberId", "desc").limit(limit);
}

/**
 * Which of these members see the posts of `authorId` (the author, their accepted contacts and their
 * followers, active, no block either way): the members a post's live like count goes to. Primary-key
 * probes per member.
 */
export async function audienceAmong(db: DB, authorId: number, memberIds: number[]): Promise<number[]> {
  const out: number[] = [];
  // In slices: an id list stays far below every engine's limit of bound values.
  for (let i = 0; i < memberIds.length; i += AUDIENCE_SLICE)
    out.push(...(await audienceSlice(db, authorId, memberIds.slice(i, i + AUDIENCE_SLICE))));
  return out;
}

const AUDIENCE_SLICE = 1000;

async function audienceSlice(db: DB, authorId: number, memberIds: number[]): Promise<number[]> {
  const rows = await db
    .selectFrom("member")
    .select("member.id")
    .where("member.id", "in", memberIds)
    .where("member.status", "=", VISIBLE_STATUS)
    .where((eb) =>
      eb.or([
        eb("member.id", "=", authorId),
        eb.exists(
          eb
            .selectFrom("follow")
            .select("follow.followerId")
            .whereRef("follow.followerId", "=", "member.id")
            .where("follow.followedId", "=", authorId),
        ),
        eb.exists(
          eb
            .selectFrom("contactLink")
            .select("contactLink.memberId")
            .whereRef("contactLink.memberId", "=", "member.id")
            .where("contactLink.otherId", "=", authorId)
            .where("contactLink.status", "=", "accepted"),
        ),
      ]),
    )
    // Blocks hold on live events too (decision 041): by itself, not only because a block ends the links above.
    .where(notBlockedBetween(sql.ref("member.id"), int(authorId)))
    .execute();
  return rows.map((r) => r.id);
}

/** A reply's author and post (not removed), for a report of it. */
