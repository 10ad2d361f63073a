import { createLazyFileRoute, Outlet } from "@tanstack/react-router";
import { hasRole } from "../../../shared/members.ts";
import { NotFoundState } from "../../components/NotFoundPage.tsx";
import { useCurrentMember } from "../../lib/use-current-member.ts";

export const Route = createLazyFileRoute("/_member/admin")({ component: AdminArea });

/** The /admin screens, for moderators and admins; anyone else sees the not-found state (the server refuses them the data too). */
function AdminArea() {
  const member = useCurrentMember();
  return hasRole(member.role, "moderator") ? <Outlet /> : <NotFoundState />;
}
