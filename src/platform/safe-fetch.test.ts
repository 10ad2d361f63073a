/**
 * Fetching URLs someone typed against a real local HTTP server: a loopback target is refused before
 * any request reaches it (by a literal address, by a name that resolves to it, by a redirect), URLs
 * with credentials or other schemes are refused, and the body and time are bounded. The allowed path
 * runs with the test's server allowed (isAllowedAddress), the only thing the tests change.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkPublicUrl, isWebPort, safeFetchText, UnsafePortError, UnsafeUrlError } from "./safe-fetch.ts";

let server: Server;
let port: number;
const hits: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push(req.url ?? "");
    if (req.url === "/feed") return void res.writeHead(200).end("<rss/>");
    if (req.url === "/to-feed") return void res.writeHead(302, { location: "/feed" }).end();
    if (req.url === "/to-private") return void res.writeHead(302, { location: "http://10.0.0.1/feed" }).end();
    if (req.url === "/to-metadata") return void res.writeHead(301, { location: "http://169.254.169.254/latest/meta-data/" }).end();
    if (req.url === "/to-port") return void res.writeHead(302, { location: "http://127.0.0.1:6379/" }).end();
    if (req.url === "/loop") return void res.writeHead(302, { location: "/loop" }).end();
    if (req.url === "/big") return void res.writeHead(200).end("x".repeat(5000));
    if (req.url === "/slow") return void setTimeout(() => res.writeHead(200).end("late"), 2000);
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

/** Only the test's own server (its address and port) may be reached on the allowed path. */
const thisPort = { isAllowedPort: (p: number) => p === port || isWebPort(p) };
const localOnly = { isAllowedAddress: (a: string) => a === "127.0.0.1", ...thisPort };

describe("safeFetchText", () => {
  it("refuses a loopback target, by address or by a name resolving to it, before any request is made", async () => {
    hits.length = 0;
    for (const url of [`http://127.0.0.1:${port}/feed`, `http://localhost:${port}/feed`, `http://[::ffff:127.0.0.1]:${port}/feed`]) {
      await expect(safeFetchText(url, thisPort), url).rejects.toThrow(/not a public address/);
    }
    expect(hits).toEqual([]);
  });

  it("refuses other schemes and URLs with credentials", async () => {
    await expect(safeFetchText("file:///etc/passwd")).rejects.toThrow(UnsafeUrlError);
    await expect(safeFetchText("gopher://127.0.0.1:70/")).rejects.toThrow(UnsafeUrlError);
    await expect(safeFetchText(`http://user:secret@127.0.0.1:${port}/feed`, localOnly)).rejects.toThrow(/credentials/);
  });

  it("fetches an allowed address and follows a redirect, but not one to a private address", async () => {
    expect(await safeFetchText(`http://127.0.0.1:${port}/feed`, localOnly)).toBe("<rss/>");
    expect(await safeFetchText(`http://localhost:${port}/to-feed`, localOnly)).toBe("<rss/>");
    await expect(safeFetchText(`http://127.0.0.1:${port}/to-private`, localOnly)).rejects.toThrow(/10\.0\.0\.1 is not a public address/);
    await expect(safeFetchText(`http://127.0.0.1:${port}/to-metadata`, localOnly)).rejects.toThrow(/not a public address/);
    await expect(safeFetchText(`http://127.0.0.1:${port}/loop`, localOnly)).rejects.toThrow(/too many redirects/);
  });

  it("connects to the web's ports only, unless the caller allows another; a redirect to another port is refused (review of 2026-11-27, third pass)", async () => {
    hits.length = 0;
    const addressOnly = { isAllowedAddress: localOnly.isAllowedAddress };
    await expect(safeFetchText(`http://127.0.0.1:${port}/feed`, addressOnly)).rejects.toThrow(UnsafePortError);
    for (const url of ["http://93.184.215.14:6379/", "https://93.184.215.14:22/", "http://93.184.215.14:25/"])
      await expect(safeFetchText(url), url).rejects.toThrow(/port \d+ is not fetched/);
    expect(hits).toEqual([]);
    // A redirect from an allowed port to another is checked like the first URL.
    await expect(safeFetchText(`http://127.0.0.1:${port}/to-port`, localOnly)).rejects.toThrow(/port 6379 is not fetched/);
  });

  it("bounds the body and the time", async () => {
    await expect(safeFetchText(`http://127.0.0.1:${port}/big`, { ...localOnly, maxBytes: 1000 })).rejects.toThrow(/larger than 1000 bytes/);
    await expect(safeFetchText(`http://127.0.0.1:${port}/slow`, { ...localOnly, timeoutMs: 200 })).rejects.toThrow(/timed out/);
  });
});

describe("checkPublicUrl (at save)", () => {
  it("refuses private hosts, credentials and other schemes; accepts a public address", async () => {
    for (const url of [
      "http://127.0.0.1/rss",
      "http://localhost/rss",
      "http://[::1]/rss",
      "http://10.0.0.8/rss",
      "http://169.254.169.254/latest",
      "http://100.100.1.1/",
      "https://user:pw@feeds.example/rss",
      "ftp://feeds.example/rss",
    ]) {
      await expect(checkPublicUrl(url), url).rejects.toThrow(UnsafeUrlError);
    }
    await expect(checkPublicUrl("https://93.184.215.14/rss")).resolves.toBeUndefined();
  });

  it("takes the web's ports (80, 443, 8080, 8443, or none named) and refuses any other", async () => {
    for (const url of [
      "http://93.184.215.14:80/rss",
      "https://93.184.215.14:443/rss",
      "http://93.184.215.14:8080/rss",
      "https://93.184.215.14:8443/rss",
    ])
      await expect(checkPublicUrl(url), url).resolves.toBeUndefined();
    for (const url of [
      "http://93.184.215.14:6379/",
      "https://93.184.215.14:5432/",
      "http://93.184.215.14:8081/rss",
      "https://93.184.215.14:1/",
    ])
      await expect(checkPublicUrl(url), url).rejects.toThrow(UnsafePortError);
  });
});
