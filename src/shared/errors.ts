/**
 * Errors that the domain raises on purpose. The HTTP layer maps each code to one status
 * (src/server/http/errors.ts); anything else that escapes is a bug and becomes a 500.
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
