import type { MiddlewareHandler } from "hono";
import { type Logger, logs } from "../../platform/logger.ts";
import { getConnInfo } from "hono/bun";
import { forwardedClient } from "./client-address.ts";
import type { AppEnv } from "./context.ts";
import { hasXsrfPair, isSameSite } from "./csrf.ts";

/**
 * Client address (from X-Forwarded-For only behind trusted proxies) and user agent, for rate
 * limits, and whether the request came from one of the site's own pages: its Origin is this
 * site's or one of the operator's listed client origins (CORS_ORIGINS), or it carries the
 * X-XSRF-TOKEN pair that only pages of this site can read from the cookie.
 */
export function requestMeta(trustedProxies: number, publicOrigin: string, clientOrigins: readonly string[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    // Worked out on first use only: most requests (reads with a token) never ask, and the peer
    // address costs a system call.
    let ip: string | undefined;
    let fromOwnPage: boolean | undefined;
    c.set("meta", {
      get ip() {
        if (ip === undefined) {
          ip = forwardedClient(c.req.header("x-forwarded-for"), trustedProxies);
          if (!ip) {
            try {
              ip = getConnInfo(c).remote.address ?? "";
            } catch {
              ip = "";
            }
          }
          ip ||= "unknown";
        }
        return ip;
      },
      get userAgent() {
        return c.req.header("user-agent") ?? "";
      },
      get fromOwnPage() {
        if (fromOwnPage === undefined) {
          // A same-origin GET carries no Origin header: its Referer names the page.
          const origin = c.req.header("origin") ?? originOf(c.req.header("referer"));
          fromOwnPage =
            (!!origin && (isSameSite(origin, c.req.header("host"), publicOrigin) || clientOrigins.includes(origin))) || hasXsrfPair(c);
        }
        return fromOwnPage;
      },
    });
    await next();
  };
}

/**
 * Logs method, path (never the query: legacy actions carry passwords there), status and time, at
 * debug level; null (no middleware at all) when `log` does not write debug messages.
 */
export function accessLog(log: Logger): MiddlewareHandler<AppEnv> | null {
  if (!logs(log, "debug")) return null;
  return async (c, next) => {
    const started = performance.now();
    await next();
    const ms = (performance.now() - started).toFixed(1);
    log.debug(`${c.req.method} ${c.req.path} ${c.res.status} ${ms}ms`);
  };
}

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}
