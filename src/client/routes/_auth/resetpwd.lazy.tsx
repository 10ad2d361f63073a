import { createLazyFileRoute } from "@tanstack/react-router";
import { ResetCodePage } from "../../features/auth/ResetCodePage.tsx";

export const Route = createLazyFileRoute("/_auth/resetpwd")({ component: ResetCodePageRoute });

function ResetCodePageRoute() {
  const { email = "", code = "" } = Route.useSearch();
  return <ResetCodePage email={email} code={code} />;
}
