import { Button, Group, Modal, Stack, Textarea, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useEffect, useEffectEvent, useRef } from "react";
import { MESSAGE_SUBJECT_MAX, type MessageParty, messageBody, messageSubject } from "../../../domains/messages/messages.schema.ts";
import { texts } from "../../../shared/texts.ts";
import { ErrorAlert } from "../../components/ErrorAlert.tsx";
import { rule, sendOnCtrlEnter } from "../../lib/form.ts";
import { trpc } from "../../lib/trpc.ts";
import { AssistantPanel } from "./AssistantPanel.tsx";
import { RecipientField } from "./RecipientField.tsx";
import { SendButton, useRefreshMessages } from "./shared.tsx";

/** Compose is open while set; `key` gives every opening a fresh form; `to` a contact chosen beforehand. */
export type Composing = { key: number; to?: number } | null;

interface Props {
  composing: Composing;
  onClose: () => void;
  /** The message went out: the modal closes and the page says so. */
  onSent: () => void;
}

/** Compose New Message (spec sections 2, 5): To (a contact picked from the suggestions), Subject, message text. */
export function ComposeModal({ composing, onClose, onSent }: Props) {
  const last = useRef<Composing>(null);
  if (composing) last.current = composing;
  const shown = composing ?? last.current;
  return (
    <Modal opened={composing !== null} onClose={onClose} title={texts.composeNewMessage} size="lg">
      {shown && <ComposeForm key={shown.key} to={shown.to} onCancel={onClose} onSent={onSent} />}
    </Modal>
  );
}

interface Values {
  to: string;
  recipient: MessageParty | null;
  subject: string;
  body: string;
}

/** Required when empty; otherwise valid only as the name of the contact picked from the suggestions. */
function recipientRule(to: string, values: Values): string | null {
  if (values.recipient && to === values.recipient.name) return null;
  return to.trim() === "" ? texts.messageRequired : texts.recipientNotValid;
}

function ComposeForm({ to, onCancel, onSent }: { to?: number; onCancel: () => void; onSent: () => void }) {
  const refresh = useRefreshMessages();
  const form = useForm<Values>({
    mode: "controlled",
    initialValues: { to: "", recipient: null, subject: "", body: "" },
    validate: { to: recipientRule, subject: rule(messageSubject), body: rule(messageBody) },
  });
  // "Send a Message" on a profile: that contact is the recipient (the server still checks it).
  const preset = useQuery({ ...trpc.profiles.view.queryOptions({ memberId: to ?? 0 }), enabled: to !== undefined });
  const presetMember = preset.data;
  // Once, when the profile arrives, and only into an empty "To" (the form is read as it is then).
  const applyPreset = useEffectEvent((member: NonNullable<typeof presetMember>) => {
    if (form.getValues().to !== "") return;
    const party = { memberId: member.memberId, name: member.name, picturePath: member.picturePath };
    form.setValues({ to: party.name, recipient: party });
  });
  useEffect(() => {
    if (presetMember) applyPreset(presetMember);
  }, [presetMember]);

  const send = useMutation(
    trpc.messages.send.mutationOptions({
      onSuccess: () => {
        void refresh();
        onSent();
      },
    }),
  );
  const submit = form.onSubmit((values) => {
    if (send.isPending || !values.recipient) return;
    send.mutate({ toMemberId: values.recipient.memberId, subject: values.subject.trim(), body: values.body.trim() });
  });
  const onKeyDown = sendOnCtrlEnter(submit);

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="sm">
        <RecipientField
          text={form.values.to}
          picked={form.values.recipient}
          error={form.errors.to as string | undefined}
          onText={(text) => {
            const { recipient } = form.getValues();
            form.setValues({ to: text, recipient: recipient && recipient.name === text ? recipient : null });
            form.clearFieldError("to");
          }}
          onPick={(member) => {
            form.setValues({ to: member.name, recipient: member });
            form.clearFieldError("to");
          }}
        />
        <TextInput
          label={texts.messageSubject}
          required
          maxLength={MESSAGE_SUBJECT_MAX}
          data-autofocus={to !== undefined ? true : undefined}
          {...form.getInputProps("subject")}
        />
        <Textarea
          label={texts.messageText}
          required
          autosize
          minRows={4}
          maxRows={10}
          onKeyDown={onKeyDown}
          {...form.getInputProps("body")}
        />
        <AssistantPanel text={form.values.body} onUse={(text) => form.setFieldValue("body", text)} />
        <ErrorAlert error={send.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {texts.cancel}
          </Button>
          <SendButton sending={send.isPending} />
        </Group>
      </Stack>
    </form>
  );
}
