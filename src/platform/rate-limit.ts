import { DomainError, ErrorCodes } from "../shared/errors.ts";
import { texts } from "../shared/texts.ts";
import { DAY, HOUR, MINUTE } from "./clock.ts";

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
} as const;
export type RateLimitBucket = keyof typeof RATE_LIMIT_RULES;

/** The RATE_LIMITED error (429), with the general message unless a more helpful one is given. */
export const rateLimited = (message: string = texts.tooManyRequests) => new DomainError(ErrorCodes.RateLimited, message);

/**
 * In-memory sliding-window limiter: one process serves the site (see docs/decisions). Keys are
 * chosen by the caller (client address, e-mail address) so one attacker cannot lock out everyone.
 * With limits off (tests, RATE_LIMITS=off) nothing is counted and nothing is refused.
 */
export class RateLimiter {
  /** bucket -> key -> times of the events still in the bucket's window (at most `max`). */
  private readonly hits = new Map<RateLimitBucket, Map<string, number[]>>();
  private size = 0;
  constructor(private readonly enabled: boolean) {}

  /** Counts one attempt for each key; throws RATE_LIMITED (counting nothing) when any key is at its limit. */
  consume(bucket: RateLimitBucket, keys: readonly string[], now = Date.now()): void {
    if (!this.tryConsume(bucket, keys, now)) throw rateLimited();
  }

  /** Like consume, but answers false instead of throwing (for limits the caller must not reveal). */
  tryConsume(bucket: RateLimitBucket, keys: readonly string[], now = Date.now()): boolean {
    if (!this.enabled) return true;
    if (keys.some((key) => this.isOver(bucket, key, now))) return false;
    this.record(bucket, keys, now);
    return true;
  }

  /** Whether the key is at its bucket's limit, without counting anything. */
  isOver(bucket: RateLimitBucket, key: string, now = Date.now()): boolean {
    return this.count(bucket, key, now) >= RATE_LIMIT_RULES[bucket].max;
  }

  /** How many events the key has in its bucket's window (0 with limits off). */
  count(bucket: RateLimitBucket, key: string, now = Date.now()): number {
    if (!this.enabled) return 0;
    const { windowMs } = RATE_LIMIT_RULES[bucket];
    return (this.hits.get(bucket)?.get(key.toLowerCase()) ?? []).filter((t) => now - t < windowMs).length;
  }

  /** Counts one event for each key and never refuses (failures, successes); keeps the newest `max`. */
  record(bucket: RateLimitBucket, keys: readonly string[], now = Date.now()): void {
    if (!this.enabled) return;
    const { max, windowMs } = RATE_LIMIT_RULES[bucket];
    let byKey = this.hits.get(bucket);
    if (!byKey) this.hits.set(bucket, (byKey = new Map<string, number[]>()));
    for (const raw of keys) {
      const key = raw.toLowerCase();
      const previous = byKey.get(key);
      if (!previous) this.size += 1;
      const recent = (previous ?? []).filter((t) => now - t < windowMs);
      recent.push(now);
      byKey.set(key, recent.slice(-max));
    }
    if (this.size > 50_000) this.prune(now);
  }

  /** Forgets a key's events in one bucket. */
  clear(bucket: RateLimitBucket, key: string): void {
    if (this.hits.get(bucket)?.delete(key.toLowerCase())) this.size -= 1;
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
