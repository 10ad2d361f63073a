import { cardsFor } from "../contacts/contacts.repository.ts";
import type { MemberCard } from "../contacts/contacts.schema.ts";
import { cardsOf } from "../contacts/contacts.service.ts";
import type { Actor, AppContext } from "../platform/context.ts";
import * as repo from "./search.repository.ts";

/** Cards for ids, in the order of the ids. */
async function orderedCards(ctx: AppContext, viewer: Actor, ids: number[]): Promise<MemberCard[]> {
  const byId = new Map((await cardsFor(ctx.db, ids, viewer.memberId)).map((r) => [r.memberId, r]));
  return cardsOf(ctx, viewer, ids.flatMap((id) => byId.get(id) ?? []));
}

/**
 * Full-text member search by name, sport, profile type or title, positions, city and state, with
 * prefix matching and relevance ranking. Members who may be found only by their contacts are left
 * out for everyone else; deactivated members are not in the index.
 */
export async function searchMembers(ctx: AppContext, viewer: Actor, text: string, limit: number): Promise<MemberCard[]> {
  const query = repo.ftsQuery(text);
  if (!query) return [];
  return orderedCards(ctx, viewer, await repo.searchMemberIds(ctx.db, viewer.memberId, query, limit));
}

/** "Suggested for you": similar career or interests and mutual contacts. */
export async function suggestions(ctx: AppContext, viewer: Actor, limit: number): Promise<MemberCard[]> {
  return orderedCards(ctx, viewer, await repo.suggestionIds(ctx.db, viewer.memberId, limit));
}
