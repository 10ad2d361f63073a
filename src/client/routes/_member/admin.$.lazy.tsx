import { createLazyFileRoute } from "@tanstack/react-router";
import { AdminArea } from "../../features/admin/AdminArea.tsx";
import { useCurrentMember } from "../../lib/use-current-member.ts";

// Every admin page is under this one route (features/admin/admin-pages.ts lists them).
export const Route = createLazyFileRoute("/_member/admin/$")({ component: AdminRoute });

function AdminRoute() {
  return <AdminArea splat={Route.useParams()._splat ?? ""} role={useCurrentMember().role} />;
}
