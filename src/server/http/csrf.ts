import type { Context, MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import type { AppEnv } from "./context.ts";
import { SESSION_COOKIE } from "./sessions.ts";

export const XSRF_COOKIE = "XSRF-TOKEN";
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Cross-site request forgery guard for requests a browser could send with our cookies. A non-GET
 * request without a bearer token passes when its Origin is this site, or when it carries the legacy
 * X-XSRF-TOKEN header equal to the XSRF-TOKEN cookie (Angular clients). A request with neither an
 * Origin nor our session cookie comes from a non-browser client and carries no ambient authority;
 * so does one without our session cookie from a listed cross-origin client (`corsOrigins`: it signs
 * in with account/login and then calls with a bearer token).
 */
export function csrfGuard(publicOrigin: string, corsOrigins: readonly string[] = []): MiddlewareHandler<AppEnv> {
  // What hono's setCookie writes for { path: "/", sameSite: "Lax", secure }, put together once.
  const cookieAttributes = `; Path=/${publicOrigin.startsWith("https:") ? "; Secure" : ""}; SameSite=Lax`;
  return async (c, next) => {
    if (!getCookie(c, XSRF_COOKIE)) {
      c.header("Set-Cookie", `${XSRF_COOKIE}=${newXsrfToken()}${cookieAttributes}`, { append: true });
    }
    if (SAFE_METHODS.has(c.req.method) || c.get("authVia") === "bearer") return next();

    const origin = c.req.header("origin");
    const xsrfOk = hasXsrfPair(c);
    const originOk = !!origin && isSameSite(origin, c.req.header("host"), publicOrigin);

    if (originOk || xsrfOk) return next();
    if ((!origin || corsOrigins.includes(origin)) && !getCookie(c, SESSION_COOKIE)) return next();
    return c.json({ message: "This request did not come from the Sideline site (origin check failed)." }, 403);
  };
}

/** 160 random bits, base64url (cookie-safe as it is): every first answer to a browser carries one. */
function newXsrfToken(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return Buffer.from(bytes).toString("base64url");
}

/** The legacy X-XSRF-TOKEN header equals the XSRF-TOKEN cookie, which only this site's pages can read. */
export function hasXsrfPair(c: Context<AppEnv>): boolean {
  const header = c.req.header("x-xsrf-token");
  const cookie = getCookie(c, XSRF_COOKIE);
  return !!header && !!cookie && header === cookie;
}

/** An Origin of this site: the public URL's, or the host the request was sent to. */
export function isSameSite(origin: string, host: string | undefined, publicOrigin: string): boolean {
  if (origin === publicOrigin) return true;
  try {
    return !!host && new URL(origin).host === host;
  } catch {
    return false;
  }
}
