import { Alert, Button, Group, Loader, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMutation, useQuery } from "@tanstack/react-query";
import { IconCircleCheck, IconMailForward } from "@tabler/icons-react";
import { emailField } from "../../../domains/accounts/accounts.schema.ts";
import { type EmailInfo, emailChangeCodeField } from "../../../domains/settings/settings.schema.ts";
import { texts } from "../../../shared/texts.ts";
import { ErrorAlert } from "../../components/ErrorAlert.tsx";
import { exactDate } from "../../lib/dates.ts";
import { rule } from "../../lib/form.ts";
import { queryClient, trpc } from "../../lib/trpc.ts";
import { refreshMemberViews } from "./refresh.ts";
import { TabLoading } from "./TabLoading.tsx";

/** Confirming a new address, by the code typed in the tab or by the e-mail's link (one mutation for both). */
export function useConfirmEmailChange() {
  return useMutation(
    trpc.settings.confirmEmailChange.mutationOptions({
      onSuccess: async () => {
        // The link confirms while the tab's first load may still be under way: a refetch would join
        // that (stale) load, so it is cancelled first.
        await queryClient.cancelQueries(trpc.settings.emailInfo.queryFilter());
        await refreshMemberViews();
      },
    }),
  );
}
type ConfirmEmailChange = ReturnType<typeof useConfirmEmailChange>;

/**
 * E-mail: the account's address, and changing it. A new address changes nothing until it is
 * confirmed with the code sent to it (typed here, or the e-mail's link, which opens this tab).
 */
export function EmailTab({ confirm }: { confirm: ConfirmEmailChange }) {
  const info = useQuery(trpc.settings.emailInfo.queryOptions());
  if (!info.data) return <TabLoading error={info.error} rows={2} />;
  const { email, pendingEmail } = info.data;
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {texts.emailTabIntro}
      </Text>
      {confirm.isSuccess && (
        <Alert color="teal" icon={<IconCircleCheck size={18} aria-hidden />} role="status">
          {texts.emailChanged.replace("{email}", confirm.data.email)}
        </Alert>
      )}
      {confirm.isPending && !pendingEmail && (
        <Group gap="xs" role="status">
          <Loader size="xs" aria-hidden />
          <Text size="sm">{texts.confirming}</Text>
        </Group>
      )}
      {!pendingEmail && <ErrorAlert error={confirm.error} />}
      <TextInput label={texts.currentEmail} value={email} readOnly variant="filled" />
      {pendingEmail ? (
        <PendingChange info={info.data} pendingEmail={pendingEmail} confirm={confirm} />
      ) : (
        <RequestChange onRequested={() => confirm.reset()} />
      )}
    </Stack>
  );
}

function RequestChange({ onRequested }: { onRequested: () => void }) {
  const form = useForm({
    mode: "controlled",
    initialValues: { email: "" },
    validateInputOnBlur: true,
    validate: { email: rule(emailField) },
  });
  const request = useMutation(
    trpc.settings.requestEmailChange.mutationOptions({
      onSuccess: async () => {
        onRequested();
        form.reset();
        await queryClient.invalidateQueries(trpc.settings.emailInfo.queryFilter());
      },
    }),
  );
  return (
    <form noValidate onSubmit={form.onSubmit((values) => request.mutate(values))}>
      <Stack>
        <TextInput label={texts.newEmail} type="email" autoComplete="email" required {...form.getInputProps("email")} />
        <ErrorAlert error={request.error} />
        <Group>
          <Button
            type="submit"
            disabled={request.isPending}
            leftSection={request.isPending ? <Loader size={14} color="gray" /> : <IconMailForward size={16} aria-hidden />}
          >
            {request.isPending ? texts.sending : texts.sendConfirmationCode}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function PendingChange({ info, pendingEmail, confirm }: { info: EmailInfo; pendingEmail: string; confirm: ConfirmEmailChange }) {
  const form = useForm({
    mode: "controlled",
    initialValues: { code: "" },
    validateInputOnBlur: true,
    validate: { code: rule(emailChangeCodeField) },
  });
  const cancel = useMutation(
    trpc.settings.cancelEmailChange.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries(trpc.settings.emailInfo.queryFilter()),
    }),
  );
  return (
    <form noValidate onSubmit={form.onSubmit((values) => confirm.mutate({ email: pendingEmail, code: values.code }))}>
      <Stack>
        <Alert color="blue" title={texts.emailChangePending} icon={<IconMailForward size={18} aria-hidden />}>
          <Text size="sm">{texts.emailChangeCodeSent.replace("{email}", pendingEmail)}</Text>
          {info.pendingExpiresAt && (
            <Text size="sm" mt={4}>
              {texts.emailChangeExpires.replace("{date}", exactDate(info.pendingExpiresAt))}
            </Text>
          )}
        </Alert>
        <TextInput
          label={texts.confirmationCode}
          description={texts.confirmationCodeHint}
          autoComplete="one-time-code"
          required
          maw={320}
          {...form.getInputProps("code")}
        />
        <ErrorAlert error={confirm.error ?? cancel.error} />
        <Group>
          <Button
            type="submit"
            disabled={confirm.isPending || cancel.isPending}
            leftSection={confirm.isPending ? <Loader size={14} color="gray" /> : undefined}
          >
            {confirm.isPending ? texts.confirming : texts.confirm}
          </Button>
          <Button variant="default" onClick={() => cancel.mutate()} disabled={confirm.isPending || cancel.isPending}>
            {texts.cancelEmailChange}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
