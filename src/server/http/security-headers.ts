import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./context.ts";

/** The policy of HTML pages, around the page's nonce (Mantine injects <style> tags that carry it). */
const HTML_CSP_BEFORE_NONCE = "default-src 'none'; script-src 'self'; style-src 'self' 'nonce-";
const HTML_CSP_AFTER_NONCE =
  "'; " +
  [
    "style-src-attr 'none'",
    // Video thumbnails of members' channels come from YouTube's image host.
    "img-src 'self' data: https://i.ytimg.com",
    "connect-src 'self'",
    "font-src 'self'",
    "media-src 'self'",
    "manifest-src 'self'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "object-src 'none'",
  ].join("; ");
/** Everything that is not a page allows nothing. */
const OTHER_CSP = "default-src 'none'; frame-ancestors 'none'";

/** A fresh nonce for one HTML page (128 random bits, base64). */
function newCspNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Buffer.from(bytes).toString("base64");
}

/** Requests that never answer with a page: they get no nonce. */
const NOT_A_PAGE = /^\/(?:api|services|trpc|assets|uploads)\//;

/**
 * Security headers on every response, all constant but the nonce of HTML pages: a GET that may
 * answer with a page gets a fresh `cspNonce` (spaIndex writes it into the page's style tags) and
 * its policy names it. Nothing random is made for API calls and assets.
 */
export const securityHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  if ((c.req.method === "GET" || c.req.method === "HEAD") && !NOT_A_PAGE.test(c.req.path)) c.set("cspNonce", newCspNonce());
  await next();
  const h = c.res.headers;
  h.set("X-Content-Type-Options", "nosniff");
  h.set("Referrer-Policy", "strict-origin-when-cross-origin");
  h.set("X-Frame-Options", "DENY");
  h.set("Cross-Origin-Opener-Policy", "same-origin");
  if ((h.get("content-type") ?? "").startsWith("text/html")) {
    h.set("Content-Security-Policy", HTML_CSP_BEFORE_NONCE + (c.get("cspNonce") ?? newCspNonce()) + HTML_CSP_AFTER_NONCE);
  } else if (!h.has("Content-Security-Policy")) {
    h.set("Content-Security-Policy", OTHER_CSP);
  }
};
