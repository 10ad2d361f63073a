import {
  commitsByOtherConnections,
  type DB,
  MAX_TRUSTED_AGE_MS,
  statementsMatchedOrSettled,
  watchStatements,
} from "../../platform/db/client.ts";

/**
 * Pages of the member lists as read (contacts.repository listMembers: card columns and the
 * viewer's relation rows, before privacy is applied), kept in memory per database and per exact
 * question (kind, owner, viewer, filter, cursor, limit). A page is served from here only while
 * nothing it was read from can have changed since it was read; the rule is coarse on purpose, so
 * that its correctness does not depend on knowing which cached page a write touches:
 * - any statement of this process that writes one of the tables a page is read from (member,
 *   member_profile, member_privacy, contact_link, follow, member_block) moves a counter (a
 *   statement watch on the connection, judged from the SQL text once per distinct statement; a
 *   cascade from member is a write to member; no trigger writes these tables); on PostgreSQL it
 *   moves again when the statement's transaction ends;
 * - any commit by another connection moves a second counter: SQLite's data_version, or on
 *   PostgreSQL the notices this process hears on LIST_CHANGES_CHANNEL, which triggers send for
 *   every statement that writes those tables (migration 2026-11-27-500, decision 046); while they
 *   are not heard (no listener, or its connection down or deaf) nothing is cached;
 * - an entry remembers both as they were when its read began, and is served only while both are
 *   unchanged (else the whole cache is emptied); a read during which either moved is not kept;
 * - no entry answers longer than MAX_TRUSTED_AGE_MS after its read began (a bound on what a change signal
 *   missed in a way these checks do not see could cost).
 * So a page is never served after a change this process made or heard of, and between changes
 * every viewer's pages are read once.
 */

const TABLES = new Set(["member", "member_profile", "member_privacy", "contact_link", "follow", "member_block"]);
/** A mention of any of them in a statement's text. */
const MENTIONS_A_TABLE = new RegExp(`\\b(?:${[...TABLES].join("|")})\\b`);

/** Whether a statement may write a table the lists are read from (when unsure, yes). */
export function mayChangeLists(text: string): boolean {
  const s = text.toLowerCase();
  const target =
    /^\s*(?:insert(?:\s+or\s+\w+)?\s+into|replace\s+into|update(?:\s+or\s+\w+)?|delete\s+from|drop\s+table(?:\s+if\s+exists)?|alter\s+table)\s+"?(\w+)"?/.exec(
      s,
    );
  if (target) return TABLES.has(target[1]!);
  // TRUNCATE names one or several tables.
  if (/^\s*truncate\b/.test(s)) return MENTIONS_A_TABLE.test(s);
  // A write behind a WITH, or a shape not recognised above: any mention of a table counts.
  return /^\s*with\b/.test(s) && /\b(?:insert|update|delete|replace)\b/.test(s) && MENTIONS_A_TABLE.test(s);
}
const listWrites = watchStatements(mayChangeLists);

/** Rows kept at most, over every page (a row is a few hundred bytes). */
const MAX_ROWS = 40_000;
/**
 * The channel of PostgreSQL's list change notices (migration 2026-11-27-500, decision 046). The
 * cache is on for a PostgreSQL database once trustChangeNotices gave it this channel's counter.
 */
export const LIST_CHANGES_CHANNEL = "sideline_lists";

interface Entry {
  rows: number;
  value: unknown;
  /** performance.now() when its read began. */
  readAt: number;
}

/** Per database: the pages kept, all read while the tables looked as `stamp` says. */
interface State {
  stamp: string;
  entries: Map<string, Entry>;
  rows: number;
}
const states = new WeakMap<DB, State>();

/** What the database's tables looked like to this process: undefined when its writers cannot be seen (no caching). */
function stampOf(db: DB): string | undefined {
  const writes = statementsMatchedOrSettled(db, listWrites);
  const commits = commitsByOtherConnections(db, LIST_CHANGES_CHANNEL);
  return writes === undefined || commits === undefined ? undefined : `${writes}:${commits}`;
}

/** The pages of `db` that are still true at `stamp` (every page, or none once something changed). */
function stateAt(db: DB, stamp: string): State {
  let state = states.get(db);
  if (!state) states.set(db, (state = { stamp, entries: new Map(), rows: 0 }));
  if (state.stamp !== stamp) {
    state.stamp = stamp;
    state.entries.clear();
    state.rows = 0;
  }
  return state;
}

/**
 * The page for `key` from the cache, else read by `read` (and kept when nothing changed while it
 * was read). `rowsOf` tells how many rows a value holds (for the cap).
 */
export async function cachedListPage<T>(db: DB, key: string, rowsOf: (value: T) => number, read: () => Promise<T>): Promise<T> {
  const before = stampOf(db);
  if (before === undefined) {
    // Changes go unseen meanwhile: what is kept is dropped, and nothing is kept.
    states.delete(db);
    return read();
  }
  const readAt = performance.now();
  const entry = stateAt(db, before).entries.get(key);
  // (A clock seen going back, as a test's may, counts as too old.)
  if (entry && readAt >= entry.readAt && readAt - entry.readAt <= MAX_TRUSTED_AGE_MS) return entry.value as T;
  const value = await read();
  const after = stampOf(db);
  if (after !== before) return value;
  const state = stateAt(db, after);
  const rows = rowsOf(value);
  if (rows > MAX_ROWS) return value;
  const replaced = state.entries.get(key);
  if (replaced) {
    state.entries.delete(key);
    state.rows -= replaced.rows;
  }
  // Oldest out first (Map keeps insertion order).
  for (const [k, old] of state.entries) {
    if (state.rows + rows <= MAX_ROWS) break;
    state.entries.delete(k);
    state.rows -= old.rows;
  }
  state.entries.set(key, { rows, value, readAt });
  state.rows += rows;
  return value;
}

/** How many pages are kept for `db` (tests). */
export function cachedListPages(db: DB): number {
  return states.get(db)?.entries.size ?? 0;
}
