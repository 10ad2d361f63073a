import { z } from "zod";
import { LIKERS_PER_PAGE, POST_MAX_LENGTH, POSTS_PER_PAGE } from "../../shared/limits.ts";
import { rowIdField } from "../../shared/ids.ts";

// Shared by the client and the server: no server imports.

export const POST_REQUIRED = "Please write something to post.";
export const POST_TOO_LONG = `A post can have at most ${POST_MAX_LENGTH} characters.`;

/** The text of a post or reply: required, at most 150 characters. */
export const postText = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((v) => (v === null || v === undefined ? "" : String(v).trim()))
  .pipe(z.string().min(1, POST_REQUIRED).max(POST_MAX_LENGTH, POST_TOO_LONG));

export const newPostInput = z.object({ text: postText });
export const replyInput = z.object({ postId: rowIdField("postId must be a post id."), text: postText });
export const feedInput = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(POSTS_PER_PAGE),
});
export const postIdInput = z.object({ postId: rowIdField("postId must be a post id.") });
/** A page of the members who like a post (keyset: the cursor is opaque). */
export const likersInput = postIdInput.extend({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(LIKERS_PER_PAGE),
});

export interface Author {
  memberId: number;
  name: string;
  firstName: string;
  picturePath: string;
}

export interface Reply {
  replyId: number;
  postId: number;
  text: string;
  createdAt: string;
  author: Author;
}

export interface Post {
  postId: number;
  text: string;
  createdAt: string;
  author: Author;
  replies: Reply[];
  /** How many members like it (a deactivated member's like counts until the member is deleted). */
  likes: number;
  /** Whether the viewer is one of them. */
  liked: boolean;
}

/** A post's likes after a like or unlike, and in the live event "post.likes" (`liked` only to the member who changed it). */
export interface LikeState {
  postId: number;
  likes: number;
  liked: boolean;
}

export interface LikersPage {
  items: Author[];
  /** Pass back for the next (older) page; null on the last page. */
  nextCursor: string | null;
}

export interface FeedPage {
  items: Post[];
  /** Pass back for the next (older) page; null on the last page. */
  nextCursor: string | null;
}

/** How many suggested posts an empty feed shows, and how far back they go. */
export const SUGGESTED_POSTS = 5;
export const SUGGESTED_POSTS_DAYS = 90;

/** A post suggested to a member whose feed is empty: by someone who shares their sport or state. */
export interface SuggestedPost {
  postId: number;
  text: string;
  createdAt: string;
  author: Author;
  reason: "sport" | "state";
}
