import type { TRPC_ERROR_CODE_KEY } from "@trpc/server";
import type { ZodError } from "zod";
import { type ErrorCode, ErrorCodes } from "../shared/errors.ts";

/** One table from domain error codes to HTTP statuses and tRPC codes. */
const MAP: Record<ErrorCode, { status: 400 | 401 | 403 | 404 | 409 | 429; trpc: TRPC_ERROR_CODE_KEY }> = {
  [ErrorCodes.BadInput]: { status: 400, trpc: "BAD_REQUEST" },
  [ErrorCodes.Unauthorized]: { status: 401, trpc: "UNAUTHORIZED" },
  [ErrorCodes.Forbidden]: { status: 403, trpc: "FORBIDDEN" },
  [ErrorCodes.NotFound]: { status: 404, trpc: "NOT_FOUND" },
  [ErrorCodes.Conflict]: { status: 409, trpc: "CONFLICT" },
  [ErrorCodes.RateLimited]: { status: 429, trpc: "TOO_MANY_REQUESTS" },
};

export const trpcCodeOf = (code: ErrorCode) => MAP[code].trpc;
export const httpStatusOf = (code: ErrorCode) => MAP[code].status;

/** The first problem of a zod error as one readable sentence ("email: Valid email is required."). */
export function describeZodError(error: ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "The request is not valid.";
  const field = issue.path.join(".");
  return field && !issue.message.toLowerCase().startsWith(field.toLowerCase()) ? `${field}: ${issue.message}` : issue.message;
}
