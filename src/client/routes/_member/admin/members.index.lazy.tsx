import { createLazyFileRoute } from "@tanstack/react-router";
import { MembersPage } from "../../../features/admin/MembersPage.tsx";
import { useCurrentMember } from "../../../lib/use-current-member.ts";

export const Route = createLazyFileRoute("/_member/admin/members/")({ component: MembersRoute });

function MembersRoute() {
  return <MembersPage role={useCurrentMember().role} />;
}
