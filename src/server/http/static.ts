import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "./context.ts";

/**
 * Serves files below `root` for GET/HEAD; unknown paths fall through to the next handler. With
 * `urlPrefix` (e.g. "/uploads"), the URL path below that prefix names the file below `root`, so
 * nothing outside `root` can be reached even through an encoded "..%2F".
 */
export function staticFiles(root: string, cacheControl: string, options: { urlPrefix?: string } = {}): MiddlewareHandler<AppEnv> {
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
    const blob = Bun.file(file);
    if (!(await blob.exists())) return next();
    return new Response(c.req.method === "HEAD" ? null : blob, {
      headers: { "Content-Type": blob.type, "Cache-Control": cacheControl, "Content-Length": String(blob.size) },
    });
  };
}

export const NONCE_PLACEHOLDER = "__CSP_NONCE__";

/**
 * The single-page app's index.html with this request's CSP nonce written in, so Mantine's style
 * tags pass the policy. Read once; a missing build answers with how to make it.
 */
export function spaIndex(clientDir: string) {
  const file = path.join(clientDir, "index.html");
  let html: string | null = existsSync(file) ? readFileSync(file, "utf8") : null;
  return (c: Context<AppEnv>) => {
    html ??= existsSync(file) ? readFileSync(file, "utf8") : null;
    if (!html) return c.text("The web client is not built yet: run `npm run build` (npm start does it for you).", 503);
    c.header("Cache-Control", "no-store");
    return c.html(html.replaceAll(NONCE_PLACEHOLDER, c.get("cspNonce")));
  };
}

