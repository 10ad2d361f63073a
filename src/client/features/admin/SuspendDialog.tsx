import { Button, Group, Modal, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMutation } from "@tanstack/react-query";
import { type AdminMember, SUSPEND_REASON_MAX } from "../../../domains/admin/admin.schema.ts";
import { fillText, texts } from "../../../shared/texts.ts";
import { adminTexts } from "../../../shared/admin-texts.ts";
import { ErrorAlert } from "../../components/ErrorAlert.tsx";
import { trpc } from "../../lib/trpc.ts";

/** The end date as typed (a calendar day, YYYY-MM-DD) as the moment it begins here; empty: no end. */
const untilOf = (day: string) => (day ? new Date(`${day}T00:00:00`).toISOString() : null);

/** Suspend a member: a reason (required) and an optional end date. */
export function SuspendDialog({
  member,
  opened,
  onClose,
  onSuspended,
}: {
  member: AdminMember;
  opened: boolean;
  onClose: () => void;
  onSuspended: () => void;
}) {
  const form = useForm({
    mode: "controlled",
    initialValues: { reason: "", until: "" },
    validate: {
      reason: (v) => (v.trim() ? null : adminTexts.adminReasonRequired),
      until: (v) => (v && untilOf(v)! <= new Date().toISOString() ? adminTexts.adminEndInPast : null),
    },
  });
  const suspend = useMutation(
    trpc.admin.suspend.mutationOptions({
      onSuccess: () => {
        form.reset();
        onSuspended();
      },
    }),
  );
  return (
    <Modal opened={opened} onClose={onClose} title={fillText(adminTexts.adminSuspendTitle, { name: member.name })}>
      <form
        noValidate
        onSubmit={form.onSubmit((values) =>
          suspend.mutate({ memberId: member.memberId, reason: values.reason, until: untilOf(values.until) }),
        )}
      >
        <Stack>
          <Text size="sm">{adminTexts.adminSuspendBody}</Text>
          <ErrorAlert error={suspend.error} />
          <Textarea
            label={adminTexts.adminSuspendReason}
            required
            autosize
            minRows={2}
            maxLength={SUSPEND_REASON_MAX}
            {...form.getInputProps("reason")}
          />
          <TextInput label={adminTexts.adminSuspendEnd} type="date" {...form.getInputProps("until")} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {texts.cancel}
            </Button>
            <Button type="submit" color="red.9" loading={suspend.isPending}>
              {adminTexts.adminSuspend}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
