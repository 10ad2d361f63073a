import { Alert, Button, Group, Modal, Radio, Stack, Textarea } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { REPORT_NOTE_MAX, REPORT_REASONS, type ReportReason, type ReportTarget } from "../../../domains/moderation/moderation.schema.ts";
import { safetyTexts } from "../../../shared/safety-texts.ts";
import { ErrorAlert } from "../../components/ErrorAlert.tsx";
import { trpcClient } from "../../lib/trpc.ts";

export const REASON_LABEL: Record<ReportReason, string> = {
  spam: safetyTexts.reasonSpam,
  harassment: safetyTexts.reasonHarassment,
  inappropriate: safetyTexts.reasonInappropriate,
  impersonation: safetyTexts.reasonImpersonation,
  "minor-at-risk": safetyTexts.reasonMinorAtRisk,
  other: safetyTexts.reasonOther,
};

export interface ReportTargetRef {
  kind: ReportTarget;
  /** A member, post or reply id, or the id of the viewer's copy of a received message. */
  id: number;
}

/** The Report dialog: a reason from the fixed list, optional details, then a confirmation. */
export function ReportModal({ target, onClose }: { target: ReportTargetRef | null; onClose: () => void }) {
  return (
    <Modal opened={target !== null} onClose={onClose} title={safetyTexts.reportTitle}>
      {target && <ReportForm key={`${target.kind}:${target.id}`} target={target} onClose={onClose} />}
    </Modal>
  );
}

function ReportForm({ target, onClose }: { target: ReportTargetRef; onClose: () => void }) {
  const [reason, setReason] = useState<ReportReason | "">("");
  const [note, setNote] = useState("");
  const [missing, setMissing] = useState(false);
  const send = useMutation({
    mutationFn: () =>
      trpcClient.moderation.report.mutate({
        targetKind: target.kind,
        targetId: target.id,
        reason: reason as ReportReason,
        note: note || undefined,
      }),
  });
  if (send.isSuccess) {
    return (
      <Stack>
        <Alert color="teal" role="status">
          {safetyTexts.reportDone}
        </Alert>
        <Group justify="flex-end">
          <Button onClick={onClose}>OK</Button>
        </Group>
      </Stack>
    );
  }
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (!reason) return setMissing(true);
        send.mutate();
      }}
    >
      <Stack>
        <Radio.Group
          label={safetyTexts.reportReason}
          value={reason}
          onChange={(v) => {
            setReason(v);
            setMissing(false);
          }}
          error={missing ? safetyTexts.reasonRequired : undefined}
          withAsterisk
        >
          <Stack gap="xs" mt="xs">
            {REPORT_REASONS.map((r) => (
              <Radio key={r} value={r} label={REASON_LABEL[r]} />
            ))}
          </Stack>
        </Radio.Group>
        <Textarea
          label={safetyTexts.reportNote}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          maxLength={REPORT_NOTE_MAX}
          autosize
          minRows={2}
        />
        <ErrorAlert error={send.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {safetyTexts.cancel}
          </Button>
          <Button type="submit" color="red" loading={send.isPending}>
            {safetyTexts.reportSend}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
