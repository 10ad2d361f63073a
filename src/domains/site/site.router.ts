import { publicProcedure, router } from "../../platform/trpc/init.ts";
import * as site from "./site.service.ts";

/** What anyone may read of the instance: its name, about and terms texts, who may register. */
export const siteRouter = router({
  info: publicProcedure.query(({ ctx }) => site.publicSiteInfo(ctx.app)),
});
