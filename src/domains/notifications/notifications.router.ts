import { memberProcedure, publicProcedure, router } from "../../platform/trpc/init.ts";
import { markAllReadInput, notificationListInput, unsubscribeInput } from "./notifications.schema.ts";
import * as notifications from "./notifications.service.ts";

export const notificationsRouter = router({
  list: memberProcedure.input(notificationListInput).query(({ ctx, input }) => notifications.list(ctx.app, ctx.actor, input)),
  unreadCount: memberProcedure.query(({ ctx }) => notifications.unreadCount(ctx.app, ctx.actor)),
  markAllRead: memberProcedure
    .input(markAllReadInput)
    .mutation(({ ctx, input }) => notifications.markAllRead(ctx.app, ctx.actor, input?.upToId)),
  /** The unsubscribe screen of a notification e-mail: no session needed, the link's token says who. */
  describeUnsubscribe: publicProcedure
    .input(unsubscribeInput)
    .query(({ ctx, input }) => notifications.describeUnsubscribe(ctx.app, input.token)),
  unsubscribe: publicProcedure.input(unsubscribeInput).mutation(({ ctx, input }) => notifications.unsubscribe(ctx.app, input.token)),
});
