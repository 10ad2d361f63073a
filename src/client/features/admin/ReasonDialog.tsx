import { Button, Group, Modal, Stack, Textarea } from "@mantine/core";
import { useState } from "react";
import { SUSPEND_REASON_MAX } from "../../../domains/admin/admin.schema.ts";
import { texts } from "../../../shared/texts.ts";
import { adminTexts } from "../../../shared/admin-texts.ts";
import { ErrorAlert } from "../../components/ErrorAlert.tsx";

/**
 * Confirms an action on a member with an optional reason for the audit log (restore, sign out
 * everywhere, role change). Shown while `opened`; `onConfirm` gets the reason (null when blank).
 */
export function ReasonDialog({
  title,
  confirmLabel,
  color,
  opened,
  pending,
  error,
  onClose,
  onConfirm,
}: {
  title: string;
  confirmLabel: string;
  color?: string;
  opened: boolean;
  pending: boolean;
  error: unknown;
  onClose: () => void;
  onConfirm: (reason: string | null) => void;
}) {
  const [reason, setReason] = useState("");
  return (
    <Modal opened={opened} onClose={onClose} title={title}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onConfirm(reason.trim() || null);
        }}
      >
        <Stack>
          <ErrorAlert error={error} />
          <Textarea
            label={adminTexts.adminReasonOptional}
            autosize
            minRows={2}
            maxLength={SUSPEND_REASON_MAX}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {texts.cancel}
            </Button>
            <Button type="submit" color={color} loading={pending}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
