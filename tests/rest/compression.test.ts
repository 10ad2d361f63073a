/**
 * Compression over HTTP against the real Bun server serving a real client build: built assets go
 * brotli, gzip or as they are by Accept-Encoding (the build's precompressed copies), always with
 * `Vary: Accept-Encoding`, an ETag answered by 304, and the cache headers of hashed assets; JSON
 * answers of a kilobyte or more are compressed too. Raw bytes are read with node:http, because
 * fetch would ask for and decode compression by itself.
 */
import { request } from "node:http";
import { readFileSync } from "node:fs";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { buildClientInto } from "#support/client-build.ts";
import { serverHarness } from "#support/harness.ts";

const client = buildClientInto();
const h = serverHarness({ env: { CLIENT_DIR: client.dir } });
afterAll(() => client.remove());

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function raw(pathname: string, headers: Record<string, string> = {}, method = "GET"): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(h.server.baseUrl + pathname, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

function decoded(res: RawResponse): Buffer {
  const encoding = res.headers["content-encoding"];
  if (encoding === "br") return brotliDecompressSync(res.body);
  if (encoding === "gzip") return gunzipSync(res.body);
  expect(encoding).toBeUndefined();
  return res.body;
}

/** The page's module entry and stylesheet, as index.html names them (the boot script before them is a few bytes). */
async function pageAssets(): Promise<{ js: string; css: string }> {
  const page = await raw("/");
  const html = page.body.toString("utf8");
  return {
    js: html.match(/<script type="module"[^>]*src="([^"]+)"/)![1]!,
    css: html.match(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/)![1]!,
  };
}

const onDisk = (url: string) => readFileSync(path.join(client.dir, url));

describe("built assets", () => {
  it.each([
    ["gzip, deflate, br, zstd", "br"],
    ["br", "br"],
    ["gzip", "gzip"],
    ["gzip, deflate", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["identity", undefined],
    ["", undefined],
  ])("Accept-Encoding %j gets %s, decoding to the built bytes", async (accept, expected) => {
    const { js, css } = await pageAssets();
    for (const url of [js, css]) {
      const res = await raw(url, accept ? { "Accept-Encoding": accept } : {});
      expect(res.status).toBe(200);
      expect(res.headers["content-encoding"]).toBe(expected);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(res.headers["content-type"]).toMatch(url.endsWith(".js") ? /^text\/javascript/ : /^text\/css/);
      expect(Number(res.headers["content-length"])).toBe(res.body.length);
      expect(decoded(res).equals(onDisk(url))).toBe(true);
      if (expected) expect(res.body.length).toBeLessThan(onDisk(url).length / 3);
    }
  });

  it("answers If-None-Match with 304, with an ETag per encoding", async () => {
    const { js } = await pageAssets();
    const br = await raw(js, { "Accept-Encoding": "br" });
    const gzip = await raw(js, { "Accept-Encoding": "gzip" });
    const plain = await raw(js);
    const tags = [br, gzip, plain].map((r) => r.headers.etag);
    expect(new Set(tags).size).toBe(3);
    const again = await raw(js, { "Accept-Encoding": "br", "If-None-Match": String(br.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(br.headers.etag);
    expect(again.headers.vary).toMatch(/accept-encoding/i);
    // The gzip copy's tag does not validate the brotli answer.
    expect((await raw(js, { "Accept-Encoding": "br", "If-None-Match": String(gzip.headers.etag) })).status).toBe(200);
  });

  it("answers HEAD with the headers of the encoded file and no body", async () => {
    const { css } = await pageAssets();
    const res = await raw(css, { "Accept-Encoding": "br" }, "HEAD");
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(Number(res.headers["content-length"])).toBe(readFileSync(path.join(client.dir, `${css}.br`)).length);
    expect(res.body.length).toBe(0);
  });

  it("keeps the page itself uncached, with its own nonce in the policy", async () => {
    const res = await raw("/", { "Accept-Encoding": "br" });
    expect(res.headers["cache-control"]).toBe("no-store");
    const nonce = String(res.headers["content-security-policy"]).match(/'nonce-([^']+)'/)?.[1];
    expect(nonce).toBeTruthy();
    expect(res.body.toString("utf8")).toContain(`content="${nonce}"`);
    expect(String(res.headers["content-security-policy"])).toContain("script-src 'self';");
  });
});

describe("JSON answers", () => {
  it("are compressed from a kilobyte on, by Accept-Encoding", async () => {
    const plain = await raw("/api/common/GetSportsList");
    expect(plain.status).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    for (const encoding of ["br", "gzip"]) {
      const res = await raw("/api/common/GetSportsList", { "Accept-Encoding": encoding });
      expect(res.headers["content-encoding"]).toBe(encoding);
      expect(Number(res.headers["content-length"])).toBe(res.body.length);
      expect(res.body.length).toBeLessThan(plain.body.length);
      expect(JSON.parse(decoded(res).toString("utf8"))).toEqual(JSON.parse(plain.body.toString("utf8")));
    }
  });

  it("stay as they are when small", async () => {
    const res = await raw("/api/health", { "Accept-Encoding": "br, gzip" });
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(res.body.toString("utf8"))).toEqual({ status: "ok" });
  });
});
