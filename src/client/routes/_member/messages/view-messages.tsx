import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";

/**
 * Messenger (spec route messages/view-messages). `compose=<memberId>` (the profile's "Send a
 * Message") opens Compose New Message with that contact chosen.
 */
export const Route = createFileRoute("/_member/messages/view-messages")({
  validateSearch: z.object({ compose: z.coerce.number().int().positive().optional().catch(undefined) }),
});
