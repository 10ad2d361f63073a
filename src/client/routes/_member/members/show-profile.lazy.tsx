import { createLazyFileRoute } from "@tanstack/react-router";
import { ViewProfilePage } from "../../../features/profiles/ViewProfilePage.tsx";

export const Route = createLazyFileRoute("/_member/members/show-profile")({ component: ShowProfileRoute });

function ShowProfileRoute() {
  const { memberID } = Route.useSearch();
  return <ViewProfilePage memberId={memberID} />;
}
