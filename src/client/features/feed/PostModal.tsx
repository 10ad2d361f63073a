import { Blockquote, Button, Group, Modal, Stack, Text, Textarea } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useRef } from "react";
import { type Post, postText } from "../../../domains/feed/feed.schema.ts";
import { POST_MAX_LENGTH } from "../../../shared/limits.ts";
import { texts } from "../../../shared/texts.ts";
import { ErrorAlert } from "../../components/ErrorAlert.tsx";
import { rule, sendOnCtrlEnter } from "../../lib/form.ts";

export type Composing = { kind: "post" } | { kind: "reply"; post: Post } | null;

interface Props {
  composing: Composing;
  pending: boolean;
  error: unknown;
  onSubmit: (text: string) => void;
  onClose: () => void;
}

/**
 * New Post and Reply to Post (spec sections 2, 5): the text is required and at most 150 characters,
 * with a counter; Post stays disabled until the text is valid and while it is being sent.
 */
export function PostModal({ composing, pending, error, onSubmit, onClose }: Props) {
  // While the modal fades out, it keeps showing what it showed.
  const last = useRef<Composing>(null);
  if (composing) last.current = composing;
  const shown = composing ?? last.current;
  const reply = shown?.kind === "reply" ? shown.post : null;
  return (
    <Modal opened={composing !== null} onClose={onClose} title={reply ? texts.replyToPost : texts.newPost} size="lg">
      {shown && (
        <PostForm
          key={reply ? `reply-${reply.postId}` : "post"}
          replyTo={reply}
          pending={pending}
          error={error}
          onSubmit={onSubmit}
          onCancel={onClose}
        />
      )}
    </Modal>
  );
}

function PostForm({
  replyTo,
  pending,
  error,
  onSubmit,
  onCancel,
}: {
  replyTo: Post | null;
  pending: boolean;
  error: unknown;
  onSubmit: (text: string) => void;
  onCancel: () => void;
}) {
  const form = useForm({
    mode: "controlled",
    initialValues: { text: "" },
    validateInputOnChange: true,
    validate: { text: rule(postText) },
  });
  const length = form.values.text.trim().length;
  const valid = form.isValid();
  const submit = form.onSubmit((values) => {
    if (!pending) onSubmit(values.text.trim());
  });
  const onKeyDown = sendOnCtrlEnter(submit);

  return (
    <form noValidate onSubmit={submit}>
      <Stack>
        <ErrorAlert error={error} />
        {replyTo && (
          <Blockquote p="sm" radius="sm" cite={`— ${replyTo.author.name}`} style={{ overflowWrap: "anywhere" }}>
            {replyTo.text}
          </Blockquote>
        )}
        <Textarea
          label={replyTo ? texts.replyLabel : texts.postLabel}
          placeholder={replyTo ? texts.replyPlaceholder : texts.postPlaceholder}
          autosize
          minRows={3}
          maxRows={8}
          required
          data-autofocus
          onKeyDown={onKeyDown}
          inputWrapperOrder={["label", "input", "error", "description"]}
          description={
            <Text component="span" size="xs" c={length > POST_MAX_LENGTH ? "red" : "dimmed"}>
              {texts.characterCount.replace("{count}", String(length)).replace("{max}", String(POST_MAX_LENGTH))}
            </Text>
          }
          {...form.getInputProps("text")}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {texts.cancel}
          </Button>
          <Button type="submit" disabled={!valid || pending} loading={false}>
            {pending ? texts.posting : texts.post}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
