import { Stack, Title } from "@mantine/core";
import { useInfiniteQuery } from "@tanstack/react-query";
import { adminTexts } from "../../../shared/admin-texts.ts";
import { ErrorAlert } from "../../components/ErrorAlert.tsx";
import { trpc } from "../../lib/trpc.ts";
import { ShowMore } from "./ShowMore.tsx";
import { AuditList } from "./AuditList.tsx";

/** /admin/audit (admins): every admin and moderator action, newest first, page by page. */
export default function AuditPage() {
  const audit = useInfiniteQuery({
    ...trpc.admin.audit.infiniteQueryOptions({}, { getNextPageParam: (page) => page.nextCursor ?? undefined }),
    staleTime: 0,
  });
  return (
    <Stack>
      <Title order={1}>{adminTexts.adminAudit}</Title>
      <ErrorAlert error={audit.error} />
      {audit.data && <AuditList entries={audit.data.pages.flatMap((p) => p.items)} />}
      <ShowMore list={audit} />
    </Stack>
  );
}
