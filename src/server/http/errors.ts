import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { ZodError } from "zod";
import { DomainError } from "../../shared/errors.ts";
import { describeZodError, httpStatusOf } from "../../platform/errors.ts";
import type { AppEnv } from "./context.ts";

/** Hono's error handler: domain errors and bad input get their status; anything else is a 500. */
export function handleError(err: Error, c: Context<AppEnv>): Response {
  if (err instanceof DomainError) return c.json({ message: err.message }, httpStatusOf(err.code));
  if (err instanceof ZodError) return c.json({ message: describeZodError(err) }, 400);
  if (err instanceof HTTPException) return c.json({ message: err.message || "Bad request." }, err.status);
  c.get("app")?.log.error("unhandled error", { path: c.req.path, error: String(err?.stack ?? err) });
  return c.json({ message: "Something went wrong on our side. It has been logged." }, 500);
}
