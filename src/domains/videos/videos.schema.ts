import { z } from "zod";
import { memberIdInput } from "../../shared/ids.ts";

// Shared by the client and the server: no server imports (the video types are type-only re-exports).

export type { Video, VideoPlaylist, VideoProvider } from "../../platform/ports/videos.ts";

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

export const playlistsInput = memberIdInput;
export const videosInput = z.object({ playlistId: playlistIdField });

/** Where a member's channel and a video live on the video site (for the "see the channel" link). */
export const channelUrl = (channelId: string) => `https://www.youtube.com/channel/${encodeURIComponent(channelId)}`;
export const videoUrl = (videoId: string) => `https://www.youtube.com/watch?v=${encodeURIComponent(videoId)}`;
