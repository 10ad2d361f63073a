import { z } from "zod";

/**
 * The query of the two view-profile routes: memberID (without it, the signed-in member's own
 * profile) and the legacy `code` (an encrypted id the original links carried; the id decides).
 */
export const profileSearch = z.object({
  memberID: z.coerce.number().int().positive().optional().catch(undefined),
  code: z.string().optional().catch(undefined),
});
