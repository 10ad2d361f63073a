/**
 * Typo tolerance for member search (decision 012): a deletion index over the words of the search
 * index. Each word stores its prefixes from 3 letters and their one-letter deletions as variants;
 * a query word of 4 letters or more looks up itself and its own deletions, and every word found is
 * checked: one of its prefixes (as long as the query word, one shorter or one longer) must be within
 * one substitution, insertion, deletion or swap of neighbours of it.
 */

/** Query words shorter than this are never corrected. */
export const TYPO_MIN_LENGTH = 4;
/** Prefixes are indexed up to this length (longer query words are cut to it). */
const MAX_PREFIX = 12;
const MIN_VARIANT = 3;
/** At most this many corrections of one word go into the query. */
export const MAX_CORRECTIONS = 12;

/** A word as the index stores it: lower case, without diacritics (unicode61 remove_diacritics 2). */
export function foldWord(word: string): string {
  return word
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase();
}

function deletions(word: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < word.length; i += 1) out.push(word.slice(0, i) + word.slice(i + 1));
  return out;
}

/** The variant keys of an index word: its prefixes from 3 letters and their one-letter deletions. */
export function variantsOfTerm(term: string): string[] {
  const chars = [...term];
  const out = new Set<string>();
  for (let len = MIN_VARIANT; len <= Math.min(chars.length, MAX_PREFIX + 1); len += 1) {
    const prefix = chars.slice(0, len).join("");
    out.add(prefix);
    for (const d of deletions(prefix)) if ([...d].length >= MIN_VARIANT) out.add(d);
  }
  return [...out];
}

/** The keys a query word looks up: itself (cut to the indexed length) and its one-letter deletions. */
export function variantsOfQueryWord(word: string): string[] {
  const w = [...foldWord(word)].slice(0, MAX_PREFIX).join("");
  return [...new Set([w, ...deletions(w)])];
}

/** Optimal string alignment distance, stopping early above 1 (all we need to know). */
function withinOne(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i += 1;
  if (i === a.length && i === b.length) return true;
  const restA = a.slice(i);
  const restB = b.slice(i);
  if (a.length === b.length) {
    if (restA.slice(1) === restB.slice(1)) return true; // substitution
    return restA.length >= 2 && restA[0] === restB[1] && restA[1] === restB[0] && restA.slice(2) === restB.slice(2); // swap
  }
  return a.length > b.length ? restA.slice(1) === restB : restB.slice(1) === restA; // deletion or insertion
}

/**
 * How far the index word is from the query word read as a prefix: 0 when it starts with it, 1 when
 * one of its prefixes is one edit away, null otherwise.
 */
export function prefixDistance(queryWord: string, term: string): 0 | 1 | null {
  const w = [...foldWord(queryWord)].slice(0, MAX_PREFIX).join("");
  if (term.startsWith(w)) return 0;
  const chars = [...term];
  for (const len of [w.length, w.length - 1, w.length + 1]) {
    if (len < MIN_VARIANT || len > chars.length) continue;
    if (withinOne(w, chars.slice(0, len).join(""))) return 1;
  }
  return null;
}
