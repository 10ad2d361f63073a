import { memberProcedure, router } from "../../platform/trpc/init.ts";
import { playlistsInput, videosInput } from "./videos.schema.ts";
import * as videos from "./videos.service.ts";

/** The Videos tab of a profile: a member's playlists and a playlist's videos (signed-in members). */
export const videosRouter = router({
  playlists: memberProcedure.input(playlistsInput).query(({ ctx, input }) => videos.memberPlaylists(ctx.app, ctx.actor, input.memberId)),
  videos: memberProcedure.input(videosInput).query(({ ctx, input }) => videos.playlistVideos(ctx.app, ctx.actor, input.playlistId)),
});
