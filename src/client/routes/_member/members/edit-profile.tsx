import { createFileRoute } from "@tanstack/react-router";
import { optionalInt } from "../../../lib/search-params.ts";

/** Edit profile (spec section 2): adId=2 opens the Photos tab, anything else the first tab. */
export const Route = createFileRoute("/_member/members/edit-profile")({
  validateSearch: (search: Record<string, unknown>): { adId?: number } => ({ adId: optionalInt(search.adId) }),
});
