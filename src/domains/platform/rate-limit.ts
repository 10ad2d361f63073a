import { DomainError, ErrorCodes } from "../../shared/errors.ts";
import { texts } from "../../shared/texts.ts";
import { MINUTE } from "./clock.ts";

/** Limits per bucket: at most `max` attempts per key in a sliding window of `windowMs`. */
export const RATE_LIMIT_RULES = {
  login: { max: 10, windowMs: 15 * MINUTE },
  register: { max: 5, windowMs: 60 * MINUTE },
  resetRequest: { max: 5, windowMs: 60 * MINUTE },
  codeEntry: { max: 10, windowMs: 15 * MINUTE },
  mail: { max: 10, windowMs: 60 * MINUTE },
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

/**
 * In-memory sliding-window limiter: one process serves the site (see docs/decisions). Keys are
 * chosen by the caller (client address, e-mail address) so one attacker cannot lock out everyone.
 */
export class RateLimiter {
  private readonly hits = new Map<string, number[]>();
  constructor(private readonly enabled: boolean) {}

  /** Counts one attempt for each key; throws RATE_LIMITED when any key is over its limit. */
  consume(bucket: RateLimitBucket, keys: readonly string[], now = Date.now()): void {
    if (!this.enabled) return;
    const { max, windowMs } = RATE_LIMIT_RULES[bucket];
    for (const key of keys) {
      const id = `${bucket}:${key.toLowerCase()}`;
      const recent = (this.hits.get(id) ?? []).filter((t) => now - t < windowMs);
      if (recent.length >= max) {
        this.hits.set(id, recent);
        throw new DomainError(ErrorCodes.RateLimited, texts.tooManyRequests);
      }
      recent.push(now);
      this.hits.set(id, recent);
    }
    if (this.hits.size > 50_000) this.prune(now);
  }

  private prune(now: number) {
    const longest = Math.max(...Object.values(RATE_LIMIT_RULES).map((r) => r.windowMs));
    for (const [id, times] of this.hits) if (times.every((t) => now - t >= longest)) this.hits.delete(id);
  }
}
