/**
 * Readers for the routes' query parameters, each the equivalent of zod's `.optional().catch(undefined)`:
 * a missing or malformed value reads as undefined, never an error. Written by hand so the route
 * files (which are in the first-load bundle) do not pull zod (~25 KB gzip) into it.
 */

export function optionalString(value: unknown, maxLength = Number.POSITIVE_INFINITY): string | undefined {
  return typeof value === "string" && value.length <= maxLength ? value : undefined;
}

/** An integer (from a number or a numeric string, like `z.coerce.number().int()`). */
export function optionalInt(value: unknown, { positive = false } = {}): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  return Number.isInteger(n) && (!positive || n > 0) ? n : undefined;
}

export function optionalEnum<const T extends readonly string[]>(value: unknown, options: T): T[number] | undefined {
  return typeof value === "string" && (options as readonly string[]).includes(value) ? value : undefined;
}
