import { z } from "zod";
import { fillText, texts } from "../../shared/texts.ts";
import { rowIdField } from "../../shared/ids.ts";

// Shared by the client and the server: no server imports.

export const MESSAGE_SUBJECT_MAX = 150;
export const MESSAGE_BODY_MAX = 5000;
/** The messenger's page size (the list scrolls inside 400 px and loads more at its end). */
export const MESSAGES_PER_PAGE = 30;

const messageId = rowIdField("messageID must be a message id.");

export const messageSubject = z
  .string({ error: texts.messageSubjectRequired })
  .trim()
  .min(1, texts.messageSubjectRequired)
  .max(MESSAGE_SUBJECT_MAX, `A subject can have at most ${MESSAGE_SUBJECT_MAX} characters.`);
export const messageBody = z
  .string({ error: texts.messageTextRequired })
  .trim()
  .min(1, texts.messageTextRequired)
  .max(MESSAGE_BODY_MAX, `A message can have at most ${MESSAGE_BODY_MAX} characters.`);

export const sendMessageInput = z.object({
  toMemberId: z.coerce.number({ error: texts.recipientNotValid }).int(texts.recipientNotValid).positive(texts.recipientNotValid),
  subject: messageSubject,
  body: messageBody,
});
export type SendMessageInput = z.output<typeof sendMessageInput>;

/** Show All, Unread (received ones) or Sent. */
export const MESSAGE_VIEWS = ["all", "unread", "sent"] as const;
export type MessageView = (typeof MESSAGE_VIEWS)[number];

export const messageListInput = z.object({
  view: z.enum(MESSAGE_VIEWS).default("all"),
  search: z.string().trim().max(100).optional(),
  cursor: z.string().max(50).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(MESSAGES_PER_PAGE),
});
export type MessageListInput = z.input<typeof messageListInput>;
export type MessageListQuery = z.output<typeof messageListInput>;

export const messageIdInput = z.object({ messageId });
export const messageIdsInput = z.object({ messageIds: z.array(messageId).min(1, "Select at least one message.").max(200) });
export const markMessagesInput = messageIdsInput.extend({ read: z.boolean() });

/** The To field's autocomplete: the member's contacts who take messages, by name. */
export const recipientsInput = z.object({
  text: z.string().trim().max(100).default(""),
  limit: z.coerce.number().int().min(1).max(20).default(10),
});

export interface MessageParty {
  memberId: number;
  name: string;
  picturePath: string;
}

/** One member's copy of a message. messageId names the copy: another member's id is never theirs. */
export interface MessageItem {
  messageId: number;
  box: "inbox" | "sent";
  from: MessageParty;
  to: MessageParty;
  subject: string;
  body: string;
  sentAt: string;
  read: boolean;
}

export interface MessagePage {
  items: MessageItem[];
  nextCursor: string | null;
}

/** Up to this many characters of the body show in a list row. */
export const PREVIEW_LENGTH = 90;
export function previewOf(body: string): string {
  const flat = body.replace(/\s+/g, " ").trim();
  return flat.length <= PREVIEW_LENGTH ? flat : `${flat.slice(0, PREVIEW_LENGTH - 1).trimEnd()}…`;
}

/** The spec's unread text (section 4): "You have 0 un-read message!" / "You have N un-read messages!". */
export function unreadText(count: number): string {
  return count === 0 ? texts.unreadNone : fillText(texts.unreadSome, { count });
}
