import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import type { MemberCard } from "../../../domains/contacts/contacts.schema.ts";
import { fillText, texts } from "../../../shared/texts.ts";

type Who = Pick<MemberCard, "memberId" | "name">;

interface Props {
  /** The member the question is about; the modal is open while set. */
  member: Who | null;
  title: string;
  /** The question, with {name} for the member's name. */
  message: string;
  confirmLabel?: string;
  cancelLabel?: string;
  danger?: boolean;
  onConfirm: (member: Who) => void;
  onClose: () => void;
}

/**
 * A question with two answers (Yes/No by default). Confirming closes the modal at once: the row the
 * question came from shows a spinner while the change is made and the list reloads.
 */
export function ConfirmModal({
  member,
  title,
  message,
  confirmLabel = texts.yes,
  cancelLabel = texts.no,
  danger,
  onConfirm,
  onClose,
}: Props) {
  return (
    <Modal opened={member !== null} onClose={onClose} title={title}>
      {member && (
        <Stack>
          <Text>{fillText(message, { name: member.name })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {cancelLabel}
            </Button>
            <Button
              color={danger ? "red" : undefined}
              onClick={() => {
                onConfirm(member);
                onClose();
              }}
            >
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/** "Requesting to Add Contact": Send Request or Cancel; the other member has to confirm the request. */
export function RequestContactModal({
  member,
  onSend,
  onClose,
}: {
  member: Who | null;
  onSend: (member: Who) => void;
  onClose: () => void;
}) {
  return (
    <ConfirmModal
      member={member}
      title={texts.requestingToAddContact}
      message={texts.requestingToAddContactBody}
      confirmLabel={texts.sendRequest}
      cancelLabel={texts.cancel}
      onConfirm={onSend}
      onClose={onClose}
    />
  );
}
