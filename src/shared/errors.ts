import type { ZodType } from "zod";
import { isVisibleMember } from "./members.ts";

/**
 * Errors that the domain raises on purpose. The HTTP layer maps each code to one status
 * (src/platform/errors.ts); anything else that escapes is a bug and becomes a 500.
 */
export const ErrorCodes = {
  BadInput: "BAD_INPUT",
  Unauthorized: "UNAUTHORIZED",
  Forbidden: "FORBIDDEN",
  NotFound: "NOT_FOUND",
  Conflict: "CONFLICT",
  RateLimited: "RATE_LIMITED",
} as const;
export type ErrorCode = (typeof ErrorCodes)[keyof typeof ErrorCodes];

export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "DomainError";
  }
}

export const badInput = (message: string) => new DomainError(ErrorCodes.BadInput, message);
export const forbidden = (message = "You may not do that.") => new DomainError(ErrorCodes.Forbidden, message);
export const notFound = (message = "Not found.") => new DomainError(ErrorCodes.NotFound, message);
export const unauthorized = (message = "Please log in first.") => new DomainError(ErrorCodes.Unauthorized, message);

export const NO_SUCH_MEMBER = "There is no such member.";

/**
 * The row of an active member, or 404 (`message`, "There is no such member." unless given): a
 * member who is deactivated, suspended or has not confirmed yet is not found either (isVisibleMember).
 */
export function requireActiveMember<T extends { status: number }>(row: T | null | undefined, message = NO_SUCH_MEMBER): T {
  if (!row || !isVisibleMember(row)) throw notFound(message);
  return row;
}

/**
 * Checks a value with its schema in a service, so every caller gets the rule (not only the ones
 * that parse a schema first): the first problem's message as a 400, else the parsed value.
 */
export function parseInput<T>(schema: ZodType<T, unknown>, value: unknown, fallback = "The request is not valid."): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw badInput(parsed.error.issues[0]?.message ?? fallback);
  return parsed.data;
}
