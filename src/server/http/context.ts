import type { Actor, AppContext, RequestMeta } from "../../platform/context.ts";

/** What the Hono middlewares leave on every request for the handlers. */
export type AppEnv = {
  Variables: {
    app: AppContext;
    actor: Actor | null;
    /** How the actor was authenticated: by the session cookie, a bearer token, or not at all. */
    authVia: "cookie" | "bearer" | null;
    meta: RequestMeta;
    cspNonce: string;
  };
};
