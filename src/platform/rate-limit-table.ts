import { sql } from "kysely";
import type { DB } from "./db/client.ts";
import { precompiled, textStatement } from "./db/precompiled.ts";
import { RATE_LIMIT_RULES, type RateLimitBucket, SlidingWindowLimiter } from "./rate-limit.ts";

declare module "./db/database.ts" {
  interface Database {
    rateLimitHit: { bucket: string; key: string; at: number };
  }
}

/**
 * Limits counted in the database's rate_limit_hit table, for processes sharing one PostgreSQL
 * database: an attacker spreading requests over the processes meets the same limit. A check and its
 * count happen in one transaction that holds a transaction-level advisory lock per key (taken in
 * one order, so two checks of overlapping keys cannot deadlock), so two processes cannot both
 * admit the last attempt. Rows past their bucket's window are pruned by the retention job. Inside a
 * write unit (`within` its transaction) the check runs in the unit's transaction: the locks are
 * then held until the unit ends, and the count commits or rolls back with it (decision 044).
 */
export class TableRateLimiter extends SlidingWindowLimiter {
  constructor(
    private readonly db: DB,
    enabled: boolean,
  ) {
    super(enabled);
  }

  protected counted(
    bucket: RateLimitBucket,
    keys: string[],
    now: number,
    admit: (countOf: (key: string) => number) => boolean,
  ): Promise<boolean> {
    const check = async (trx: DB) => {
      // Every key's lock in one statement, in the keys' order (unnest reads the array in order). The
      // count is a statement of its own: its snapshot must be taken once the locks are held.
      await lockKeys(trx, { locks: keys.map((key) => `${bucket}:${key}`) });
      const rows = await countHits(trx, { bucket, keys, since: now - RATE_LIMIT_RULES[bucket].windowMs });
      const counts = new Map(rows.map((r) => [r.key, Number(r.n)]));
      if (!admit((key) => counts.get(key) ?? 0)) return false;
      await recordHits(trx, { bucket, keys, at: now });
      return true;
    };
    return this.db.isTransaction ? check(this.db) : this.db.transaction().execute(check);
  }

  within(db: DB): TableRateLimiter {
    return new TableRateLimiter(db, this.enabled);
  }

  protected async countStored(bucket: RateLimitBucket, key: string, now: number): Promise<number> {
    const row = await this.db
      .selectFrom("rateLimitHit")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("bucket", "=", bucket)
      .where("key", "=", key)
      .where("at", ">", now - RATE_LIMIT_RULES[bucket].windowMs)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  protected async clearStored(bucket: RateLimitBucket, key: string): Promise<void> {
    await this.db.deleteFrom("rateLimitHit").where("bucket", "=", bucket).where("key", "=", key).execute();
  }
}

/*
 * The check's three statements, prepared once per connection (decision 044): they run on every
 * limited action (a message, a reply's e-mail, a sign-in). The keys go in as one array, so one text
 * serves any number of them.
 */
const lockKeys = precompiled((db, p: { locks: string[] }) =>
  textStatement(db, "SELECT count(pg_advisory_xact_lock(hashtext(k))) AS n FROM unnest(?::text[]) AS k", [p.locks]),
);
const countHits = precompiled((db, p: { bucket: string; keys: string[]; since: number }) =>
  textStatement<{ key: string; n: number | string }>(
    db,
    "SELECT key, count(*) AS n FROM rate_limit_hit WHERE bucket = ? AND key = ANY(?::text[]) AND at > ? GROUP BY key",
    [p.bucket, p.keys, p.since],
  ),
);
const recordHits = precompiled((db, p: { bucket: string; keys: string[]; at: number }) =>
  textStatement(db, "INSERT INTO rate_limit_hit (bucket, key, at) SELECT ?, k, ? FROM unnest(?::text[]) AS k", [p.bucket, p.at, p.keys]),
);

/** Deletes up to `limit` events older than their bucket's window; answers how many (PostgreSQL). */
export async function pruneRateLimitHits(db: DB, now: Date, limit: number): Promise<number> {
  let deleted = 0;
  for (const [bucket, { windowMs }] of Object.entries(RATE_LIMIT_RULES)) {
    if (deleted >= limit) break;
    const r = await sql`DELETE FROM rate_limit_hit WHERE ctid IN (
      SELECT ctid FROM rate_limit_hit WHERE bucket = ${bucket} AND at <= ${now.getTime() - windowMs} LIMIT ${limit - deleted})`.execute(db);
    deleted += Number(r.numAffectedRows ?? 0);
  }
  return deleted;
}
