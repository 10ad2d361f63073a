import { memberProcedure, router } from "../../platform/trpc/init.ts";
import { memberIdInput } from "../../shared/ids.ts";
import { blockedListInput, listInput } from "./contacts.schema.ts";
import * as contacts from "./contacts.service.ts";

/** Contacts and follows of the signed-in member (the actor comes from the session). */
export const contactsRouter = router({
  contacts: memberProcedure.input(listInput).query(({ ctx, input }) => contacts.listOf(ctx.app, ctx.actor, "contacts", input)),
  requests: memberProcedure.input(listInput).query(({ ctx, input }) => contacts.listOf(ctx.app, ctx.actor, "requests", input)),
  following: memberProcedure.input(listInput).query(({ ctx, input }) => contacts.listOf(ctx.app, ctx.actor, "following", input)),
  followers: memberProcedure.input(listInput).query(({ ctx, input }) => contacts.listOf(ctx.app, ctx.actor, "followers", input)),
  relationship: memberProcedure.input(memberIdInput).query(({ ctx, input }) => contacts.relationship(ctx.app, ctx.actor, input.memberId)),

  sendRequest: memberProcedure
    .input(memberIdInput)
    .mutation(async ({ ctx, input }) => ({ result: await contacts.sendRequest(ctx.app, ctx.actor, input.memberId) })),
  accept: memberProcedure.input(memberIdInput).mutation(async ({ ctx, input }) => {
    await contacts.acceptRequest(ctx.app, ctx.actor, input.memberId);
    return { ok: true };
  }),
  reject: memberProcedure.input(memberIdInput).mutation(async ({ ctx, input }) => {
    await contacts.rejectRequest(ctx.app, ctx.actor, input.memberId);
    return { ok: true };
  }),
  drop: memberProcedure.input(memberIdInput).mutation(async ({ ctx, input }) => {
    await contacts.dropContact(ctx.app, ctx.actor, input.memberId);
    return { ok: true };
  }),
  follow: memberProcedure.input(memberIdInput).mutation(async ({ ctx, input }) => {
    await contacts.follow(ctx.app, ctx.actor, input.memberId);
    return { ok: true };
  }),
  blocked: memberProcedure.input(blockedListInput).query(({ ctx, input }) => contacts.listBlocked(ctx.app, ctx.actor, input)),
  block: memberProcedure.input(memberIdInput).mutation(async ({ ctx, input }) => {
    await contacts.block(ctx.app, ctx.actor, input.memberId);
    return { ok: true };
  }),
  unblock: memberProcedure.input(memberIdInput).mutation(async ({ ctx, input }) => {
    await contacts.unblock(ctx.app, ctx.actor, input.memberId);
    return { ok: true };
  }),
  unfollow: memberProcedure.input(memberIdInput).mutation(async ({ ctx, input }) => {
    await contacts.unfollow(ctx.app, ctx.actor, input.memberId);
    return { ok: true };
  }),
});
