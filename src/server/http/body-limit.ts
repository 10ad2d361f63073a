import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { IMAGE_UPLOAD_MAX_BYTES, REQUEST_BODY_MAX_BYTES } from "../../shared/limits.ts";
import { texts } from "../../shared/texts.ts";
import { serverTexts } from "../../shared/server-texts.ts";
import type { AppEnv } from "./context.ts";

/** Room for the multipart envelope (boundaries, part headers, a few small fields) around the file. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** The answer to an oversized body: tRPC's error envelope (the client reads it) or the REST `{ message }`. */
function refuse(c: Context<AppEnv>, message: string, status: 400 | 413) {
  if (!c.req.path.startsWith("/trpc/")) return c.json({ message }, status);
  const path = c.req.path.slice("/trpc/".length);
  const [code, jsonRpcCode] = status === 413 ? ["PAYLOAD_TOO_LARGE", -32013] : ["BAD_REQUEST", -32600];
  return c.json({ error: { message, code: jsonRpcCode, data: { code, httpStatus: status, path } } }, status);
}

/**
 * Ceilings on request bodies, checked from Content-Length or while the body streams in, so nothing
 * past the limit is read or buffered. Multipart bodies (the photo upload) may carry a 3 MB file;
 * files just over it pass this envelope check and get the same message from the media service,
 * which looks at the file itself. Every other body (JSON, forms, text) stops at 64 KB with a 413:
 * no action takes more than a few kilobytes, and an unbounded body let one client grow the
 * process by hundreds of megabytes.
 */
export function bodyLimits(maxFileBytes = IMAGE_UPLOAD_MAX_BYTES): MiddlewareHandler<AppEnv> {
  const multipart = bodyLimit({
    maxSize: maxFileBytes + MULTIPART_OVERHEAD_BYTES,
    onError: (c) => refuse(c as Context<AppEnv>, texts.uploadFileTooBig, 400),
  });
  const other = bodyLimit({
    maxSize: REQUEST_BODY_MAX_BYTES,
    onError: (c) => refuse(c as Context<AppEnv>, serverTexts.requestBodyTooLarge, 413),
  });
  return async (c, next) => {
    const isMultipart = (c.req.header("content-type") ?? "").toLowerCase().startsWith("multipart/form-data");
    return (isMultipart ? multipart : other)(c, next);
  };
}
