import { Button, Group, Modal, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMutation } from "@tanstack/react-query";
import { SUSPEND_REASON_MAX } from "../../../domains/admin/admin.schema.ts";
import { REPORT_NOTE_MAX, type OpenReport } from "../../../domains/moderation/moderation.schema.ts";
import { fillText } from "../../../shared/texts.ts";
import { moderationTexts as t } from "../../../shared/moderation-texts.ts";
import { ErrorAlert } from "../../components/ErrorAlert.tsx";
import { trpc } from "../../lib/trpc.ts";

export type ReportAction = "dismiss" | "remove" | "warn" | "suspend";

const TITLE: Record<ReportAction, string> = { dismiss: t.dismissTitle, remove: t.removeTitle, warn: t.warnTitle, suspend: t.suspendTitle };
const BODY: Record<ReportAction, string> = { dismiss: t.dismissBody, remove: t.removeBody, warn: t.warnBody, suspend: t.suspendBody };
export const ACTION_LABEL: Record<ReportAction, string> = { dismiss: t.dismiss, remove: t.remove, warn: t.warn, suspend: t.suspend };

/** The end date as typed (a calendar day) as the moment it begins here; empty: no end. */
const untilOf = (day: string) => (day ? new Date(`${day}T00:00:00`).toISOString() : null);

/** Confirms one answer to a report: an optional note (a warning's text), or a suspension's reason and end. */
export function ReportActionDialog({
  report,
  action,
  onClose,
  onDone,
}: {
  report: OpenReport;
  action: ReportAction;
  onClose: () => void;
  onDone: () => void;
}) {
  const suspending = action === "suspend";
  const form = useForm({
    mode: "controlled",
    initialValues: { note: "", until: "" },
    validate: { note: (v) => (suspending && !v.trim() ? t.reasonRequired : null) },
  });
  const options = { onSuccess: onDone };
  const dismiss = useMutation(trpc.moderation.dismiss.mutationOptions(options));
  const remove = useMutation(trpc.moderation.remove.mutationOptions(options));
  const warn = useMutation(trpc.moderation.warn.mutationOptions(options));
  const suspend = useMutation(trpc.moderation.suspend.mutationOptions(options));
  const mutation = { dismiss, remove, warn, suspend }[action];
  const submit = (values: { note: string; until: string }) => {
    const note = values.note.trim() || undefined;
    if (suspending) suspend.mutate({ reportId: report.reportId, reason: values.note, until: untilOf(values.until) });
    else ({ dismiss, remove, warn })[action].mutate({ reportId: report.reportId, note });
  };
  const name = { name: report.reported.name };
  return (
    <Modal opened onClose={onClose} title={fillText(TITLE[action], name)}>
      <form noValidate onSubmit={form.onSubmit(submit)}>
        <Stack>
          <Text size="sm">{fillText(BODY[action], name)}</Text>
          <ErrorAlert error={mutation.error} />
          <Textarea
            label={suspending ? t.suspendReason : action === "warn" ? t.warningNote : t.noteOptional}
            required={suspending}
            autosize
            minRows={2}
            maxLength={suspending ? SUSPEND_REASON_MAX : REPORT_NOTE_MAX}
            {...form.getInputProps("note")}
          />
          {suspending && <TextInput label={t.suspendEnd} type="date" {...form.getInputProps("until")} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t.cancel}
            </Button>
            <Button type="submit" color={action === "dismiss" ? undefined : "red.9"} loading={mutation.isPending}>
              {ACTION_LABEL[action]}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
