import { z } from "zod";
import { adminProcedure, router } from "../../platform/trpc/init.ts";
import {
  enquiriesInput,
  feedAddInput,
  guideEditInput,
  guideFieldsInput,
  guideOrderInput,
  idInput,
  inviteInput,
  newsEditInput,
  newsFieldsInput,
  pageInput,
  pendingNamesInput,
  settingsInput,
  typedNameInput,
} from "./content.schema.ts";
import * as content from "./content.service.ts";
import { fileOfFormValue } from "../media/media.service.ts";
import { PHOTO_FIELD } from "../media/media.schema.ts";

/** admin.content.*: the site's content (decision 039). Admins only; moderators are refused. */
export const contentRouter = router({
  news: router({
    list: adminProcedure.input(pageInput).query(({ ctx, input }) => content.listNews(ctx.app, ctx.actor, input.cursor)),
    add: adminProcedure
      .input(newsFieldsInput)
      .mutation(async ({ ctx, input }) => ({ id: await content.addNews(ctx.app, ctx.actor, input) })),
    edit: adminProcedure.input(newsEditInput).mutation(async ({ ctx, input: { id, ...fields } }) => {
      await content.editNews(ctx.app, ctx.actor, id, fields);
      return { done: true };
    }),
    remove: adminProcedure.input(idInput).mutation(async ({ ctx, input }) => {
      await content.removeNews(ctx.app, ctx.actor, input.id);
      return { done: true };
    }),
    /** FormData with the picture in the field `image` (as the profile photo's upload). */
    uploadImage: adminProcedure
      .input(z.instanceof(FormData))
      .mutation(({ ctx, input }) => content.uploadNewsImage(ctx.app, ctx.actor, fileOfFormValue(input.get(PHOTO_FIELD)))),
  }),
  feeds: router({
    list: adminProcedure.query(({ ctx }) => content.listFeeds(ctx.app, ctx.actor)),
    add: adminProcedure
      .input(feedAddInput)
      .mutation(async ({ ctx, input }) => ({ id: await content.addFeed(ctx.app, ctx.actor, input.url) })),
    remove: adminProcedure.input(idInput).mutation(async ({ ctx, input }) => {
      await content.removeFeed(ctx.app, ctx.actor, input.id);
      return { done: true };
    }),
  }),
  guide: router({
    list: adminProcedure.query(({ ctx }) => content.listGuide(ctx.app, ctx.actor)),
    add: adminProcedure
      .input(guideFieldsInput)
      .mutation(async ({ ctx, input }) => ({ id: await content.addGuideItem(ctx.app, ctx.actor, input) })),
    edit: adminProcedure.input(guideEditInput).mutation(async ({ ctx, input: { id, ...fields } }) => {
      await content.editGuideItem(ctx.app, ctx.actor, id, fields);
      return { done: true };
    }),
    remove: adminProcedure.input(idInput).mutation(async ({ ctx, input }) => {
      await content.removeGuideItem(ctx.app, ctx.actor, input.id);
      return { done: true };
    }),
    order: adminProcedure.input(guideOrderInput).mutation(async ({ ctx, input }) => {
      await content.orderGuide(ctx.app, ctx.actor, input.ids);
      return { done: true };
    }),
  }),
  names: router({
    pending: adminProcedure
      .input(pendingNamesInput)
      .query(({ ctx, input }) => content.listPendingNames(ctx.app, ctx.actor, input.kind, input.cursor)),
    approve: adminProcedure
      .input(typedNameInput)
      .mutation(({ ctx, input }) => content.approveName(ctx.app, ctx.actor, input.kind, input.id)),
    reject: adminProcedure.input(typedNameInput).mutation(async ({ ctx, input }) => {
      await content.rejectName(ctx.app, ctx.actor, input.kind, input.id);
      return { done: true };
    }),
  }),
  enquiries: router({
    list: adminProcedure
      .input(enquiriesInput)
      .query(({ ctx, input }) => content.listEnquiries(ctx.app, ctx.actor, input.openOnly, input.cursor)),
    markHandled: adminProcedure.input(idInput).mutation(async ({ ctx, input }) => {
      await content.markEnquiryHandled(ctx.app, ctx.actor, input.id);
      return { done: true };
    }),
  }),
  settings: router({
    get: adminProcedure.query(({ ctx }) => content.settings(ctx.app, ctx.actor)),
    update: adminProcedure.input(settingsInput).mutation(({ ctx, input }) => content.updateSettings(ctx.app, ctx.actor, input)),
    invites: adminProcedure.query(({ ctx }) => content.listInvites(ctx.app, ctx.actor)),
    createInvite: adminProcedure.mutation(({ ctx }) => content.createInvite(ctx.app, ctx.actor)),
    removeInvite: adminProcedure.input(inviteInput).mutation(async ({ ctx, input }) => {
      await content.removeInvite(ctx.app, ctx.actor, input.code);
      return { done: true };
    }),
  }),
});
