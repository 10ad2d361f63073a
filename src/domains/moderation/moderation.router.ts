import { memberProcedure, moderatorProcedure, router } from "../../platform/trpc/init.ts";
import { openReportsInput, reportIdInput, reportInput, suspendFromReportInput } from "./moderation.schema.ts";
import * as moderation from "./moderation.service.ts";

/** Reports (any member files one) and the moderators' answers to them (decision 035). */
export const moderationRouter = router({
  report: memberProcedure.input(reportInput).mutation(({ ctx, input }) => moderation.report(ctx.app, ctx.actor, input)),
  reports: moderatorProcedure.input(openReportsInput).query(({ ctx, input }) => moderation.openReports(ctx.app, ctx.actor, input.cursor)),
  dismiss: moderatorProcedure.input(reportIdInput).mutation(({ ctx, input }) => moderation.dismiss(ctx.app, ctx.actor, input)),
  remove: moderatorProcedure.input(reportIdInput).mutation(({ ctx, input }) => moderation.removeContent(ctx.app, ctx.actor, input)),
  warn: moderatorProcedure.input(reportIdInput).mutation(({ ctx, input }) => moderation.warn(ctx.app, ctx.actor, input)),
  suspend: moderatorProcedure.input(suspendFromReportInput).mutation(({ ctx, input }) => moderation.suspend(ctx.app, ctx.actor, input)),
});
