// The video site as a port: the videos domain reads through it; main.ts plugs in YouTube.

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

/** The video site without YOUTUBE_API_KEY: every list is empty (the Videos tab links to the channel). */
export const noVideos: VideoProvider = {
  playlists: () => Promise.resolve([]),
  videos: () => Promise.resolve([]),
};
