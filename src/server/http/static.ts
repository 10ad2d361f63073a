import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Context, MiddlewareHandler } from "hono";
import { acceptedEncodings, type Encoding } from "./content-encoding.ts";
import type { AppEnv } from "./context.ts";
import { escapeHtml } from "../../shared/html.ts";

/**
 * Serves files below `root` for GET/HEAD; unknown paths fall through to the next handler. With
 * `urlPrefix` (e.g. "/uploads"), the URL path below that prefix names the file below `root`, so
 * nothing outside `root` can be reached even through an encoded "..%2F".
 * With `precompressed`, FILE.br / FILE.gz written beside FILE by the build are sent instead of it
 * when Accept-Encoding allows (`Vary: Accept-Encoding` on every answer, so caches keep them apart).
 * Every answer carries an ETag (size and modification time, and the encoding) and a matching
 * If-None-Match gets 304.
 */
export function staticFiles(
  root: string,
  cacheControl: string,
  options: { urlPrefix?: string; precompressed?: boolean } = {},
): MiddlewareHandler<AppEnv> {
  const base = path.resolve(root);
  const prefix = options.urlPrefix?.replace(/\/+$/, "") ?? "";
  return async (c, next) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
    if (prefix && !c.req.path.startsWith(`${prefix}/`)) return next();
    let rel: string;
    try {
      rel = decodeURIComponent(c.req.path.slice(prefix.length));
    } catch {
      return next();
    }
    const file = path.resolve(base, `.${rel}`);
    if (!file.startsWith(base + path.sep)) return next();
    return (await fileResponse(c, file, cacheControl, options.precompressed)) ?? next();
  };
}

/**
 * The answer for one file below a served root (null when it does not exist): Content-Type,
 * Cache-Control, an ETag (size and modification time, and the encoding) with 304 for a matching
 * If-None-Match, and with `precompressed` the FILE.br / FILE.gz beside it when Accept-Encoding allows.
 */
export async function fileResponse(
  c: Context<AppEnv>,
  file: string,
  cacheControl: string,
  precompressed = false,
): Promise<Response | null> {
  const original = Bun.file(file);
  if (!(await original.exists())) return null;
  const headers: Record<string, string> = { "Content-Type": original.type, "Cache-Control": cacheControl };
  let blob = original;
  let encoding: Encoding | null = null;
  if (precompressed) {
    headers.Vary = "Accept-Encoding";
    for (const candidate of acceptedEncodings(c.req.header("Accept-Encoding"))) {
      const variant = Bun.file(`${file}.${candidate === "br" ? "br" : "gz"}`);
      if (await variant.exists()) {
        blob = variant;
        encoding = candidate;
        break;
      }
    }
    if (encoding) headers["Content-Encoding"] = encoding;
  }
  const etag = `"${blob.size.toString(36)}-${Math.trunc(blob.lastModified).toString(36)}${encoding ? `-${encoding}` : ""}"`;
  headers.ETag = etag;
  if (ifNoneMatch(c.req.header("If-None-Match"), etag)) return new Response(null, { status: 304, headers });
  headers["Content-Length"] = String(blob.size);
  return new Response(c.req.method === "HEAD" ? null : blob, { headers });
}

/** If-None-Match (RFC 9110 §13.1.2): `*`, or a list of tags compared weakly. */
function ifNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  return header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

export const NONCE_PLACEHOLDER = "__CSP_NONCE__";
/** Where index.html names the site (title, application-name, the login shell): the admins' name, decision 043. */
export const SITE_NAME_PLACEHOLDER = "__SITE_NAME__";

/**
 * The single-page app's index.html with this request's CSP nonce written in, so Mantine's style
 * tags pass the policy, and the site's name (escaped), so the logged-out pages and the title show
 * it with no request of the client's. Read once; a missing build answers with how to make it.
 */
export function spaIndex(clientDir: string, siteName: () => Promise<string>) {
  const file = path.join(clientDir, "index.html");
  let html: string | null = existsSync(file) ? readFileSync(file, "utf8") : null;
  return async (c: Context<AppEnv>) => {
    html ??= existsSync(file) ? readFileSync(file, "utf8") : null;
    if (!html) return c.text("The web client is not built yet: run `npm run build` (npm start does it for you).", 503);
    const name = escapeHtml(await siteName());
    c.header("Cache-Control", "no-store");
    // Replacer functions: a "$&" in the name is text, not a replacement pattern.
    return c.html(html.replaceAll(NONCE_PLACEHOLDER, () => c.get("cspNonce")).replaceAll(SITE_NAME_PLACEHOLDER, () => name));
  };
}
