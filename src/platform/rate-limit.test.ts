import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeTestContext, openTestContext, type TestContext } from "#support/service-context.ts";
import { freshLimiter } from "#support/limiter.ts";
import { serverTexts } from "../shared/server-texts.ts";
import { createRateLimiter } from "./app-context.ts";
import { RATE_LIMIT_RULES } from "./rate-limit.ts";
import { pruneRateLimitHits } from "./rate-limit-table.ts";

// The engine's own limiter: in memory on SQLite, the shared table on PostgreSQL.
let t: TestContext | undefined;
beforeAll(async () => {
  t = await openTestContext("rate-limit");
});
afterAll(() => closeTestContext(t));

const t0 = 1_000_000_000_000;

describe("rate limiter", () => {
  it("counts in a sliding window per bucket and key", async () => {
    const limiter = await freshLimiter(t!.db);
    const { max, windowMs } = RATE_LIMIT_RULES.register;
    for (let i = 0; i < max; i++) await limiter.consume("register", ["ip:a"], t0 + i);
    await expect(limiter.consume("register", ["ip:a"], t0 + max)).rejects.toThrow(serverTexts.tooManyRequests);
    await expect(limiter.consume("register", ["ip:b"], t0 + max)).resolves.toBeUndefined();
    await expect(limiter.consume("login", ["ip:a"], t0 + max)).resolves.toBeUndefined();
    // Keys are case-insensitive (e-mail addresses).
    await expect(limiter.consume("register", ["IP:A"], t0 + max)).rejects.toThrow();
    // Once the first attempts leave the window, attempts are allowed again.
    await expect(limiter.consume("register", ["ip:a"], t0 + windowMs + 1)).resolves.toBeUndefined();
  });

  it("tryConsume refuses without throwing or counting; record never refuses; clear forgets a key", async () => {
    const limiter = await freshLimiter(t!.db);
    const { max, windowMs } = RATE_LIMIT_RULES.accountMail;
    for (let i = 0; i < max; i++) expect(await limiter.tryConsume("accountMail", ["reset:a@x"], t0)).toBe(true);
    expect(await limiter.tryConsume("accountMail", ["reset:a@x"], t0)).toBe(false);
    // A refused call counted nothing, for any of its keys.
    expect(await limiter.tryConsume("accountMail", ["reset:b@x", "reset:a@x"], t0)).toBe(false);
    expect(await limiter.count("accountMail", "reset:b@x", t0)).toBe(0);
    expect(await limiter.tryConsume("accountMail", ["reset:a@x"], t0 + windowMs)).toBe(true);

    for (let i = 0; i < 20; i++) await limiter.record("loginFailure", ["a@x|1.2.3.4"], t0);
    expect(await limiter.count("loginFailure", "a@x|1.2.3.4", t0)).toBe(RATE_LIMIT_RULES.loginFailure.max);
    expect(await limiter.isOver("loginFailure", "A@X|1.2.3.4", t0)).toBe(true);
    await limiter.clear("loginFailure", "a@x|1.2.3.4");
    expect(await limiter.isOver("loginFailure", "a@x|1.2.3.4", t0)).toBe(false);
  });

  it("with limits off, never refuses", async () => {
    const limiter = createRateLimiter(t!.db, false);
    for (let i = 0; i < 100; i++) await limiter.consume("login", ["ip:a"]);
    expect(await limiter.count("login", "ip:a")).toBe(0);
  });

  it("admits exactly `max` of many attempts made at once (one lock per key across connections)", async () => {
    const limiter = await freshLimiter(t!.db);
    const { max } = RATE_LIMIT_RULES.register;
    const answers = await Promise.all(Array.from({ length: 3 * max }, () => limiter.tryConsume("register", ["ip:race"], t0)));
    expect(answers.filter(Boolean)).toHaveLength(max);
  });

  it.runIf(process.env.SIDELINE_TEST_ENGINE === "postgres")("PostgreSQL: prunes the events past their bucket's window", async () => {
    const limiter = await freshLimiter(t!.db);
    await limiter.record("login", ["ip:old"], t0);
    await limiter.record("familiarAddress", ["pair"], t0);
    const later = new Date(t0 + RATE_LIMIT_RULES.login.windowMs + 1);
    expect(await pruneRateLimitHits(t!.db, later, 100)).toBe(1);
    expect(await limiter.count("familiarAddress", "pair", later.getTime())).toBe(1);
  });

  it.runIf(process.env.SIDELINE_TEST_ENGINE === "postgres")(
    "PostgreSQL, within a write unit's transaction: counts in it (no transaction nor connection of its own) and rolls back with it",
    async () => {
      const limiter = await freshLimiter(t!.db);
      const { max } = RATE_LIMIT_RULES.message;
      await expect(
        t!.db.transaction().execute(async (trx) => {
          const inUnit = limiter.within(trx);
          for (let i = 0; i < max; i++) await inUnit.consume("message", ["member:unit", "member:other"], t0);
          // The unit's own transaction sees its counts; other connections do not until it commits.
          await expect(inUnit.consume("message", ["member:unit"], t0)).rejects.toThrow(serverTexts.tooManyRequests);
          expect(await limiter.count("message", "member:unit", t0)).toBe(0);
          throw new Error("the unit fails");
        }),
      ).rejects.toThrow("the unit fails");
      expect(await limiter.count("message", "member:unit", t0)).toBe(0);
      await t!.db.transaction().execute(async (trx) => {
        await limiter.within(trx).consume("message", ["member:unit"], t0);
      });
      expect(await limiter.count("message", "member:unit", t0)).toBe(1);
    },
  );
});
