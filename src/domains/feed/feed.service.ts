import { NO_SUCH_MEMBER, notFound, parseInput } from "../../shared/errors.ts";
import { findMemberById } from "../accounts/accounts.service.ts";
import * as contacts from "../contacts/contacts.service.ts";
import { isoIn, isoNow } from "../../platform/clock.ts";
import { inWriteUnit } from "../../platform/write-unit.ts";
import { decodeKeysetCursor, encodeKeysetCursor } from "../../platform/db/keyset-cursor.ts";
import type { Actor, AppContext } from "../../platform/context.ts";
import {
  type Author,
  type FeedPage,
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
    rows.map((r) => r.id),
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
  }));
  const last = rows.at(-1);
  return { items, nextCursor: rows.length === input.limit && last ? encodeKeysetCursor(last.createdAt, last.id) : null };
}

/** The replies of one post the viewer can see. */
export async function replies(ctx: AppContext, viewer: Actor, postId: number): Promise<Reply[]> {
  if (!(await repo.visiblePost(ctx.db, viewer.memberId, postId))) throw notFound("There is no such post.");
  const rows = await repo.repliesOf(ctx.db, [postId]);
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
  return { postId: id, text, createdAt: at, author: (await authorsFor(ctx, actor, [author]))(author), replies: [] };
}

/**
 * A reply to a post in the member's feed; the post's author hears of it (post.replied). One read
 * (the post visible to the actor, and the actor's name), then one write unit: the reply and the
 * author's notification commit together.
 */
export async function reply(ctx: AppContext, actor: Actor, postId: number, input: string): Promise<Reply> {
  const text = checkedText(input);
  const target = await repo.replyTarget(ctx.db, actor.memberId, postId);
  if (!target) throw notFound("There is no such post.");
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
 * Posts suggested to a member whose feed is empty (issue 16): recent posts of members who share
 * their sport or state, where those members' privacy allows it (suggested.repository), with the
 * picture rule applied to their authors. Empty for a member whose feed has posts: suggestions fill
 * an empty feed, they never mix into one.
 */
export async function suggestedPosts(ctx: AppContext, viewer: Actor): Promise<SuggestedPost[]> {
  if ((await repo.feedPage(ctx.db, viewer.memberId, 1)).length > 0) return [];
  const rows = await suggested.suggestedPosts(ctx.db, viewer.memberId, isoIn(-SUGGESTED_POSTS_DAYS * 24 * 60 * 60_000), SUGGESTED_POSTS);
  const authorOf = await authorsFor(ctx, viewer, rows);
  return rows.map((r) => ({
    postId: r.id,
    text: r.description,
    createdAt: r.createdAt,
    author: authorOf(r),
    reason: r.reason === "sport" ? "sport" : "state",
  }));
}
