import { z } from "zod";
import { memberProcedure, router } from "../../platform/trpc/init.ts";
import { memberIdInput } from "../../shared/ids.ts";
import {
  basicInfoInput,
  contactInfoInput,
  educationInput,
  employmentInput,
  entryIdInput,
  personalInfoInput,
  photoAccountInput,
  videoChannelInput,
} from "./profiles.schema.ts";
import * as profiles from "./profiles.service.ts";

/** The web client's profile procedures: views for any member, edits of one's own profile only. */
export const profilesRouter = router({
  view: memberProcedure.input(memberIdInput).query(({ ctx, input }) => profiles.viewProfile(ctx.app, ctx.actor, input.memberId)),
  /** The signed-in member's own profile, everything included (the edit screen). */
  mine: memberProcedure.query(({ ctx }) => profiles.viewProfile(ctx.app, ctx.actor, ctx.actor.memberId)),

  saveBasic: memberProcedure
    .input(basicInfoInput)
    .mutation(({ ctx, input }) => profiles.saveBasicInfo(ctx.app, ctx.actor, ctx.actor.memberId, input)),
  saveContact: memberProcedure
    .input(contactInfoInput)
    .mutation(({ ctx, input }) => profiles.saveContactInfo(ctx.app, ctx.actor, ctx.actor.memberId, input)),
  savePersonal: memberProcedure
    .input(personalInfoInput)
    .mutation(({ ctx, input }) => profiles.savePersonalInfo(ctx.app, ctx.actor, ctx.actor.memberId, input)),

  addSchool: memberProcedure
    .input(educationInput)
    .mutation(({ ctx, input }) => profiles.addSchool(ctx.app, ctx.actor, ctx.actor.memberId, input)),
  updateSchool: memberProcedure
    .input(z.object({ entryId: entryIdInput.shape.entryId, school: educationInput }))
    .mutation(({ ctx, input }) => profiles.updateSchool(ctx.app, ctx.actor, ctx.actor.memberId, input.entryId, input.school)),
  removeSchool: memberProcedure
    .input(entryIdInput)
    .mutation(({ ctx, input }) => profiles.removeSchool(ctx.app, ctx.actor, ctx.actor.memberId, input.entryId)),

  addEmployment: memberProcedure
    .input(employmentInput)
    .mutation(({ ctx, input }) => profiles.addEmployment(ctx.app, ctx.actor, ctx.actor.memberId, input)),
  updateEmployment: memberProcedure
    .input(z.object({ entryId: entryIdInput.shape.entryId, job: employmentInput }))
    .mutation(({ ctx, input }) => profiles.updateEmployment(ctx.app, ctx.actor, ctx.actor.memberId, input.entryId, input.job)),
  removeEmployment: memberProcedure
    .input(entryIdInput)
    .mutation(({ ctx, input }) => profiles.removeEmployment(ctx.app, ctx.actor, ctx.actor.memberId, input.entryId)),

  setPhotoAccount: memberProcedure.input(photoAccountInput).mutation(async ({ ctx, input }) => {
    await profiles.setPhotoAccountUrl(ctx.app, ctx.actor, ctx.actor.memberId, input.photoAccountUrl);
    return { photoAccountUrl: input.photoAccountUrl };
  }),
  setVideoChannel: memberProcedure.input(videoChannelInput).mutation(async ({ ctx, input }) => {
    await profiles.setVideoChannelId(ctx.app, ctx.actor, ctx.actor.memberId, input.channelId);
    return { channelId: input.channelId };
  }),
});
