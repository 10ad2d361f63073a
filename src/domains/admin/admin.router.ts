import { adminProcedure, moderatorProcedure, router } from "../../platform/trpc/init.ts";
import { adminMemberInput, adminMembersInput, auditInput, grantRoleInput, memberActionInput, suspendInput } from "./admin.schema.ts";
import * as admin from "./admin.service.ts";
import { contentRouter } from "./content.router.ts";

/** The /admin screens: moderators and admins act on members; admins grant roles and read the audit log. */
export const adminRouter = router({
  members: moderatorProcedure.input(adminMembersInput).query(({ ctx, input }) => admin.listMembers(ctx.app, ctx.actor, input)),
  member: moderatorProcedure.input(adminMemberInput).query(({ ctx, input }) => admin.viewMember(ctx.app, ctx.actor, input.memberId)),
  suspend: moderatorProcedure.input(suspendInput).mutation(({ ctx, input }) => admin.suspend(ctx.app, ctx.actor, input)),
  restore: moderatorProcedure
    .input(memberActionInput)
    .mutation(({ ctx, input }) => admin.restore(ctx.app, ctx.actor, input.memberId, input.reason)),
  resetSessions: moderatorProcedure.input(memberActionInput).mutation(async ({ ctx, input }) => {
    await admin.resetSessions(ctx.app, ctx.actor, input.memberId, input.reason);
    return { done: true };
  }),
  grantRole: adminProcedure
    .input(grantRoleInput)
    .mutation(({ ctx, input }) => admin.grantRole(ctx.app, ctx.actor, input.memberId, input.role, input.reason)),
  audit: adminProcedure.input(auditInput).query(({ ctx, input }) => admin.listAudit(ctx.app, ctx.actor, input.cursor)),
  content: contentRouter,
});
