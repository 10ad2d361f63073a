import { memberProcedure, router } from "../../platform/trpc/init.ts";
import { assistInput } from "./assistant.schema.ts";
import * as assistant from "./assistant.service.ts";

export const assistantRouter = router({
  assist: memberProcedure.input(assistInput).mutation(({ ctx, input }) => assistant.assist(ctx.app, ctx.actor, input)),
});
