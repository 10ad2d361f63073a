import { memberProcedure, router } from "../../platform/trpc/init.ts";
import { assistInput } from "./assistant.schema.ts";
import * as assistant from "./assistant.service.ts";

export const assistantRouter = router({
  /** Whether an assistant is configured: the compose modal offers "Ask the assistant" only then. */
  available: memberProcedure.query(({ ctx }) => assistant.available(ctx.app)),
  assist: memberProcedure.input(assistInput).mutation(({ ctx, input }) => assistant.assist(ctx.app, ctx.actor, input)),
});
