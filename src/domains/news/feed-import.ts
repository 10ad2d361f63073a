import { XMLParser } from "fast-xml-parser";
import { DomainError } from "../../shared/errors.ts";
import type { AppContext } from "../../platform/context.ts";
import { isWebPort, portOf, type SafeFetchOptions, safeFetchText } from "../../platform/safe-fetch.ts";
import { addNews } from "./news.service.ts";
import { feedUrls } from "./news-admin.service.ts";

/** One entry of an RSS 2.0 or Atom feed, as news needs it. */
export interface FeedEntry {
  guid: string;
  title: string;
  link: string;
  text: string;
  publishedAt?: string;
  imageUrl?: string;
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  textNodeName: "#text",
  // Entities are decoded from the document's own text only; no DTD or external entity is read.
  processEntities: true,
  htmlEntities: true,
});

type Node = Record<string, unknown> | string | undefined;
type Entry = Record<string, unknown>;
/** What fast-xml-parser makes of an RSS 2.0 or Atom document (one item or several). */
interface ParsedFeed {
  rss?: { channel?: { item?: Entry | Entry[] } };
  feed?: { entry?: Entry | Entry[] };
}
const list = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
const textOf = (v: unknown): string => {
  if (v === undefined || v === null) return "";
  if (typeof v === "string" || typeof v === "number") return String(v);
  if (typeof v === "object" && "#text" in v) return textOf(v["#text"]);
  return "";
};
const attr = (v: Node, name: string): string => (v && typeof v === "object" ? textOf(v[`@_${name}`]) : "");

/** A description longer than this is cut before the tag patterns run (they are quadratic over unclosed tags). */
const HTML_FRAGMENT_MAX_LENGTH = 20_000;

/** Text of an HTML fragment (feed descriptions are often HTML): tags dropped, entities decoded, spaces folded. */
export function plainText(html: string): string {
  return html
    .slice(0, HTML_FRAGMENT_MAX_LENGTH)
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/\s+/g, " ")
    .trim();
}

function imageOf(entry: Record<string, unknown>): string | undefined {
  for (const e of list(entry.enclosure as Node | Node[])) {
    if (attr(e, "type").startsWith("image/") && attr(e, "url")) return attr(e, "url");
  }
  const thumb = list(entry["media:thumbnail"] as Node | Node[])[0];
  if (attr(thumb, "url")) return attr(thumb, "url");
  for (const m of list(entry["media:content"] as Node | Node[])) {
    if ((attr(m, "medium") === "image" || attr(m, "type").startsWith("image/")) && attr(m, "url")) return attr(m, "url");
  }
  return undefined;
}

/** The entries of an RSS 2.0 or Atom document (others: none). */
export function parseFeed(xml: string): FeedEntry[] {
  const doc = parser.parse(xml) as ParsedFeed;
  if (doc.rss?.channel) {
    return list(doc.rss.channel.item).map((item) => {
      const link = textOf(item.link).trim();
      return {
        guid: textOf(item.guid).trim() || link,
        title: plainText(textOf(item.title)),
        link,
        text: plainText(textOf(item.description) || textOf(item["content:encoded"])),
        publishedAt: textOf(item.pubDate).trim() || undefined,
        imageUrl: imageOf(item),
      };
    });
  }
  if (doc.feed) {
    return list(doc.feed.entry).map((entry) => {
      const links = list(entry.link as Node | Node[]);
      const alternate = links.find((l) => !attr(l, "rel") || attr(l, "rel") === "alternate") ?? links[0];
      const link = attr(alternate, "href");
      return {
        guid: textOf(entry.id).trim() || link,
        title: plainText(textOf(entry.title)),
        link,
        text: plainText(textOf(entry.summary) || textOf(entry.content)),
        publishedAt: (textOf(entry.published) || textOf(entry.updated)).trim() || undefined,
        imageUrl: imageOf(entry),
      };
    });
  }
  return [];
}

const FETCH_TIMEOUT_MS = 10_000;
const MAX_FEED_BYTES = 2_000_000;

/**
 * The document at a feed URL: http(s) only, no credentials, public addresses only (redirects
 * included), within a time and size bound (platform/safe-fetch.ts: admins type these URLs).
 */
export function fetchFeed(url: string, options: SafeFetchOptions = {}): Promise<string> {
  return safeFetchText(url, {
    timeoutMs: FETCH_TIMEOUT_MS,
    maxBytes: MAX_FEED_BYTES,
    headers: { accept: "application/rss+xml, application/atom+xml, application/xml, text/xml" },
    ...options,
  });
}

export interface ImportResult {
  url: string;
  added: number;
  skipped: number;
  error?: string;
}

/**
 * Imports the entries of the operator's feeds as news items. An entry already imported (same guid)
 * or not fit to show (no title, a link that is not http(s)) is skipped; a feed that fails is
 * reported and the others go on.
 */
export async function importFeeds(
  ctx: AppContext,
  urls: string[],
  fetchDoc: (url: string) => Promise<string> = fetchFeed,
): Promise<ImportResult[]> {
  const results: ImportResult[] = [];
  for (const url of urls) {
    const result: ImportResult = { url, added: 0, skipped: 0 };
    try {
      for (const entry of parseFeed(await fetchDoc(url))) {
        try {
          const added = await addNews(ctx, {
            headerText: entry.title,
            text: entry.text,
            navigateUrl: entry.link,
            imageUrl: entry.imageUrl ?? null,
            postingDate: entry.publishedAt,
            source: "feed",
            guid: `${url}#${entry.guid}`,
          });
          if (added) result.added += 1;
          else result.skipped += 1;
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
          result.skipped += 1;
        }
      }
    } catch (error) {
      result.error = error instanceof Error ? error.message : String(error);
      ctx.log.warn("news feed import failed", { url, error: result.error });
    }
    results.push(result);
  }
  return results;
}

/**
 * Imports every listed feed: the configured ones (NEWS_FEEDS, the default) and those admins added.
 * A feed the operator configured may name any port (their choice, decision 042); its redirects and
 * the admins' feeds keep to the web's ports.
 */
export async function importListedFeeds(ctx: AppContext, configured: readonly string[]): Promise<ImportResult[]> {
  const urls = await feedUrls(ctx, configured);
  const fetchListed = (url: string) => (configured.includes(url) ? fetchFeed(url, { isAllowedPort: operatorPorts(url) }) : fetchFeed(url));
  return urls.length === 0 ? [] : importFeeds(ctx, urls, fetchListed);
}

/** The web's ports and the one the operator's URL names. */
function operatorPorts(url: string): (port: number) => boolean {
  const own = portOf(new URL(url));
  return (port) => port === own || isWebPort(port);
}
