import { z } from "zod";
import { memberProcedure, publicProcedure, router } from "../../platform/trpc/init.ts";
import {
  changePasswordWithCodeInput,
  clientLogInput,
  loginInput,
  registerInput,
  registrationCodeInput,
  resetCodeInput,
  resetRequestInput,
} from "./accounts.schema.ts";
import * as accounts from "./accounts.service.ts";

/** The web client's account procedures; the session travels in an HttpOnly cookie. */
export const accountsRouter = router({
  me: publicProcedure.query(({ ctx }) => accounts.currentMember(ctx.app, ctx.actor)),

  login: publicProcedure.input(loginInput).mutation(async ({ ctx, input }) => {
    const outcome = await accounts.login(ctx.app, input, ctx.meta);
    if (outcome.kind === "active") {
      ctx.startSession(outcome.session.token, outcome.session.expiresAt);
      return { status: "active" as const, member: outcome.member };
    }
    if (outcome.kind === "suspended") return { status: outcome.kind, until: outcome.until, reason: outcome.reason };
    return { status: outcome.kind };
  }),

  register: publicProcedure
    .input(registerInput)
    .mutation(async ({ ctx, input }) => ({ result: await accounts.register(ctx.app, input, ctx.meta) })),

  checkRegistrationCode: publicProcedure
    .input(registrationCodeInput)
    .query(async ({ ctx, input }) => ({ valid: (await accounts.checkRegistrationCode(ctx.app, input, ctx.meta)) !== null })),

  completeRegistration: publicProcedure.input(registrationCodeInput).mutation(async ({ ctx, input }) => {
    const done = await accounts.completeRegistration(ctx.app, input, ctx.meta);
    if (!done) return { status: "notfound" as const };
    ctx.startSession(done.session.token, done.session.expiresAt);
    return { status: "active" as const, member: done.member };
  }),

  reactivate: publicProcedure.input(loginInput).mutation(async ({ ctx, input }) => {
    const done = await accounts.reactivate(ctx.app, input, ctx.meta);
    if (!done) return { status: "notfound" as const };
    ctx.startSession(done.session.token, done.session.expiresAt);
    return { status: "active" as const, member: done.member };
  }),

  requestPasswordReset: publicProcedure.input(resetRequestInput).mutation(async ({ ctx, input }) => {
    await accounts.requestPasswordReset(ctx.app, input.email, ctx.meta);
    return { sent: true };
  }),

  isResetCodeExpired: publicProcedure
    .input(resetCodeInput)
    .mutation(async ({ ctx, input }) => ({ expired: await accounts.isResetCodeExpired(ctx.app, input.code, ctx.meta) })),

  changePasswordWithCode: publicProcedure
    .input(changePasswordWithCodeInput)
    .mutation(async ({ ctx, input }) => ({ changed: await accounts.changePasswordWithCode(ctx.app, input, ctx.meta) })),

  dismissWelcomeBack: memberProcedure.mutation(async ({ ctx }) => {
    await accounts.dismissWelcomeBack(ctx.app, ctx.actor);
    return { ok: true };
  }),

  logout: publicProcedure.input(z.void()).mutation(async ({ ctx }) => {
    if (ctx.actor) await accounts.logout(ctx.app, ctx.actor);
    ctx.endSession();
    return { ok: true };
  }),

  logClientError: publicProcedure.input(clientLogInput).mutation(async ({ ctx, input }) => {
    await accounts.recordClientLog(ctx.app, ctx.actor, input, ctx.meta);
    return { ok: true };
  }),
});
