import { readdirSync } from "node:fs";
import path from "node:path";
import type { Context, MiddlewareHandler } from "hono";
import { storedPhotoFile } from "../../domains/media/media.service.ts";
import type { AppContext } from "../../platform/context.ts";
import { DEFAULT_PICTURE } from "../../shared/limits.ts";
import type { AppEnv } from "../http/context.ts";
import { fileResponse } from "../http/static.ts";

/*
 * The image paths the original's clients build (docs/rest-api.md "Pictures"):
 * - /Images/members/{file}: a legacy picture field (picturePath, senderImage, ...) appended to it;
 *   {file} is an uploaded picture's file name or default.png.
 * - /images/RecentNews/...: a news imageUrl ("~/Images/RecentNews/default.png") with its "~" dropped.
 * The original ran on a case-insensitive file system, so these paths match in any letter case.
 * Any other name under /images answers 404 {message}, never the web app's page.
 */

const IMAGES_PATH = /^\/images\//i;
const MEMBER_PICTURE = /^\/images\/members\/([^/]+)$/;
const UPLOADED_CACHE = "public, max-age=31536000, immutable";
const SHIPPED_CACHE = "public, max-age=3600";

/** The files below `dir` by their path relative to it, lower-cased ("recentnews/default.png"). */
function lowerCaseIndex(dir: string): Map<string, string> {
  const index = new Map<string, string>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    index.set(path.relative(dir, file).split(path.sep).join("/").toLowerCase(), file);
  }
  return index;
}

/** Serves the legacy image paths (GET/HEAD) from the shipped images and the uploaded pictures. */
export function legacyImages(app: AppContext, publicDir: string): MiddlewareHandler<AppEnv> {
  const imagesDir = path.join(publicDir, "images");
  // The shipped images change only with a release: listed once, on the first request.
  let shipped: Map<string, string> | null = null;
  const shippedImage = (c: Context<AppEnv>, rel: string) => {
    shipped ??= lowerCaseIndex(imagesDir);
    const file = shipped.get(rel);
    return file ? fileResponse(c, file, SHIPPED_CACHE) : null;
  };
  const memberPicture = (c: Context<AppEnv>, name: string) => {
    if (name === DEFAULT_PICTURE) return fileResponse(c, path.join(imagesDir, DEFAULT_PICTURE), SHIPPED_CACHE);
    const file = storedPhotoFile(app, name);
    return file ? fileResponse(c, file, UPLOADED_CACHE) : null;
  };
  return async (c, next) => {
    if ((c.req.method !== "GET" && c.req.method !== "HEAD") || !IMAGES_PATH.test(c.req.path)) return next();
    let requested: string;
    try {
      requested = decodeURIComponent(c.req.path).toLowerCase();
    } catch {
      return c.json({ message: "Not found." }, 404);
    }
    const picture = MEMBER_PICTURE.exec(requested)?.[1];
    const answer = picture === undefined ? await shippedImage(c, requested.slice("/images/".length)) : await memberPicture(c, picture);
    return answer ?? c.json({ message: "Not found." }, 404);
  };
}
