import { feedInput } from "../../domains/feed/feed.schema.ts";
import type { Post, Reply } from "../../domains/feed/feed.schema.ts";
import * as feed from "../../domains/feed/feed.service.ts";
import { adsInput, enquiryInput, newsInput, shortenNews } from "../../domains/news/news.schema.ts";
import * as news from "../../domains/news/news.service.ts";
import { badInput } from "../../shared/errors.ts";
import {
  actorOf,
  blankToUndefined,
  type Controller,
  fields,
  idOf,
  type Ownership,
  pageAnswer,
  type RestRequest,
  textOf,
} from "./registry.ts";

/*
 * The home feed and the right column of the original service: member/getRecentPosts,
 * GetRecentPostResponses, SavePosts and its aliases CreateMemberPost / CreatePostComment;
 * common/getRecentNews, GetAds, SendAdvertisementInfo. Thin adapters over the feed and news services.
 *
 * Shapes (spec section 3; docs/rest-api.md "Value formats"):
 * - Post: {postID, memberID, memberName, firstName, picturePath, description, datePosted,
 *   childPostCnt, children, likeCounter}. postID is a JSON number, memberID a string (as memberID of the login
 *   result), memberName "First Last", picturePath the author's picture (the default when none, or
 *   when the author shows it to contacts only and the caller is not one), datePosted ISO-8601 UTC
 *   ("2026-11-22T07:22:46.123Z"), children the replies oldest first and childPostCnt their number,
 *   likeCounter (a JSON number, the original's LikeCounter column) the members who like it.
 * - Reply: {postResponseID, postID, description, dateResponded, memberID, memberName, firstName,
 *   picturePath}, the same conventions.
 * - News item: {id, imageUrl, headerText, postingDate, textField, navigateUrl}; imageUrl is never
 *   empty (/images/RecentNews/default.png when the item has none), textField the text shortened to
 *   120 characters (cut at a word, with an ellipsis), newest first, at most 10 (?limit up to 50).
 * - Ad item: {id, headerText, imageUrl, textField, navigateUrl} of one type (?type, default
 *   SiteGuide), in their order; imageUrl "" when none.
 *
 * Paging of getRecentPosts/{id} (keyset, never OFFSET): ?limit (1-50, default 5 = one page of the
 * home screen) and ?cursor. The answer stays a JSON array; when an older page may follow, the
 * response carries an `X-Next-Cursor` header (exposed to CORS clients) whose value is passed back
 * as ?cursor for that page. No header: this was the last page. A cursor is opaque; a malformed one
 * answers 400. Posts are newest first, ties in insertion order; a post written while a member
 * pages appears at the top of the first page, never twice.
 *
 * Writes: SavePosts/{id}/{postID} (POST) with postMsg in the query or the body (a JSON or form
 * field postMsg, or description, or a JSON string body). postID 0 writes a new post, another id a
 * reply to that post; the answer is the saved post (children []) or reply. The aliases
 * CreateMemberPost/{id}?postMsg (= SavePosts/{id}/0) and CreatePostComment/{id}/{postID}?postMsg
 * answer the same and take GET or POST. Text: required, at most 150 characters (400 with the
 * message otherwise, nothing written).
 *
 * Likes: ImcrementPostLikeCounter/{postID} (POST, the original's spelling) likes the post as the
 * caller, once: the original added 1 on every call, Sideline counts one like per member, so calling
 * it again changes nothing. The original answered an empty 200; Sideline answers the post's count
 * after it, {postID, likeCounter} (clients of the original ignore the body).
 *
 * Authorization: {id} must be the caller (the feed is personal; writes act as the caller): 403
 * otherwise, before the input is looked at. Replies of a post, and replying to it, need the post to
 * be in the caller's feed (their own, a contact's or a followed member's, by an active member):
 * 404 otherwise; the same for liking it. The common actions are public; SendAdvertisementInfo is rate-limited with the
 * other mail-sending actions.
 */

/** A post id from the path: digits only, else 400. */
function postIdParam(value: string | undefined): number {
  const id = idOf(value);
  if (id === null) throw badInput("postID must be a post id (0 for a new post).");
  return id;
}

/** {id} of a personal action: the caller only. */
const OWN: Ownership = { memberId: "path", refusal: "id must be your own member id." };

const legacyReply = (r: Reply) => ({
  postResponseID: r.replyId,
  postID: r.postId,
  description: r.text,
  dateResponded: r.createdAt,
  memberID: String(r.author.memberId),
  memberName: r.author.name,
  firstName: r.author.firstName,
  picturePath: r.author.picturePath,
});

const legacyPost = (p: Post) => ({
  postID: p.postId,
  memberID: String(p.author.memberId),
  memberName: p.author.name,
  firstName: p.author.firstName,
  picturePath: p.author.picturePath,
  description: p.text,
  datePosted: p.createdAt,
  childPostCnt: p.replies.length,
  children: p.replies.map(legacyReply),
  likeCounter: p.likes,
});

/** The text of a new post or reply: postMsg (query or body), a body's description, or a JSON string body. */
function postMessage(req: RestRequest): unknown {
  const f = fields(req, ["postMsg", "description"]);
  return f.postMsg ?? f.description ?? (typeof req.body.value === "string" ? req.body.value : undefined);
}

/** Writes a post (postId 0) or a reply as the caller; answers it in the legacy shape. */
async function save(req: RestRequest, postId: number) {
  const actor = actorOf(req);
  const text = postMessage(req);
  const message = typeof text === "string" || typeof text === "number" ? String(text) : "";
  if (postId === 0) return legacyPost(await feed.createPost(req.app, actor, message));
  return legacyReply(await feed.reply(req.app, actor, postId, message));
}

/** member/* actions of the home feed (joined into the member controller in controllers.ts). */
export const memberFeed: Controller = {
  getRecentPosts: {
    methods: ["GET"],
    own: OWN,
    handler: async (req) => {
      const f = fields(req, ["cursor", "limit"]);
      const input = feedInput.parse({ cursor: blankToUndefined(f.cursor), limit: blankToUndefined(f.limit) });
      return pageAnswer(req, await feed.feed(req.app, actorOf(req), input), legacyPost);
    },
  },
  GetRecentPostResponses: {
    methods: ["GET"],
    handler: async (req) => {
      const postId = postIdParam(req.params[0] ?? textOf(fields(req, ["postID"]).postID) ?? "");
      return (await feed.replies(req.app, actorOf(req), postId)).map(legacyReply);
    },
  },
  SavePosts: {
    methods: ["POST"],
    own: OWN,
    handler: (req) => save(req, postIdParam(req.params[1])),
  },
  ImcrementPostLikeCounter: {
    methods: ["POST"],
    handler: async (req) => {
      const postId = postIdParam(req.params[0] ?? textOf(fields(req, ["postID"]).postID) ?? "");
      if (postId === 0) throw badInput("postID must name the post to like.");
      const state = await feed.setLike(req.app, actorOf(req), postId, true);
      return { postID: state.postId, likeCounter: state.likes };
    },
  },
  // Aliases the original service answered too (docs/rest-api.md "Conventions").
  CreateMemberPost: {
    methods: ["GET", "POST"],
    own: OWN,
    handler: (req) => save(req, 0),
  },
  CreatePostComment: {
    methods: ["GET", "POST"],
    own: OWN,
    handler: async (req) => {
      const postId = postIdParam(req.params[1] ?? textOf(fields(req, ["postID"]).postID) ?? "");
      if (postId === 0) throw badInput("postID must name the post to reply to.");
      return save(req, postId);
    },
  },
};

/** common/* actions of the home screen and the right column (joined into the common controller in controllers.ts). */
export const commonFeed: Controller = {
  getRecentNews: {
    methods: ["GET"],
    public: true,
    handler: async (req) => {
      const { limit } = newsInput.parse({ limit: blankToUndefined(fields(req, ["limit"]).limit) });
      return (await news.recentNews(req.app, limit)).map((n) => ({
        id: n.id,
        imageUrl: n.imageUrl,
        headerText: n.headerText,
        postingDate: n.postingDate,
        textField: shortenNews(n.text),
        navigateUrl: n.navigateUrl,
      }));
    },
  },
  GetAds: {
    methods: ["GET"],
    public: true,
    handler: async (req) => {
      const { type } = adsInput.parse({ type: blankToUndefined(fields(req, ["type"]).type) });
      return news.ads(req.app, type);
    },
  },
  SendAdvertisementInfo: {
    methods: ["GET", "POST"],
    public: true,
    handler: async (req) => {
      const f = fields(req, ["FirstName", "LastName", "Company", "Email", "Phone", "Country", "Title"]);
      const data = enquiryInput.parse({
        firstName: f.FirstName,
        lastName: f.LastName,
        company: f.Company,
        email: f.Email,
        phone: f.Phone,
        country: f.Country,
        title: f.Title,
      });
      await news.recordEnquiry(req.app, data, req.meta);
      return { ok: true };
    },
  },
};
