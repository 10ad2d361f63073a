import { sql } from "kysely";
import {
  commitsByOtherConnections,
  type DB,
  MAX_TRUSTED_AGE_MS,
  seesOtherConnections,
  statementsMatched,
  statementsSettled,
  watchStatements,
} from "../../platform/db/client.ts";

/** What a session check needs of a session row and its member, as read. */
export interface SessionRowWithMember {
  sessionId: string;
  memberId: number;
  scope: string;
  expiresAt: string;
  lastSeenAt: string;
  status: number;
  role: string;
  /** The member's birth date (YYYY-MM-DD): whether they are a minor (decision 051). */
  birthDate: string;
}

/** The same with its times parsed (milliseconds since the epoch), as the cache hands it out. */
export interface CachedSession extends SessionRowWithMember {
  expiresAtMs: number;
  lastSeenAtMs: number;
}

interface Entry {
  db: DB;
  row: CachedSession;
  /** performance.now() when its read began (the row is at least as fresh). */
  readAt: number;
}

/** When a read began: the generation then, and performance.now(). */
export interface ReadStart {
  generation: number;
  at: number;
}

/** Sessions kept, least recently used out first (a few hundred bytes each). */
const MAX_ENTRIES = 20_000;
/**
 * Other connections' commits are looked for at most this often: reading SQLite's data_version
 * takes the database's read lock (system calls on every request otherwise). A request that begins
 * this long after another connection's commit sees it.
 */
const OTHER_COMMITS_CHECK_MS = 1;
/**
 * The channel of PostgreSQL's session change notices (migrations 2026-11-27-490 and 2026-11-29-530,
 * decisions 045 and 051): every process's, script's or console's change of a session or of a member's
 * status, role or birth date sends one.
 * The cache is on for a PostgreSQL database once trustChangeNotices gave it this channel's counter.
 */
export const SESSION_CHANGES_CHANNEL = "sideline_sessions";

const MARK = "/* drops its own session-cache entries */";
/**
 * Ends a statement of accounts.repository that drops what it changes from this cache itself
 * (`.modifyEnd(DROPS_ITS_OWN_ENTRIES)`): the statement watch below then leaves the rest alone.
 */
export const DROPS_ITS_OWN_ENTRIES = sql.raw(MARK);

/** The member columns a cached row holds that a write may change (the id aside). */
const MEMBER_COLUMNS_CACHED = /\b(?:status|role|birth_date)\b/;

/**
 * Whether a statement may change a cached row without this cache having been told: it writes the
 * session table (a plain insert adds a row no one has cached), deletes or upserts members, or
 * updates a member's status, role or birth date; and it does not carry the mark. Judged from the SQL
 * text, once per distinct statement; when unsure (a write behind a WITH), yes.
 */
export function mayChangeCachedSessions(text: string): boolean {
  const s = text.toLowerCase();
  if (s.includes(MARK)) return false;
  const target = /^\s*(?:update(?:\s+or\s+\w+)?|delete\s+from|insert(?:\s+or\s+\w+)?\s+into|replace\s+into)\s+"?(\w+)/.exec(s);
  if (!target) return /^\s*with\b/.test(s) && /\b(?:insert|update|delete|replace)\b/.test(s) && /\b(?:session|member)\b/.test(s);
  const plainInsert = /^\s*insert\s+into\b/.test(s) && !/\bon\s+conflict\b/.test(s);
  if (target[1] === "session") return !plainInsert;
  if (target[1] === "member") return /^\s*update\b/.test(s) ? MEMBER_COLUMNS_CACHED.test(s) : !plainInsert;
  return false;
}
const unannouncedWrites = watchStatements(mayChangeCachedSessions);

/**
 * Whether a statement, marked or not, may take a right away: it deletes sessions or members, or
 * updates a member's status, role or birth date (a minor's rules) or a session's scope or member
 * (not its last-seen time or expiry, which only a renewal moves forward). Judged from the SQL text;
 * when unsure, yes.
 */
export function mayTakeAccessAway(text: string): boolean {
  const s = text.toLowerCase().replace(MARK, "");
  if (/^\s*delete\s+from\s+"?(?:session|member)"?(?:\s|$)/.test(s)) return true;
  const updated = /^\s*update\s+"?(\w+)"?\s/.exec(s)?.[1];
  if (updated === "member") return MEMBER_COLUMNS_CACHED.test(s);
  if (updated === "session") return /\b(?:scope|member_id)\b/.test(s);
  return /^\s*with\b/.test(s) && /\b(?:update|delete)\b/.test(s) && /\b(?:session|member)\b/.test(s);
}
/**
 * Those statements and the unannounced ones, for their settling on PostgreSQL: a check on another
 * pooled connection between such a write's statement (when its entries were dropped) and its commit
 * reads and keeps the row as it was; once that commit completes a counter moves, before the writer is
 * answered, and the next check empties the cache, rather than when the commit's notice arrives.
 */
const accessTakenAway = watchStatements((text) => mayTakeAccessAway(text) || mayChangeCachedSessions(text));

const entries = new Map<string, Entry>();
const byMember = new Map<number, Set<string>>();
/** Moves on every drop: a read that started before a drop does not store what it read. */
let generation = 0;
/** Per database: what the last check saw of other connections' commits, of unannounced writes and of settled writes. */
const seen = new WeakMap<DB, { commits: number; checkedAt: number; unannounced: number; settled: number }>();

/**
 * Session rows and their member's status as every authenticated request needs them, kept in
 * memory so a request with a known token reads nothing from the database. Correctness rests on
 * five rules:
 * - every function of accounts.repository that writes a session or a member row drops the
 *   affected entries right after its statement ran (logout, sign out everywhere, password change
 *   and reset, deactivation, reactivation, renewal, expiry) and marks the statement; on
 *   PostgreSQL, once the transaction of one that may take a right away ends, the next check
 *   empties the cache (mayTakeAccessAway: a check on another connection meanwhile read the row as
 *   it was);
 * - any other statement of this process that may change a cached row (a test's or a future
 *   module's direct write, a migration) empties the cache before the next lookup (a statement
 *   watch on the connection: mayChangeCachedSessions);
 * - a commit by another connection to the file (a script, a second process, a test's own
 *   connection) empties the cache before a lookup that begins a millisecond later (data_version);
 *   on PostgreSQL, a change of a session or of a member's status, role or birth date by any
 *   connection sends a notice (triggers), and one heard empties the cache likewise; while the
 *   notices are not heard (no listener yet, or its connection down), the cache is off;
 * - a lookup that began before a drop or an emptying does not store what it read (the generation);
 * - no entry answers longer than MAX_TRUSTED_AGE_MS after its read.
 * Expiry is checked against the clock on every hit, by the caller.
 */
export const sessionCache = {
  /** The cached row, or undefined when it must be read (not cached, or the cache cannot be trusted for `db`). */
  get(db: DB, sessionId: string): CachedSession | undefined {
    if (!this.trustable(db)) return undefined;
    const entry = entries.get(sessionId);
    if (!entry || entry.db !== db) return undefined;
    if (performance.now() - entry.readAt > MAX_TRUSTED_AGE_MS) {
      this.dropSession(sessionId);
      return undefined;
    }
    // Most recently used last (Map keeps insertion order).
    entries.delete(sessionId);
    entries.set(sessionId, entry);
    return entry.row;
  },

  /** What to pass to `put` for a row about to be read (after `get`, in the same turn): the generation and the time. */
  begin(): ReadStart {
    return { generation, at: performance.now() };
  },

  /**
   * Keeps a row read from the database, unless something was dropped or emptied since `begin`;
   * answers it with its times parsed, kept or not.
   * (A write after the read that no one announced moves a counter the next `get` looks at, and
   * empties the cache, this row with it.)
   */
  put(db: DB, read: SessionRowWithMember, started: ReadStart): CachedSession {
    const row: CachedSession = { ...read, expiresAtMs: Date.parse(read.expiresAt), lastSeenAtMs: Date.parse(read.lastSeenAt) };
    if (started.generation !== generation || !seen.has(db)) return row;
    entries.delete(row.sessionId);
    entries.set(row.sessionId, { db, row, readAt: started.at });
    let ids = byMember.get(row.memberId);
    if (!ids) byMember.set(row.memberId, (ids = new Set()));
    ids.add(row.sessionId);
    if (entries.size > MAX_ENTRIES) this.dropSession(entries.keys().next().value!);
    return row;
  },

  dropSession(sessionId: string): void {
    generation++;
    const entry = entries.get(sessionId);
    if (!entry) return;
    entries.delete(sessionId);
    const ids = byMember.get(entry.row.memberId);
    ids?.delete(sessionId);
    if (ids?.size === 0) byMember.delete(entry.row.memberId);
  },

  /** Every cached session of the member (its status changed, its sessions ended). */
  dropMember(memberId: number): void {
    generation++;
    for (const sessionId of byMember.get(memberId) ?? []) entries.delete(sessionId);
    byMember.delete(memberId);
  },

  clear(): void {
    generation++;
    entries.clear();
    byMember.clear();
  },

  /** False for a database whose writers cannot be seen; empties the cache when someone wrote unannounced. */
  trustable(db: DB): boolean {
    const unannounced = statementsMatched(db, unannouncedWrites);
    const settled = statementsSettled(db, accessTakenAway);
    // Other connections' changes are seen through SQLite's data_version or PostgreSQL's notices; without either, not at all.
    if (unannounced === undefined || settled === undefined || !seesOtherConnections(db, SESSION_CHANGES_CHANNEL)) return false;
    const last = seen.get(db);
    const now = performance.now();
    // (A clock seen going back, as a test's may, counts as time passed.)
    if (last && now >= last.checkedAt && now - last.checkedAt < OTHER_COMMITS_CHECK_MS) {
      if (last.unannounced !== unannounced || last.settled !== settled) {
        this.clear();
        last.unannounced = unannounced;
        last.settled = settled;
      }
      return true;
    }
    const commits = commitsByOtherConnections(db, SESSION_CHANGES_CHANNEL);
    if (commits === undefined) {
      // Not listening (PostgreSQL): what changes meanwhile goes unheard.
      this.clear();
      seen.delete(db);
      return false;
    }
    if (last && (last.commits !== commits || last.unannounced !== unannounced || last.settled !== settled)) this.clear();
    seen.set(db, { commits, checkedAt: now, unannounced, settled });
    return true;
  },

  get size(): number {
    return entries.size;
  },
};
