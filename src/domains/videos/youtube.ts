import { z } from "zod";
import { MINUTE } from "../../platform/clock.ts";
import type { Logger } from "../../platform/logger.ts";
import type { Video, VideoPlaylist, VideoProvider } from "./videos.schema.ts";

export const YOUTUBE_DEFAULT_BASE_URL = "https://www.googleapis.com/youtube/v3";

export interface YoutubeOptions {
  /** YOUTUBE_API_KEY; without it every list is empty and the site is never called. */
  apiKey?: string;
  /** YOUTUBE_API_BASE_URL (a stand-in server in tests). */
  baseUrl?: string;
  log: Logger;
  /** How long an answer is reused (default 10 minutes). */
  ttlMs?: number;
  /** How long a failure is reused before the site is asked again (default 1 minute). */
  errorTtlMs?: number;
  /** How many answers are kept at most (default 500; the least recently used go first). */
  maxEntries?: number;
  /** How long one request may take (default 5 s). */
  timeoutMs?: number;
  /** Results per list (the API allows 1-50). */
  maxResults?: number;
  now?: () => number;
}

const thumbnails = z.record(z.string(), z.object({ url: z.string().optional() }).loose()).optional();

const playlistsAnswer = z
  .object({
    items: z
      .array(
        z
          .object({
            id: z.string(),
            snippet: z.object({ title: z.string().optional(), description: z.string().optional(), thumbnails }).loose().optional(),
          })
          .loose(),
      )
      .default([]),
  })
  .loose();

const playlistItemsAnswer = z
  .object({
    items: z
      .array(
        z
          .object({
            snippet: z
              .object({
                title: z.string().optional(),
                description: z.string().optional(),
                publishedAt: z.string().optional(),
                thumbnails,
                resourceId: z.object({ videoId: z.string().optional() }).loose().optional(),
              })
              .loose()
              .optional(),
          })
          .loose(),
      )
      .default([]),
  })
  .loose();

type Thumbnails = z.infer<typeof thumbnails>;
const pick = (t: Thumbnails, ...names: string[]) => names.map((n) => t?.[n]?.url).find((u) => !!u) ?? "";

/** Entries the API keeps for videos that were removed or made private: nothing to show. */
const HIDDEN_TITLES = new Set(["Private video", "Deleted video"]);

class LruTtlCache<T> {
  private readonly entries = new Map<string, { expires: number; value: Promise<T> }>();
  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number,
  ) {}

  get(key: string): Promise<T> | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expires <= this.now()) return undefined;
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: Promise<T>, ttlMs = this.ttlMs): void {
    this.entries.delete(key);
    this.entries.set(key, { expires: this.now() + ttlMs, value });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  /** Shortens the life of `value` under `key` (a failure), unless a newer value replaced it. */
  expireSooner(key: string, value: Promise<T>, ttlMs: number): void {
    const entry = this.entries.get(key);
    if (entry?.value === value) entry.expires = Math.min(entry.expires, this.now() + ttlMs);
  }
}

/**
 * The YouTube Data API v3 as Sideline's video provider: a channel's playlists (playlists.list) and
 * a playlist's videos (playlistItems.list), first page only. Answers are cached in memory; failures
 * answer an empty list (the screen shows the spec's empty texts and a link to the channel) and are
 * cached for a minute, so a failing or quota-exhausted site is not asked on every page view.
 * Videos are fetched only for playlists that a member's channel listed: each call spends the
 * operator's API quota, and any other id would let a client spend it at will. The key never appears
 * in a log line.
 */
export function createYoutubeProvider(options: YoutubeOptions): VideoProvider {
  const { apiKey, log } = options;
  const baseUrl = (options.baseUrl ?? YOUTUBE_DEFAULT_BASE_URL).replace(/\/+$/, "");
  const timeoutMs = options.timeoutMs ?? 5_000;
  const maxResults = options.maxResults ?? 50;
  const now = options.now ?? Date.now;
  const ttlMs = options.ttlMs ?? 10 * MINUTE;
  const errorTtlMs = options.errorTtlMs ?? MINUTE;
  const maxEntries = options.maxEntries ?? 500;
  const cache = new LruTtlCache<unknown[]>(ttlMs, maxEntries, now);
  // Playlist ids that members' channels listed lately: the only ones whose videos are fetched.
  const listedPlaylists = new LruTtlCache<true>(6 * ttlMs, 20 * maxEntries, now);
  const LISTED = Promise.resolve(true as const);

  const redact = (text: string) => (apiKey ? text.split(apiKey).join("[key]").split(encodeURIComponent(apiKey)).join("[key]") : text);

  /** One API call; null when it failed (logged). */
  async function call(endpoint: string, params: Record<string, string>): Promise<unknown> {
    const query = new URLSearchParams({ ...params, maxResults: String(maxResults), key: apiKey! });
    const what = { endpoint, ...params };
    try {
      const res = await fetch(`${baseUrl}/${endpoint}?${query}`, {
        headers: { Accept: "application/json" },
        signal: AbortSignal.timeout(timeoutMs),
      });
      const text = await res.text();
      if (!res.ok) {
        let reason = "";
        try {
          const body = JSON.parse(text) as { error?: { errors?: Array<{ reason?: string }>; status?: string } };
          reason = body.error?.errors?.[0]?.reason ?? body.error?.status ?? "";
        } catch {
          // not JSON: the status says enough
        }
        log.warn("video provider answered an error", { ...what, status: res.status, reason: redact(reason) });
        return null;
      }
      return JSON.parse(text);
    } catch (error) {
      const name = (error as Error)?.name;
      const detail = name === "TimeoutError" || name === "AbortError" ? `no answer within ${timeoutMs} ms` : String(error);
      log.warn("video provider request failed", { ...what, error: redact(detail) });
      return null;
    }
  }

  async function cached<T>(key: string, load: () => Promise<T[] | null>): Promise<T[]> {
    const hit = cache.get(key);
    if (hit) return (await hit) as T[];
    const pending = load().then((value) => {
      if (value === null) cache.expireSooner(key, pending, errorTtlMs);
      return value ?? [];
    });
    cache.set(key, pending);
    return pending;
  }

  return {
    async playlists(channelId) {
      if (!apiKey || !channelId) return [];
      return cached<VideoPlaylist>(`playlists:${channelId}`, async () => {
        const raw = await call("playlists", { part: "snippet", channelId });
        if (raw === null) return null;
        const parsed = playlistsAnswer.safeParse(raw);
        if (!parsed.success) {
          log.warn("video provider answered an unexpected shape", { endpoint: "playlists", channelId });
          return null;
        }
        for (const item of parsed.data.items) listedPlaylists.set(item.id, LISTED);
        return parsed.data.items.map((item) => ({
          id: item.id,
          title: item.snippet?.title ?? "",
          description: item.snippet?.description ?? "",
          defaultThumbnail: pick(item.snippet?.thumbnails, "default", "medium", "high"),
        }));
      });
    },

    async videos(playlistId) {
      if (!apiKey || !playlistId) return [];
      if (!listedPlaylists.get(playlistId)) {
        log.debug("video playlist not listed by a member's channel: not fetched", { playlistId });
        return [];
      }
      return cached<Video>(`videos:${playlistId}`, async () => {
        const raw = await call("playlistItems", { part: "snippet", playlistId });
        if (raw === null) return null;
        const parsed = playlistItemsAnswer.safeParse(raw);
        if (!parsed.success) {
          log.warn("video provider answered an unexpected shape", { endpoint: "playlistItems", playlistId });
          return null;
        }
        return parsed.data.items.flatMap((item): Video[] => {
          const s = item.snippet;
          const id = s?.resourceId?.videoId;
          if (!s || !id || (HIDDEN_TITLES.has(s.title ?? "") && !pick(s.thumbnails, "default"))) return [];
          return [
            {
              id,
              title: s.title ?? "",
              description: s.description ?? "",
              publishedAt: s.publishedAt ?? "",
              thumbnail: pick(s.thumbnails, "medium", "default", "high"),
            },
          ];
        });
      });
    },
  };
}
