import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";

/** Edit profile (spec section 2): adId=2 opens the Photos tab, anything else the first tab. */
export const Route = createFileRoute("/_member/members/edit-profile")({
  validateSearch: z.object({ adId: z.coerce.number().int().optional().catch(undefined) }),
});
