import { DomainError, ErrorCodes } from "../shared/errors.ts";
import { serverTexts } from "../shared/server-texts.ts";
import { DAY, HOUR, MINUTE } from "./clock.ts";
import type { DB } from "./db/client.ts";

/**
 * Limits per bucket: at most `max` events per key in a sliding window of `windowMs`. The sign-in
 * and reset rules are explained in docs/decisions/009-pending-registration-and-lockout.md.
 */
export const RATE_LIMIT_RULES = {
  /** Sign-in attempts per client address (whatever the account). */
  login: { max: 10, windowMs: 15 * MINUTE },
  /** Failed sign-ins per account and client address: past it that address may not try that account. */
  loginFailure: { max: 5, windowMs: 15 * MINUTE },
  /**
   * Failed sign-ins per account from every address: past it only addresses the account is familiar
   * with may try. One address alone (5 per 15 minutes) cannot reach it.
   */
  accountLoginFailure: { max: 50, windowMs: HOUR },
  /** An address that signed in to the account, confirmed it or reset its password (30 days). */
  familiarAddress: { max: 1, windowMs: 30 * DAY },
  register: { max: 5, windowMs: 60 * MINUTE },
  /** Reset requests per client address. */
  resetRequest: { max: 5, windowMs: 60 * MINUTE },
  codeEntry: { max: 10, windowMs: 15 * MINUTE },
  /** Mail-sending requests per client address (and per member for settings). */
  mail: { max: 10, windowMs: 60 * MINUTE },
  /**
   * Mails of one kind (reset codes; confirmation links of registration) to one e-mail address.
   * Past it a request is answered as usual and sends nothing: the window equals a reset code's
   * lifetime, so the codes already mailed in it still work (codes are not voided by new requests).
   */
  accountMail: { max: 3, windowMs: HOUR },
  clientLog: { max: 30, windowMs: MINUTE },
  // Logs without a session, from all addresses together: they cost disk, and addresses are cheap.
  anonymousClientLog: { max: 300, windowMs: 60 * MINUTE },
  // Notification e-mails to one member, whoever causes them; past it the site still notifies.
  notificationMail: { max: 30, windowMs: 60 * MINUTE },
  // Private messages: generous for a conversation, a ceiling for spam.
  message: { max: 60, windowMs: 60 * MINUTE },
  /** Each call of the message assistant costs the operator money at the model's provider. */
  assistant: { max: 20, windowMs: 60 * MINUTE },
  /** Contact requests per member, refused ones included (decision 040): a ceiling for trying ids. */
  contactRequest: { max: 30, windowMs: 60 * MINUTE },
  /** Reports per member (decision 041): each is a moderator's work; a real problem needs far fewer. */
  report: { max: 20, windowMs: 60 * MINUTE },
  /** Archives of one's data (decision 036): each reads every row about the member and writes a zip. */
  dataExport: { max: 3, windowMs: DAY },
} as const;
export type RateLimitBucket = keyof typeof RATE_LIMIT_RULES;

/** The RATE_LIMITED error (429), with the general message unless a more helpful one is given. */
export const rateLimited = (message: string = serverTexts.tooManyRequests) => new DomainError(ErrorCodes.RateLimited, message);

/**
 * Sliding-window limits: at most a bucket's `max` events per key in its window. Keys are chosen by
 * the caller (client address, e-mail address) so one attacker cannot lock out everyone, and are
 * compared without case. With limits off (tests, RATE_LIMITS=off) nothing is counted and nothing
 * is refused. One process on SQLite counts in memory; processes sharing a PostgreSQL database
 * count in a table, so a limit holds across all of them (createRateLimiter).
 */
export interface RateLimiter {
  /** Counts one attempt for each key; throws RATE_LIMITED (counting nothing) when any key is at its limit. */
  consume: (bucket: RateLimitBucket, keys: readonly string[], now?: number) => Promise<void>;
  /** Like consume, but answers false instead of throwing (for limits the caller must not reveal). */
  tryConsume: (bucket: RateLimitBucket, keys: readonly string[], now?: number) => Promise<boolean>;
  /** Whether the key is at its bucket's limit, without counting anything. */
  isOver: (bucket: RateLimitBucket, key: string, now?: number) => Promise<boolean>;
  /** How many events the key has in its bucket's window, at most the bucket's `max` (0 with limits off). */
  count: (bucket: RateLimitBucket, key: string, now?: number) => Promise<number>;
  /** Counts one event for each key and never refuses (failures, successes). */
  record: (bucket: RateLimitBucket, keys: readonly string[], now?: number) => Promise<void>;
  /** Forgets a key's events in one bucket. */
  clear: (bucket: RateLimitBucket, key: string) => Promise<void>;
  /**
   * The same limits, counted through a write unit's transaction (write-unit.ts): on PostgreSQL a
   * check then takes no second connection and no transaction of its own while the unit holds one,
   * and its count commits or rolls back with the unit. The memory limiter is itself.
   */
  within: (db: DB) => RateLimiter;
}

/** The parts every limiter shares: the checks written once over a store's count and add. */
export abstract class SlidingWindowLimiter implements RateLimiter {
  constructor(protected readonly enabled: boolean) {}

  /** Under the store's lock for these keys: when `admit` allows, adds one event per key. */
  protected abstract counted(
    bucket: RateLimitBucket,
    keys: string[],
    now: number,
    admit: (countOf: (key: string) => number) => boolean,
  ): Promise<boolean>;
  protected abstract countStored(bucket: RateLimitBucket, key: string, now: number): Promise<number>;
  protected abstract clearStored(bucket: RateLimitBucket, key: string): Promise<void>;

  async consume(bucket: RateLimitBucket, keys: readonly string[], now = Date.now()): Promise<void> {
    if (!(await this.tryConsume(bucket, keys, now))) throw rateLimited();
  }

  async tryConsume(bucket: RateLimitBucket, keys: readonly string[], now = Date.now()): Promise<boolean> {
    if (!this.enabled) return true;
    const { max } = RATE_LIMIT_RULES[bucket];
    const list = normalised(keys);
    return this.counted(bucket, list, now, (countOf) => list.every((key) => countOf(key) < max));
  }

  async isOver(bucket: RateLimitBucket, key: string, now = Date.now()): Promise<boolean> {
    return (await this.count(bucket, key, now)) >= RATE_LIMIT_RULES[bucket].max;
  }

  async count(bucket: RateLimitBucket, key: string, now = Date.now()): Promise<number> {
    if (!this.enabled) return 0;
    return Math.min(RATE_LIMIT_RULES[bucket].max, await this.countStored(bucket, key.toLowerCase(), now));
  }

  async record(bucket: RateLimitBucket, keys: readonly string[], now = Date.now()): Promise<void> {
    if (!this.enabled) return;
    await this.counted(bucket, normalised(keys), now, () => true);
  }

  async clear(bucket: RateLimitBucket, key: string): Promise<void> {
    if (this.enabled) await this.clearStored(bucket, key.toLowerCase());
  }

  abstract within(db: DB): RateLimiter;
}

/** Lower-cased, without repeats, in one order (a store that locks per key locks them in this order). */
function normalised(keys: readonly string[]): string[] {
  return [...new Set(keys.map((key) => key.toLowerCase()))].sort();
}

/** One process's limiter: the times of each key's recent events in a map (at most `max` per key). */
export class MemoryRateLimiter extends SlidingWindowLimiter {
  /** bucket -> key -> times of the events still in the bucket's window (at most `max`). */
  private readonly hits = new Map<RateLimitBucket, Map<string, number[]>>();
  private size = 0;

  protected counted(
    bucket: RateLimitBucket,
    keys: string[],
    now: number,
    admit: (countOf: (key: string) => number) => boolean,
  ): Promise<boolean> {
    if (!admit((key) => this.recent(bucket, key, now).length)) return Promise.resolve(false);
    const { max } = RATE_LIMIT_RULES[bucket];
    let byKey = this.hits.get(bucket);
    if (!byKey) this.hits.set(bucket, (byKey = new Map<string, number[]>()));
    for (const key of keys) {
      if (!byKey.has(key)) this.size += 1;
      const recent = this.recent(bucket, key, now);
      recent.push(now);
      byKey.set(key, recent.slice(-max));
    }
    if (this.size > 50_000) this.prune(now);
    return Promise.resolve(true);
  }

  protected countStored(bucket: RateLimitBucket, key: string, now: number): Promise<number> {
    return Promise.resolve(this.recent(bucket, key, now).length);
  }

  protected clearStored(bucket: RateLimitBucket, key: string): Promise<void> {
    if (this.hits.get(bucket)?.delete(key)) this.size -= 1;
    return Promise.resolve();
  }

  within(): RateLimiter {
    return this;
  }

  private recent(bucket: RateLimitBucket, key: string, now: number): number[] {
    const { windowMs } = RATE_LIMIT_RULES[bucket];
    return (this.hits.get(bucket)?.get(key) ?? []).filter((t) => now - t < windowMs);
  }

  private prune(now: number) {
    for (const [bucket, byKey] of this.hits) {
      const { windowMs } = RATE_LIMIT_RULES[bucket];
      for (const [key, times] of byKey) {
        if (times.every((t) => now - t >= windowMs)) {
          byKey.delete(key);
          this.size -= 1;
        }
      }
    }
  }
}
