import type { MemberCard } from "../../../domains/contacts/contacts.schema.ts";
import { fillText, texts } from "../../../shared/texts.ts";
import { ConfirmDialog, type ConfirmDialogProps } from "../../components/ConfirmDialog.tsx";

type Who = Pick<MemberCard, "memberId" | "name">;

interface Props extends Pick<ConfirmDialogProps, "title" | "confirmLabel" | "cancelLabel" | "danger" | "onClose"> {
  /** The member the question is about; the modal is open while set. */
  member: Who | null;
  /** The question, with {name} for the member's name. */
  message: string;
  onConfirm: (member: Who) => void;
}

/**
 * A question about a member (Yes/No by default). Confirming closes the modal at once: the row the
 * question came from shows a spinner while the change is made and the list reloads.
 */
export function ConfirmModal({ member, message, onConfirm, ...answers }: Props) {
  return (
    <ConfirmDialog
      {...answers}
      opened={member !== null}
      message={member ? fillText(message, { name: member.name }) : ""}
      onConfirm={() => {
        if (member) onConfirm(member);
        answers.onClose();
      }}
    />
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
