import { createFileRoute } from "@tanstack/react-router";
import { optionalString } from "../lib/search-params.ts";

// The page itself is errors.lazy.tsx: a chunk of its own, not in the login page's first load.
export const Route = createFileRoute("/errors")({
  validateSearch: (search: Record<string, unknown>): { errType?: string } => ({ errType: optionalString(search.errType) }),
});
