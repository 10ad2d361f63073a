import { Alert, Badge, Button, Card, Group, Loader, Stack, Text, ThemeIcon } from "@mantine/core";
import { useMutation, useQuery } from "@tanstack/react-query";
import { IconCircleCheck, IconDeviceDesktop, IconDeviceMobile, IconLogout2 } from "@tabler/icons-react";
import type { SessionInfo } from "../../../domains/settings/settings.schema.ts";
import { texts } from "../../../shared/texts.ts";
import { ErrorAlert } from "../../components/ErrorAlert.tsx";
import { queryClient, trpc } from "../../lib/trpc.ts";
import { RelativeDate } from "../../components/RelativeDate.tsx";
import { TabLoading } from "./TabLoading.tsx";

const isPhone = (s: SessionInfo) => s.os === "iOS" || s.os === "Android";
const reload = () => queryClient.invalidateQueries(trpc.settings.sessions.queryFilter());

/**
 * Signed-in devices: every session of the member, this device first, with when it was last seen
 * (relative, the exact date on hover). Any other device can be signed out, or all of them at once.
 */
export function DevicesTab() {
  const sessions = useQuery({ ...trpc.settings.sessions.queryOptions(), staleTime: 0 });
  const signOut = useMutation(trpc.settings.signOutSession.mutationOptions({ onSuccess: reload }));
  const signOutOthers = useMutation(trpc.settings.signOutOtherSessions.mutationOptions({ onSuccess: reload }));
  if (!sessions.data) return <TabLoading error={sessions.error} />;
  const others = sessions.data.filter((s) => !s.current);
  const busy = signOut.isPending || signOutOthers.isPending;
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {texts.devicesIntro}
      </Text>
      <ErrorAlert error={signOut.error ?? signOutOthers.error} />
      {(signOut.isSuccess || signOutOthers.isSuccess) && !busy && (
        <Alert color="teal" icon={<IconCircleCheck size={18} aria-hidden />} role="status">
          {signOutOthers.isSuccess
            ? texts.devicesSignedOut.replace("{count}", String(signOutOthers.data.signedOut))
            : texts.deviceSignedOut}
        </Alert>
      )}
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: "none" }} aria-label={texts.tabDevices}>
        {sessions.data.map((s) => (
          <Card key={s.id} component="li" padding="sm" aria-label={s.device}>
            <Group justify="space-between" wrap="wrap" gap="sm">
              <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: "1 1 240px" }}>
                <ThemeIcon variant="light" size="lg" radius="md" aria-hidden>
                  {isPhone(s) ? <IconDeviceMobile size={20} /> : <IconDeviceDesktop size={20} />}
                </ThemeIcon>
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Group gap="xs" wrap="wrap">
                    <Text fw={600} style={{ overflowWrap: "anywhere" }}>
                      {s.device}
                    </Text>
                    {s.current && (
                      <Badge color="teal" variant="light">
                        {texts.thisDevice}
                      </Badge>
                    )}
                  </Group>
                  <Text size="sm" c="dimmed">
                    {texts.lastSeen} <RelativeDate iso={s.lastSeenAt} size="sm" />
                  </Text>
                  <Text size="xs" c="dimmed">
                    {texts.signedIn} <RelativeDate iso={s.createdAt} size="xs" />
                  </Text>
                </Stack>
              </Group>
              {!s.current && (
                <Button
                  variant="default"
                  size="xs"
                  aria-label={texts.signOutDevice.replace("{device}", s.device)}
                  disabled={busy}
                  leftSection={
                    signOut.isPending && signOut.variables?.id === s.id ? <Loader size={12} /> : <IconLogout2 size={14} aria-hidden />
                  }
                  onClick={() => signOut.mutate({ id: s.id })}
                >
                  {texts.signOut}
                </Button>
              )}
            </Group>
          </Card>
        ))}
      </Stack>
      {others.length === 0 ? (
        <Text size="sm">{texts.noOtherDevices}</Text>
      ) : (
        <Group>
          <Button
            color="red"
            variant="light"
            disabled={busy}
            leftSection={signOutOthers.isPending ? <Loader size={14} color="gray" /> : <IconLogout2 size={16} aria-hidden />}
            onClick={() => signOutOthers.mutate()}
          >
            {texts.signOutEverywhereElse}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
