import { Anchor, Badge, Button, Card, Checkbox, Group, Stack, Text, Title } from "@mantine/core";
import { useInfiniteQuery, useMutation } from "@tanstack/react-query";
import { useState } from "react";
import type { AdminEnquiry } from "../../../domains/admin/content.schema.ts";
import { adminContentTexts as t } from "../../../shared/admin-content-texts.ts";
import { ErrorAlert } from "../../components/ErrorAlert.tsx";
import { RelativeDate } from "../../components/RelativeDate.tsx";
import { queryClient, trpc } from "../../lib/trpc.ts";
import { ShowMore } from "./ShowMore.tsx";

const refresh = () => queryClient.invalidateQueries(trpc.admin.content.enquiries.list.infiniteQueryFilter());

/** /admin/enquiries (admins): advertising enquiries, newest first; mark one handled. */
export default function EnquiriesPage() {
  const [openOnly, setOpenOnly] = useState(true);
  const enquiries = useInfiniteQuery({
    ...trpc.admin.content.enquiries.list.infiniteQueryOptions({ openOnly }, { getNextPageParam: (page) => page.nextCursor ?? undefined }),
    staleTime: 0,
  });
  const items = enquiries.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Stack>
      <Title order={1}>{t.enquiries}</Title>
      <Checkbox label={t.openOnly} checked={openOnly} onChange={(e) => setOpenOnly(e.currentTarget.checked)} />
      <ErrorAlert error={enquiries.error} />
      {enquiries.isSuccess && items.length === 0 && <Text c="dimmed">{t.noEnquiries}</Text>}
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: "none" }} aria-label={t.enquiries}>
        {items.map((e) => (
          <EnquiryRow key={e.id} enquiry={e} />
        ))}
      </Stack>
      <ShowMore list={enquiries} />
    </Stack>
  );
}

function EnquiryRow({ enquiry: e }: { enquiry: AdminEnquiry }) {
  const handle = useMutation(trpc.admin.content.enquiries.markHandled.mutationOptions({ onSuccess: () => void refresh() }));
  return (
    <Card component="li" withBorder padding="sm" aria-label={e.name}>
      <ErrorAlert error={handle.error} />
      <Group justify="space-between" wrap="wrap" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600}>
            {e.name}
            {e.title && `, ${e.title}`}
            {e.company && ` (${e.company})`}
          </Text>
          <Anchor href={`mailto:${e.email}`} size="sm" style={{ overflowWrap: "anywhere" }}>
            {e.email}
          </Anchor>
          {(e.phone || e.country) && (
            <Text size="sm" c="dimmed">
              {[e.phone, e.country].filter(Boolean).join(" · ")}
            </Text>
          )}
          <RelativeDate iso={e.createdAt} size="xs" c="dimmed" />
        </Stack>
        {e.handledAt ? (
          <Badge color="teal" variant="light">
            {t.handled}
          </Badge>
        ) : (
          <Button
            size="xs"
            variant="light"
            loading={handle.isPending}
            onClick={() => handle.mutate({ id: e.id })}
            aria-label={`${t.markHandled}: ${e.name}`}
          >
            {t.markHandled}
          </Button>
        )}
      </Group>
    </Card>
  );
}
