import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./context.ts";

/**
 * Security headers on every response. HTML pages get a CSP with a fresh nonce (Mantine injects
 * <style> tags that carry it); everything else gets a CSP that allows nothing.
 */
export const securityHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  const nonceBytes = new Uint8Array(16);
  crypto.getRandomValues(nonceBytes);
  const nonce = btoa(String.fromCharCode(...nonceBytes));
  c.set("cspNonce", nonce);
  await next();
  const h = c.res.headers;
  h.set("X-Content-Type-Options", "nosniff");
  h.set("Referrer-Policy", "strict-origin-when-cross-origin");
  h.set("X-Frame-Options", "DENY");
  h.set("Cross-Origin-Opener-Policy", "same-origin");
  if ((h.get("content-type") ?? "").startsWith("text/html")) {
    h.set(
      "Content-Security-Policy",
      [
        "default-src 'none'",
        "script-src 'self'",
        `style-src 'self' 'nonce-${nonce}'`,
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
      ].join("; "),
    );
  } else if (!h.has("Content-Security-Policy")) {
    h.set("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'");
  }
};
