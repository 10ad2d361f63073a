import { createFileRoute } from "@tanstack/react-router";
import { optionalString } from "../lib/search-params.ts";

// The page itself is unsubscribe.lazy.tsx: a chunk of its own, not in the login page's first load.
export const Route = createFileRoute("/unsubscribe")({
  validateSearch: (search: Record<string, unknown>): { token?: string } => ({ token: optionalString(search.token) }),
});
