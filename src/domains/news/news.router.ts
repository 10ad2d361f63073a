import { memberProcedure, router } from "../../platform/trpc/init.ts";
import { adsInput, newsInput } from "./news.schema.ts";
import * as news from "./news.service.ts";

export const newsRouter = router({
  recent: memberProcedure.input(newsInput).query(({ ctx, input }) => news.recentNews(ctx.app, input.limit)),
  ads: memberProcedure.input(adsInput).query(({ ctx, input }) => news.ads(ctx.app, input.type)),
});
