import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Logger } from "../../platform/logger.ts";
import { createYoutubeProvider, type YoutubeOptions } from "./youtube.ts";

/**
 * A stand-in for the YouTube Data API v3 on 127.0.0.1: playlists.list and playlistItems.list for a
 * few known ids, an error, a slow answer and a malformed one. Never the real internet.
 */
const KEY = "test-key-Zq9";
let server: Server;
let baseUrl: string;
const hits: URL[] = [];

const thumbs = (id: string) => ({
  default: { url: `https://i.ytimg.com/${id}/default.jpg`, width: 120, height: 90 },
  medium: { url: `https://i.ytimg.com/${id}/mqdefault.jpg`, width: 320, height: 180 },
});

function answer(url: URL): { status: number; body: unknown; delayMs?: number; raw?: string } {
  if (url.searchParams.get("key") !== KEY) return { status: 400, body: { error: { code: 400, errors: [{ reason: "keyInvalid" }] } } };
  const channel = url.searchParams.get("channelId");
  const playlist = url.searchParams.get("playlistId");
  if (url.pathname.endsWith("/playlists")) {
    if (channel === "UC_quota")
      return { status: 403, body: { error: { code: 403, errors: [{ reason: "quotaExceeded" }], status: "PERMISSION_DENIED" } } };
    if (channel === "UC_slow") return { status: 200, body: { items: [] }, delayMs: 600 };
    if (channel === "UC_garbage") return { status: 200, body: null, raw: "<html>not json" };
    if (channel === "UC_empty") return { status: 200, body: { kind: "youtube#playlistListResponse", items: [] } };
    return {
      status: 200,
      body: {
        kind: "youtube#playlistListResponse",
        items: [
          {
            kind: "youtube#playlist",
            id: `PL-${channel}-1`,
            snippet: { title: "Highlights", description: "Best goals", thumbnails: thumbs("p1") },
          },
          { kind: "youtube#playlist", id: `PL-${channel}-2`, snippet: { title: "Training", description: "", thumbnails: {} } },
        ],
      },
    };
  }
  if (url.pathname.endsWith("/playlistItems")) {
    if (playlist === "PL-UC_missing-1") return { status: 404, body: { error: { code: 404, errors: [{ reason: "playlistNotFound" }] } } };
    return {
      status: 200,
      body: {
        items: [
          {
            id: "item-1",
            snippet: {
              title: "Hat-trick",
              description: "Three goals",
              publishedAt: "2024-05-01T10:00:00Z",
              thumbnails: thumbs("v1"),
              resourceId: { kind: "youtube#video", videoId: "vid111" },
            },
          },
          {
            id: "item-2",
            snippet: { title: "Private video", description: "This video is private.", thumbnails: {}, resourceId: { videoId: "vid222" } },
          },
          { id: "item-3", snippet: { title: "No id" } },
        ],
      },
    };
  }
  return { status: 404, body: { error: { code: 404 } } };
}

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    hits.push(url);
    const a = answer(url);
    const send = () => {
      if (res.destroyed) return;
      res.writeHead(a.status, { "Content-Type": "application/json" });
      res.end(a.raw ?? JSON.stringify(a.body));
    };
    if (a.delayMs) setTimeout(send, a.delayMs);
    else send();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/youtube/v3/`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

let lines: string[] = [];
const log: Logger = {
  debug: (m, f) => lines.push(`${m} ${JSON.stringify(f ?? {})}`),
  info: (m, f) => lines.push(`${m} ${JSON.stringify(f ?? {})}`),
  warn: (m, f) => lines.push(`${m} ${JSON.stringify(f ?? {})}`),
  error: (m, f) => lines.push(`${m} ${JSON.stringify(f ?? {})}`),
};

beforeEach(() => {
  hits.length = 0;
  lines = [];
});

const provider = (options: Partial<YoutubeOptions> = {}) => createYoutubeProvider({ apiKey: KEY, baseUrl, log, ...options });

describe("YouTube video provider", () => {
  it("maps a channel's playlists (playlists.list?part=snippet&channelId)", async () => {
    const yt = provider();
    expect(await yt.playlists("UC_team")).toEqual([
      { id: "PL-UC_team-1", title: "Highlights", description: "Best goals", defaultThumbnail: "https://i.ytimg.com/p1/default.jpg" },
      { id: "PL-UC_team-2", title: "Training", description: "", defaultThumbnail: "" },
    ]);
    expect(hits).toHaveLength(1);
    expect(hits[0]!.pathname).toBe("/youtube/v3/playlists");
    expect(hits[0]!.searchParams.get("part")).toBe("snippet");
    expect(hits[0]!.searchParams.get("channelId")).toBe("UC_team");
    expect(hits[0]!.searchParams.get("key")).toBe(KEY);
  });

  it("maps a playlist's videos (playlistItems.list?part=snippet&playlistId), leaving out private and id-less entries", async () => {
    const yt = provider();
    await yt.playlists("UC_x");
    hits.length = 0;
    expect(await yt.videos("PL-UC_x-1")).toEqual([
      {
        id: "vid111",
        title: "Hat-trick",
        description: "Three goals",
        publishedAt: "2024-05-01T10:00:00Z",
        thumbnail: "https://i.ytimg.com/v1/mqdefault.jpg",
      },
    ]);
    expect(hits[0]!.pathname).toBe("/youtube/v3/playlistItems");
    expect(hits[0]!.searchParams.get("playlistId")).toBe("PL-UC_x-1");
  });

  it("fetches videos only for playlists a channel listed: any other id never reaches the site", async () => {
    const yt = provider();
    expect(await yt.videos("PL_guessed")).toEqual([]);
    expect(await yt.videos("PL-UC_other-1")).toEqual([]);
    expect(hits).toHaveLength(0);
    await yt.playlists("UC_other");
    expect(await yt.videos("PL-UC_other-1")).toHaveLength(1);
    expect(hits.map((h) => h.pathname)).toEqual(["/youtube/v3/playlists", "/youtube/v3/playlistItems"]);
  });

  it("caches answers for the TTL: a second call does not reach the site", async () => {
    let now = 1_000_000;
    const yt = provider({ ttlMs: 60_000, now: () => now });
    const first = await yt.playlists("UC_cache");
    const second = await yt.playlists("UC_cache");
    expect(second).toEqual(first);
    await yt.videos("PL-UC_cache-1");
    await yt.videos("PL-UC_cache-1");
    expect(hits).toHaveLength(2);
    now += 60_001;
    await yt.playlists("UC_cache");
    expect(hits).toHaveLength(3);
  });

  it("shares one request between simultaneous calls and bounds the cache's size", async () => {
    const yt = provider({ maxEntries: 2 });
    await Promise.all([yt.playlists("UC_a"), yt.playlists("UC_a"), yt.playlists("UC_a")]);
    expect(hits).toHaveLength(1);
    await yt.playlists("UC_b");
    await yt.playlists("UC_c"); // pushes UC_a out
    await yt.playlists("UC_c");
    await yt.playlists("UC_b");
    expect(hits).toHaveLength(3);
    await yt.playlists("UC_a");
    expect(hits).toHaveLength(4);
  });

  it("answers [] on an error answer, logs it without the key, and reuses the failure for a minute only", async () => {
    let now = 1_000_000;
    const yt = provider({ now: () => now });
    expect(await yt.playlists("UC_quota")).toEqual([]);
    expect(await yt.playlists("UC_quota")).toEqual([]);
    expect(hits).toHaveLength(1);
    now += 60_001;
    expect(await yt.playlists("UC_quota")).toEqual([]);
    expect(hits).toHaveLength(2);
    await yt.playlists("UC_missing");
    expect(await yt.videos("PL-UC_missing-1")).toEqual([]);
    expect(await yt.videos("PL-UC_missing-1")).toEqual([]);
    expect(hits).toHaveLength(4);
    expect(lines.join("\n")).toContain("quotaExceeded");
    expect(lines.join("\n")).toContain("playlistNotFound");
    expect(lines.join("\n")).not.toContain(KEY);
  });

  it("answers [] on a timeout and on a malformed answer", async () => {
    const yt = provider({ timeoutMs: 150 });
    const started = Date.now();
    expect(await yt.playlists("UC_slow")).toEqual([]);
    expect(Date.now() - started).toBeLessThan(550);
    expect(await yt.playlists("UC_garbage")).toEqual([]);
    expect(lines.join("\n")).toContain("no answer within 150 ms");
    expect(lines.join("\n")).not.toContain(KEY);
  });

  it("answers [] without a key or a channel and never calls the site then", async () => {
    const yt = createYoutubeProvider({ baseUrl, log });
    expect(await yt.playlists("UC_team")).toEqual([]);
    expect(await yt.videos("PL-UC_team-1")).toEqual([]);
    expect(await provider().playlists("")).toEqual([]);
    expect(hits).toHaveLength(0);
  });

  it("answers [] when the site cannot be reached, without the key in the log", async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const yt = provider({ baseUrl: `http://127.0.0.1:${port}` });
    expect(await yt.playlists("UC_team")).toEqual([]);
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain(KEY);
  });
});
