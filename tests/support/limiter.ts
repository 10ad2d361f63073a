import type { DB } from "../../src/platform/db/client.ts";
import { createRateLimiter } from "../../src/platform/app-context.ts";
import type { RateLimiter } from "../../src/platform/rate-limit.ts";

/**
 * A limiter with limits on and nothing counted yet: the engine's own (in memory on SQLite, the
 * shared table on PostgreSQL, emptied first so earlier tests of the file count for nothing).
 */
export async function freshLimiter(db: DB): Promise<RateLimiter> {
  await db.deleteFrom("rateLimitHit").execute();
  return createRateLimiter(db, true);
}
