import { createLazyFileRoute } from "@tanstack/react-router";
import { ViewProfilePage } from "../../../../features/profiles/ViewProfilePage.tsx";

export const Route = createLazyFileRoute("/_member/members/view-profile/show-profile")({ component: ViewProfileRoute });

function ViewProfileRoute() {
  const { memberID } = Route.useSearch();
  return <ViewProfilePage memberId={memberID} />;
}
