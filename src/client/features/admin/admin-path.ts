import { hasRole, type Role } from "../../../shared/members.ts";
import { ADMIN_PAGES, type AdminPage } from "./admin-pages.ts";

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
