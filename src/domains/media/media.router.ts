import { z } from "zod";
import { memberProcedure, router } from "../../platform/trpc/init.ts";
import { PHOTO_FIELD } from "./media.schema.ts";
import * as media from "./media.service.ts";

/**
 * The web client's uploads. The input is FormData (sent by httpLink through the client's
 * splitLink); the file is in the field `image`. The actor comes from the session cookie.
 */
export const mediaRouter = router({
  uploadProfilePhoto: memberProcedure
    .input(z.instanceof(FormData))
    .mutation(({ ctx, input }) => media.uploadProfilePhoto(ctx.app, ctx.actor, { file: media.fileOfFormValue(input.get(PHOTO_FIELD)) })),
});
