import { z } from "zod";
import { memberProcedure, router } from "../../platform/trpc/init.ts";
import { deleteAccountInput } from "./datarights.schema.ts";
import * as dataRights from "./datarights.service.ts";

/**
 * Data rights (settings, "Your data"): the member's archives and the deletion of their account.
 * The archive itself is downloaded at GET /data-export/:id (src/server/http/data-export.ts).
 */
export const dataRightsRouter = router({
  exports: memberProcedure.query(({ ctx }) => dataRights.listExports(ctx.app, ctx.actor)),
  requestExport: memberProcedure.input(z.void()).mutation(({ ctx }) => dataRights.requestExport(ctx.app, ctx.actor)),
  /** Starts the grace period: every session ends and the session cookie is cleared. */
  deleteAccount: memberProcedure.input(deleteAccountInput).mutation(async ({ ctx, input }) => {
    const { dueAt } = await dataRights.requestDeletion(ctx.app, ctx.actor, input, ctx.meta);
    ctx.endSession();
    return { dueAt };
  }),
});
