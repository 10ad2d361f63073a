import type { Context, MiddlewareHandler } from "hono";
import { generateCookie, getCookie } from "hono/cookie";
import { validateSessionToken } from "../../domains/accounts/sessions.ts";
import type { AppEnv } from "./context.ts";

export const SESSION_COOKIE = "sideline_session";

/** Session cookie: HttpOnly, SameSite=Lax, Secure when the site is served over https. */
export function sessionCookie(token: string, expiresAt: string, secure: boolean): string {
  return generateCookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: "Lax", secure, path: "/", expires: new Date(expiresAt) });
}

export function clearedSessionCookie(secure: boolean): string {
  return generateCookie(SESSION_COOKIE, "", { httpOnly: true, sameSite: "Lax", secure, path: "/", maxAge: 0, expires: new Date(0) });
}

/** True when cookies must be Secure: the public URL or the request itself is https. */
export function isHttps(c: Context<AppEnv>): boolean {
  return c.get("app").publicUrl.startsWith("https:") || new URL(c.req.url).protocol === "https:";
}

/** The bearer token of an Authorization header, if any. */
export function bearerToken(header: string | undefined): string | null {
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1] ?? null;
}

/**
 * Resolves the actor from `Authorization: Bearer` (REST clients) or, where `acceptCookie` is set,
 * the session cookie (the web client's tRPC calls). An invalid token is simply no actor: handlers
 * that need one answer 401.
 *
 * The legacy REST service authenticates by bearer token only: its actions change state on GET
 * (SetMemberStatus), and a cookie would let any other site trigger them with a plain link.
 */
export function resolveSession({ acceptCookie }: { acceptCookie: boolean }): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const db = c.get("app").db;
    const bearer = bearerToken(c.req.header("authorization"));
    const cookie = acceptCookie ? getCookie(c, SESSION_COOKIE) : undefined;
    c.set("actor", null);
    c.set("authVia", null);
    if (bearer) {
      const valid = await validateSessionToken(db, bearer);
      if (valid) {
        c.set("actor", valid.actor);
        c.set("authVia", "bearer");
      }
    } else if (cookie) {
      const valid = await validateSessionToken(db, cookie);
      if (valid) {
        c.set("actor", valid.actor);
        c.set("authVia", "cookie");
        if (valid.renewedExpiresAt) c.header("Set-Cookie", sessionCookie(cookie, valid.renewedExpiresAt, isHttps(c)), { append: true });
      } else {
        c.header("Set-Cookie", clearedSessionCookie(isHttps(c)), { append: true });
      }
    }
    await next();
  };
}
