import path from "node:path";
import { createAppContext } from "../../src/platform/app-context.ts";
import type { Actor, AppContext } from "../../src/platform/context.ts";
import type { DB } from "../../src/platform/db/client.ts";
import { silentLogger } from "../../src/platform/logger.ts";
import { discardingMailer } from "../../src/platform/mailer.ts";

/** The context of an in-process measurement on DATA_DIR's database: no log, no mail, no rate limits. */
export function measurementContext(db: DB, dataDir: string): AppContext {
  return createAppContext({
    db,
    log: silentLogger,
    mailer: discardingMailer,
    publicUrl: "http://sideline.test",
    uploadsDir: path.join(dataDir, "uploads"),
  });
}

/**
 * The member as a request's actor, with the birth date a session check reads with the session
 * (decision 051), so that a measured call runs the statements a request runs.
 */
export async function measurementActor(db: DB, memberId: number, sessionId = "measure"): Promise<Actor> {
  const { birthDate } = await db.selectFrom("member").select("birthDate").where("id", "=", memberId).executeTakeFirstOrThrow();
  return { memberId, sessionId, scope: "full", role: "member", birthDate };
}
