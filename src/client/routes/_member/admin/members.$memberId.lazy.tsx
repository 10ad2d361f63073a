import { createLazyFileRoute } from "@tanstack/react-router";
import { rowIdOfText } from "../../../../shared/ids.ts";
import { NotFoundState } from "../../../components/NotFoundPage.tsx";
import { MemberDetailPage } from "../../../features/admin/MemberDetailPage.tsx";
import { useCurrentMember } from "../../../lib/use-current-member.ts";

export const Route = createLazyFileRoute("/_member/admin/members/$memberId")({ component: MemberRoute });

function MemberRoute() {
  const { memberId } = Route.useParams();
  const me = useCurrentMember();
  const id = rowIdOfText(memberId);
  return id === null ? <NotFoundState /> : <MemberDetailPage key={id} memberId={id} role={me.role} selfId={me.memberId} />;
}
