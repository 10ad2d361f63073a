import { Button, Card, Group, SegmentedControl, Stack, Text, Title } from "@mantine/core";
import { useInfiniteQuery, useMutation } from "@tanstack/react-query";
import { useState } from "react";
import type { AdminPendingName } from "../../../domains/admin/content.schema.ts";
import { adminContentTexts as t } from "../../../shared/admin-content-texts.ts";
import { fillText } from "../../../shared/texts.ts";
import { ErrorAlert } from "../../components/ErrorAlert.tsx";
import { queryClient, trpc } from "../../lib/trpc.ts";
import { ShowMore } from "./ShowMore.tsx";

const SCHOOL_TYPES = t.schoolTypes.split("|");
const refresh = () => queryClient.invalidateQueries(trpc.admin.content.names.pending.infiniteQueryFilter());

/** /admin/names (admins): school and company names members typed, oldest first: approve into the shared list, or reject. */
export default function TypedNamesPage() {
  const [kind, setKind] = useState<"school" | "company">("school");
  const pending = useInfiniteQuery({
    ...trpc.admin.content.names.pending.infiniteQueryOptions({ kind }, { getNextPageParam: (page) => page.nextCursor ?? undefined }),
    staleTime: 0,
  });
  const items = pending.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Stack>
      <Title order={1}>{t.typedNames}</Title>
      <SegmentedControl
        value={kind}
        onChange={(v) => setKind(v)}
        data={[
          { value: "school", label: t.schools },
          { value: "company", label: t.companies },
        ]}
        style={{ alignSelf: "flex-start" }}
      />
      <ErrorAlert error={pending.error} />
      {pending.isSuccess && items.length === 0 && <Text c="dimmed">{t.noPendingNames}</Text>}
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: "none" }} aria-label={t.typedNames}>
        {items.map((name) => (
          <NameRow key={`${name.kind}-${name.id}`} name={name} />
        ))}
      </Stack>
      <ShowMore list={pending} />
    </Stack>
  );
}

function NameRow({ name }: { name: AdminPendingName }) {
  const approve = useMutation(trpc.admin.content.names.approve.mutationOptions({ onSuccess: () => void refresh() }));
  const reject = useMutation(trpc.admin.content.names.reject.mutationOptions({ onSuccess: () => void refresh() }));
  const where = name.kind === "school" ? [name.state, SCHOOL_TYPES[(name.schoolType ?? 1) - 1]].filter(Boolean).join(" · ") : "";
  return (
    <Card component="li" withBorder padding="sm" aria-label={name.name}>
      <ErrorAlert error={approve.error ?? reject.error} />
      <Group justify="space-between" wrap="wrap">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600} style={{ overflowWrap: "anywhere" }}>
            {name.name}
          </Text>
          {where && (
            <Text size="sm" c="dimmed">
              {where}
            </Text>
          )}
          {name.addedBy && (
            <Text size="sm" c="dimmed">
              {fillText(t.typedBy, { name: name.addedBy.name })}
            </Text>
          )}
        </Stack>
        <Group gap="xs">
          <Button
            size="xs"
            loading={approve.isPending}
            onClick={() => approve.mutate({ kind: name.kind, id: name.id })}
            aria-label={`${t.approve}: ${name.name}`}
          >
            {t.approve}
          </Button>
          <Button
            size="xs"
            variant="light"
            color="red"
            loading={reject.isPending}
            onClick={() => reject.mutate({ kind: name.kind, id: name.id })}
            aria-label={`${t.reject}: ${name.name}`}
          >
            {t.reject}
          </Button>
        </Group>
      </Group>
    </Card>
  );
}
