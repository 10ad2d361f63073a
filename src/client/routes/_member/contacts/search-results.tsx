import { createFileRoute } from "@tanstack/react-router";
import { optionalString } from "../../../lib/search-params.ts";

/** Search results (spec route contacts/search-results?searchText): the navbar search's Enter. */
export const Route = createFileRoute("/_member/contacts/search-results")({
  validateSearch: (search: Record<string, unknown>): { searchText?: string } => ({ searchText: optionalString(search.searchText, 100) }),
});
