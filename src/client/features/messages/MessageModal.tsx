import { Alert, Avatar, Box, Divider, Group, Modal, Paper, Stack, Text, Textarea } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMutation } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { type MessageItem, messageBody } from "../../../domains/messages/messages.schema.ts";
import { texts } from "../../../shared/texts.ts";
import { screenTexts } from "../../../shared/screen-texts.ts";
import { reportLabels } from "../../../shared/safety-texts.ts";
import { ErrorAlert } from "../../components/ErrorAlert.tsx";
import { ReportLink } from "../safety/ReportLink.tsx";
import { RelativeDate } from "../../components/RelativeDate.tsx";
import { rule, sendOnCtrlEnter } from "../../lib/form.ts";
import { trpc } from "../../lib/trpc.ts";
import { otherParty, PartyLink, replySubject, SendButton, useRefreshMessages } from "./shared.tsx";

interface Props {
  /** The message shown; the modal is open while set. */
  message: MessageItem | null;
  onClose: () => void;
}

/** An open message (spec section 2): from, date, subject, the whole text, and a reply box. */
export function MessageModal({ message, onClose }: Props) {
  // While the modal fades out, it keeps showing what it showed.
  const last = useRef<MessageItem | null>(null);
  if (message) last.current = message;
  const shown = message ?? last.current;
  return (
    <Modal
      opened={message !== null}
      onClose={onClose}
      title={shown?.subject}
      size="lg"
      styles={{ title: { overflowWrap: "anywhere", fontWeight: 700 } }}
    >
      {shown && <MessageView key={shown.messageId} message={shown} />}
    </Modal>
  );
}

function MessageView({ message }: { message: MessageItem }) {
  const party = otherParty(message);
  // The replies sent from this open message, oldest first: the conversation shows them at once.
  const [replies, setReplies] = useState<MessageItem[]>([]);
  return (
    <Stack gap="md">
      <Group gap="sm" wrap="nowrap" align="center">
        <Avatar src={party.picturePath} alt="" size={44} radius="xl" />
        <Box style={{ minWidth: 0 }}>
          <Group gap={6} wrap="nowrap">
            <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
              {message.box === "sent" ? texts.messageTo : texts.messageFromLabel}:
            </Text>
            <PartyLink party={party} />
          </Group>
          <RelativeDate iso={message.sentAt} />
        </Box>
        {message.box === "inbox" && (
          <Box ml="auto">
            <ReportLink target={{ kind: "message", id: message.messageId }} label={reportLabels.message} />
          </Box>
        )}
      </Group>
      <Text style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>{message.body}</Text>
      {replies.length > 0 && (
        <Stack component="ul" gap="xs" p={0} m={0} aria-label={screenTexts.messageYourReplies} style={{ listStyle: "none" }}>
          {replies.map((reply) => (
            <Paper key={reply.messageId} component="li" withBorder p="sm" radius="md" ml="xl">
              <Group gap={6} wrap="wrap" align="baseline">
                <Text size="sm" fw={600}>
                  {screenTexts.messageYou}
                </Text>
                <RelativeDate iso={reply.sentAt} />
              </Group>
              <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                {reply.body}
              </Text>
            </Paper>
          ))}
        </Stack>
      )}
      <Divider />
      <ReplyForm message={message} onSent={(reply) => setReplies((list) => [...list, reply])} />
    </Stack>
  );
}

/** The reply goes to the other member with "Re: <subject>"; after sending the box is empty again. */
function ReplyForm({ message, onSent }: { message: MessageItem; onSent: (reply: MessageItem) => void }) {
  const refresh = useRefreshMessages();
  const [sent, setSent] = useState(false);
  const form = useForm({ mode: "controlled", initialValues: { body: "" }, validate: { body: rule(messageBody) } });
  const send = useMutation(
    trpc.messages.send.mutationOptions({
      onSuccess: (reply) => {
        form.reset();
        setSent(true);
        onSent(reply);
        void refresh();
      },
    }),
  );
  const submit = form.onSubmit((values) => {
    if (send.isPending) return;
    setSent(false);
    send.mutate({ toMemberId: otherParty(message).memberId, subject: replySubject(message.subject), body: values.body.trim() });
  });
  const onKeyDown = sendOnCtrlEnter(submit);
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="sm">
        <Textarea
          label={texts.messageReplyLabel}
          placeholder={texts.messageReplyPlaceholder}
          autosize
          minRows={3}
          maxRows={8}
          onKeyDown={onKeyDown}
          {...form.getInputProps("body")}
          onChange={(e) => {
            setSent(false);
            form.setFieldValue("body", e.currentTarget.value);
          }}
        />
        <ErrorAlert error={send.error} />
        {sent && (
          <Alert color="turf" role="status">
            {texts.messageSent}
          </Alert>
        )}
        <Group justify="flex-end">
          <SendButton sending={send.isPending} />
        </Group>
      </Stack>
    </form>
  );
}
