import type { Actor, AppContext } from "../../platform/context.ts";
import { getMediaLinks } from "../profiles/profiles.service.ts";
import type { Video, VideoPlaylist } from "./videos.schema.ts";

/**
 * The playlists of a member's video channel, as the member's privacy lets this viewer see the
 * videos section: [] when it is hidden, when there is no such member or channel, when no video
 * provider is configured, or when the provider fails.
 */
export async function memberPlaylists(ctx: AppContext, viewer: Actor, memberId: number): Promise<VideoPlaylist[]> {
  const links = await getMediaLinks(ctx, viewer, memberId);
  const channelId = links?.videoChannelId.trim();
  if (!channelId) return [];
  return ctx.videos.playlists(channelId);
}

/** The videos of a playlist on the video site (public there); [] on any failure. */
export async function playlistVideos(ctx: AppContext, _viewer: Actor, playlistId: string): Promise<Video[]> {
  return ctx.videos.videos(playlistId);
}
