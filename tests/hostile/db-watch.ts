/**
 * Watches a running server's database from the outside (read-only), to prove that a refused
 * request wrote nothing: a fingerprint is a hash of the content of every table.
 *
 * SQLite: cheap in the common case, since `PRAGMA data_version` changes on a connection only when
 * another connection (the server) commits, so tables are hashed only when a refused request was
 * followed by a commit. PostgreSQL has no such per-database counter (its statistics lag by up to
 * a second), so the fingerprint itself is the change probe: one statement hashes every table with
 * md5(string_agg(...)) in one snapshot.
 */
import { createHash } from "node:crypto";
import BetterSqlite from "better-sqlite3";
import { isPostgresUrl, testPool } from "../support/pg.ts";

/**
 * What the fingerprint leaves out, and why. Everything else counts: a refused (4xx) request must
 * leave every other column of every table exactly as it was.
 */
export const UNHASHED_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  // A session's last_seen_at moves (at most every 5 minutes) and its expires_at slides forward
  // whenever the session is used (src/domains/accounts/sessions.ts): any signed-in request touches
  // them before the action even looks at its input, a refused one included. Which sessions exist,
  // whose they are and their scope still count.
  session: ["last_seen_at", "expires_at"],
  // Not left out, because a refused request does not write them: rate-limit counters live in
  // memory (src/platform/rate-limit.ts), client_log rows are written only for an accepted
  // log, and live_event / notification rows only in reaction to an accepted write, which the
  // suites wait out (settle) before sending the next request.
};

/**
 * Derived tables written off the request path, left out whole: the home feed's timeline and its
 * fan-out queue (decision 011) are filled by triggers on post, follow and contact_link (hashed
 * above) and by a background worker that may commit during any later request. A refused request
 * cannot write them without writing those base tables.
 */
export const DERIVED_TABLES: ReadonlySet<string> = new Set([
  "timeline",
  "timeline_queue",
  "timeline_pull_author",
  "timeline_state",
  // Search (decision 012): suggestion lists recomputed in the background after triggers on the base
  // tables marked them stale, and the typo tables following the search index's vocabulary.
  "member_suggestion",
  "member_suggestion_state",
  "search_term",
  "search_term_variant",
  // Scheduled jobs (news import, retention) record their runs here on a timer, not per request.
  "job_run",
]);

type Fingerprint = ReadonlyMap<string, string>;

export interface DatabaseWatch {
  /**
   * Waits until the server has stopped writing: the reactions to an accepted request (notifications,
   * live events) are written just after its answer, and must not be taken for the next request's.
   */
  settle: (quietMs?: number, maxMs?: number) => Promise<void>;
  /** Takes the snapshot a request is compared with (call just before sending it). */
  begin: () => Promise<void>;
  /** True when the server committed something since begin(). */
  committed: () => Promise<boolean>;
  /** The tables whose content differs from the snapshot of begin() ([] when nothing was committed); ends the snapshot. */
  changedTables: () => Promise<string[]>;
  /** Ends the snapshot without comparing (the request was accepted). */
  end: () => Promise<void>;
  /** Read-only queries on the current state (is the member's session still there?); `?` placeholders. */
  value: <T = unknown>(sql: string, ...params: unknown[]) => Promise<T>;
  close: () => Promise<void>;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const differing = (old: Fingerprint, current: Fingerprint) =>
  [...new Set([...old.keys(), ...current.keys()])].filter((t) => old.get(t) !== current.get(t)).sort();

/** Watches the server's database: `database` is its PostgreSQL URL or its SQLite file (RunningServer.database). */
export function watchDatabase(database: string): DatabaseWatch {
  return isPostgresUrl(database) ? watchPostgres(database) : watchSqlite(database);
}

function open(dbFile: string) {
  const db = new BetterSqlite(dbFile, { readonly: true, fileMustExist: true });
  db.pragma("busy_timeout = 5000");
  return db;
}
type Db = ReturnType<typeof open>;

/** Ordinary tables; a virtual (full-text) table is skipped because its shadow tables hold its content. */
const tablesOf = (db: Db) =>
  (
    db.prepare("select name, sql from sqlite_master where type = 'table' order by name").all() as Array<{
      name: string;
      sql: string | null;
    }>
  )
    .filter((t) => !/^\s*create\s+virtual\s+table/i.test(t.sql ?? "") && !DERIVED_TABLES.has(t.name))
    .map((t) => t.name);

function hashTable(db: Db, table: string): string {
  const skip = UNHASHED_COLUMNS[table] ?? [];
  const columns = (db.prepare("select name from pragma_table_info(?)").pluck().all(table) as string[]).filter((c) => !skip.includes(c));
  // Rows in storage order, each column through quote(): one exact text per value and type.
  const text = db
    .prepare(`select group_concat(${columns.map((c) => `quote(${quote(c)})`).join(" || ',' || ")}, char(10)) from ${quote(table)}`)
    .pluck()
    .get() as string | null;
  return createHash("sha256")
    .update(columns.join(","))
    .update("\n")
    .update(text ?? "")
    .digest("hex");
}

/** Every table's hash as `db` sees it (inside its open transaction, if any). */
const fingerprint = (db: Db): Fingerprint => new Map(tablesOf(db).map((t) => [t, hashTable(db, t)]));

/**
 * Two read-only connections: `before` holds a read transaction (a snapshot of the file as it was
 * when a request was sent) while `now` sees what the server committed since. Nothing is hashed
 * unless the server committed something during a refused request.
 */
function watchSqlite(dbFile: string): DatabaseWatch {
  const now = open(dbFile);
  const before = open(dbFile);
  const version = () => now.pragma("data_version", { simple: true }) as number;
  let settledAt = version();
  let startedAt = settledAt;

  const endSnapshot = () => {
    if (before.inTransaction) before.exec("rollback");
  };

  return {
    async settle(quietMs = 40, maxMs = 3_000) {
      let seen = version();
      if (seen === settledAt) return;
      for (let quiet = 0, waited = 0; quiet < quietMs && waited < maxMs; waited += 10) {
        await sleep(10);
        const v = version();
        quiet = v === seen ? quiet + 10 : 0;
        seen = v;
      }
      settledAt = seen;
    },
    begin: () =>
      Promise.resolve().then(() => {
        endSnapshot();
        before.exec("begin");
        before.prepare("select count(*) from sqlite_master").get();
        startedAt = version();
      }),
    committed: () => Promise.resolve().then(() => version() !== startedAt),
    changedTables: () =>
      Promise.resolve().then(() => {
        try {
          if (version() === startedAt) return [];
          return differing(fingerprint(before), now.transaction(() => fingerprint(now))());
        } finally {
          endSnapshot();
        }
      }),
    end: () => Promise.resolve().then(endSnapshot),
    value: <T>(sql: string, ...params: unknown[]) =>
      Promise.resolve().then(
        () =>
          now
            .prepare(sql)
            .pluck()
            .get(...params) as T,
      ),
    close: () =>
      Promise.resolve().then(() => {
        endSnapshot();
        before.close();
        now.close();
      }),
  };
}

/**
 * PostgreSQL: one statement hashes every table (a single statement reads one snapshot), each row as
 * its row text without the unhashed columns, rows sorted by that text (heap order is not stable).
 */
function watchPostgres(url: string): DatabaseWatch {
  const db = testPool(url);
  let hashAll: Promise<string> | undefined;
  const statement = () =>
    (hashAll ??= db
      .query<{ table_name: string; column_name: string }>(
        `select c.table_name, c.column_name from information_schema.columns c
           join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
          where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
          order by c.table_name, c.ordinal_position`,
      )
      .then(({ rows }) => {
        const columns = new Map<string, string[]>();
        for (const r of rows) {
          if (DERIVED_TABLES.has(r.table_name) || UNHASHED_COLUMNS[r.table_name]?.includes(r.column_name)) continue;
          columns.set(r.table_name, [...(columns.get(r.table_name) ?? []), r.column_name]);
        }
        return [...columns]
          .map(([table, cols]) => {
            const row = `row(${cols.map((c) => `t.${quote(c)}`).join(", ")})::text`;
            return `select '${table}' as name, md5(coalesce(string_agg(${row}, E'\\n' order by ${row}), '')) as hash from ${quote(table)} t`;
          })
          .join("\nunion all\n");
      }));
  const fingerprintNow = async (): Promise<Fingerprint> => {
    const { rows } = await db.query<{ name: string; hash: string }>(await statement());
    return new Map(rows.map((r) => [r.name, r.hash]));
  };
  const same = (a: Fingerprint, b: Fingerprint) => differing(a, b).length === 0;
  let started: Fingerprint | undefined;
  let latest: Fingerprint | undefined;

  return {
    async settle(quietMs = 40, maxMs = 3_000) {
      let seen = await fingerprintNow();
      const since = Date.now();
      for (let quietSince = Date.now(); Date.now() - quietSince < quietMs && Date.now() - since < maxMs;) {
        await sleep(10);
        const current = await fingerprintNow();
        if (!same(current, seen)) quietSince = Date.now();
        seen = current;
      }
    },
    async begin() {
      started = await fingerprintNow();
      latest = undefined;
    },
    async committed() {
      latest ??= await fingerprintNow();
      return started ? !same(started, latest) : false;
    },
    async changedTables() {
      latest = await fingerprintNow();
      return started ? differing(started, latest) : [];
    },
    end: () => Promise.resolve(),
    value: async <T>(sql: string, ...params: unknown[]) => (await db.query<[T]>(sql, params, "array")).rows[0]?.[0] as T,
    close: () => db.pool.end(),
  };
}
