import { CompiledQuery, sql } from "kysely";
import type { DB } from "../../platform/db/client.ts";
import { greatestFunction, isPostgres, rawQuery } from "../../platform/db/dialect.ts";
import { notBlockedBetweenText } from "../../platform/db/member-block.ts";
import { precompiled, precompiledPer, textStatement } from "../../platform/db/precompiled.ts";
import { VISIBLE_STATUS } from "../../shared/members.ts";
import type { CardRow } from "../contacts/contacts.service.ts";
import { adultBornBy, settingSql } from "../privacy/privacy.service.ts";
import type { Reader } from "./search.reader.ts";
import { MAX_CORRECTIONS, prefixDistance, variantsOfQueryWord, variantsOfTerm } from "./search.typos.ts";

/**
 * Member search and suggestions (the index `member_search`, kept by triggers on member,
 * member_profile and member_privacy: migrations 004 and 2026-11-24-020). The index holds only what
 * an audience may see: columns name, status, sport, positions, place carry the profile header
 * (first and last name, title) and the fields of Public sections; the same columns with `_c` carry
 * the fields of Only Contacts sections; Private sections are in neither. SQLite keeps it in an
 * FTS5 table; PostgreSQL in tsvector columns: `pub` (name, status, sport, positions weighted A to
 * D), `place`, and `con` (the Only Contacts columns). Both engines answer the same members in the
 * same order: the same tiers, the same typo tables.
 */

/**
 * The rows of a statement given as SQL text and parameters, run through Kysely as it is. The reads on
 * the request path of search and suggestions are written so: a `sql` template is a tree that
 * Kysely freezes node by node and its CamelCasePlugin copies again on every call, which cost a
 * third of a 50-card read (measured); the text is fixed, so SQLite's statement stays prepared
 * (platform/db/client.ts). Rows come back camelCased as usual.
 */
/** Who others may see (VISIBLE_STATUS), written into the SQL texts below as a literal. */
const ACTIVE = VISIBLE_STATUS;
/** Privacy settings with their defaults (a member who never saved has no member_privacy row), as SQL text. */
const SEARCH_VISIBILITY = settingSql("pr", "searchVisibility");
const BASIC_INFO = settingSql("pr", "basicInfo");
const CONTACT_INFO = settingSql("pr", "contactInfo");
const MINOR_FINDABLE = settingSql("pr", "minorFindable");
/**
 * Minors (decision 037): a member born after the viewer's cutoff (privacy.service minorCutoffFor:
 * 18 years ago for an adult viewer, none for a minor one) is shown only when they opted in; the
 * member row is read by key already, so the plans do not change.
 */
const SHOWN_TO_VIEWER = `(m.birth_date <= ? OR ${MINOR_FINDABLE} = 1)`;

/** Runs a statement written with `?` placeholders (numbered on PostgreSQL: rawQuery). */
async function rowsOf<R>(db: DB, query: CompiledQuery<R>): Promise<R[]> {
  return (await rawQuery<R>(db, query.sql, query.parameters)).rows;
}
/** `?, ?, …` for n parameters. */
const placeholders = (n: number) => Array.from({ length: n }, () => "?").join(", ");

/** The words of a query (at most 8), as the index reads them: letters and digits. */
export function queryWords(text: string): string[] {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
}

/** The words of a query as an FTS5 expression: every word must match, each as a prefix. */
export function ftsQuery(text: string): string | null {
  const words = queryWords(text);
  return words.length ? words.map((w) => `"${w}"*`).join(" AND ") : null;
}

/**
 * The ranking tiers of member search (decision 012), best first: every word a whole word of the
 * name, then every word a prefix within the name, then within name and status/title, then adding
 * sport, positions, and last the place. Within a tier, members come by id (oldest account first).
 * Each tier reads the full-text index in rowid order and stops at the limit, so a two-letter prefix
 * that matches thousands of members costs no more than a rare one; the ranking is bm25-free.
 * `columns` is the FTS5 column filter (SQLite); `weights` the same columns as tsvector weights of
 * `pub` (PostgreSQL), none for the last tier, which reads `pub || place`.
 */
export interface Tier {
  columns: string;
  weights: string;
  exact?: true;
}
export const TIERS: Tier[] = [
  { columns: "{name}", weights: "A", exact: true },
  { columns: "{name}", weights: "A" },
  { columns: "{name status}", weights: "AB" },
  { columns: "{name status sport}", weights: "ABC" },
  { columns: "{name status sport positions}", weights: "ABCD" },
  { columns: "{name status sport positions place}", weights: "" },
];
/** Every public column: the last tier's. */
const PUBLIC_COLUMNS = TIERS[TIERS.length - 1]!.columns;

/** The words of a text as prefix terms (no corrections). */
export const prefixTerms = (text: string): QueryTerm[] => queryWords(text).map((word) => ({ word }));

/** A query word as FTS5 syntax: a prefix, a whole word, or either of its corrections. */
export interface QueryTerm {
  word: string;
  corrections?: string[];
}
const quote = (w: string) => `"${w.replace(/"/g, '""')}"`;
function termExpr(t: QueryTerm, exact: boolean): string {
  const own = exact ? quote(t.word) : `${quote(t.word)}*`;
  if (!t.corrections?.length) return own;
  return `(${[own, ...t.corrections.map(quote)].join(" OR ")})`;
}
const allOf = (terms: QueryTerm[], exact: boolean) => terms.map((t) => termExpr(t, exact)).join(" AND ");

/**
 * The same as a PostgreSQL tsquery text: `'w':*AB` a prefix within the weights, `'w':AB` a whole
 * word, `|` for the corrections, `&` between words. The statement folds it as the index folds its
 * words (member_search_fold: lower case, accents removed). Folding may turn a letter into a quote
 * or a backslash (unaccent: "ʼ" → "'"), so the lexemes' own quotes are written as U+E000 (private
 * use: never in a word) and become quotes only after the folded text's quotes and backslashes are
 * escaped.
 */
const LEXEME_QUOTE = "\uE000";
const tsWord = (w: string, prefix: boolean, weights: string) =>
  `${LEXEME_QUOTE}${w}${LEXEME_QUOTE}${prefix || weights ? `:${prefix ? "*" : ""}${weights}` : ""}`;
function tsTermExpr(t: QueryTerm, exact: boolean, weights: string): string {
  const own = tsWord(t.word, !exact, weights);
  if (!t.corrections?.length) return own;
  return `(${[own, ...t.corrections.map((c) => tsWord(c, false, weights))].join(" | ")})`;
}
const tsAllOf = (terms: QueryTerm[], exact: boolean, weights = "") => terms.map((t) => tsTermExpr(t, exact, weights)).join(" & ");
/** The tsquery of a `?` parameter written by tsAllOf, folded as the index's words are. */
const TS_MATCH = String.raw`to_tsquery('simple', replace(replace(replace(member_search_fold(?), '\', '\\'), '''', ''''''), chr(57344), ''''))`;
/** A tier's document on PostgreSQL: the weighted public columns, or with the place (last tier). */
const tsDocument = (tier: Tier) => (tier.weights ? "s.pub" : "(s.pub || s.place)");

/** One tier: visible matches in rowid order (the index drives; privacy and contact rows by key). */
const TIER_SQL = `
    SELECT s.rowid AS id
    FROM member_search s
    JOIN member m ON m.id = s.rowid
    LEFT JOIN member_privacy pr ON pr.member_id = s.rowid
    WHERE member_search MATCH ?
      AND m.status = ${ACTIVE}
      AND s.rowid <> ?
      AND ((${SEARCH_VISIBILITY} = 1 AND ${SHOWN_TO_VIEWER})
           OR EXISTS (SELECT 1 FROM contact_link vc WHERE vc.member_id = ? AND vc.other_id = s.rowid AND vc.status = 'accepted'))
    ORDER BY s.rowid`;
export const tierQuery = (viewerId: number, match: string, limit: number, cutoff = adultBornBy()) =>
  CompiledQuery.raw(`${TIER_SQL}\n    LIMIT ?`, [match, viewerId, cutoff, viewerId, limit]) as CompiledQuery<{ id: number }>;

/** PostgreSQL: the same, on the tier's document (the GIN index of `pub` or of `pub || place` finds the matches). */
const PG_TIER_SQL = (document: string) => `
    SELECT s.member_id AS id
    FROM member_search s
    JOIN member m ON m.id = s.member_id
    LEFT JOIN member_privacy pr ON pr.member_id = s.member_id
    WHERE ${document} @@ ${TS_MATCH}
      AND m.status = ${ACTIVE}
      AND s.member_id <> ?
      AND ((${SEARCH_VISIBILITY} = 1 AND ${SHOWN_TO_VIEWER})
           OR EXISTS (SELECT 1 FROM contact_link vc WHERE vc.member_id = ? AND vc.other_id = s.member_id AND vc.status = 'accepted'))
    ORDER BY s.member_id`;
const PG_TIER_TEXTS = new Map(TIERS.map((tier) => [tier, PG_TIER_SQL(tsDocument(tier))]));

/**
 * PostgreSQL, the tiers' usual statement (decisions 049, 050): the matches read from the B-tree of
 * member_search_prefix (migrations 2026-11-28-510 and 520) in member id order, so the read stops once
 * the tier has its rows; the limit is written into the text, so PostgreSQL keeps a generic plan
 * instead of planning each call. One or two words drive (chooseDrivers: the rarest): each reads its
 * postings (a whole word in the exact tier, else its first 6 characters as a prefix), limited to the
 * tier's columns; two are merged on the member id. Unless the postings prove the match
 * (postingsProve), the tier's full query is then checked on the member's index row by key (the
 * other words, a prefix longer than 6), through ts_match_vq so that the GIN index is not chosen for
 * it. A posting's term is a word as the index holds it: folded, then lower-cased as to_tsvector
 * does (folding turns a small capital into a capital letter).
 */
const PREFIX_BITS_SHIFT = 5;
/** The postings' column bits (migration 2026-11-28-510): a whole word in A, B, C, D, or the place. */
const COLUMN_BITS: Record<string, number> = { A: 1, B: 2, C: 4, D: 8 };
const ALL_COLUMN_BITS = 31;
/** The longest prefix the postings hold; a longer prefix is read by its first characters and checked. */
const LONGEST_PREFIX = 6;
/** A query word as the postings' terms hold words. */
const POSTING_TERM = "lower(member_search_fold(?))";
const tierBits = (tier: Tier) => (tier.weights ? [...tier.weights].reduce((bits, w) => bits | COLUMN_BITS[w]!, 0) : ALL_COLUMN_BITS);
function postingCondition(alias: string, tier: Tier): string {
  return tier.exact
    ? `${alias}.term = ${POSTING_TERM} AND ${alias}.columns & ${ALL_COLUMN_BITS} <> 0 AND ${alias}.columns & ${tierBits(tier)} <> 0`
    : `${alias}.term = left(${POSTING_TERM}, ${LONGEST_PREFIX}) AND ${alias}.columns & ${tierBits(tier) << PREFIX_BITS_SHIFT} <> 0`;
}
/**
 * A postings statement's shape: whether a second word's postings are read, and how ("probed": a
 * key probe per posting of the first word, which is rare; "merged": both lists read side by side
 * in member id order, as both are common), and whether the tier's full query is checked too.
 */
interface PostingsShape {
  second: SecondDriver;
  checked: boolean;
}
type SecondDriver = "none" | "probed" | "merged";
/*
 * The member's row, privacy and index row are probed per match in subqueries that PostgreSQL must
 * run as written (`OFFSET 0`, decision 048): joined, they could be merged with a scan of every
 * member's key, which reads them all when the words share few members ("ma jo": 30 ms at 100,000
 * members). With merged lists the probes name the second list's member, so that they run on the
 * lists' common members only, not on every posting of the first.
 */
const PG_POSTINGS_TIER_SQL = (tier: Tier, shape: PostingsShape, rows: number) => {
  const matched = shape.second === "merged" ? "p2.member_id" : "p.member_id";
  return `
    SELECT p.member_id AS id
    FROM member_search_prefix p
    ${shape.second === "merged" ? `JOIN member_search_prefix p2 ON p2.member_id = p.member_id AND ${postingCondition("p2", tier)}` : ""}
    WHERE ${postingCondition("p", tier)}
      AND p.member_id <> ?
      ${shape.second === "probed" ? `AND EXISTS (SELECT 1 FROM member_search_prefix p2 WHERE p2.member_id = p.member_id AND ${postingCondition("p2", tier)} OFFSET 0)` : ""}
      AND EXISTS (
        SELECT 1 FROM member m LEFT JOIN member_privacy pr ON pr.member_id = m.id
        WHERE m.id = ${matched}
          AND m.status = ${ACTIVE}
          AND ((${SEARCH_VISIBILITY} = 1 AND ${SHOWN_TO_VIEWER})
               OR EXISTS (SELECT 1 FROM contact_link vc WHERE vc.member_id = ? AND vc.other_id = ${matched} AND vc.status = 'accepted'))
        OFFSET 0)
      ${shape.checked ? `AND EXISTS (SELECT 1 FROM member_search s WHERE s.member_id = ${matched} AND ts_match_vq(${tsDocument(tier)}, ${TS_MATCH}) OFFSET 0)` : ""}
    ORDER BY p.member_id
    LIMIT ${integer(rows)}`;
};
/**
 * The row limits the postings statements are written with (each one a statement prepared per
 * connection): a tier asks for fewer than twice the page, and pages are at most 50; a larger one
 * rounds up to hundreds, so the set stays small whatever a caller asks.
 */
const ROW_BUCKETS = [10, 20, 50, 100];
const rowBucket = (rows: number) => ROW_BUCKETS.find((b) => b >= rows) ?? Math.ceil(rows / 100) * 100;

/**
 * Characters that folding turns into an ASCII sign (unaccent: "ʻ" → "'"), which the index reads as a
 * word's end: a query word holding one is no word of the postings ("hawaiʻi" is "hawai" and "i"
 * there). Of the letters and digits left in a query word (queryWords, after NFKC), only these
 * modifier letters fold so (the PostgreSQL test walks every code point).
 */
const FOLDS_TO_SIGN = /[\u02B9-\u02D0]/u;
const characters = (w: string) => [...w].length;

/**
 * The words that may drive the postings statement: every word the postings hold as it is (none
 * folding to a sign), or none when a word has corrections (its alternatives are not one posting
 * list): then the GIN statement answers.
 */
export function driverCandidates(terms: QueryTerm[]): string[] {
  if (terms.some((t) => t.corrections?.length)) return [];
  // A word given twice is one list ("jo jo smith": "jo" and "smith" drive).
  return [...new Set(terms.map((t) => t.word))].filter((w) => !FOLDS_TO_SIGN.test(w));
}

/**
 * Postings counted per word when the rarest words are chosen, at most: past it a word counts as
 * common (reading this many index entries costs about 0.1 ms).
 */
const COUNT_CAP = 1000;
const countPostings = precompiled((db, p: { words: string[] }) =>
  textStatement<{ whole: number; prefix: number }>(
    db,
    `SELECT
       (SELECT count(*)::int FROM (
          SELECT 1 FROM member_search_prefix p
          WHERE p.term = lower(member_search_fold(w.word)) AND p.columns & ${ALL_COLUMN_BITS} <> 0 LIMIT ${COUNT_CAP}) a) AS whole,
       (SELECT count(*)::int FROM (
          SELECT 1 FROM member_search_prefix p
          WHERE p.term = left(lower(member_search_fold(w.word)), ${LONGEST_PREFIX}) LIMIT ${COUNT_CAP}) a) AS prefix
     FROM unnest(?::text[]) WITH ORDINALITY AS w (word, i)
     ORDER BY w.i`,
    [p.words],
  ),
);

/** The words that drive a tier's read, and how the second one is read. */
interface Drivers {
  words: string[];
  second: SecondDriver;
}
const NO_DRIVERS: Drivers = { words: [], second: "none" };

/**
 * The one or two words that drive a tier's read, rarest first, for the exact tier (whole words) and
 * for the others (prefixes): a tier reads the first word's postings in member id order until it has
 * its rows, so its cost follows that list's length over the matches' share of it ("ma x": the few
 * members with an "x" word, not every "ma"; "j smith" in the exact tier: the few named "J", not
 * every Smith). With two candidates or more, their postings are counted (up to COUNT_CAP) in one
 * statement; equal counts go to the longer word. The second word's postings are probed per posting
 * of a rare first word, and merged with it when both are common ("john smith": a key probe costs
 * about 2 µs, a step along a list a tenth of that).
 */
export async function chooseDrivers(db: DB, candidates: string[]): Promise<{ exact: Drivers; prefix: Drivers }> {
  if (candidates.length < 2) return { exact: { words: candidates, second: "none" }, prefix: { words: candidates, second: "none" } };
  const counts = await countPostings(db, { words: candidates });
  const rarest = (count: (i: number) => number): Drivers => {
    const two = candidates
      .map((word, i) => ({ word, n: count(i) }))
      .sort((a, b) => a.n - b.n || characters(b.word) - characters(a.word))
      .slice(0, 2);
    return { words: two.map((d) => d.word), second: two[0]!.n >= COUNT_CAP ? "merged" : "probed" };
  };
  return { exact: rarest((i) => Number(counts[i]!.whole)), prefix: rarest((i) => Number(counts[i]!.prefix)) };
}

/**
 * Whether the driving words' postings alone prove a tier's match, so that its full query need not be
 * checked: every word drives, and each posting is the word itself (a whole word in the exact tier;
 * else a prefix the postings hold whole: 6 plain letters or digits at most, which folding leaves as
 * they are).
 */
export function postingsProve(terms: QueryTerm[], drivers: string[], tier: Tier): boolean {
  return (
    terms.length === drivers.length && (!!tier.exact || drivers.every((w) => /^[a-z0-9]+$/.test(w) && characters(w) <= LONGEST_PREFIX))
  );
}

/** A number written into a statement's text: an integer, or an error (never a stand-in nor input text). */
function integer(n: number): number {
  if (!Number.isInteger(n)) throw new Error(`A statement's row limit must be an integer, not ${String(n)}`);
  return n;
}

/**
 * The viewer's contacts matching on any column, Only Contacts ones included. It runs only when the
 * public tiers found fewer than the limit, so the query is a selective one: the index drives and
 * each match is probed for a contact row by key.
 */
const CONTACTS_SQL = `
    SELECT s.rowid AS id
    FROM member_search s
    WHERE member_search MATCH ?
      AND EXISTS (SELECT 1 FROM contact_link c WHERE c.member_id = ? AND c.other_id = s.rowid AND c.status = 'accepted')
    ORDER BY s.rowid`;
export const contactsQuery = (viewerId: number, match: string, limit: number) =>
  CompiledQuery.raw(`${CONTACTS_SQL}\n    LIMIT ?`, [match, viewerId, limit]) as CompiledQuery<{ id: number }>;

/**
 * PostgreSQL: the same, read from the viewer's contacts in id order (contact_link_member_status_idx)
 * up to the limit, each one's index row by key: the match is a scalar subquery, which PostgreSQL
 * runs per contact row instead of joining (a join would read the whole index when it guesses the
 * match selective; a concatenated tsvector has no index, and a member's contacts are few).
 */
const PG_CONTACTS_SQL = `
    SELECT c.other_id AS id
    FROM contact_link c
    WHERE c.member_id = ? AND c.status = 'accepted'
      AND (SELECT (s.pub || s.place || s.con) @@ ${TS_MATCH} FROM member_search s WHERE s.member_id = c.other_id)
    ORDER BY c.other_id`;

/**
 * The statements of member search for one engine (the texts are fixed; the terms and the row
 * limit are parameters, the terms as the engine's match text: `tierMatch`, `contactsMatch`).
 */
interface SearchStatements {
  tierMatch: (tier: Tier, terms: QueryTerm[]) => string;
  contactsMatch: (terms: QueryTerm[]) => string;
  tier: (viewerId: number, tier: Tier, match: string, limit: number, cutoff?: string) => CompiledQuery<{ id: number }>;
  contacts: (viewerId: number, match: string, limit: number) => CompiledQuery<{ id: number }>;
  findsWord: (viewerId: number, term: string, cutoff?: string) => CompiledQuery<{ found: number }>;
}
const sqliteSearch: SearchStatements = {
  tierMatch: (tier, terms) => `${tier.columns} : (${allOf(terms, !!tier.exact)})`,
  contactsMatch: (terms) => allOf(terms, false),
  tier: (viewerId, tier, match, limit, cutoff) => tierQuery(viewerId, match, limit, cutoff),
  contacts: (viewerId, match, limit) => contactsQuery(viewerId, match, limit),
  findsWord: (viewerId, term, cutoff = adultBornBy()) => {
    const word = quote(term);
    return CompiledQuery.raw(`SELECT CASE WHEN EXISTS (${TIER_SQL}) OR EXISTS (${CONTACTS_SQL}) THEN 1 ELSE 0 END AS found`, [
      `${PUBLIC_COLUMNS} : ${word}`,
      viewerId,
      cutoff,
      viewerId,
      word,
      viewerId,
    ]);
  },
};
const PG_FINDS_WORD = `SELECT CASE WHEN EXISTS (${PG_TIER_SQL(tsDocument(TIERS[TIERS.length - 1]!))}) OR EXISTS (${PG_CONTACTS_SQL}) THEN 1 ELSE 0 END AS found`;
const postgresSearch: SearchStatements = {
  tierMatch: (tier, terms) => tsAllOf(terms, !!tier.exact, tier.weights),
  contactsMatch: (terms) => tsAllOf(terms, false),
  tier: (viewerId, tier, match, limit, cutoff = adultBornBy()) =>
    CompiledQuery.raw(`${PG_TIER_TEXTS.get(tier)!}\n    LIMIT ?`, [match, viewerId, cutoff, viewerId, limit]),
  contacts: (viewerId, match, limit) => CompiledQuery.raw(`${PG_CONTACTS_SQL}\n    LIMIT ?`, [viewerId, match, limit]),
  findsWord: (viewerId, term, cutoff = adultBornBy()) => {
    const word = tsWord(term, false, "");
    return CompiledQuery.raw(PG_FINDS_WORD, [word, viewerId, cutoff, viewerId, viewerId, word]);
  },
};
export const searchStatements = (db: DB) => (isPostgres(db) ? postgresSearch : sqliteSearch);

/**
 * Ids of the active members matching every term that this viewer may find (search visibility
 * 1 Everyone, or 2 Only Contacts and the viewer is one), best first (TIERS). Strangers match the
 * public columns only; the viewer's contacts match the Only Contacts columns too, after the tiers.
 * On PostgreSQL the tiers read the prefix postings; `read: "gin"` makes them read the GIN indexes
 * as they do for corrections (the tests compare the two).
 */
export async function searchMemberIds(
  db: DB,
  viewerId: number,
  terms: QueryTerm[],
  limit: number,
  cutoff = adultBornBy(),
  read: "postings" | "gin" = "postings",
): Promise<number[]> {
  const found: number[] = [];
  const seen = new Set<number>();
  const take = (rows: Array<{ id: number }>) => {
    for (const { id } of rows) {
      if (found.length >= limit) return;
      if (!seen.has(id)) {
        seen.add(id);
        found.push(id);
      }
    }
  };
  const statements = searchStatements(db);
  const chosen = isPostgres(db) && read === "postings" ? await chooseDrivers(db, driverCandidates(terms)) : null;
  for (const [i, tier] of TIERS.entries()) {
    const drivers = chosen ? (tier.exact ? chosen.exact : chosen.prefix) : NO_DRIVERS;
    // Earlier tiers' members come again in later ones: asking for as many more covers them.
    const match = statements.tierMatch(tier, terms);
    const rows = limit + found.length;
    take(
      drivers.words.length
        ? await postingsTierStatement(
            i,
            drivers.second,
            !postingsProve(terms, drivers.words, tier),
            rowBucket(rows),
          )(db, { match, viewerId, cutoff, first: drivers.words[0]!, second: drivers.words[1] ?? "" })
        : await tierStatement(i)(db, { match, viewerId, cutoff, rows }),
    );
    if (found.length >= limit) return found;
  }
  take(await contactsStatement(db, { match: statements.contactsMatch(terms), viewerId, cutoff, rows: limit + found.length }));
  return found;
}

interface SearchValues extends Record<string, unknown> {
  match: string;
  viewerId: number;
  cutoff: string;
  rows: number;
}
/**
 * The tiers (one statement each) and the contacts query, precompiled (decision 044): prepared on
 * each PostgreSQL connection, so it parses them once. Their row limit stays bound: PostgreSQL then
 * keeps planning each run for its words (a two-letter prefix and a rare name want different plans),
 * as it did unprepared; a limit written into the text would let it settle on one plan for all words.
 */
const tierStatement = precompiledPer((tier: number) => (db, p: SearchValues) => {
  const q = searchStatements(db).tier(p.viewerId, TIERS[tier]!, p.match, p.rows, p.cutoff);
  return textStatement<{ id: number }>(db, q.sql, [...q.parameters]);
});
/** PostgreSQL: a tier read from the postings (PG_POSTINGS_TIER_SQL), per tier, shape and row bucket. */
const postingsTierStatement = precompiledPer(
  (tier: number, second: SecondDriver, checked: boolean, rows: number) => (db, p: PostingsValues) =>
    textStatement<{ id: number }>(db, ...postingsTierText(TIERS[tier]!, { second, checked }, rows, p)),
);
interface PostingsValues extends Record<string, unknown> {
  match: string;
  viewerId: number;
  cutoff: string;
  /** The driving words (chooseDrivers): the second is read only when two drive. */
  first: string;
  second: string;
}
/** The postings statement's text (`?` placeholders) and its values in their order. */
function postingsTierText(tier: Tier, shape: PostingsShape, rows: number, p: PostingsValues): [string, unknown[]] {
  const second = shape.second === "none" ? [] : [p.second];
  return [
    PG_POSTINGS_TIER_SQL(tier, shape, rows),
    [
      ...(shape.second === "merged" ? second : []),
      p.first,
      p.viewerId,
      ...(shape.second === "probed" ? second : []),
      p.cutoff,
      p.viewerId,
      ...(shape.checked ? [p.match] : []),
    ],
  ];
}
/** The same as a query (the plan tests). */
export const postingsTierQuery = (tier: Tier, shape: PostingsShape, rows: number, p: PostingsValues) =>
  CompiledQuery.raw(...postingsTierText(tier, shape, rows, p)) as CompiledQuery<{ id: number }>;
const contactsStatement = precompiled((db, p: SearchValues) => {
  const q = searchStatements(db).contacts(p.viewerId, p.match, p.rows);
  return textStatement<{ id: number }>(db, q.sql, [...q.parameters]);
});

/**
 * Does this viewer find some member by this whole word: a member the tiers may answer (findable by
 * this viewer, the word in a public column) or one of the viewer's contacts (any column)?
 */
export async function viewerFindsWord(db: DB, viewerId: number, term: string, cutoff = adultBornBy()): Promise<boolean> {
  const [row] = await rowsOf(db, searchStatements(db).findsWord(viewerId, term, cutoff));
  return row?.found === 1;
}

/**
 * The words of the index one edit away from this query word read as a prefix (deletion index), at
 * most MAX_CORRECTIONS, shortest first, among the words this viewer finds some member by: the index
 * also holds the words of members the viewer may not find, and such words taking the places would
 * make the answer depend on them (a visible member's word pushed out tells that they exist).
 */
export async function correctionsOf(db: DB, viewerId: number, word: string, cutoff = adultBornBy()): Promise<string[]> {
  const keys = variantsOfQueryWord(word);
  const rows = await rowsOf(
    db,
    CompiledQuery.raw(
      `SELECT DISTINCT term FROM search_term_variant WHERE variant IN (${placeholders(keys.length)})`,
      keys,
    ) as CompiledQuery<{ term: string }>,
  );
  const candidates = rows
    .map((r) => r.term)
    .filter((t) => prefixDistance(word, t) === 1)
    .sort((a, b) => a.length - b.length || (a < b ? -1 : 1));
  const out: string[] = [];
  for (const term of candidates) {
    if (out.length >= MAX_CORRECTIONS) break;
    if (await viewerFindsWord(db, viewerId, term, cutoff)) out.push(term);
  }
  return out;
}

/** A card's columns (contacts CardRow) and what the viewer's own rows say of the member. */
export interface CardWithLinks extends CardRow {
  /** The viewer's link to this member: "accepted", "pending" (the viewer asked), or null. */
  viewerLink: string | null;
  /** This member's link to the viewer ("pending": they asked the viewer), or null. */
  theirLink: string | null;
  viewerFollows: number;
  followsViewer: number;
  /** The member's birth date: the card's Follow button follows the minors' rule (contacts.service linksFromColumns). */
  birthDate: string;
}

/** A card's own columns: the member `m`, their profile `p` and privacy `pr` rows. */
const CARD_COLUMNS = `m.id AS member_id, m.first_name, m.last_name, m.title, m.picture_path, m.profile_type, m.birth_date,
           p.city, p.state, p.sport,
           pr.basic_info, pr.contact_info, pr.view_profile_picture, pr.view_link_request, pr.view_link_message`;

/**
 * The cards of these members (active ones, no block between them and the viewer either way; in no
 * particular order) in one statement: each id's member, profile and privacy rows by key, and the
 * viewer's four rows about them (the link and the follow, either way: one index probe each).
 * Search answers are a page of known ids; reading it in one statement instead of five is most of
 * what their cards cost. (Suggestions read their cards with the list: suggestionCards.)
 */
export async function cardsWithLinks(db: DB, viewerId: number, ids: number[]): Promise<CardWithLinks[]> {
  if (ids.length === 0) return [];
  // PostgreSQL: one fixed text for any number of ids (an array), prepared (decision 044); SQLite keeps
  // its `IN` list (its statement cache holds a text per length, and its plan is unchanged).
  if (isPostgres(db)) return cardsOfArray(db, { viewerId, ids });
  return rowsOf(
    db,
    CompiledQuery.raw(cardsText(placeholders(ids.length)), [
      viewerId,
      viewerId,
      viewerId,
      viewerId,
      ...ids,
      viewerId,
      viewerId,
    ]) as CompiledQuery<CardWithLinks>,
  );
}
const cardsOfArray = precompiled((db, p: { viewerId: number; ids: number[] }) =>
  textStatement<CardWithLinks>(db, cardsText("SELECT unnest(?::int[])"), [
    p.viewerId,
    p.viewerId,
    p.viewerId,
    p.viewerId,
    p.ids,
    p.viewerId,
    p.viewerId,
  ]),
);
/** The cards statement, for the ids `idList` gives (`?, ?, …` or a subquery). */
const cardsText = (idList: string) => `
    SELECT ${CARD_COLUMNS},
           (CASE WHEN mine.status = 'accepted' THEN 1 ELSE 0 END) AS viewer_is_contact, '' AS sort_name,
           mine.status AS viewer_link, theirs.status AS their_link,
           (CASE WHEN fo.follower_id IS NOT NULL THEN 1 ELSE 0 END) AS viewer_follows,
           (CASE WHEN fb.follower_id IS NOT NULL THEN 1 ELSE 0 END) AS follows_viewer
    FROM member m
    LEFT JOIN member_profile p ON p.member_id = m.id
    LEFT JOIN member_privacy pr ON pr.member_id = m.id
    LEFT JOIN contact_link mine ON mine.member_id = ? AND mine.other_id = m.id
    LEFT JOIN contact_link theirs ON theirs.member_id = m.id AND theirs.other_id = ?
    LEFT JOIN follow fo ON fo.follower_id = ? AND fo.followed_id = m.id
    LEFT JOIN follow fb ON fb.follower_id = m.id AND fb.followed_id = ?
    WHERE m.id IN (${idList}) AND m.status = ${ACTIVE}
      -- Members blocked either way are never found nor suggested (decision 035): two key probes each.
      AND ${notBlockedBetweenText("m.id", "?")}`;

/** How many words a sync chunk reads from the index's vocabulary (one short write transaction each). */
const TERM_CHUNK = 200;

/**
 * Brings the typo tables up to the index's vocabulary (SQLite: the FTS5 vocabulary; PostgreSQL:
 * member_search_word, which the index's trigger keeps): new words get their variants. Words that left
 * the index stay (a correction to a word nobody has finds nobody). Reads the vocabulary in chunks in
 * word order (on `read`, the background's worker connection, when given) and writes each chunk's
 * new words in one short transaction; `pause` runs between
 * chunks (the server yields to requests there and stops on shutdown).
 */
export async function syncSearchTerms(db: DB, pause: () => Promise<boolean> = () => Promise.resolve(true), read?: Reader): Promise<number> {
  let after = "";
  let added = 0;
  for (;;) {
    const vocab = isPostgres(db)
      ? sql<{ term: string }>`SELECT word AS term FROM member_search_word WHERE word > ${after} ORDER BY word LIMIT ${TERM_CHUNK}`
      : sql<{ term: string }>`SELECT term FROM member_search_vocab WHERE term > ${after} LIMIT ${TERM_CHUNK}`;
    const chunk = (read ? await read(vocab.compile(db)) : (await vocab.execute(db)).rows).map((r) => r.term);
    if (chunk.length === 0) return added;
    const last = chunk[chunk.length - 1]!;
    const known = new Set(
      (await sql<{ term: string }>`SELECT term FROM search_term WHERE term >= ${chunk[0]} AND term <= ${last}`.execute(db)).rows.map(
        (r) => r.term,
      ),
    );
    const fresh = chunk.filter((t) => !known.has(t));
    if (fresh.length) {
      await db.transaction().execute(async (trx) => {
        await sql`INSERT INTO search_term (term) VALUES ${sql.join(fresh.map((t) => sql`(${t})`))} ON CONFLICT DO NOTHING`.execute(trx);
        const pairs = fresh.flatMap((t) => variantsOfTerm(t).map((v) => [v, t] as const));
        for (let i = 0; i < pairs.length; i += 400) {
          const part = pairs.slice(i, i + 400);
          await sql`INSERT INTO search_term_variant (variant, term) VALUES ${sql.join(part.map(([v, t]) => sql`(${v}, ${t})`))} ON CONFLICT DO NOTHING`.execute(
            trx,
          );
        }
      });
      added += fresh.length;
    }
    after = last;
    if (!(await pause())) return added;
  }
}

/**
 * Rebuilds the whole member search index from the base tables in one statement: the same rows the
 * triggers of migration 2026-11-24-020 write one member at a time (public columns: the header and
 * the fields of Public sections; `_c` columns: the fields of Only Contacts sections; only active
 * members), then merges it into one segment. Used after a bulk load that ran without the triggers
 * (the community generator, a copy into PostgreSQL). PostgreSQL: the rows of the view the triggers
 * read one member at a time (member_search_source), whose words the index's trigger adds to
 * member_search_word.
 */
export async function rebuildMemberSearch(db: DB): Promise<void> {
  if (isPostgres(db)) {
    await sql`DELETE FROM member_search`.execute(db);
    await sql`INSERT INTO member_search SELECT * FROM member_search_source ORDER BY member_id`.execute(db);
    return;
  }
  const pub = (level: string) => `${level} = 1`;
  const con = (level: string) => `${level} = 3`;
  const part = (test: string, text: string) => `CASE WHEN ${test} THEN ${text} ELSE '' END`;
  const values = (shows: (level: string) => string, withHeader: boolean) => [
    `trim(${withHeader ? "f.first_name || ' ' || " : ""}${part(shows("f.b"), "f.middle_name")}${withHeader ? " || ' ' || f.last_name" : ""})`,
    `trim(${withHeader ? "f.title || ' ' || " : ""}${part(shows("f.b"), "f.profile_type")})`,
    part(shows("f.b"), "f.sport"),
    part(shows("f.b"), "f.positions"),
    `trim(${part(shows("f.b"), "f.basic_place")} || ' ' || ${part(shows("f.c"), "f.contact_place")})`,
  ];
  await sql`DELETE FROM member_search`.execute(db);
  await sql
    .raw(
      `INSERT INTO member_search (rowid, name, status, sport, positions, place, name_c, status_c, sport_c, positions_c, place_c)
  SELECT f.id, ${[...values(pub, true), ...values(con, false)].join(",\n    ")}
  FROM (
    SELECT m.id, m.first_name, m.middle_name, m.last_name, m.title, m.profile_type,
           coalesce(p.sport, '') AS sport,
           trim(coalesce(p.preferred_position, '') || ' ' || coalesce(p.secondary_position, '')) AS positions,
           trim(coalesce(p.current_city, '') || ' ' || coalesce(p.hometown, '')) AS basic_place,
           trim(coalesce(p.city, '') || ' ' || coalesce(p.state, '') || ' ' || coalesce(s.name, '')) AS contact_place,
           ${BASIC_INFO} AS b,
           ${CONTACT_INFO} AS c
    FROM member m
    LEFT JOIN member_profile p ON p.member_id = m.id
    LEFT JOIN member_privacy pr ON pr.member_id = m.id
    LEFT JOIN us_state s ON s.code = p.state
    WHERE m.status = ${ACTIVE}
  ) f
  ORDER BY f.id`,
    )
    .execute(db);
  // One segment: each segment is read for every word of a query (migration 2026-11-26-220).
  await sql`INSERT INTO member_search (member_search) VALUES ('optimize')`.execute(db);
}
/**
 * Each member's list holds this many suggestions: the largest page asked for is 50, and the list
 * keeps deactivated and contacts-only candidates (filtered when read) so that they come back at
 * once when they qualify again (their row in the list is what the triggers find).
 */
export const SUGGESTIONS_KEPT = 60;
/** Candidates from contacts of contacts (most mutual contacts first), and from each attribute list. */
const MUTUAL_CANDIDATES = 500;
const SIMILAR_CANDIDATES = 300;

/**
 * Computes a member's suggestions (decision 012): members confirmed (active or deactivated: the
 * read keeps the active ones findable by everyone), not the member, not a contact, no request
 * either way; ranked by shared sport (3), status (2), positions
 * (2 each), "looking for" (1 each) and mutual contacts (2 each); ties newest first. A candidate is
 * never the member's contact, so their basic info counts only when it is Public. Only candidates
 * are scored, never every member: contacts of contacts with the most mutual contacts, and the
 * newest members sharing the sport, sharing the status, and overall (a member without contacts
 * still gets suggestions).
 */
export function computeSuggestionsQuery(memberId: number, limit: number) {
  return sql<{ id: number; score: number }>`
    WITH me AS (
      SELECT m.profile_type AS status, coalesce(p.sport, '') AS sport,
             coalesce(p.preferred_position, '') AS pos1, coalesce(p.secondary_position, '') AS pos2,
             coalesce(p.looking_for_employment, 0) AS lfe, coalesce(p.looking_for_networking, 0) AS lfn,
             coalesce(p.looking_for_partnership, 0) AS lfp, coalesce(p.looking_for_recruitment, 0) AS lfr
      FROM member m LEFT JOIN member_profile p ON p.member_id = m.id WHERE m.id = ${memberId}
    ),
    mutual AS MATERIALIZED (
      SELECT c2.other_id AS id, count(*) AS n
      FROM contact_link c1
      JOIN contact_link c2 ON c2.member_id = c1.other_id AND c2.status = 'accepted'
      WHERE c1.member_id = ${memberId} AND c1.status = 'accepted'
      GROUP BY c2.other_id
    ),
    candidate(id) AS (
      SELECT * FROM (SELECT id FROM mutual ORDER BY n DESC, id DESC LIMIT ${MUTUAL_CANDIDATES})
      UNION SELECT * FROM (SELECT p.member_id FROM member_profile p WHERE p.sport = (SELECT sport FROM me WHERE sport <> '') ORDER BY p.member_id DESC LIMIT ${SIMILAR_CANDIDATES})
      UNION SELECT * FROM (SELECT m.id FROM member m WHERE m.profile_type = (SELECT status FROM me) ORDER BY m.id DESC LIMIT ${SIMILAR_CANDIDATES})
      UNION SELECT * FROM (SELECT m.id FROM member m WHERE m.status = ${sql.lit(ACTIVE)} ORDER BY m.id DESC LIMIT ${SIMILAR_CANDIDATES})
    )
    SELECT m.id AS id,
      (CASE WHEN me.sport <> '' AND p.sport = me.sport THEN 3 ELSE 0 END)
      + (CASE WHEN ${sql.raw(BASIC_INFO)} = 1 AND m.profile_type = me.status THEN 2 ELSE 0 END)
      + (CASE WHEN me.pos1 <> '' AND lower(me.pos1) IN (lower(p.preferred_position), lower(p.secondary_position)) THEN 2 ELSE 0 END)
      + (CASE WHEN me.pos2 <> '' AND lower(me.pos2) IN (lower(p.preferred_position), lower(p.secondary_position)) THEN 2 ELSE 0 END)
      + (CASE WHEN me.lfe = 1 AND p.looking_for_employment = 1 THEN 1 ELSE 0 END)
      + (CASE WHEN me.lfn = 1 AND p.looking_for_networking = 1 THEN 1 ELSE 0 END)
      + (CASE WHEN me.lfp = 1 AND p.looking_for_partnership = 1 THEN 1 ELSE 0 END)
      + (CASE WHEN me.lfr = 1 AND p.looking_for_recruitment = 1 THEN 1 ELSE 0 END)
      + 2 * coalesce(mu.n, 0) AS score
    FROM candidate c
    JOIN member m ON m.id = c.id
    CROSS JOIN me
    LEFT JOIN member_privacy pr ON pr.member_id = m.id
    LEFT JOIN member_profile p ON p.member_id = m.id AND ${sql.raw(BASIC_INFO)} = 1
    LEFT JOIN mutual mu ON mu.id = m.id
    WHERE m.status IN (2, 3)
      AND m.id <> ${memberId}
      AND NOT EXISTS (SELECT 1 FROM contact_link c WHERE c.member_id = ${memberId} AND c.other_id = m.id)
      AND NOT EXISTS (SELECT 1 FROM contact_link c WHERE c.member_id = m.id AND c.other_id = ${memberId})
    ORDER BY score DESC, m.id DESC
    LIMIT ${limit}`;
}

/** The member's refresh state: null when never computed; `stale` counts the changes since. */
export async function suggestionState(db: DB, memberId: number): Promise<{ stale: number } | null> {
  const [row] = await rowsOf(
    db,
    CompiledQuery.raw(`SELECT stale FROM member_suggestion_state WHERE member_id = ?`, [memberId]) as CompiledQuery<{ stale: number }>,
  );
  return row ?? null;
}

/**
 * Recomputes one member's list: the read outside any transaction (on `read`, the background's
 * worker connection, when given), then one short write
 * transaction (about 100 rows). Changes that arrived meanwhile keep the list stale: the state's
 * counter goes down by what it was before the read, not to zero.
 */
export async function refreshSuggestionsOf(db: DB, memberId: number, at: string, read?: Reader): Promise<void> {
  const before = (await suggestionState(db, memberId))?.stale ?? 0;
  const query = computeSuggestionsQuery(memberId, SUGGESTIONS_KEPT);
  const rows = read ? await read(query.compile(db)) : (await query.execute(db)).rows;
  await db.transaction().execute(async (trx) => {
    await sql`DELETE FROM member_suggestion WHERE member_id = ${memberId}`.execute(trx);
    if (rows.length) {
      await sql`INSERT INTO member_suggestion (member_id, suggested_id, score) VALUES ${sql.join(rows.map((r) => sql`(${memberId}, ${r.id}, ${r.score})`))}`.execute(
        trx,
      );
    }
    await sql`
      INSERT INTO member_suggestion_state (member_id, computed_at, stale)
      SELECT ${memberId}, ${at}, 0 WHERE EXISTS (SELECT 1 FROM member WHERE id = ${memberId})
      ON CONFLICT (member_id) DO UPDATE SET computed_at = excluded.computed_at, stale = ${sql.raw(greatestFunction(trx))}(0, member_suggestion_state.stale - ${before})`.execute(
      trx,
    );
  });
}

/** The next member whose list is stale, or computed before `olderThan` (oldest first); null when none. */
export async function nextSuggestionsToRefresh(db: DB, olderThan: string): Promise<number | null> {
  const stale = await sql<{ id: number }>`
    SELECT member_id AS id FROM member_suggestion_state WHERE stale > 0 ORDER BY stale DESC LIMIT 1`.execute(db);
  if (stale.rows[0]) return stale.rows[0].id;
  const old = await sql<{ id: number }>`
    SELECT member_id AS id FROM member_suggestion_state WHERE stale = 0 AND computed_at < ${olderThan} ORDER BY computed_at LIMIT 1`.execute(
    db,
  );
  return old.rows[0]?.id ?? null;
}

/**
 * The member's stored suggestions that still hold, best first, as cards (one statement, decision
 * 053): each is checked again against what may have changed since the list was computed
 * (deactivation, search visibility, the minors' rule, a contact or a request either way, a request of
 * theirs the member rejected since `rejectedSince`, a block either way: a key probe each), so the
 * list never shows one that no longer qualifies. A rejection that ages past the cutoff lets the
 * member back without any recomputation. Every check is a key probe per entry, never a read of the
 * member's whole set (their contacts, the requests others sent them, who blocked them): the cost
 * stays bounded by the list's length. Nobody left has a link with the member, so the card's link
 * columns are constants; the follow flags are a key probe per card too. Members blocked either way
 * are left out before the limit, so the page is full when enough entries qualify.
 */
const SUGGESTION_CARDS_SQL = `
    SELECT ${CARD_COLUMNS},
           0 AS viewer_is_contact, '' AS sort_name, NULL AS viewer_link, NULL AS their_link,
           (CASE WHEN EXISTS (SELECT 1 FROM follow fo WHERE fo.follower_id = s.member_id AND fo.followed_id = s.suggested_id)
                 THEN 1 ELSE 0 END) AS viewer_follows,
           (CASE WHEN EXISTS (SELECT 1 FROM follow fb WHERE fb.follower_id = s.suggested_id AND fb.followed_id = s.member_id)
                 THEN 1 ELSE 0 END) AS follows_viewer
    FROM member_suggestion s
    JOIN member m ON m.id = s.suggested_id
    LEFT JOIN member_profile p ON p.member_id = s.suggested_id
    LEFT JOIN member_privacy pr ON pr.member_id = s.suggested_id
    WHERE s.member_id = ?
      AND m.status = ${ACTIVE}
      AND ${SEARCH_VISIBILITY} = 1
      AND ${SHOWN_TO_VIEWER}
      AND NOT EXISTS (SELECT 1 FROM contact_link c WHERE c.member_id = s.member_id AND c.other_id = s.suggested_id)
      AND NOT EXISTS (SELECT 1 FROM contact_link c WHERE c.member_id = s.suggested_id AND c.other_id = s.member_id)
      AND NOT EXISTS (SELECT 1 FROM contact_rejection r WHERE r.member_id = s.member_id AND r.rejected_id = s.suggested_id AND r.rejected_at >= ?)
      AND ${notBlockedBetweenText("s.suggested_id", "s.member_id")}
    ORDER BY s.score DESC, s.suggested_id DESC`;

export async function suggestionCards(
  db: DB,
  memberId: number,
  limit: number,
  rejectedSince: string,
  cutoff = adultBornBy(),
): Promise<CardWithLinks[]> {
  const params = { memberId, limit, rejectedSince, cutoff };
  return isPostgres(db) ? pgSuggestionCards(integer(limit))(db, params) : sqliteSuggestionCards(db, params);
}
type SuggestionParams = { memberId: number; limit: number; rejectedSince: string; cutoff: string };
/** SUGGESTION_CARDS_SQL's values, in the order of its placeholders. */
const suggestionValues = (p: SuggestionParams) => [p.memberId, p.cutoff, p.rejectedSince];
/** Precompiled (decision 044): SQLite binds the limit. */
const sqliteSuggestionCards = precompiled((db, p: SuggestionParams) =>
  textStatement<CardWithLinks>(db, `${SUGGESTION_CARDS_SQL}\n    LIMIT ?`, [...suggestionValues(p), p.limit]),
);
/** PostgreSQL has the limit written in (an integer: one statement per page size, 1 to 50), so its plan is made for the page it reads. */
const pgSuggestionCards = precompiledPer(
  (limit: number) => (db, p: SuggestionParams) =>
    textStatement<CardWithLinks>(db, `${SUGGESTION_CARDS_SQL}\n    LIMIT ${limit}`, suggestionValues(p)),
);

/** Bulk rebuild (the community generator): lists start empty and are computed on first read. */
export async function resetSuggestions(db: DB): Promise<void> {
  await sql`DELETE FROM member_suggestion`.execute(db);
  await sql`DELETE FROM member_suggestion_state`.execute(db);
}
