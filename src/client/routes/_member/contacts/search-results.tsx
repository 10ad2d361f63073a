import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";

/** Search results (spec route contacts/search-results?searchText): the navbar search's Enter. */
export const Route = createFileRoute("/_member/contacts/search-results")({
  validateSearch: z.object({ searchText: z.string().max(100).optional().catch(undefined) }),
});
