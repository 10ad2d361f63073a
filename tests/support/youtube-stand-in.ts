/**
 * A stand-in for the YouTube Data API (playlists.list and playlistItems.list) on 127.0.0.1, so a
 * server under test lists videos without the real internet: start it, pass `env` to the server
 * (YOUTUBE_API_KEY, YOUTUBE_API_BASE_URL). A channel's one playlist is `PL{channelId}`; every
 * playlist holds one video. No test framework is imported here.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface YoutubeStandIn {
  /** Environment for the server under test. */
  env: { YOUTUBE_API_KEY: string; YOUTUBE_API_BASE_URL: string };
  /** Every request the stand-in answered, oldest first. */
  hits: URL[];
  close: () => Promise<void>;
}

export async function startYoutubeStandIn(key = "stand-in-key"): Promise<YoutubeStandIn> {
  const hits: URL[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    hits.push(url);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (url.searchParams.get("key") !== key) return send(400, { error: { errors: [{ reason: "keyInvalid" }] } });
    if (url.pathname === "/yt/playlists") {
      const channel = url.searchParams.get("channelId") ?? "";
      return send(200, {
        items: [
          {
            id: `PL${channel}`,
            snippet: {
              title: "Season highlights",
              description: "Goals",
              thumbnails: { default: { url: "https://i.ytimg.com/pl/default.jpg" } },
            },
          },
        ],
      });
    }
    if (url.pathname === "/yt/playlistItems") {
      return send(200, {
        items: [
          {
            snippet: {
              title: "Final",
              description: "The last match",
              publishedAt: "2024-06-01T12:00:00Z",
              thumbnails: { medium: { url: "https://i.ytimg.com/v/mq.jpg" } },
              resourceId: { videoId: "dQw4w9WgXcQ" },
            },
          },
        ],
      });
    }
    send(404, {});
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    env: { YOUTUBE_API_KEY: key, YOUTUBE_API_BASE_URL: `http://127.0.0.1:${port}/yt` },
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
