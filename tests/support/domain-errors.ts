import { expect } from "vitest";
import { DomainError, type ErrorCode } from "../../src/shared/errors.ts";

/** The promise fails with a DomainError of this code (and this exact message, when given). */
export async function expectError(p: Promise<unknown>, code: ErrorCode, message?: string): Promise<void> {
  const error = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  expect((error as DomainError).code).toBe(code);
  if (message !== undefined) expect((error as DomainError).message).toBe(message);
}
