import { createLazyFileRoute } from "@tanstack/react-router";
import { ChangePasswordPage } from "../../features/auth/ChangePasswordPage.tsx";

export const Route = createLazyFileRoute("/_auth/changepwd")({ component: ChangePasswordPageRoute });

function ChangePasswordPageRoute() {
  const { email = "", code = "" } = Route.useSearch();
  return <ChangePasswordPage email={email} code={code} />;
}
