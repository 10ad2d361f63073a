import { Stack, Title } from "@mantine/core";
import { useInfiniteQuery } from "@tanstack/react-query";
import type { Role } from "../../../shared/members.ts";
import { adminTexts } from "../../../shared/admin-texts.ts";
import { ErrorAlert } from "../../components/ErrorAlert.tsx";
import { trpc } from "../../lib/trpc.ts";
import { AdminNav } from "./AdminNav.tsx";
import { ShowMore } from "./ShowMore.tsx";
import { AuditList } from "./AuditList.tsx";

/** /admin/audit (admins): every admin and moderator action, newest first, page by page. */
export function AuditPage({ role }: { role: Role }) {
  const audit = useInfiniteQuery({
    ...trpc.admin.audit.infiniteQueryOptions({}, { getNextPageParam: (page) => page.nextCursor ?? undefined }),
    staleTime: 0,
  });
  return (
    <Stack>
      <Title order={1}>{adminTexts.adminAudit}</Title>
      <AdminNav current="audit" role={role} />
      <ErrorAlert error={audit.error} />
      {audit.data && <AuditList entries={audit.data.pages.flatMap((p) => p.items)} />}
      <ShowMore list={audit} />
    </Stack>
  );
}
