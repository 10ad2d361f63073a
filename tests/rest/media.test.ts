/**
 * Contract tests of the media actions (rest-api.md: member/UploadProfilePhoto, GetVideoPlayList,
 * GetVideosList, GetInstagramAccessToken; common/EncryptString, DecryptString), the /uploads/
 * files and the web client's tRPC upload, over HTTP against the real Bun server. YouTube is a
 * stand-in HTTP server on 127.0.0.1 started here (YOUTUBE_API_BASE_URL); never the real internet.
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { createTRPCClient, httpBatchLink, httpLink, isNonJsonSerializable, splitLink, TRPCClientError } from "@trpc/client";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppRouter } from "../../src/server/trpc/root.ts";
import { IMAGE_UPLOAD_MAX_BYTES } from "../../src/shared/limits.ts";
import { texts } from "../../src/shared/texts.ts";
import { serverHarness } from "#support/harness.ts";
import { bearer, qs, type RegisteredMember, registerAndConfirm } from "#support/server.ts";

// ---------------------------------------------------------------------------------------------
// The YouTube stand-in (playlists.list and playlistItems.list), started before the server.

const YT_KEY = "test-key";
const ytHits: URL[] = [];
let youtube: Server;
const env: Record<string, string> = { YOUTUBE_API_KEY: YT_KEY };

beforeAll(async () => {
  youtube = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    ytHits.push(url);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (url.searchParams.get("key") !== YT_KEY) return send(400, { error: { errors: [{ reason: "keyInvalid" }] } });
    const channel = url.searchParams.get("channelId") ?? "";
    const playlist = url.searchParams.get("playlistId") ?? "";
    if (url.pathname === "/yt/playlists") {
      if (channel.startsWith("UCbroken")) return send(500, { error: { errors: [{ reason: "backendError" }] } });
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
      if (playlist === "PLquota") return send(403, { error: { errors: [{ reason: "quotaExceeded" }] } });
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
  await new Promise<void>((resolve) => youtube.listen(0, "127.0.0.1", resolve));
  env.YOUTUBE_API_BASE_URL = `http://127.0.0.1:${(youtube.address() as AddressInfo).port}/yt`;
});

afterAll(async () => {
  youtube?.closeAllConnections();
  await new Promise((r) => youtube?.close(r));
});

// Registered after the stand-in's beforeAll, so `env` holds its URL when the server starts.
const h = serverHarness({ env });

// ---------------------------------------------------------------------------------------------
// Helpers

const member = () => registerAndConfirm(h.server.baseUrl, h.sink);

const png = () =>
  sharp({ create: { width: 300, height: 200, channels: 3, background: "#1c7ed6" } })
    .png()
    .toBuffer();

/** A Blob part from text or bytes (copied into a plain ArrayBuffer, as the DOM types want). */
const blobPart = (bytes: Uint8Array | string): BlobPart => (typeof bytes === "string" ? bytes : new Uint8Array(bytes));

interface UploadOptions {
  token?: string;
  field?: string;
  fileName?: string;
  type?: string;
  base?: "/api" | "/services";
}

/** POST member/UploadProfilePhoto/{id} with one multipart part, as a legacy client sends it. */
async function upload(memberId: number | string, bytes: Uint8Array | string | null, o: UploadOptions = {}) {
  const form = new FormData();
  if (bytes !== null) form.set(o.field ?? "image", new Blob([blobPart(bytes)], { type: o.type ?? "image/png" }), o.fileName ?? "photo.png");
  else form.set("note", "no file here");
  const res = await fetch(`${h.server.baseUrl}${o.base ?? "/api"}/member/UploadProfilePhoto/${memberId}`, {
    method: "POST",
    headers: o.token ? bearer(o.token) : {},
    body: form,
  });
  const text = await res.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, json, text };
}

const photosDir = () => path.join(h.server.dataDir, "uploads/photos");
const storedFiles = () => (existsSync(photosDir()) ? readdirSync(photosDir()).sort() : []);
const storedPicture = (memberId: number) => h.db.value<string | null>("select picture_path from member where id = ?", memberId);

async function fetchBytes(pathName: string) {
  const res = await fetch(h.server.baseUrl + pathName);
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

function expect400(res: { status: number; json: any }, message: string) {
  expect(res.status).toBe(400);
  expect(res.json).toEqual({ message });
}

/** Sets a member's video channel through member/SetYoutubeChannel. */
async function setChannel(m: RegisteredMember, channelId: string) {
  const res = await h.c.put("/api/member/SetYoutubeChannel", {
    headers: bearer(m.accessToken),
    body: { memberID: String(m.memberId), channelID: channelId },
  });
  expect(res.status).toBe(200);
}

/** The owner's privacy level for the videos section (no REST action sets it yet: written to the database). */
async function setVideosPrivacy(memberId: number, level: number) {
  await h.db.run(
    "insert into member_privacy (member_id, videos) values (?, ?) on conflict(member_id) do update set videos = excluded.videos",
    memberId,
    level,
  );
}

// ---------------------------------------------------------------------------------------------

describe("member/UploadProfilePhoto", () => {
  it("stores a PNG as WebP variants, records the path and serves it with nosniff and an immutable cache", async () => {
    const m = await member();
    const res = await upload(m.memberId, await png(), { token: m.accessToken });
    expect(res.status).toBe(200);
    expect(Object.keys(res.json)).toEqual(["picturePath"]);
    const picturePath: string = res.json.picturePath;
    expect(picturePath).toMatch(/^\/uploads\/photos\/[a-z2-7]{32}-400\.webp$/);
    expect(await storedPicture(m.memberId)).toBe(picturePath);

    const { res: served, bytes } = await fetchBytes(picturePath);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toMatch(/^image\//);
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.headers.get("cache-control")).toMatch(/immutable/);
    expect(served.headers.get("cache-control")).toMatch(/max-age=31536000/);
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 400, 400]);
    const avatar = await sharp((await fetchBytes(picturePath.replace("-400.webp", "-96.webp"))).bytes).metadata();
    expect([avatar.width, avatar.height]).toEqual([96, 96]);

    // The login result now carries the picture as the original did: its file name, which legacy
    // clients append to /Images/members/ (docs/rest-api.md "Pictures").
    const login = await h.c.post("/api/account/login", { body: { email: m.email, password: m.password } });
    expect(login.json.picturePath).toBe(path.basename(picturePath));
    const legacy = await fetchBytes(`/Images/members/${login.json.picturePath}`);
    expect(legacy.res.status).toBe(200);
    expect(Buffer.from(legacy.bytes).equals(Buffer.from(bytes))).toBe(true);
  });

  it("drops EXIF (GPS, orientation) from a JPEG, and takes a GIF, also under /services", async () => {
    const m = await member();
    const jpeg = await sharp({ create: { width: 240, height: 160, channels: 3, background: "#e8590c" } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Copyright: "Home address inside" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "48/1 51/1 29/1" } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const res = await upload(m.memberId, jpeg, { token: m.accessToken, fileName: "camera.jpg", type: "image/jpeg" });
    expect(res.status).toBe(200);
    const { bytes } = await fetchBytes(res.json.picturePath);
    const meta = await sharp(bytes).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(bytes.includes("Home address inside")).toBe(false);

    const gif = await sharp({ create: { width: 50, height: 50, channels: 3, background: "#0f0" } })
      .gif()
      .toBuffer();
    const viaServices = await upload(m.memberId, gif, { token: m.accessToken, fileName: "a.gif", type: "image/gif", base: "/services" });
    expect(viaServices.status).toBe(200);
    expect(await storedPicture(m.memberId)).toBe(viaServices.json.picturePath);
  });

  it("rasterizes an SVG: the stored picture is an image with no script in it", async () => {
    const m = await member();
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><script>alert(document.cookie)</script><rect width="64" height="64" fill="navy"/></svg>`;
    const res = await upload(m.memberId, svg, { token: m.accessToken, fileName: "logo.svg", type: "image/svg+xml" });
    expect(res.status).toBe(200);
    const { res: served, bytes } = await fetchBytes(res.json.picturePath);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect((await sharp(bytes).metadata()).format).toBe("webp");
    expect(bytes.includes("script")).toBe(false);
    expect(bytes.includes("alert")).toBe(false);
  });

  it("removes the previous picture's files when a new one replaces it", async () => {
    const m = await member();
    const first = await upload(m.memberId, await png(), { token: m.accessToken });
    const second = await upload(m.memberId, await png(), { token: m.accessToken });
    expect(second.json.picturePath).not.toBe(first.json.picturePath);
    expect((await fetch(h.server.baseUrl + first.json.picturePath)).status).toBe(404);
    expect((await fetch(h.server.baseUrl + second.json.picturePath)).status).toBe(200);
  });

  it("refuses bad files with the spec's messages; nothing is written and the member is unchanged", async () => {
    const m = await member();
    const before = storedFiles();
    const big = new Uint8Array(IMAGE_UPLOAD_MAX_BYTES + 1);
    big.set(await png());
    expect400(await upload(m.memberId, big, { token: m.accessToken }), texts.uploadFileTooBig);
    expect400(
      await upload(m.memberId, "Just some text, named like a picture.", { token: m.accessToken, fileName: "photo.png" }),
      texts.uploadFileTypes,
    );
    expect400(
      await upload(m.memberId, "<html><script>alert(1)</script></html>", {
        token: m.accessToken,
        fileName: "x.svg",
        type: "image/svg+xml",
      }),
      texts.uploadFileTypes,
    );
    expect400(await upload(m.memberId, null, { token: m.accessToken }), texts.uploadFileRequired);
    expect400(await upload(m.memberId, await png(), { token: m.accessToken, field: "picture" }), texts.uploadFileRequired);
    expect400(await upload(m.memberId, "", { token: m.accessToken }), texts.uploadFileRequired);
    const json = await h.c.post(`/api/member/UploadProfilePhoto/${m.memberId}`, { headers: bearer(m.accessToken), body: { image: "x" } });
    expect400(json, texts.uploadFileRequired);
    expect(storedFiles()).toEqual(before);
    expect(await storedPicture(m.memberId)).toBeNull();
  });

  it("refuses a body far over the limit before reading it", async () => {
    const m = await member();
    const before = storedFiles();
    const res = await upload(m.memberId, new Uint8Array(IMAGE_UPLOAD_MAX_BYTES + 200_000), { token: m.accessToken }).catch(() => null);
    // The server may answer before the whole body is sent; when the client saw the answer, it is the spec's 400.
    if (res) expect400(res, texts.uploadFileTooBig);
    expect(storedFiles()).toEqual(before);
  });

  it("answers 403 for someone else's id, 401 without a token, 400 for a malformed id", async () => {
    const a = await member();
    const b = await member();
    const before = storedFiles();
    const forbidden = await upload(b.memberId, await png(), { token: a.accessToken });
    expect(forbidden.status).toBe(403);
    expect(typeof forbidden.json.message).toBe("string");
    expect((await upload(a.memberId, await png())).status).toBe(401);
    expect((await upload("abc", await png(), { token: a.accessToken })).status).toBe(400);
    expect(storedFiles()).toEqual(before);
    expect(await storedPicture(a.memberId)).toBeNull();
    expect(await storedPicture(b.memberId)).toBeNull();
  });
});

describe("/uploads/", () => {
  it("serves nothing outside the uploads folder and no page for a missing file", async () => {
    for (const p of ["/uploads/..%2Fsideline.db", "/uploads/..%2fsecret.key", "/uploads/photos", "/uploads/photos/nothing-400.webp"]) {
      const res = await fetch(h.server.baseUrl + p);
      expect(res.status, p).toBe(404);
      expect(res.headers.get("content-type"), p).toMatch(/^application\/json/);
    }
    // "%2e%2e" is normalized away by URL parsing (the request is for /sideline.db): not the database either.
    const dotted = await fetch(`${h.server.baseUrl}/uploads/%2e%2e/sideline.db`);
    expect((await dotted.text()).startsWith("SQLite format")).toBe(false);
  });
});

describe("tRPC media.uploadProfilePhoto (the web client, session cookie)", () => {
  const clientFor = (headers: Record<string, string>) =>
    createTRPCClient<AppRouter>({
      links: [
        splitLink({
          condition: (op) => isNonJsonSerializable(op.input),
          true: httpLink({ url: `${h.server.baseUrl}/trpc`, headers }),
          false: httpBatchLink({ url: `${h.server.baseUrl}/trpc`, headers }),
        }),
      ],
    });
  const formWith = (bytes: Uint8Array | string, name = "photo.png") => {
    const form = new FormData();
    form.set("image", new Blob([blobPart(bytes)]), name);
    return form;
  };

  it("uploads FormData through httpLink with the cookie and answers { picturePath }", async () => {
    const m = await member();
    const trpc = clientFor({ Cookie: `sideline_session=${m.accessToken}`, Origin: h.server.baseUrl });
    const done = await trpc.media.uploadProfilePhoto.mutate(formWith(await png()));
    expect(done.picturePath).toMatch(/^\/uploads\/photos\/[a-z2-7]{32}-400\.webp$/);
    expect(await storedPicture(m.memberId)).toBe(done.picturePath);
    // JSON calls still go through the batch link.
    expect((await trpc.account.me.query())?.picturePath).toBe(done.picturePath);

    const refused = await trpc.media.uploadProfilePhoto.mutate(formWith("plain text", "a.png")).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(TRPCClientError);
    expect((refused as TRPCClientError<AppRouter>).message).toBe(texts.uploadFileTypes);
    expect((refused as TRPCClientError<AppRouter>).data?.code).toBe("BAD_REQUEST");
    expect(await storedPicture(m.memberId)).toBe(done.picturePath);
  });

  it("refuses an upload without a session and one from another site", async () => {
    const m = await member();
    const anonymous = await clientFor({ Origin: h.server.baseUrl })
      .media.uploadProfilePhoto.mutate(formWith(await png()))
      .catch((e: unknown) => e);
    expect((anonymous as TRPCClientError<AppRouter>).data?.code).toBe("UNAUTHORIZED");
    const res = await fetch(`${h.server.baseUrl}/trpc/media.uploadProfilePhoto`, {
      method: "POST",
      headers: { Cookie: `sideline_session=${m.accessToken}`, Origin: "http://evil.example" },
      body: formWith(await png()),
    });
    expect(res.status).toBe(403);
    expect(await storedPicture(m.memberId)).toBeNull();
  });
});

describe("member/GetVideoPlayList and member/GetVideosList", () => {
  const playlistsOf = (token: string, memberId: number | string) =>
    h.c.get(`/api/member/GetVideoPlayList/${memberId}`, { headers: bearer(token) });

  it("lists the playlists of a member's channel, cached: a second call does not reach the site", async () => {
    const owner = await member();
    const viewer = await member();
    const channel = `UCcache${owner.memberId}`;
    await setChannel(owner, channel);
    const first = await playlistsOf(viewer.accessToken, owner.memberId);
    expect(first.status).toBe(200);
    expect(first.json).toEqual([
      { id: `PL${channel}`, title: "Season highlights", description: "Goals", defaultThumbnail: "https://i.ytimg.com/pl/default.jpg" },
    ]);
    const again = await playlistsOf(owner.accessToken, owner.memberId);
    expect(again.json).toEqual(first.json);
    expect(ytHits.filter((u) => u.searchParams.get("channelId") === channel)).toHaveLength(1);
    const hit = ytHits.find((u) => u.searchParams.get("channelId") === channel)!;
    expect(hit.searchParams.get("part")).toBe("snippet");
  });

  it("answers [] when the videos section is private to this viewer, with no channel, for no such member, or when the site fails", async () => {
    const owner = await member();
    const viewer = await member();
    const channel = `UCprivate${owner.memberId}`;
    await setChannel(owner, channel);
    await setVideosPrivacy(owner.memberId, 2);
    expect((await playlistsOf(viewer.accessToken, owner.memberId)).json).toEqual([]);
    expect((await playlistsOf(owner.accessToken, owner.memberId)).json).toHaveLength(1);

    const noChannel = await member();
    expect((await playlistsOf(viewer.accessToken, noChannel.memberId)).json).toEqual([]);
    expect((await playlistsOf(viewer.accessToken, 99_999_999)).json).toEqual([]);

    const broken = await member();
    await setChannel(broken, `UCbroken${broken.memberId}`);
    const failed = await playlistsOf(viewer.accessToken, broken.memberId);
    expect(failed.status).toBe(200);
    expect(failed.json).toEqual([]);
  });

  it("lists a playlist's videos; [] when the site refuses; 400 for a malformed id; 401 without a token", async () => {
    const m = await member();
    // Videos are fetched only for playlists a member's channel listed (the Videos tab lists them first).
    await setChannel(m, "season2024");
    await playlistsOf(m.accessToken, m.memberId);
    const res = await h.c.get("/api/member/GetVideosList/PLseason2024", { headers: bearer(m.accessToken) });
    expect(res.status).toBe(200);
    expect(res.json).toEqual([
      {
        id: "dQw4w9WgXcQ",
        title: "Final",
        description: "The last match",
        publishedAt: "2024-06-01T12:00:00Z",
        thumbnail: "https://i.ytimg.com/v/mq.jpg",
      },
    ]);
    expect(ytHits.some((u) => u.pathname === "/yt/playlistItems" && u.searchParams.get("playlistId") === "PLseason2024")).toBe(true);
    const other = await member();
    await setChannel(other, "quota");
    await playlistsOf(m.accessToken, other.memberId);
    expect((await h.c.get("/api/member/GetVideosList/PLquota", { headers: bearer(m.accessToken) })).json).toEqual([]);
    expect((await h.c.get("/api/member/GetVideosList/bad%20id!", { headers: bearer(m.accessToken) })).status).toBe(400);
    expect((await h.c.get("/api/member/GetVideoPlayList/abc", { headers: bearer(m.accessToken) })).status).toBe(400);
    expect((await h.c.get("/api/member/GetVideosList/PLseason2024")).status).toBe(401);
    expect((await h.c.get(`/api/member/GetVideoPlayList/${m.memberId}`)).status).toBe(401);
  });

  it("never asks the site for a playlist no member's channel listed, and asks again about a failure only after a while", async () => {
    const m = await member();
    const before = ytHits.length;
    for (let i = 0; i < 20; i++) {
      expect((await h.c.get(`/api/member/GetVideosList/PLguess${i}`, { headers: bearer(m.accessToken) })).json).toEqual([]);
    }
    expect(ytHits.length).toBe(before);
    // A failing channel is asked once, not on every view.
    const broken = await member();
    await setChannel(broken, `UCbroken${broken.memberId}`);
    for (let i = 0; i < 5; i++) expect((await playlistsOf(m.accessToken, broken.memberId)).json).toEqual([]);
    expect(ytHits.filter((u) => u.searchParams.get("channelId") === `UCbroken${broken.memberId}`)).toHaveLength(1);
  });

  it("serves the same lists to the web client (tRPC videos.playlists and videos.videos)", async () => {
    const owner = await member();
    await setChannel(owner, `UCtrpc${owner.memberId}`);
    const headers = { Cookie: `sideline_session=${owner.accessToken}` };
    const playlists = await h.c.get(`/trpc/videos.playlists${qs({ input: JSON.stringify({ memberId: owner.memberId }) })}`, { headers });
    expect(playlists.json.result.data).toEqual([expect.objectContaining({ id: `PLUCtrpc${owner.memberId}` })]);
    const vids = await h.c.get(`/trpc/videos.videos${qs({ input: JSON.stringify({ playlistId: `PLUCtrpc${owner.memberId}` }) })}`, {
      headers,
    });
    expect(vids.json.result.data).toEqual([expect.objectContaining({ id: "dQw4w9WgXcQ" })]);
    expect((await h.c.get(`/trpc/videos.videos${qs({ input: JSON.stringify({ playlistId: "x" }) })}`)).status).toBe(401);
  });

  it("never writes the API key to the server's output", () => {
    expect(h.server.output()).not.toContain(YT_KEY);
  });
});

describe("member/GetInstagramAccessToken", () => {
  it("answers 501 with a message: no token exchange, Sideline links to the public photo account", async () => {
    const m = await member();
    const res = await h.c.get(`/api/member/GetInstagramAccessToken${qs({ code: "AQBx-some-code" })}`, { headers: bearer(m.accessToken) });
    expect(res.status).toBe(501);
    expect(res.json).toEqual({ message: texts.photoTokenRetired });
    expect((await h.c.get(`/api/member/GetInstagramAccessToken${qs({ code: "x" })}`)).status).toBe(401);
  });
});

describe("common/EncryptString and common/DecryptString (public)", () => {
  it("round-trips text through URL-safe authenticated encryption without a session", async () => {
    const plain = "member 42 & friends ⚽";
    const sealed = await h.c.get(`/api/common/EncryptString${qs({ encrypt: plain })}`);
    expect(sealed.status).toBe(200);
    expect(typeof sealed.json).toBe("string");
    expect(sealed.json).toMatch(/^[A-Za-z0-9_-]+$/);
    // Neither the text nor a plain encoding of it shows (a short fragment such as "42" turns up in
    // random base64 now and then: 2% of runs).
    expect(sealed.json).not.toContain("friends");
    expect(sealed.json).not.toContain(Buffer.from(plain).toString("base64url").slice(0, 12));
    const again = await h.c.get(`/api/common/encryptstring${qs({ encrypt: plain })}`);
    expect(again.json).not.toBe(sealed.json);
    // URL-safe: works even unencoded in a query string.
    const opened = await h.c.get(`/api/common/DecryptString?encrypted=${sealed.json}`);
    expect(opened.status).toBe(200);
    expect(opened.json).toBe(plain);
    expect((await h.c.get(`/services/common/DecryptString${qs({ encrypted: again.json })}`)).json).toBe(plain);
  });

  it("answers 400 with a clear message for tampered, garbage and missing input", async () => {
    const sealed: string = (await h.c.get(`/api/common/EncryptString${qs({ encrypt: "secret" })}`)).json;
    const flipped = sealed.slice(0, 20) + (sealed[20] === "A" ? "B" : "A") + sealed.slice(21);
    for (const bad of [flipped, sealed.slice(0, -3), "garbage!!", "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"]) {
      const res = await h.c.get(`/api/common/DecryptString${qs({ encrypted: bad })}`);
      expect(res.status, bad).toBe(400);
      expect(res.json.message).toMatch(/not a text this server encrypted/);
    }
    expect((await h.c.get("/api/common/DecryptString")).status).toBe(400);
    expect((await h.c.get("/api/common/EncryptString")).status).toBe(400);
    expect((await h.c.get(`/api/common/EncryptString${qs({ encrypt: "x".repeat(5000) })}`)).status).toBe(400);
  });

  it("keeps its generated key in DATA_DIR/secret.key with mode 0600", () => {
    const file = path.join(h.server.dataDir, "secret.key");
    expect(existsSync(file)).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });
});
