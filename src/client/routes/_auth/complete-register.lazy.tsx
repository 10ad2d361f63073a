import { createLazyFileRoute } from "@tanstack/react-router";
import { CompleteRegisterPage } from "../../features/auth/CompleteRegisterPage.tsx";

export const Route = createLazyFileRoute("/_auth/complete-register")({ component: CompleteRegisterPageRoute });

function CompleteRegisterPageRoute() {
  const { email = "", code = "" } = Route.useSearch();
  return <CompleteRegisterPage email={email} code={code} />;
}
