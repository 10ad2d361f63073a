import { createLazyFileRoute } from "@tanstack/react-router";
import { LoginPage } from "../../features/auth/LoginPage.tsx";

export const Route = createLazyFileRoute("/_auth/")({ component: LoginPageRoute });

function LoginPageRoute() {
  return <LoginPage returnPath={Route.useSearch().return} />;
}
