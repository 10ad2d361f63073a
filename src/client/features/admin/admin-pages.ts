import { lazy, type ComponentType } from "react";
import type { Role } from "../../../shared/members.ts";
import { adminTexts } from "../../../shared/admin-texts.ts";
import { moderationTexts } from "../../../shared/moderation-texts.ts";
import { adminContentTexts } from "../../../shared/admin-content-texts.ts";

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
  { path: "reports", label: moderationTexts.reportsTitle, role: "moderator", component: lazy(() => import("./ReportsPage.tsx")) },
  { path: "news", label: adminContentTexts.news, role: "admin", component: lazy(() => import("./NewsPage.tsx")) },
  { path: "guide", label: adminContentTexts.siteGuide, role: "admin", component: lazy(() => import("./SiteGuidePage.tsx")) },
  { path: "names", label: adminContentTexts.typedNames, role: "admin", component: lazy(() => import("./TypedNamesPage.tsx")) },
  { path: "enquiries", label: adminContentTexts.enquiries, role: "admin", component: lazy(() => import("./EnquiriesPage.tsx")) },
  { path: "site", label: adminContentTexts.siteSettings, role: "admin", component: lazy(() => import("./SiteSettingsPage.tsx")) },
  { path: "audit", label: adminTexts.adminAudit, role: "admin", component: lazy(() => import("./AuditPage.tsx")) },
];
