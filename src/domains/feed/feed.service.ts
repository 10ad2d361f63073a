import { NO_SUCH_MEMBER, notFound, parseInput } from "../../shared/errors.ts";
import { findMemberById } from "../accounts/accounts.service.ts";
import * as contacts from "../contacts/contacts.service.ts";
import { adultBornBy, minorCutoffFor, NO_MINOR_CUTOFF } from "../privacy/privacy.service.ts";
import { isoIn, isoNow } from "../../platform/clock.ts";
import { inWriteUnit } from "../../platform/write-unit.ts";
import { decodeKeysetCursor, encodeKeysetCursor } from "../../platform/db/keyset-cursor.ts";
import type { Actor, AppContext } from "../../platform/context.ts";
import {
  type Author,
  type FeedPage,
  type LikersPage,
  type LikeState,
  type Post,
  postText,
  type Reply,
  SUGGESTED_POSTS,
  SUGGESTED_POSTS_DAYS,
  type SuggestedPost,
} from "./feed.schema.ts";
import * as repo from "./feed.repository.ts";
import * as suggested from "./suggested.repository.ts";
import { wakeTimelineWorkers } from "./timeline.worker.ts";

const NO_SUCH_POST = "There is no such post.";

type AuthorRow = { memberId: number; firstName: string; lastName: string; picturePath: string | null };

/**
 * The authors of a page as this viewer sees them: the picture rule applied to all of them at once
 * (one query, whatever the number of posts and replies).
 */
async function authorsFor(ctx: AppContext, viewer: Actor, rows: AuthorRow[]): Promise<(row: AuthorRow) => Author> {
  const pictures = await contacts.picturesFor(ctx, viewer, rows);
  return (row) => ({
    memberId: row.memberId,
    name: `${row.firstName} ${row.lastName}`,
    firstName: row.firstName,
    picturePath: pictures.get(row.memberId)!,
  });
}

const toReply = (row: repo.ReplyRow, authorOf: (row: AuthorRow) => Author): Reply => ({
  replyId: row.id,
  postId: row.postId,
  text: row.description,
  createdAt: row.createdAt,
  author: authorOf(row),
});

/** The text of a post or reply, checked here too (150 characters): every caller gets the rule, not only the schema-parsing ones. */
const checkedText = (text: string): string => parseInput(postText, text, "The text is not valid.");

/** A feed page's cursor: the last post's time and id. */
function createdAtCursor(cursor: string | undefined): { createdAt: string; id: number } | undefined {
  const after = decodeKeysetCursor(cursor);
  return after && { createdAt: after.text, id: after.id };
}

/**
 * The home feed: the member's own posts and those of their contacts and the members they follow,
 * newest first, with every reply. Two queries a page, whatever its size.
 */
export async function feed(ctx: AppContext, viewer: Actor, input: { cursor?: string; limit: number }): Promise<FeedPage> {
  const rows = await repo.feedPage(ctx.db, viewer.memberId, input.limit, createdAtCursor(input.cursor));
  const replies = await repo.repliesOf(
    ctx.db,
    viewer.memberId,
    rows.map((r) => r.id),
    adultBornBy(),
  );
  const authorOf = await authorsFor(ctx, viewer, [...rows, ...replies]);
  const byPost = new Map<number, Reply[]>();
  for (const r of replies) {
    const list = byPost.get(r.postId) ?? [];
    list.push(toReply(r, authorOf));
    byPost.set(r.postId, list);
  }
  const items: Post[] = rows.map((r) => ({
    postId: r.id,
    text: r.description,
    createdAt: r.createdAt,
    author: authorOf(r),
    replies: byPost.get(r.id) ?? [],
    likes: Number(r.likeCount),
    liked: r.liked === 1,
  }));
  const last = rows.at(-1);
  return { items, nextCursor: rows.length === input.limit && last ? encodeKeysetCursor(last.createdAt, last.id) : null };
}

/** The replies of one post the viewer can see. */
export async function replies(ctx: AppContext, viewer: Actor, postId: number): Promise<Reply[]> {
  if (!(await repo.visiblePost(ctx.db, viewer.memberId, postId))) throw notFound(NO_SUCH_POST);
  const rows = await repo.repliesOf(ctx.db, viewer.memberId, [postId], adultBornBy());
  const authorOf = await authorsFor(ctx, viewer, rows);
  return rows.map((r) => toReply(r, authorOf));
}

export async function createPost(ctx: AppContext, actor: Actor, input: string): Promise<Post> {
  const text = checkedText(input);
  const member = await findMemberById(ctx.db, actor.memberId);
  if (!member) throw notFound(NO_SUCH_MEMBER);
  const at = isoNow();
  const id = await repo.insertPost(ctx.db, actor.memberId, text, at);
  // Its fan-out starts now, off this request (readers merge the queue in until it is done).
  wakeTimelineWorkers();
  const author = { ...member, memberId: member.id };
  return { postId: id, text, createdAt: at, author: (await authorsFor(ctx, actor, [author]))(author), replies: [], likes: 0, liked: false };
}

/**
 * A reply to a post in the member's feed; the post's author hears of it (post.replied). One read
 * (the post visible to the actor, and the actor's name), then one write unit: the reply and the
 * author's notification commit together.
 */
export async function reply(ctx: AppContext, actor: Actor, postId: number, input: string): Promise<Reply> {
  const text = checkedText(input);
  const target = await repo.replyTarget(ctx.db, actor.memberId, postId);
  if (!target) throw notFound(NO_SUCH_POST);
  if (target.firstName === null || target.lastName === null) throw notFound(NO_SUCH_MEMBER);
  const { replyId, at } = await inWriteUnit(ctx, async (unit) => {
    const at = isoNow();
    const replyId = await repo.insertReply(unit.db, postId, actor.memberId, text, at);
    unit.events.publish({ type: "post.replied", postId, postAuthorId: target.memberId, replyId, replierId: actor.memberId, text, at });
    return { replyId, at };
  });
  const author = { memberId: actor.memberId, firstName: target.firstName, lastName: target.lastName, picturePath: target.picturePath };
  return { replyId, postId, text, createdAt: at, author: (await authorsFor(ctx, actor, [author]))(author) };
}

/**
 * Likes (or, with `liked` false, unlikes) a post in the member's feed as the member: one like per
 * member, so doing it twice changes nothing. A post outside their feed is NOT_FOUND. The answer is
 * the post's count after it; a change reaches the open pages of the members who see the post.
 */
export async function setLike(ctx: AppContext, actor: Actor, postId: number, liked: boolean): Promise<LikeState> {
  const post = await repo.visiblePost(ctx.db, actor.memberId, postId);
  if (!post) throw notFound(NO_SUCH_POST);
  const changed = liked
    ? await repo.insertLike(ctx.db, postId, actor.memberId, isoNow())
    : await repo.deleteLike(ctx.db, postId, actor.memberId);
  const state = { postId, likes: await repo.likeCount(ctx.db, postId), liked };
  if (changed) tellLikes(ctx, post.memberId, state, actor.memberId);
  return state;
}

/**
 * A post's new count to the open pages of those who see it (decision 030), on every server process:
 * announced once, and each process narrows the members connected to it to the post's audience in
 * one query (registerLiveLikes). Told without a log row; `liked` goes to the member who changed it
 * only (their other tabs).
 */
function tellLikes(ctx: AppContext, authorId: number, state: LikeState, likerId: number): void {
  ctx.live.announce("post.likes", { ...state, authorId, likerId });
}

/** Who hears a like count on this process (tellLikes): the connected members who see the post. Set once at start. */
export function registerLiveLikes(ctx: AppContext): void {
  ctx.live.setAudience("post.likes", async (data, connected) => {
    // What tellLikes announced, as it travelled (JSON through NOTIFY on PostgreSQL).
    const postId = Number(data.postId);
    const likes = Number(data.likes);
    const likerId = Number(data.likerId);
    const liked = data.liked === true;
    try {
      const audience = await repo.audienceAmong(ctx.db, Number(data.authorId), connected);
      return audience.map((memberId) => ({ memberId, data: memberId === likerId ? { postId, likes, liked } : { postId, likes } }));
    } catch (error) {
      ctx.log.error("like count not told", { postId, error: String(error) });
      return [];
    }
  });
}

/** The members who like a post in the viewer's feed, newest like first, pictures as the viewer may see them. */
export async function likers(
  ctx: AppContext,
  viewer: Actor,
  input: { postId: number; cursor?: string; limit: number },
): Promise<LikersPage> {
  const post = await repo.visiblePost(ctx.db, viewer.memberId, input.postId);
  if (!post) throw notFound(NO_SUCH_POST);
  const after = decodeKeysetCursor(input.cursor);
  // The post's author sees everyone who liked it; anyone else no minor they may not see (decision 040).
  const cutoff = post.memberId === viewer.memberId ? NO_MINOR_CUTOFF : await minorCutoffFor(ctx, viewer);
  const rows = await repo.likers(
    ctx.db,
    viewer.memberId,
    input.postId,
    input.limit,
    cutoff,
    after && { likedAt: after.text, memberId: after.id },
  );
  const authorOf = await authorsFor(ctx, viewer, rows);
  const last = rows.at(-1);
  return {
    items: rows.map(authorOf),
    nextCursor: rows.length === input.limit && last ? encodeKeysetCursor(last.likedAt, last.memberId) : null,
  };
}

/**
 * Posts suggested to a member whose feed is empty (issue 16): recent posts of members who share
 * their sport or state, where those members' privacy allows it (suggested.repository), with the
 * picture rule applied to their authors. Empty for a member whose feed has posts: suggestions fill
 * an empty feed, they never mix into one.
 */
export async function suggestedPosts(ctx: AppContext, viewer: Actor): Promise<SuggestedPost[]> {
  if ((await repo.feedPage(ctx.db, viewer.memberId, 1)).length > 0) return [];
  const since = isoIn(-SUGGESTED_POSTS_DAYS * 24 * 60 * 60_000);
  const rows = await suggested.suggestedPosts(ctx.db, viewer.memberId, since, SUGGESTED_POSTS, await minorCutoffFor(ctx, viewer));
  const authorOf = await authorsFor(ctx, viewer, rows);
  return rows.map((r) => ({
    postId: r.id,
    text: r.description,
    createdAt: r.createdAt,
    author: authorOf(r),
    reason: r.reason === "sport" ? "sport" : "state",
  }));
}

/**
 * The author of a post or reply the viewer can see (a report names it; decision 035); 404 when the
 * viewer cannot see it, as for any other read of it.
 */
export async function visibleContentAuthor(ctx: AppContext, viewer: Actor, kind: "post" | "reply", id: number): Promise<number> {
  // A reply hidden from the viewer in its thread (blocked either way, a minor they may not see) is not found here either.
  const reply = kind === "reply" ? await repo.visibleReply(ctx.db, viewer.memberId, id, adultBornBy()) : undefined;
  if (kind === "reply" && !reply) throw notFound(NO_SUCH_POST);
  const post = await repo.visiblePost(ctx.db, viewer.memberId, reply ? reply.postId : id);
  if (!post) throw notFound(NO_SUCH_POST);
  return reply ? reply.memberId : post.memberId;
}
