import { createLazyFileRoute } from "@tanstack/react-router";
import { UnsubscribePage } from "../features/notifications/UnsubscribePage.tsx";

export const Route = createLazyFileRoute("/unsubscribe")({ component: UnsubscribeRoute });

function UnsubscribeRoute() {
  return <UnsubscribePage token={Route.useSearch().token?.trim() ?? ""} />;
}
