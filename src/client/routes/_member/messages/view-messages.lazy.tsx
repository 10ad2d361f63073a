import { createLazyFileRoute } from "@tanstack/react-router";
import { MessengerPage } from "../../../features/messages/MessengerPage.tsx";

export const Route = createLazyFileRoute("/_member/messages/view-messages")({ component: ViewMessagesPage });

/** Messenger (spec section 2): the member's messages, Compose New Message and the open message. */
function ViewMessagesPage() {
  const { compose } = Route.useSearch();
  const navigate = Route.useNavigate();
  // The recipient is taken over once; the address then loses it, so a reload does not compose again.
  return <MessengerPage composeTo={compose} onComposeTaken={() => void navigate({ search: {}, replace: true })} />;
}
