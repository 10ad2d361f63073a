import { Fieldset, Stack, Switch } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMutation, useQuery } from "@tanstack/react-query";
import { NOTIFICATION_KEYS, type NotificationSettings } from "../../../domains/settings/settings.schema.ts";
import { type TextId, texts } from "../../../shared/texts.ts";
import { queryClient, trpc } from "../../lib/trpc.ts";
import { SaveBar } from "../../components/SaveBar.tsx";
import { TabLoading } from "./TabLoading.tsx";

const labels: Record<(typeof NOTIFICATION_KEYS)[number], TextId> = {
  sendMsg: "notifySendMsg",
  addAsFriend: "notifyAddAsFriend",
  confirmFriendShipRequest: "notifyConfirmFriendShipRequest",
  repliesToYourHelpQuest: "notifyRepliesToYourHelpQuest",
};

/** Notifications (spec section 3): four switches, one per kind of event. */
export function NotificationsTab() {
  const settings = useQuery(trpc.settings.notifications.queryOptions());
  if (!settings.data) return <TabLoading error={settings.error} rows={4} />;
  return <NotificationsForm settings={settings.data} />;
}

function NotificationsForm({ settings }: { settings: NotificationSettings }) {
  const form = useForm({ mode: "controlled", initialValues: settings });
  const save = useMutation(
    trpc.settings.saveNotifications.mutationOptions({
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.settings.notifications.queryKey(), saved);
        form.resetDirty(saved);
      },
    }),
  );
  return (
    <form noValidate onSubmit={form.onSubmit((values) => save.mutate(values))}>
      <Stack>
        <Fieldset legend={texts.notificationsIntro} variant="unstyled">
          <Stack gap="sm" mt="xs">
            {NOTIFICATION_KEYS.map((key) => (
              <Switch key={key} label={texts[labels[key]]} {...form.getInputProps(key, { type: "checkbox" })} />
            ))}
          </Stack>
        </Fieldset>
        <SaveBar saving={save.isPending} saved={save.isSuccess} error={save.error} />
      </Stack>
    </form>
  );
}
