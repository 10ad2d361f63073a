import { z } from "zod";
import { memberProcedure, router } from "../../platform/trpc/init.ts";
import { searchInput } from "../contacts/contacts.schema.ts";
import * as search from "./search.service.ts";

export const searchRouter = router({
  members: memberProcedure.input(searchInput).query(({ ctx, input }) => search.searchMembers(ctx.app, ctx.actor, input.text, input.limit)),
  suggestions: memberProcedure
    .input(z.object({ limit: z.coerce.number().int().min(1).max(50).default(10) }))
    .query(({ ctx, input }) => search.suggestions(ctx.app, ctx.actor, input.limit)),
});
