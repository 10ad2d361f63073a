import { memberProcedure, router } from "../../platform/trpc/init.ts";
import { feedInput, likersInput, newPostInput, postIdInput, replyInput } from "./feed.schema.ts";
import * as feed from "./feed.service.ts";

export const feedRouter = router({
  page: memberProcedure.input(feedInput).query(({ ctx, input }) => feed.feed(ctx.app, ctx.actor, input)),
  /** Posts suggested to a member whose feed is empty (none once the feed has posts). */
  suggested: memberProcedure.query(({ ctx }) => feed.suggestedPosts(ctx.app, ctx.actor)),
  replies: memberProcedure.input(postIdInput).query(({ ctx, input }) => feed.replies(ctx.app, ctx.actor, input.postId)),
  post: memberProcedure.input(newPostInput).mutation(({ ctx, input }) => feed.createPost(ctx.app, ctx.actor, input.text)),
  reply: memberProcedure.input(replyInput).mutation(({ ctx, input }) => feed.reply(ctx.app, ctx.actor, input.postId, input.text)),
  like: memberProcedure.input(postIdInput).mutation(({ ctx, input }) => feed.setLike(ctx.app, ctx.actor, input.postId, true)),
  unlike: memberProcedure.input(postIdInput).mutation(({ ctx, input }) => feed.setLike(ctx.app, ctx.actor, input.postId, false)),
  likers: memberProcedure.input(likersInput).query(({ ctx, input }) => feed.likers(ctx.app, ctx.actor, input)),
});
