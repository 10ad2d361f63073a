import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { createMember } from "#support/members.ts";
import { type TestContext, closeTestContext, openTestContext } from "#support/service-context.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DB } from "../../platform/db/client.ts";
import { DomainError, ErrorCodes } from "../../shared/errors.ts";
import { IMAGE_UPLOAD_MAX_BYTES } from "../../shared/limits.ts";
import { texts } from "../../shared/texts.ts";
import { serverTexts } from "../../shared/server-texts.ts";
import type { AppContext } from "../../platform/context.ts";
import { sniffImage } from "./image.ts";
import { avatarPathOf, precheckPhoto, storedPhotoStem } from "./media.schema.ts";
import * as media from "./media.service.ts";

let dir: string;
let db: DB;
let ctx: AppContext;

let testContext: TestContext | undefined;
beforeAll(async () => {
  testContext = await openTestContext("media");
  ({ ctx, db, dir } = testContext);
});

afterAll(() => closeTestContext(testContext));

const newMember = () => createMember(db, { firstName: "Pat", lastName: "Keeper" });

const fileOf = (bytes: Uint8Array | string, name = "photo.png", type = "image/png"): media.IncomingFile => {
  const data = typeof bytes === "string" ? new TextEncoder().encode(bytes) : bytes;
  return { size: data.length, name, type, bytes: () => Promise.resolve(data) };
};

const picturePathOf = async (memberId: number) =>
  (await db.selectFrom("member").select("picturePath").where("id", "=", memberId).executeTakeFirstOrThrow()).picturePath;

const photoFiles = () => (existsSync(path.join(dir, "uploads/photos")) ? readdirSync(path.join(dir, "uploads/photos")).sort() : []);
const fileOnDisk = (picturePath: string) => path.join(dir, picturePath.replace(/^\//, ""));

const solid = (format: "png" | "jpeg" | "gif", width = 120, height = 80) =>
  sharp({ create: { width, height, channels: 3, background: "#2a7" } })
    [format]()
    .toBuffer();

async function expectRefused(promise: Promise<unknown>, code: string, message?: string) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  expect((error as DomainError).code).toBe(code);
  if (message) expect((error as DomainError).message).toBe(message);
}

describe("sniffImage", () => {
  it("recognises JPEG, PNG, GIF by their magic bytes and SVG by its root element", async () => {
    expect(sniffImage(await solid("png"))).toBe("png");
    expect(sniffImage(await solid("jpeg"))).toBe("jpeg");
    expect(sniffImage(await solid("gif"))).toBe("gif");
    const enc = (s: string) => new TextEncoder().encode(s);
    expect(sniffImage(enc('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe("svg");
    expect(
      sniffImage(enc('\ufeff<?xml version="1.0"?>\n<!-- made by hand -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x">\n<svg>')),
    ).toBe("svg");
  });

  it("refuses text, HTML, other image formats and SVGs that declare entities", async () => {
    const enc = (s: string) => new TextEncoder().encode(s);
    expect(sniffImage(enc("just some text"))).toBeNull();
    expect(sniffImage(enc("<html><svg></svg></html>"))).toBeNull();
    expect(sniffImage(enc("<svgfoo/>"))).toBeNull();
    expect(sniffImage(enc('<!DOCTYPE svg [<!ENTITY a "aaaa">]><svg>&a;</svg>'))).toBeNull();
    expect(
      sniffImage(
        await sharp({ create: { width: 4, height: 4, channels: 3, background: "#000" } })
          .webp()
          .toBuffer(),
      ),
    ).toBeNull();
    expect(sniffImage(new Uint8Array())).toBeNull();
  });
});

describe("media.schema helpers", () => {
  it("derives the avatar path and the stem of stored pictures only", () => {
    expect(avatarPathOf("/uploads/photos/abcdefghijklmnopqrstuvwxyz234567-400.webp")).toBe(
      "/uploads/photos/abcdefghijklmnopqrstuvwxyz234567-96.webp",
    );
    expect(avatarPathOf("/images/default.png")).toBe("/images/default.png");
    expect(storedPhotoStem("/images/default.png")).toBeNull();
    expect(storedPhotoStem(null)).toBeNull();
    expect(storedPhotoStem("/uploads/photos/../../x-400.webp")).toBeNull();
  });

  it("pre-checks a chosen file by name and size with the spec's message ids", () => {
    expect(precheckPhoto(null)).toBe("uploadFileRequired");
    expect(precheckPhoto({ name: "a.bmp", size: 10 })).toBe("uploadFileTypes");
    expect(precheckPhoto({ name: "a.JPG", size: IMAGE_UPLOAD_MAX_BYTES + 1 })).toBe("uploadFileTooBig");
    expect(precheckPhoto({ name: "a.jpeg", size: IMAGE_UPLOAD_MAX_BYTES })).toBeNull();
  });
});

describe("storedPhotoFile", () => {
  it("finds an uploaded picture by its file name in any letter case, and nothing for other names", async () => {
    const actor = await newMember();
    const { picturePath } = await media.uploadProfilePhoto(ctx, actor, { memberId: actor.memberId, file: fileOf(await solid("png")) });
    const name = path.basename(picturePath);
    expect(media.storedPhotoFile(ctx, name)).toBe(fileOnDisk(picturePath));
    expect(media.storedPhotoFile(ctx, name.toUpperCase())).toBe(fileOnDisk(picturePath));
    for (const other of ["default.png", "../x-400.webp", "x-400.webp", `${name}.png`, ""])
      expect(media.storedPhotoFile(ctx, other)).toBeNull();
  });
});

describe("uploadProfilePhoto", () => {
  it("stores 400 and 96 px WebP variants under random names and records the main one", async () => {
    const actor = await newMember();
    const { picturePath } = await media.uploadProfilePhoto(ctx, actor, { memberId: actor.memberId, file: fileOf(await solid("png")) });
    expect(picturePath).toMatch(/^\/uploads\/photos\/[a-z2-7]{32}-400\.webp$/);
    expect(await picturePathOf(actor.memberId)).toBe(picturePath);
    const main = await sharp(fileOnDisk(picturePath)).metadata();
    expect([main.format, main.width, main.height]).toEqual(["webp", 400, 400]);
    const avatar = await sharp(fileOnDisk(avatarPathOf(picturePath))).metadata();
    expect([avatar.format, avatar.width, avatar.height]).toEqual(["webp", 96, 96]);
  });

  it("auto-orients a JPEG and drops its EXIF (GPS, copyright)", async () => {
    const actor = await newMember();
    // Red on the left, blue on the right; orientation 6 means "rotate 90° clockwise to view": red ends on top.
    const red = await sharp({ create: { width: 100, height: 100, channels: 3, background: "#ff0000" } })
      .png()
      .toBuffer();
    const jpeg = await sharp({ create: { width: 200, height: 100, channels: 3, background: "#0000ff" } })
      .composite([{ input: red, left: 0, top: 0 }])
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Copyright: "Secret Place" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1" } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const { picturePath } = await media.uploadProfilePhoto(ctx, actor, { file: fileOf(jpeg, "x.jpg", "image/jpeg") });
    const stored = sharp(fileOnDisk(picturePath));
    const meta = await stored.metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    const { data, info } = await stored.raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3),
    ];
    const [r1, , b1] = pixel(200, 20);
    const [r2, , b2] = pixel(200, 380);
    expect(r1).toBeGreaterThan(200);
    expect(b1).toBeLessThan(60);
    expect(b2).toBeGreaterThan(200);
    expect(r2).toBeLessThan(60);
  });

  it("accepts a GIF and rasterizes an SVG so that no script survives", async () => {
    const actor = await newMember();
    await media.uploadProfilePhoto(ctx, actor, { file: fileOf(await solid("gif"), "a.gif", "image/gif") });
    const svg = `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" onload="alert(1)"><script>alert("x")</script><circle cx="20" cy="20" r="18" fill="orange"/></svg>`;
    const { picturePath } = await media.uploadProfilePhoto(ctx, actor, { file: fileOf(svg, "logo.svg", "image/svg+xml") });
    const stored = await sharp(fileOnDisk(picturePath)).metadata();
    expect([stored.format, stored.width]).toEqual(["webp", 400]);
    const raw = (await import("node:fs")).readFileSync(fileOnDisk(picturePath));
    expect(raw.includes("script")).toBe(false);
    expect(raw.includes("alert")).toBe(false);
  });

  it("removes the previous picture's files when it is replaced", async () => {
    const actor = await newMember();
    const first = await media.uploadProfilePhoto(ctx, actor, { file: fileOf(await solid("png")) });
    const second = await media.uploadProfilePhoto(ctx, actor, { file: fileOf(await solid("jpeg"), "b.jpg") });
    expect(second.picturePath).not.toBe(first.picturePath);
    expect(existsSync(fileOnDisk(first.picturePath))).toBe(false);
    expect(existsSync(fileOnDisk(avatarPathOf(first.picturePath)))).toBe(false);
    expect(existsSync(fileOnDisk(second.picturePath))).toBe(true);
  });

  it("refuses bad files with the spec's messages and writes nothing", async () => {
    const actor = await newMember();
    const before = photoFiles();
    const cases: Array<[media.IncomingFile | null, string]> = [
      [null, texts.uploadFileRequired],
      [fileOf(new Uint8Array()), texts.uploadFileRequired],
      [fileOf("this is text, not a picture", "photo.png", "image/png"), texts.uploadFileTypes],
      [
        fileOf(
          await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } })
            .webp()
            .toBuffer(),
          "a.png",
        ),
        texts.uploadFileTypes,
      ],
      [fileOf(new Uint8Array(IMAGE_UPLOAD_MAX_BYTES + 1)), texts.uploadFileTooBig],
      [fileOf(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4])), serverTexts.uploadFileUnreadable],
    ];
    for (const [file, message] of cases) {
      await expectRefused(media.uploadProfilePhoto(ctx, actor, { file }), ErrorCodes.BadInput, message);
    }
    expect(photoFiles()).toEqual(before);
    expect(await picturePathOf(actor.memberId)).toBeNull();
  });

  it("lets a member change only their own picture", async () => {
    const actor = await newMember();
    const other = await newMember();
    const before = photoFiles();
    await expectRefused(
      media.uploadProfilePhoto(ctx, actor, { memberId: other.memberId, file: fileOf(await solid("png")) }),
      ErrorCodes.Forbidden,
    );
    expect(photoFiles()).toEqual(before);
    expect(await picturePathOf(other.memberId)).toBeNull();
  });

  it("reads FormData entries: files only", () => {
    const form = new FormData();
    form.set("image", new File([new Uint8Array([1, 2, 3])], "a.png", { type: "image/png" }));
    form.set("text", "not a file");
    form.set("empty", new File([], "empty.png"));
    expect(media.fileOfFormValue(form.get("image"))?.size).toBe(3);
    expect(media.fileOfFormValue(form.get("text"))).toBeNull();
    expect(media.fileOfFormValue(form.get("empty"))).toBeNull();
    expect(media.fileOfFormValue(form.get("missing"))).toBeNull();
  });
});
