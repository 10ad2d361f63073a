import type { MemberCard } from "../contacts/contacts.schema.ts";
import { linksFromColumns, rejectionCutoff, toCard } from "../contacts/contacts.service.ts";
import { minorCutoffFor } from "../privacy/privacy.service.ts";
import { isoNow } from "../../platform/clock.ts";
import type { Actor, AppContext } from "../../platform/context.ts";
import { backgroundReader, type Reader } from "./search.reader.ts";
import * as repo from "./search.repository.ts";
import { TYPO_MIN_LENGTH } from "./search.typos.ts";

/**
 * A card as the viewer sees it. `cutoff`: the viewer's (minorCutoffFor); a minor found by an adult
 * who is not their contact (they opted in) has no Follow button, since the follow is refused
 * (decision 040).
 */
const cardOf = (row: repo.CardWithLinks, viewer: Actor, cutoff: string): MemberCard =>
  toCard(row, viewer.memberId, linksFromColumns({ ...row, minorToViewer: row.birthDate > cutoff }, viewer.memberId));

/** Cards for ids, in the order of the ids (one statement: repo.cardsWithLinks; members blocked either way left out). */
async function orderedCards(ctx: AppContext, viewer: Actor, found: number[], cutoff: string): Promise<MemberCard[]> {
  // Members blocked either way are never found nor suggested (decision 035): the cards leave them out.
  const byId = new Map((await repo.cardsWithLinks(ctx.db, viewer.memberId, found)).map((r) => [r.memberId, r]));
  return found.flatMap((id) => {
    const row = byId.get(id);
    return row ? [cardOf(row, viewer, cutoff)] : [];
  });
}

/**
 * Member search by name, sport, profile type or title, positions, city and state, with prefix
 * matching and ranking by where the words match (search.repository TIERS). Members who may be found
 * only by their contacts are left out for everyone else; deactivated members are not in the index.
 * When nothing the viewer may find matches, words of 4 letters or more are read with their
 * corrections (one typo) too, taken only from words this viewer finds some member by.
 */
export async function searchMembers(ctx: AppContext, viewer: Actor, text: string, limit: number): Promise<MemberCard[]> {
  const words = repo.queryWords(text);
  if (words.length === 0) return [];
  // Minors who did not opt in are found by their contacts and other minors only (decision 037).
  const cutoff = await minorCutoffFor(ctx, viewer);
  let ids = await repo.searchMemberIds(
    ctx.db,
    viewer.memberId,
    words.map((word) => ({ word })),
    limit,
    cutoff,
  );
  if (ids.length === 0) {
    const terms = await Promise.all(
      words.map(async (word) =>
        // Whether a word starts some indexed word is not asked: the index holds the words of members
        // the viewer may not find, and the answer would tell that such a word exists.
        word.length >= TYPO_MIN_LENGTH ? { word, corrections: await repo.correctionsOf(ctx.db, viewer.memberId, word, cutoff) } : { word },
      ),
    );
    if (terms.some((t) => t.corrections?.length)) ids = await repo.searchMemberIds(ctx.db, viewer.memberId, terms, limit, cutoff);
  }
  return orderedCards(ctx, viewer, ids, cutoff);
}

/**
 * "Suggested for you": similar career or interests and mutual contacts, read from the member's
 * precomputed list (search.repository computeSuggestionsQuery). A member whose list was never
 * computed gets it now (candidates only: 40-75 ms of reading at 100,000 members, on the
 * background's worker thread when the server runs one); a stale list is served as it is (each
 * entry re-checked, members whose request the viewer rejected in the last 90 days left out) while the background refresh (search.upkeep) redoes it.
 */
export async function suggestions(ctx: AppContext, viewer: Actor, limit: number): Promise<MemberCard[]> {
  // Members whose request the viewer rejected stay out for 90 days (contacts.rejectRequest).
  const rejectedSince = rejectionCutoff();
  const cutoff = await minorCutoffFor(ctx, viewer);
  let rows = await repo.suggestionCards(ctx.db, viewer.memberId, limit, rejectedSince, cutoff);
  // Whether the list was ever computed is asked only when it answers nothing (a computed list is
  // almost never empty): one statement less on every read.
  if (rows.length === 0 && !(await repo.suggestionState(ctx.db, viewer.memberId))) {
    // The candidates are read on the background's worker thread when the server runs one: this
    // request waits for them, the others do not.
    await repo.refreshSuggestionsOf(ctx.db, viewer.memberId, isoNow(), backgroundReader());
    rows = await repo.suggestionCards(ctx.db, viewer.memberId, limit, rejectedSince, cutoff);
  }
  return rows.map((row) => cardOf(row, viewer, cutoff));
}

/** Lists are recomputed at least this often even when no event marked them stale. */
export const SUGGESTIONS_MAX_AGE_MS = 24 * 60 * 60_000;

/** Refreshes the stale (then the oldest) lists, one member per call; false when none was due. */
export async function refreshNextSuggestions(ctx: AppContext, now = Date.now(), read?: Reader): Promise<boolean> {
  const id = await repo.nextSuggestionsToRefresh(ctx.db, new Date(now - SUGGESTIONS_MAX_AGE_MS).toISOString());
  if (id === null) return false;
  await repo.refreshSuggestionsOf(ctx.db, id, new Date(now).toISOString(), read);
  return true;
}

/** Refreshes every due list now (tests, and the end of a bulk change). */
export async function refreshDueSuggestions(ctx: AppContext): Promise<number> {
  let n = 0;
  while (await refreshNextSuggestions(ctx)) n += 1;
  return n;
}
