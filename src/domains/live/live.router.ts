import { tracked } from "@trpc/server";
import { memberProcedure, router } from "../../server/trpc/init.ts";
import { liveInput } from "./live.schema.ts";
import * as live from "./live.service.ts";

export const liveRouter = router({
  /**
   * One stream per open page for every live event of the member (messages, notifications, unread
   * counts), over server-sent events; tracked ids let a reconnect replay what was missed.
   */
  events: memberProcedure.input(liveInput).subscription(async function* ({ ctx, input, signal }) {
    const lastEventId = input?.lastEventId ? Number(input.lastEventId) : null;
    for await (const event of live.stream(ctx.app, ctx.actor, lastEventId, signal)) {
      yield tracked(String(event.id), { type: event.type, data: event.data, at: event.at });
    }
  }),
});
