import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A small stand-in for the YouTube Data API v3 (playlists.list and playlistItems.list, first page,
 * the shapes the real API answers) so the Videos tab can be walked through without the internet.
 * The journeys import the fixture below to know what to expect.
 */
export const YOUTUBE_TEST_KEY = "e2e-test-key";

const thumb = (color: string) =>
  "data:image/svg+xml;utf8," +
  encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 9"><rect width="16" height="9" fill="${color}"/></svg>`);

export const youtubeFixture = {
  channelId: "UCe2eSidelineChannel0001",
  playlists: [
    { id: "PLe2eHighlights", title: "Season Highlights", description: "The best plays of the season.", thumbnail: thumb("#2877f3") },
    { id: "PLe2eEmpty", title: "Training Drills", description: "", thumbnail: thumb("#2daa57") },
  ],
  videos: {
    PLe2eHighlights: [
      {
        id: "e2eVideo001",
        title: "Buzzer beater against the Rivals",
        description: "Last-second three from the corner.",
        publishedAt: "2024-03-15T18:00:00Z",
        thumbnail: thumb("#e8590c"),
      },
      {
        id: "e2eVideo002",
        title: "Defensive highlights",
        description: "Steals and blocks from the playoffs.",
        publishedAt: "2024-05-02T12:00:00Z",
        thumbnail: thumb("#7048e8"),
      },
    ],
    PLe2eEmpty: [],
  } as Record<string, Array<{ id: string; title: string; description: string; publishedAt: string; thumbnail: string }>>,
};

export async function startYoutubeStandIn(): Promise<{ baseUrl: string; close: () => Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (url.searchParams.get("key") !== YOUTUBE_TEST_KEY) {
      return send(400, { error: { code: 400, status: "INVALID_ARGUMENT", errors: [{ reason: "keyInvalid" }] } });
    }
    if (url.pathname.endsWith("/playlists")) {
      const mine = url.searchParams.get("channelId") === youtubeFixture.channelId;
      return send(200, {
        kind: "youtube#playlistListResponse",
        items: (mine ? youtubeFixture.playlists : []).map((p) => ({
          kind: "youtube#playlist",
          id: p.id,
          snippet: {
            channelId: youtubeFixture.channelId,
            title: p.title,
            description: p.description,
            thumbnails: { default: { url: p.thumbnail, width: 120, height: 90 } },
          },
        })),
      });
    }
    if (url.pathname.endsWith("/playlistItems")) {
      const playlistId = url.searchParams.get("playlistId") ?? "";
      return send(200, {
        kind: "youtube#playlistItemListResponse",
        items: (youtubeFixture.videos[playlistId] ?? []).map((v, position) => ({
          kind: "youtube#playlistItem",
          id: `item-${v.id}`,
          snippet: {
            publishedAt: v.publishedAt,
            title: v.title,
            description: v.description,
            thumbnails: { medium: { url: v.thumbnail, width: 320, height: 180 } },
            playlistId,
            position,
            resourceId: { kind: "youtube#video", videoId: v.id },
          },
        })),
      });
    }
    send(404, { error: { code: 404, status: "NOT_FOUND" } });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/youtube/v3`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
