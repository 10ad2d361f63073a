import { memberProcedure, router } from "../../platform/trpc/init.ts";
import {
  markMessagesInput,
  messageIdInput,
  messageIdsInput,
  messageListInput,
  recipientsInput,
  sendMessageInput,
} from "./messages.schema.ts";
import * as messages from "./messages.service.ts";

export const messagesRouter = router({
  list: memberProcedure.input(messageListInput).query(({ ctx, input }) => messages.list(ctx.app, ctx.actor, input)),
  unreadCount: memberProcedure.query(({ ctx }) => messages.unreadCount(ctx.app, ctx.actor)),
  recipients: memberProcedure.input(recipientsInput).query(({ ctx, input }) => messages.recipients(ctx.app, ctx.actor, input)),
  /** Opening a received message marks it read: a mutation. */
  open: memberProcedure.input(messageIdInput).mutation(({ ctx, input }) => messages.open(ctx.app, ctx.actor, input.messageId)),
  send: memberProcedure.input(sendMessageInput).mutation(({ ctx, input }) => messages.send(ctx.app, ctx.actor, input)),
  markRead: memberProcedure
    .input(markMessagesInput)
    .mutation(({ ctx, input }) => messages.markRead(ctx.app, ctx.actor, input.messageIds, input.read)),
  remove: memberProcedure.input(messageIdsInput).mutation(({ ctx, input }) => messages.remove(ctx.app, ctx.actor, input.messageIds)),
});
