import type { MiddlewareHandler } from "hono";
import { getConnInfo } from "hono/bun";
import type { AppEnv } from "./context.ts";

/** Client address (X-Forwarded-For only behind a trusted proxy) and user agent, for rate limits. */
export function requestMeta(trustProxy: boolean): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    let ip = "";
    if (trustProxy) ip = c.req.header("x-forwarded-for")?.split(",")[0]?.trim() ?? "";
    if (!ip) {
      try {
        ip = getConnInfo(c).remote.address ?? "";
      } catch {
        ip = "";
      }
    }
    c.set("meta", { ip: ip || "unknown", userAgent: c.req.header("user-agent") ?? "" });
    await next();
  };
}

/** Logs method, path (never the query: legacy actions carry passwords there), status and time. */
export function accessLog(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const ms = (performance.now() - started).toFixed(1);
    c.get("app").log.debug(`${c.req.method} ${c.req.path} ${c.res.status} ${ms}ms`);
  };
}
