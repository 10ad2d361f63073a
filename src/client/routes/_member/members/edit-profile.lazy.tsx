import { createLazyFileRoute } from "@tanstack/react-router";
import { EditProfilePage } from "../../../features/profiles/EditProfilePage.tsx";

export const Route = createLazyFileRoute("/_member/members/edit-profile")({ component: EditProfileRoute });

function EditProfileRoute() {
  const { adId, tab } = Route.useSearch();
  return <EditProfilePage initialTab={adId === 2 ? "photos" : (tab ?? "basic")} />;
}
