import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeTestContext, openTestContext, type TestContext } from "#support/service-context.ts";
import { fetchFeed, importFeeds, importListedFeeds, parseFeed, plainText } from "./feed-import.ts";

const RSS = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/">
  <channel><title>Club news</title>
    <item>
      <title>Tryouts open &amp; free</title>
      <link>https://club.example/tryouts</link>
      <guid isPermaLink="false">club-1</guid>
      <description><![CDATA[<p>Bring <b>boots</b> and water.</p><script>alert(1)</script>]]></description>
      <pubDate>Sat, 21 Nov 2026 10:00:00 GMT</pubDate>
      <enclosure url="https://club.example/t.jpg" type="image/jpeg" length="100"/>
    </item>
    <item>
      <title>Season recap</title>
      <link>https://club.example/recap</link>
      <description>A long season.</description>
      <media:thumbnail url="https://club.example/recap.png"/>
    </item>
    <item>
      <title>Sneaky</title>
      <link>javascript:alert(1)</link>
      <guid>club-3</guid>
    </item>
  </channel>
</rss>`;

const ATOM = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <title>League</title>
  <entry>
    <title type="html">Final &lt;b&gt;tonight&lt;/b&gt;</title>
    <link rel="self" href="https://league.example/self/1"/>
    <link rel="alternate" href="https://league.example/final"/>
    <id>urn:league:1</id>
    <updated>2026-11-20T18:00:00Z</updated>
    <summary>Kick-off at 8pm.</summary>
  </entry>
</feed>`;

/** The test's local server is the one address these fetches may reach (the SSRF guard refuses loopback otherwise). */
const localOnly = { isAllowedAddress: (a: string) => a === "127.0.0.1", isAllowedPort: (p: number) => p === Number(new URL(base).port) };
const fetchLocal = (url: string) => fetchFeed(url, localOnly);

let server: Server;
let base: string;
let t: TestContext;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === "/rss.xml") return void res.writeHead(200, { "content-type": "application/rss+xml" }).end(RSS);
    if (req.url === "/atom.xml") return void res.writeHead(200, { "content-type": "application/atom+xml" }).end(ATOM);
    if (req.url === "/huge.xml") return void res.writeHead(200).end("x".repeat(5000));
    res.writeHead(500).end("down");
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await openTestContext("feed-import");
});

afterAll(async () => {
  server?.close();
  await closeTestContext(t);
});

describe("news feed import", () => {
  it("parses RSS 2.0 and Atom entries: title, link, plain text, date, image", () => {
    const rss = parseFeed(RSS);
    expect(rss[0]).toEqual({
      guid: "club-1",
      title: "Tryouts open & free",
      link: "https://club.example/tryouts",
      text: "Bring boots and water.",
      publishedAt: "Sat, 21 Nov 2026 10:00:00 GMT",
      imageUrl: "https://club.example/t.jpg",
    });
    expect(rss[1]).toMatchObject({ guid: "https://club.example/recap", imageUrl: "https://club.example/recap.png" });
    expect(parseFeed(ATOM)).toEqual([
      {
        guid: "urn:league:1",
        title: "Final tonight",
        link: "https://league.example/final",
        text: "Kick-off at 8pm.",
        publishedAt: "2026-11-20T18:00:00Z",
        imageUrl: undefined,
      },
    ]);
    expect(parseFeed("<html><body>not a feed</body></html>")).toEqual([]);
    expect(plainText("<p>a&nbsp;<i>b</i></p>")).toBe("a b");
  });

  it("imports from a local server once: a rerun adds nothing; unsafe entries and failing feeds are skipped, not fatal", async () => {
    const first = await importFeeds(t.ctx, [`${base}/rss.xml`, `${base}/atom.xml`, `${base}/down.xml`], fetchLocal);
    expect(first.map(({ added, skipped, error }) => ({ added, skipped, failed: !!error }))).toEqual([
      { added: 2, skipped: 1, failed: false },
      { added: 1, skipped: 0, failed: false },
      { added: 0, skipped: 0, failed: true },
    ]);
    const rows = await t.db
      .selectFrom("newsItem")
      .select(["headerText", "navigateUrl", "imageUrl", "postingDate", "source"])
      .where("source", "=", "feed")
      .orderBy("id")
      .execute();
    expect(rows).toEqual([
      {
        headerText: "Tryouts open & free",
        navigateUrl: "https://club.example/tryouts",
        imageUrl: "https://club.example/t.jpg",
        postingDate: "2026-11-21T10:00:00.000Z",
        source: "feed",
      },
      {
        headerText: "Season recap",
        navigateUrl: "https://club.example/recap",
        imageUrl: "https://club.example/recap.png",
        postingDate: expect.any(String),
        source: "feed",
      },
      {
        headerText: "Final tonight",
        navigateUrl: "https://league.example/final",
        imageUrl: null,
        postingDate: "2026-11-20T18:00:00.000Z",
        source: "feed",
      },
    ]);
    const again = await importFeeds(t.ctx, [`${base}/rss.xml`, `${base}/atom.xml`], fetchLocal);
    expect(again.map((r) => r.added)).toEqual([0, 0]);
  });

  it("fetches within a size bound, only over http(s), and never from a private address", async () => {
    await expect(fetchFeed(`${base}/huge.xml`, { ...localOnly, maxBytes: 1_000 })).rejects.toThrow(/larger than 1000 bytes/);
    await expect(fetchFeed("file:///etc/passwd")).rejects.toThrow(/not an http/);
    expect(await fetchFeed(`${base}/rss.xml`, localOnly)).toContain("<rss");
    // The import as it runs (web ports and public addresses only): the local server is refused.
    const [refused] = await importFeeds(t.ctx, [`${base}/rss.xml`]);
    expect(refused).toMatchObject({ added: 0, error: expect.stringMatching(/port \d+ is not fetched/) });
  });

  it("lets the operator's NEWS_FEEDS name their own port; an admin's feed keeps to the web's (review of 2026-11-27, third pass)", async () => {
    // An admin's feed on that port, as a row saved before the port rule (saving one now is refused).
    await t.ctx.db
      .insertInto("newsFeed")
      .values({ url: `${base}/atom.xml`, createdAt: new Date().toISOString() })
      .execute();
    const results = await importListedFeeds(t.ctx, [`${base}/rss.xml`]);
    expect(results).toEqual([
      // The port passes for the operator's URL; the address is still judged (and refused: it is local).
      expect.objectContaining({ url: `${base}/rss.xml`, added: 0, error: expect.stringMatching(/not a public address/) }),
      expect.objectContaining({ url: `${base}/atom.xml`, added: 0, error: expect.stringMatching(/port \d+ is not fetched/) }),
    ]);
  });
});
