import path from "node:path";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { Hono } from "hono";
import { cors } from "hono/cors";
import type { AppContext } from "../platform/context.ts";
import type { Config } from "./env.ts";
import type { AppEnv } from "./http/context.ts";
import { csrfGuard } from "./http/csrf.ts";
import { handleError } from "./http/errors.ts";
import { accessLog, requestMeta } from "./http/request-meta.ts";
import { securityHeaders } from "./http/security-headers.ts";
import { clearedSessionCookie, isHttps, resolveSession, sessionCookie } from "./http/sessions.ts";
import { spaIndex, staticFiles } from "./http/static.ts";
import { bodyLimits } from "./http/body-limit.ts";
import { compressJson } from "./http/compress-json.ts";
import { pingDatabase } from "../platform/db/client.ts";
import { restControllers } from "./rest/controllers.ts";
import { legacyImages } from "./rest/images.ts";
import { createRestDispatcher } from "./rest/registry.ts";
import { appRouter } from "./trpc/root.ts";
import { downloadDataExport } from "./http/data-export.ts";
import { unsubscribe } from "../domains/notifications/notifications.service.ts";
import { DEFAULT_SITE_INFO } from "../domains/site/site.schema.ts";
import { siteName } from "../domains/site/site.service.ts";

export interface HttpAppOptions {
  config: Config;
  app: AppContext;
  /** Built web client (index.html and assets/). */
  clientDir: string;
  /** Static files shipped as they are (images, favicon). */
  publicDir: string;
}

/** The whole HTTP surface: tRPC for the web client, legacy REST, static files, the SPA. */
export function createHttpApp({ config, app, clientDir, publicDir }: HttpAppOptions) {
  const http = new Hono<AppEnv>();
  const dispatchRest = createRestDispatcher(restControllers);
  const publicOrigin = new URL(config.PUBLIC_URL).origin;

  http.use("*", async (c, next) => {
    c.set("app", app);
    await next();
  });
  const log = accessLog(app.log);
  if (log) http.use("*", log);
  http.use("*", securityHeaders, requestMeta(config.TRUST_PROXY, publicOrigin, config.CORS_ORIGINS), bodyLimits());
  if (config.CORS_ORIGINS.length > 0) {
    const legacyCors = cors({
      origin: config.CORS_ORIGINS,
      allowHeaders: ["Authorization", "Content-Type", "X-XSRF-TOKEN"],
      allowMethods: ["GET", "POST", "PUT", "DELETE"],
      // The next page's cursor of member/getRecentPosts (src/server/rest/feed.ts).
      exposeHeaders: ["X-Next-Cursor"],
      credentials: false,
      maxAge: 600,
    });
    http.use("/api/*", legacyCors);
    http.use("/services/*", legacyCors);
  }
  // JSON answers of a kilobyte or more go compressed (lists, feeds); before the session so it wraps the answer.
  for (const prefix of ["/trpc/*", "/api/*", "/services/*"]) http.use(prefix, compressJson());
  http.use("/trpc/*", resolveSession({ acceptCookie: true }), csrfGuard(publicOrigin));
  for (const prefix of ["/api/*", "/services/*"]) {
    // Bearer tokens only (see resolveSession); the guard still refuses cookie-carrying cross-site writes.
    http.use(prefix, resolveSession({ acceptCookie: false }), csrfGuard(publicOrigin, config.CORS_ORIGINS));
  }

  http.get("/api/health", async (c) => {
    await pingDatabase(app.db);
    return c.json({ status: "ok" });
  });

  http.all("/trpc/*", async (c) => {
    const res = await fetchRequestHandler({
      endpoint: "/trpc",
      req: c.req.raw,
      router: appRouter,
      createContext: ({ resHeaders }) => ({
        app,
        actor: c.get("actor"),
        meta: c.get("meta"),
        startSession: (token, expiresAt) => resHeaders.append("Set-Cookie", sessionCookie(token, expiresAt, isHttps(c))),
        endSession: () => resHeaders.append("Set-Cookie", clearedSessionCookie(isHttps(c))),
      }),
    });
    // Rebuilt through Hono so the headers the middlewares prepared (the XSRF-TOKEN cookie, a renewed
    // or cleared session cookie) reach the browser: Hono drops them from a Response returned as is.
    return c.newResponse(res.body, res);
  });
  // One-click unsubscribe (RFC 8058): mail programs POST to the List-Unsubscribe address of a
  // notification e-mail. A GET of the same address is the web screen, which asks first.
  http.post("/unsubscribe", async (c) => {
    await unsubscribe(app, c.req.query("token") ?? "");
    return c.text("Unsubscribed.");
  });
  // A member's data archive (decision 036): their session, cookie or bearer, and nobody else's.
  http.get("/data-export/:id", resolveSession({ acceptCookie: true }), downloadDataExport);
  http.all("/api/*", (c) => dispatchRest(c, c.req.path.slice("/api/".length)));
  http.all("/services/*", (c) => dispatchRest(c, c.req.path.slice("/services/".length)));

  // Built assets: hashed names (cached for good), sent brotli or gzip as the build precompressed them.
  http.use(
    "/assets/*",
    staticFiles(path.join(clientDir, "assets"), "public, max-age=31536000, immutable", { urlPrefix: "/assets", precompressed: true }),
  );
  // Uploaded pictures: random names that are never reused, so they are cached for good.
  http.use("/uploads/*", staticFiles(app.uploadsDir, "public, max-age=31536000, immutable", { urlPrefix: "/uploads" }));
  http.all("/uploads/*", (c) => c.json({ message: "Not found." }, 404));
  // The picture and news image paths of the original's clients, any letter case; unknown names 404.
  http.use("*", legacyImages(app, publicDir));
  http.use("*", staticFiles(publicDir, "public, max-age=3600"));
  // The page names the site as its admins set it (decision 043); the built-in name if the database cannot say.
  const pageSiteName = () =>
    siteName(app).catch((error: unknown) => {
      app.log.warn("site name not read: the page shows the built-in one", { error: String(error) });
      return DEFAULT_SITE_INFO.siteName;
    });
  http.get("*", spaIndex(clientDir, pageSiteName));

  http.notFound((c) => c.json({ message: "Not found." }, 404));
  http.onError(handleError);
  return http;
}
