import { lazy, type ComponentType } from "react";
import { hasRole, type Role } from "../../../shared/members.ts";
import { adminTexts } from "../../../shared/admin-texts.ts";

/** What a page of the admin area receives: the path below its own segment (/admin/members/42 gives ["42"]). */
export interface AdminPageProps {
  rest: string[];
}

export interface AdminPage {
  /** The first path segment below /admin. */
  path: string;
  label: string;
  /** The lowest role that sees the page (the server refuses the data below it too). */
  role: Role;
  component: ComponentType<AdminPageProps>;
}

/**
 * The admin area's pages, in the order of its navigation: adding a page is one line here (decision
 * 038). They share one route (/admin/$), so a page adds nothing to the route tree every screen loads,
 * the login page included; each page is a chunk of its own, loaded when first opened.
 */
export const ADMIN_PAGES: readonly AdminPage[] = [
  { path: "members", label: adminTexts.adminMembers, role: "moderator", component: lazy(() => import("./MembersArea.tsx")) },
  { path: "audit", label: adminTexts.adminAudit, role: "admin", component: lazy(() => import("./AuditPage.tsx")) },
];

/**
 * What /admin/<splat> shows a member of `role`: the pages their role opens (the navigation), the one
 * the path names (/admin alone: the first) with the rest of the path, or no page (not found: an
 * unknown path, or a page above their role).
 */
export function resolveAdminPath(
  splat: string,
  role: Role,
  pages: readonly AdminPage[] = ADMIN_PAGES,
): { allowed: AdminPage[]; page?: AdminPage; rest: string[] } {
  const [first = "", ...rest] = splat.split("/").filter(Boolean);
  const allowed = pages.filter((p) => hasRole(role, p.role));
  const page = first === "" ? allowed[0] : allowed.find((p) => p.path === first);
  return { allowed, page, rest };
}
