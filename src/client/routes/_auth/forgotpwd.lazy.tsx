import { createLazyFileRoute } from "@tanstack/react-router";
import { ForgotPasswordPage } from "../../features/auth/ForgotPasswordPage.tsx";

export const Route = createLazyFileRoute("/_auth/forgotpwd")({ component: ForgotPasswordPageRoute });

function ForgotPasswordPageRoute() {
  return <ForgotPasswordPage email={Route.useSearch().email} />;
}
