import { z } from "zod";

// Shared by the client and the server: no server imports.

/** A video playlist of a member's channel (spec section 3). */
export interface VideoPlaylist {
  id: string;
  title: string;
  description: string;
  /** The playlist's default thumbnail URL ("" when it has none). */
  defaultThumbnail: string;
}

/** A video of a playlist (spec section 3); `id` is the video's id on the video site. */
export interface Video {
  id: string;
  title: string;
  description: string;
  /** ISO-8601 date-time ("" when unknown). */
  publishedAt: string;
  thumbnail: string;
}

/** The video site: lists answer [] when there is nothing, no provider, or the site fails. */
export interface VideoProvider {
  playlists: (channelId: string) => Promise<VideoPlaylist[]>;
  videos: (playlistId: string) => Promise<Video[]>;
}

/** Channel and playlist ids of the video site: letters, digits, '-' and '_'. */
const videoSiteId = (name: string) =>
  z
    .string({ message: `${name} is required.` })
    .trim()
    .min(1, `${name} is required.`)
    .max(128, `${name} is not valid.`)
    .regex(/^[A-Za-z0-9_-]+$/, `${name} is not valid.`);

export const playlistIdField = videoSiteId("playlistID");
export const channelIdField = videoSiteId("channelID");

export const playlistsInput = z.object({ memberId: z.coerce.number().int().positive() });
export const videosInput = z.object({ playlistId: playlistIdField });

/** Where a member's channel and a video live on the video site (for the "see the channel" link). */
export const channelUrl = (channelId: string) => `https://www.youtube.com/channel/${encodeURIComponent(channelId)}`;
export const videoUrl = (videoId: string) => `https://www.youtube.com/watch?v=${encodeURIComponent(videoId)}`;
