import { z } from "zod";
import { memberProcedure, publicProcedure, router } from "../../platform/trpc/init.ts";
import {
  confirmEmailChangeInput,
  deactivateInput,
  emailChangeInput,
  nameInput,
  notificationSettingsInput,
  passwordChangeInput,
  profilePrivacyInput,
  searchPrivacyInput,
  securityQuestionInput,
  sessionIdInput,
} from "./settings.schema.ts";
import * as settings from "./settings.service.ts";

/**
 * The web client's account and privacy settings (screens settings/account-setting and
 * settings/privacy-setting). Every procedure acts on the signed-in member from the session cookie;
 * only confirmEmailChange is public (the code from the e-mail is the proof).
 */
export const settingsRouter = router({
  name: memberProcedure.query(({ ctx }) => settings.getName(ctx.app, ctx.actor)),
  saveName: memberProcedure.input(nameInput).mutation(({ ctx, input }) => settings.saveName(ctx.app, ctx.actor, input)),

  changePassword: memberProcedure
    .input(passwordChangeInput)
    .mutation(({ ctx, input }) => settings.changePassword(ctx.app, ctx.actor, input, ctx.meta)),

  securityQuestion: memberProcedure.query(({ ctx }) => settings.getSecurityQuestion(ctx.app, ctx.actor)),
  saveSecurityQuestion: memberProcedure
    .input(securityQuestionInput)
    .mutation(({ ctx, input }) => settings.saveSecurityQuestion(ctx.app, ctx.actor, input)),

  notifications: memberProcedure.query(({ ctx }) => settings.getNotificationSettings(ctx.app, ctx.actor)),
  saveNotifications: memberProcedure
    .input(notificationSettingsInput)
    .mutation(({ ctx, input }) => settings.saveNotificationSettings(ctx.app, ctx.actor, input)),

  /** Deactivates the account: every session ends and the session cookie is cleared. */
  deactivate: memberProcedure.input(deactivateInput).mutation(async ({ ctx, input }) => {
    await settings.deactivate(ctx.app, ctx.actor, input);
    ctx.endSession();
    return { deactivated: true as const };
  }),

  emailInfo: memberProcedure.query(({ ctx }) => settings.getEmailInfo(ctx.app, ctx.actor)),
  requestEmailChange: memberProcedure
    .input(emailChangeInput)
    .mutation(({ ctx, input }) => settings.requestEmailChange(ctx.app, ctx.actor, input.email, ctx.meta)),
  cancelEmailChange: memberProcedure.input(z.void()).mutation(async ({ ctx }) => {
    await settings.cancelEmailChange(ctx.app, ctx.actor);
    return { cancelled: true as const };
  }),
  /** The e-mail link's page calls this with confirmEmail and code of the link; no session needed. */
  confirmEmailChange: publicProcedure.input(confirmEmailChangeInput).mutation(async ({ ctx, input }) => {
    const done = await settings.confirmEmailChange(ctx.app, input, ctx.meta);
    return { changed: true as const, email: done.email };
  }),

  privacy: memberProcedure.query(({ ctx }) => settings.getPrivacy(ctx.app, ctx.actor)),
  saveProfilePrivacy: memberProcedure
    .input(profilePrivacyInput)
    .mutation(({ ctx, input }) => settings.saveProfilePrivacy(ctx.app, ctx.actor, input)),
  saveSearchPrivacy: memberProcedure
    .input(searchPrivacyInput)
    .mutation(({ ctx, input }) => settings.saveSearchPrivacy(ctx.app, ctx.actor, input)),

  sessions: memberProcedure.query(({ ctx }) => settings.listSessions(ctx.app, ctx.actor)),
  /** Signs one device out; signing out the device in use also clears its cookie. */
  signOutSession: memberProcedure.input(sessionIdInput).mutation(async ({ ctx, input }) => {
    const { current } = await settings.signOutSession(ctx.app, ctx.actor, input.id);
    if (current) ctx.endSession();
    return { signedOut: true as const, current };
  }),
  signOutOtherSessions: memberProcedure.input(z.void()).mutation(async ({ ctx }) => ({
    signedOut: await settings.signOutOtherSessions(ctx.app, ctx.actor),
  })),
});
