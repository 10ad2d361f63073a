import { Button, Group, Loader } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { Suspense } from "react";
import { hasRole, type Role } from "../../../shared/members.ts";
import { texts } from "../../../shared/texts.ts";
import { adminTexts } from "../../../shared/admin-texts.ts";
import { NotFoundState } from "../../components/NotFoundPage.tsx";
import { adminLink } from "./admin-link.ts";
import { ADMIN_PAGES, type AdminPage } from "./admin-pages.ts";

/**
 * The admin area (/admin/...): its navigation and the page the path names. Moderators and admins
 * only, each page for its own role and up; anyone else sees the not-found state, as for a page that
 * does not exist (the server refuses them the data too).
 */
export function AdminArea({ splat, role }: { splat: string; role: Role }) {
  const [first = "", ...rest] = splat.split("/").filter(Boolean);
  const pages = ADMIN_PAGES.filter((p) => hasRole(role, p.role));
  // /admin alone opens the first page.
  const page = first === "" ? pages[0] : pages.find((p) => p.path === first);
  if (!page) return <NotFoundState />;
  return (
    <>
      <AdminNav pages={pages} current={page} />
      <Suspense fallback={<Loader aria-label={texts.loading} />}>
        <page.component rest={rest} />
      </Suspense>
    </>
  );
}

/** One link per page the member may open; the current one marked for assistive technology too. */
function AdminNav({ pages, current }: { pages: AdminPage[]; current: AdminPage }) {
  return (
    <Group component="nav" aria-label={adminTexts.adminLink} gap="xs" mb="md" wrap="wrap">
      {pages.map((p) => (
        <Button
          key={p.path}
          renderRoot={(props) => <Link {...props} {...adminLink(p.path)} />}
          variant={p === current ? "light" : "subtle"}
          size="compact-md"
          aria-current={p === current ? "page" : undefined}
        >
          {p.label}
        </Button>
      ))}
    </Group>
  );
}
