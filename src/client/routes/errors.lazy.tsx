import { createLazyFileRoute } from "@tanstack/react-router";
import { ErrorPage } from "../features/errors/ErrorPage.tsx";

export const Route = createLazyFileRoute("/errors")({ component: ErrorRoute });

function ErrorRoute() {
  return <ErrorPage errType={Route.useSearch().errType} />;
}
