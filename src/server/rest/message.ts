import { assistInput } from "../../domains/assistant/assistant.schema.ts";
import * as assistant from "../../domains/assistant/assistant.service.ts";
import { type MessageItem, messageListInput, type MessageView } from "../../domains/messages/messages.schema.ts";
import * as messages from "../../domains/messages/messages.service.ts";
import { formatSentDate, notificationListInput } from "../../domains/notifications/notifications.schema.ts";
import * as notifications from "../../domains/notifications/notifications.service.ts";
import { badInput } from "../../shared/errors.ts";
import {
  actorOf,
  blankToUndefined,
  type Controller,
  fields,
  idOf,
  memberIdInField,
  type Ownership,
  pageAnswer,
  refusedAction,
  type RestRequest,
  TextAnswer,
  textOf,
} from "./registry.ts";
import { legacyDateTime, legacyPicture } from "./legacy-shapes.ts";

/*
 * message/* of the original service: private messages, the unread count, notifications and the
 * message assistant. Thin adapters over the messages, notifications and assistant services.
 *
 * Shapes (spec section 3; docs/rest-api.md "message"):
 * - Message: {messageID, fromID, senderID, senderImage, subject, msgDate, body, fullBody,
 *   messageState, selected}. Every member has their own copy of a message (the recipient's
 *   received one, the sender's sent one): messageID is the id of the CALLER'S copy (a JSON number),
 *   the id that ToggleMessageState and DeleteMessage take. fromID is the sender's member id as a
 *   string (as memberID of the login result), senderID the sender's display name "First Last"
 *   (the legacy key name), senderImage the sender's picture path (the default picture when none,
 *   or when the sender shows it to contacts only and is no longer the caller's contact), msgDate
 *   ISO-8601 UTC ("2026-11-22T07:22:46.123Z"), body a one-line preview of the text (at most
 *   90 characters, cut with an ellipsis), fullBody the whole text, messageState "0" unread or "1"
 *   read (a sent copy is always "1"), selected always false (the client's checkbox).
 * - Notification: {notificationID, subject, notification, sentDate, link}: notification is the
 *   text, sentDate "dd/MM/yyyy h:mm:ss a" in UTC ("05/03/2026 4:07:09 PM"), link the site path it
 *   leads to ("/contacts/requests"). Made for a contact request received, a request accepted, a
 *   new follower, a message received and a reply to one's post, shortly after the action.
 *
 * Reads (GET; {id} is the caller's member id, also accepted as ?memberID):
 * - GetMemberMessages/{id}?showType: All (received messages, the default), UnRead (received ones
 *   not read yet) or Sent (the caller's sent copies); case-insensitive; anything else 400.
 * - SearchMessages/{id}?searchKey: the received messages whose subject, text or sender's name
 *   contains searchKey (case-insensitive; at most 100 characters); blank or missing: 400.
 * - GetMemberNotifications/{id}?showType: All (default) or UnRead; anything else 400.
 *   Listing does not mark notifications read.
 * These lists answer a JSON array, newest first, paged like member/getRecentPosts (keyset, never
 * OFFSET): ?limit (1-100, default 50) and ?cursor. When an older page may follow, the response
 * carries an `X-Next-Cursor` header (exposed to CORS clients) whose value is passed back as
 * ?cursor; no header: this was the last page. A malformed cursor or limit answers 400.
 * - GetTotalUnreadMessages/{id}: the number of unread received messages as plain text ("0", "3").
 * - UseChatGPT?message (GET, or POST with message in the query or a JSON / form body, or a JSON
 *   string body) and optional ?mode (draft: write a message from notes; polish: improve the
 *   member's text; default polish): the assistant's reply as plain text, or the text "Something
 *   went wrong. Try again later!" (still 200) when the assistant is not configured or fails.
 *   message required (400 when missing or blank), at most 2000 characters. Rate-limited per member.
 *
 * Writes
 * - CreateMessage?to&from&subject&body (POST; the values may also come in a JSON or form body):
 *   from must be the caller (403 otherwise, checked first; 400 when it is not a member id), to a
 *   member id (400 when malformed), subject required (400 "Message subject is required."; at most
 *   150 characters), body required (400 "Message text is required."; at most 5000 characters),
 *   and to must be an active contact of the caller (400 "Selected contact to send message is not
 *   valid!" otherwise: a stranger, oneself, a deactivated member). Nothing is written on any 400.
 *   Answers the caller's sent copy as a Message. The recipient gets a notification, and an e-mail
 *   when their "sendMsg" notification setting is on (with an unsubscribe link).
 * - ToggleMessageState?status&msgID (PUT): status "1" marks the caller's copy read (opening it),
 *   "0" unread; anything else 400. A sent copy stays read. Answers {messageID, messageState} with
 *   the copy's state afterwards.
 * - DeleteMessage/{msgID} (DELETE; also ?msgID): deletes the caller's copy only, the other member
 *   keeps theirs. Answers {messageID, deleted: true}.
 * msgID must be one of the caller's copies: someone else's or an unknown id answers 404 and
 * changes nothing; a malformed one 400.
 *
 * Authorization: every action needs a session (401). An {id} / memberID naming someone else
 * answers 403 (messages and notifications are private), before the rest of the input is looked at.
 */

/** Page size of the REST lists when ?limit is not given. */
const DEFAULT_LIMIT = 50;

/** {id} (or ?memberID) of a personal action: the caller's own, else 403. */
const OWN: Ownership = {
  memberId: "pathOrField",
  refusal: "Messages and notifications are private: the member id must be your own.",
};

/** A message copy id: digits only and not 0, else 400. */
function msgIdParam(value: string | undefined): number {
  const id = idOf(value);
  if (!id) throw badInput("msgID must be a message id.");
  return id;
}

const MESSAGE_VIEWS: Record<string, MessageView> = { all: "all", unread: "unread", sent: "sent" };

function messageView(showType: unknown): MessageView {
  const key = (textOf(showType) ?? "").trim().toLowerCase();
  if (key === "") return "all";
  const view = MESSAGE_VIEWS[key];
  if (!view) throw badInput("showType must be All, UnRead or Sent.");
  return view;
}

function notificationView(showType: unknown): "all" | "unread" {
  const key = (textOf(showType) ?? "").trim().toLowerCase();
  if (key === "" || key === "all") return "all";
  if (key === "unread") return "unread";
  throw badInput("showType must be All or UnRead.");
}

/** The list row's body as the original cut it: the first 33 characters and "..." when the text is longer than 35. */
const LIST_BODY = { longerThan: 35, keep: 33 } as const;
const listBody = (text: string) => (text.length > LIST_BODY.longerThan ? `${text.slice(0, LIST_BODY.keep)}...` : text);

/** A message row of the lists (the original's SearchMessagesModel: ids and states as text). */
const legacyMessage = (m: MessageItem) => ({
  messageID: String(m.messageId),
  fromID: String(m.from.memberId),
  senderID: m.from.name,
  senderImage: legacyPicture(m.from.picturePath),
  contactID: String(m.to.memberId),
  subject: m.subject,
  msgDate: legacyDateTime(m.sentAt),
  body: listBody(m.body),
  fullBody: m.body,
  messageState: m.read ? "1" : "0",
  attachement: "False",
  flagLevel: "0",
  importanceLevel: "0",
  selected: false,
});

/** An opened message (the original's GetMessageInfoByID, MessageInfoModel): body is the whole text. */
const legacyMessageInfo = (m: MessageItem) => ({
  messageID: String(m.messageId),
  sentDate: legacyDateTime(m.sentAt),
  from: m.from.name,
  senderPicture: legacyPicture(m.from.picturePath),
  body: m.body,
  subject: m.subject,
  attachmentFile: "",
  orginalMsg: "",
});

/** One page of the caller's messages in the legacy shape, the next page's cursor in X-Next-Cursor. */
async function messagePage(req: RestRequest, view: MessageView, search?: string) {
  const f = fields(req, ["cursor", "limit"]);
  const input = messageListInput.parse({
    view,
    search,
    cursor: blankToUndefined(f.cursor),
    limit: blankToUndefined(f.limit) ?? DEFAULT_LIMIT,
  });
  return pageAnswer(req, await messages.list(req.app, actorOf(req), input), legacyMessage);
}

/** The text for the assistant: message in the query or body, or a JSON string body. */
function assistantMessage(req: RestRequest): unknown {
  const f = fields(req, ["message"]);
  return f.message ?? (typeof req.body.value === "string" ? req.body.value : undefined);
}

/** CreateMessage's sender must be the caller (403 otherwise, before the rest of the input is looked at). */
const FROM_CALLER: Ownership = { memberId: { field: "from" }, refusal: "from must be your own member id." };

/** Sends a message as the caller; answers the caller's sent copy as a list row. */
async function createMessage(req: RestRequest) {
  const f = fields(req, ["subject", "body"]);
  const to = memberIdInField(req, "to");
  // The service checks subject and body (the spec's texts) before the recipient.
  const sent = await messages.send(req.app, actorOf(req), {
    toMemberId: to,
    subject: textOf(f.subject) as string,
    body: textOf(f.body) as string,
  });
  return legacyMessage(sent);
}

export const message: Controller = {
  GetMemberMessages: {
    methods: ["GET"],
    own: OWN,
    handler: (req) => messagePage(req, messageView(fields(req, ["showType"]).showType)),
  },
  SearchMessages: {
    methods: ["GET"],
    own: OWN,
    handler: async (req) => {
      const key = (textOf(fields(req, ["searchKey"]).searchKey) ?? "").trim();
      if (!key) throw badInput("searchKey is required.");
      if (key.length > 100) throw badInput("searchKey can have at most 100 characters.");
      return messagePage(req, "all", key);
    },
  },
  GetTotalUnreadMessages: {
    methods: ["GET"],
    own: OWN,
    handler: async (req) => new TextAnswer(String(await messages.unreadCount(req.app, actorOf(req)))),
  },
  CreateMessage: { methods: ["POST"], own: FROM_CALLER, handler: createMessage },
  // The original's variant that also recorded where the message was written from (source, ignored).
  CreateMessageBySource: { methods: ["POST"], own: FROM_CALLER, handler: createMessage },
  GetMessageInfoByID: {
    methods: ["GET"],
    // A list of one item, as the original answered; 404 unless the copy is the caller's.
    handler: async (req) => [
      legacyMessageInfo(await messages.get(req.app, actorOf(req), msgIdParam(req.params[0] ?? textOf(fields(req, ["msgID"]).msgID)))),
    ],
  },
  ToggleMessageState: {
    methods: ["PUT"],
    handler: async (req) => {
      const f = fields(req, ["status", "msgID"]);
      const status = (textOf(f.status) ?? "").trim();
      if (status !== "0" && status !== "1") throw badInput('status must be "1" (read) or "0" (unread).');
      const messageId = msgIdParam(textOf(f.msgID) ?? req.params[0]);
      const actor = actorOf(req);
      if (status === "1") {
        const opened = await messages.open(req.app, actor, messageId);
        return { messageID: String(messageId), messageState: opened.read ? "1" : "0" };
      }
      // Unread: received copies only (a sent copy stays read); 404 unless the copy is the caller's.
      await messages.markRead(req.app, actor, [messageId], false);
      const copy = await messages.get(req.app, actor, messageId);
      return { messageID: String(messageId), messageState: copy.read ? "1" : "0" };
    },
  },
  DeleteMessage: {
    methods: ["DELETE"],
    handler: async (req) => {
      const messageId = msgIdParam(req.params[0] ?? textOf(fields(req, ["msgID"]).msgID));
      await messages.remove(req.app, actorOf(req), [messageId]);
      return { messageID: String(messageId), deleted: true };
    },
  },
  GetMemberNotifications: {
    methods: ["GET"],
    own: OWN,
    handler: async (req) => {
      const f = fields(req, ["showType", "cursor", "limit"]);
      const input = notificationListInput.parse({
        view: notificationView(f.showType),
        cursor: blankToUndefined(f.cursor),
        limit: blankToUndefined(f.limit) ?? DEFAULT_LIMIT,
      });
      return pageAnswer(req, await notifications.list(req.app, actorOf(req), input), (n) => ({
        notificationID: n.notificationId,
        subject: n.subject,
        notification: n.text,
        sentDate: formatSentDate(n.sentAt, { utc: true }),
        link: n.link,
      }));
    },
  },
  UseChatGPT: {
    methods: ["GET", "POST"],
    handler: async (req) => {
      const text = assistantMessage(req);
      const mode = blankToUndefined(
        textOf(fields(req, ["mode"]).mode)
          ?.trim()
          .toLowerCase(),
      );
      const input = assistInput.parse({ message: typeof text === "string" ? text : undefined, mode });
      const reply = await assistant.assist(req.app, actorOf(req), input);
      return new TextAnswer(reply.text);
    },
  },
  // Sideline keeps one read state for all of a member's notifications (the web client's bell marks them read together).
  ToggleNotificationState: refusedAction("Sideline marks a member's notifications read all together, not one by one."),
  DeleteNotification: refusedAction(
    "Notifications are removed by Sideline after 30 days once read, 90 days unread; they cannot be deleted one by one.",
  ),
  GetNotificationByID: refusedAction("Notifications are read as a list: message/GetMemberNotifications."),
};
