import { Button, Group, Loader, Modal, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { texts } from "../../shared/texts.ts";
import { ErrorAlert } from "./ErrorAlert.tsx";

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  /** The question. */
  message: ReactNode;
  /** Yes and No unless given. */
  confirmLabel?: string;
  cancelLabel?: string;
  /** A destructive answer: the confirm button is red. */
  danger?: boolean;
  /** The confirmed change is under way: see ConfirmDialog. */
  pending?: boolean;
  /** The confirm button's text while pending ("Deleting..."). */
  busyLabel?: string;
  /** The change's failure, shown under the question. */
  error?: unknown;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * A question with two answers before a change. While the change is pending the dialog cannot be
 * closed (no close button, no click outside, no Escape), both answers wait and the confirm button
 * shows a spinner and `busyLabel`: nobody answers twice or leaves with the change half known.
 */
export function ConfirmDialog({
  opened,
  title,
  message,
  confirmLabel = texts.yes,
  cancelLabel = texts.no,
  danger,
  pending = false,
  busyLabel,
  error,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  return (
    <Modal opened={opened} onClose={() => !pending && onClose()} title={title} closeOnClickOutside={!pending} withCloseButton={!pending}>
      <Stack>
        <Text size="sm">{message}</Text>
        <ErrorAlert error={error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={pending}>
            {cancelLabel}
          </Button>
          <Button
            color={danger ? "red" : undefined}
            onClick={onConfirm}
            disabled={pending}
            leftSection={pending ? <Loader size={14} color="gray" /> : undefined}
          >
            {pending && busyLabel ? busyLabel : confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
