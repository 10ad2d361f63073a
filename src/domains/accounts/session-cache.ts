import { commitsByOtherConnections, type DB } from "../../server/db/client.ts";
import { MINUTE } from "../platform/clock.ts";

/** What a session check needs of a session row and its member. */
export interface CachedSession {
  sessionId: string;
  memberId: number;
  scope: string;
  expiresAt: string;
  lastSeenAt: string;
  status: number;
}

interface Entry {
  db: DB;
  row: CachedSession;
  /** Read from the database at (ms): the entry is re-read after ENTRY_TTL_MS whatever happens. */
  readAt: number;
}

/** Sessions kept (least recently used out first): about 300 bytes each. */
const MAX_ENTRIES = 20_000;
/**
 * Defence in depth only: every write path of this process drops what it changes at once, and
 * commits of other connections empty the cache at the next check. A write path added without
 * telling the cache would be stale for at most this long.
 */
const ENTRY_TTL_MS = MINUTE;

const entries = new Map<string, Entry>();
const byMember = new Map<number, Set<string>>();
/** Moves on every drop: a read that started before a drop does not store what it read. */
let generation = 0;
/** The last data_version seen per database (other connections' commits). */
const seenCommits = new WeakMap<DB, number>();

/**
 * Session rows and their member's status as every authenticated request needs them, kept in
 * memory so a request with a known token reads nothing from the database. Correctness rests on
 * three rules:
 * - every function of accounts.repository that writes a session or a member row drops the
 *   affected entries right after its statement ran (logout, sign out everywhere, password change
 *   and reset, deactivation, reactivation, renewal, expiry);
 * - a commit by another connection to the file (a script, a second process, a test) empties the
 *   cache before the next lookup trusts it (SQLite's data_version);
 * - a lookup that began before a drop does not store what it read (the generation).
 * Expiry is checked against the clock on every hit.
 */
export const sessionCache = {
  /** The cached row, or undefined when it must be read (not cached, too old, or cache unusable). */
  get(db: DB, sessionId: string, now: number): CachedSession | undefined {
    if (!this.trustable(db)) return undefined;
    const entry = entries.get(sessionId);
    if (!entry || entry.db !== db) return undefined;
    if (now - entry.readAt > ENTRY_TTL_MS) {
      this.dropSession(sessionId);
      return undefined;
    }
    // Most recently used last (Map keeps insertion order).
    entries.delete(sessionId);
    entries.set(sessionId, entry);
    return entry.row;
  },

  /** The generation to pass to `put` for a row about to be read (after `get`, in the same turn). */
  begin(): number {
    return generation;
  },

  /**
   * Keeps a row read from the database, unless something was dropped since `begin` or another
   * connection committed since the last check (the row may predate that commit; the next `get`
   * empties the cache).
   */
  put(db: DB, row: CachedSession, startedAt: number, now: number): void {
    if (startedAt !== generation) return;
    const commits = commitsByOtherConnections(db);
    if (commits === undefined || commits !== seenCommits.get(db)) return;
    entries.delete(row.sessionId);
    entries.set(row.sessionId, { db, row, readAt: now });
    let ids = byMember.get(row.memberId);
    if (!ids) byMember.set(row.memberId, (ids = new Set()));
    ids.add(row.sessionId);
    if (entries.size > MAX_ENTRIES) this.dropSession(entries.keys().next().value!);
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

  /** False for a database whose other writers cannot be seen; empties the cache when they wrote. */
  trustable(db: DB): boolean {
    const commits = commitsByOtherConnections(db);
    if (commits === undefined) return false;
    if (seenCommits.get(db) !== commits) {
      if (seenCommits.has(db)) this.clear();
      seenCommits.set(db, commits);
    }
    return true;
  },

  get size(): number {
    return entries.size;
  },
};
