import { createLazyFileRoute } from "@tanstack/react-router";
import { ConfirmRegisterPage } from "../../features/auth/ConfirmRegisterPage.tsx";

export const Route = createLazyFileRoute("/_auth/confirm-register")({ component: ConfirmRegisterPageRoute });

function ConfirmRegisterPageRoute() {
  return <ConfirmRegisterPage email={Route.useSearch().email} />;
}
