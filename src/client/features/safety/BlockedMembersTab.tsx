import { Button, Group, Loader, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useMutation, useQuery } from "@tanstack/react-query";
import { safetyTexts } from "../../../shared/safety-texts.ts";
import { fillText } from "../../../shared/texts.ts";
import { ErrorAlert } from "../../components/ErrorAlert.tsx";
import { queryClient, trpc, trpcClient } from "../../lib/trpc.ts";

/** Settings → Blocked members: whom the member blocked, newest first, each with Unblock. */
export function BlockedMembersTab() {
  const blocked = useQuery(trpc.contacts.blocked.queryOptions({}));
  const unblock = useMutation({
    mutationFn: (m: { memberId: number; name: string }) => trpcClient.contacts.unblock.mutate({ memberId: m.memberId }),
    onSuccess: async (_, m) => {
      notifications.show({ message: fillText(safetyTexts.unblockDone, { name: m.name }), color: "teal" });
      await queryClient.invalidateQueries();
    },
  });
  if (!blocked.data) return blocked.error ? <ErrorAlert error={blocked.error} /> : <Loader size="sm" aria-label="Loading" />;
  if (blocked.data.items.length === 0) return <Text c="dimmed">{safetyTexts.blockedEmpty}</Text>;
  return (
    <Stack gap="xs" aria-label={safetyTexts.blockedTitle} role="list">
      {blocked.data.items.map((m) => (
        <Group key={m.memberId} justify="space-between" wrap="nowrap" role="listitem">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={500} truncate>
              {m.name}
            </Text>
            <Text size="xs" c="dimmed">
              {fillText(safetyTexts.blockedSince, { date: new Date(m.blockedAt).toLocaleDateString() })}
            </Text>
          </Stack>
          <Button
            size="xs"
            variant="default"
            aria-label={`${safetyTexts.unblock} ${m.name}`}
            loading={unblock.isPending && unblock.variables?.memberId === m.memberId}
            onClick={() => unblock.mutate(m)}
          >
            {safetyTexts.unblock}
          </Button>
        </Group>
      ))}
      <ErrorAlert error={unblock.error} />
    </Stack>
  );
}
