import type { AppContext } from "../platform/context.ts";
import * as repo from "./contacts.repository.ts";

/** How a viewer stands to a member: the member themself, an accepted contact, or another member. */
export type Relation = "self" | "contact" | "member";

export async function relationBetween(ctx: AppContext, viewerId: number, memberId: number): Promise<Relation> {
  if (viewerId === memberId) return "self";
  return (await repo.areContacts(ctx.db, viewerId, memberId)) ? "contact" : "member";
}
