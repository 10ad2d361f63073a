import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { IMAGE_UPLOAD_MAX_BYTES } from "../../shared/limits.ts";
import { texts } from "../../shared/texts.ts";
import type { AppEnv } from "./context.ts";

/** Room for the multipart envelope (boundaries, part headers, a few small fields) around the file. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/**
 * A ceiling on multipart bodies (the photo upload), checked while the body streams in, so an
 * oversized upload is refused before it is buffered. Files just over the limit pass this envelope
 * check and get the same message from the media service, which looks at the file itself. Other
 * bodies are left alone.
 */
export function multipartLimit(maxFileBytes = IMAGE_UPLOAD_MAX_BYTES): MiddlewareHandler<AppEnv> {
  const limit = bodyLimit({
    maxSize: maxFileBytes + MULTIPART_OVERHEAD_BYTES,
    onError: (c) => {
      const message = texts.uploadFileTooBig;
      if (!c.req.path.startsWith("/trpc/")) return c.json({ message }, 400);
      // The error envelope the tRPC client reads (httpLink sends FormData unbatched).
      const path = c.req.path.slice("/trpc/".length);
      return c.json({ error: { message, code: -32600, data: { code: "BAD_REQUEST", httpStatus: 400, path } } }, 400);
    },
  });
  return async (c, next) => {
    if (!(c.req.header("content-type") ?? "").toLowerCase().startsWith("multipart/form-data")) return next();
    return limit(c, next);
  };
}
