import { optionalInt, optionalString } from "../../lib/search-params.ts";

/**
 * The query of the two view-profile routes: memberID (without it, the signed-in member's own
 * profile) and the legacy `code` (an encrypted id the original links carried; the id decides).
 */
export function profileSearch(search: Record<string, unknown>): { memberID?: number; code?: string } {
  return { memberID: optionalInt(search.memberID, { positive: true }), code: optionalString(search.code) };
}
