import { createLazyFileRoute } from "@tanstack/react-router";
import { hasRole } from "../../../../shared/members.ts";
import { NotFoundState } from "../../../components/NotFoundPage.tsx";
import { AuditPage } from "../../../features/admin/AuditPage.tsx";
import { useCurrentMember } from "../../../lib/use-current-member.ts";

export const Route = createLazyFileRoute("/_member/admin/audit")({ component: AuditRoute });

/** The audit log is for admins only. */
function AuditRoute() {
  const { role } = useCurrentMember();
  return hasRole(role, "admin") ? <AuditPage role={role} /> : <NotFoundState />;
}
