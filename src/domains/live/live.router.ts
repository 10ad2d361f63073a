import { TRPCError, tracked } from "@trpc/server";
import { DomainError } from "../../shared/errors.ts";
import { trpcCodeOf } from "../../platform/errors.ts";
import { memberProcedure, router } from "../../platform/trpc/init.ts";
import { liveInput } from "./live.schema.ts";
import * as live from "./live.service.ts";

export const liveRouter = router({
  /**
   * One stream per open page for every live event of the member (messages, notifications, unread
   * counts), over server-sent events; tracked ids let a reconnect replay what was missed.
   */
  events: memberProcedure.input(liveInput).subscription(async function* ({ ctx, input, signal }) {
    const lastEventId = input?.lastEventId ? Number(input.lastEventId) : null;
    // A stream ends when its page goes, and when the server stops (the page reconnects to the next one).
    const until = signal ? AbortSignal.any([signal, ctx.app.shutdown]) : ctx.app.shutdown;
    try {
      for await (const event of live.stream(ctx.app, ctx.actor, lastEventId, until)) {
        yield tracked(String(event.id), { type: event.type, data: event.data, at: event.at });
      }
    } catch (error) {
      // Errors of a running stream pass no middleware: map the domain's own here (an ended session is UNAUTHORIZED).
      if (error instanceof DomainError) throw new TRPCError({ code: trpcCodeOf(error.code), message: error.message, cause: error });
      throw error;
    }
  }),
});
