import { createFileRoute } from "@tanstack/react-router";
import { UnsubscribePage } from "../features/notifications/UnsubscribePage.tsx";
import { optionalString } from "../lib/search-params.ts";

export const Route = createFileRoute("/unsubscribe")({
  validateSearch: (search: Record<string, unknown>): { token?: string } => ({ token: optionalString(search.token) }),
  component: UnsubscribeRoute,
});

function UnsubscribeRoute() {
  return <UnsubscribePage token={Route.useSearch().token?.trim() ?? ""} />;
}
