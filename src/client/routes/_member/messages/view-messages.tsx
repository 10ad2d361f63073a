import { createFileRoute } from "@tanstack/react-router";
import { optionalInt } from "../../../lib/search-params.ts";

/**
 * Messenger (spec route messages/view-messages). `compose=<memberId>` (the profile's "Send a
 * Message") opens Compose New Message with that contact chosen.
 */
export const Route = createFileRoute("/_member/messages/view-messages")({
  validateSearch: (search: Record<string, unknown>): { compose?: number } => ({ compose: optionalInt(search.compose, { positive: true }) }),
});
