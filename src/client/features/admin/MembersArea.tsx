import { rowIdOfText } from "../../../shared/ids.ts";
import { NotFoundState } from "../../components/NotFoundPage.tsx";
import { useCurrentMember } from "../../lib/use-current-member.ts";
import type { AdminPageProps } from "./admin-pages.ts";
import { MemberDetailPage } from "./MemberDetailPage.tsx";
import { MembersPage } from "./MembersPage.tsx";

/** /admin/members: the list; /admin/members/42: one member. */
export default function MembersArea({ rest }: AdminPageProps) {
  const me = useCurrentMember();
  if (rest.length === 0) return <MembersPage />;
  const id = rest.length === 1 ? rowIdOfText(rest[0]!) : null;
  return id === null ? <NotFoundState /> : <MemberDetailPage key={id} memberId={id} role={me.role} selfId={me.memberId} />;
}
