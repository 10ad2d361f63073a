/**
 * Client logs on a real SQLite file: accepted without a session only from the site's own pages,
 * kept seven days.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError } from "#support/domain-errors.ts";
import { createMember } from "#support/members.ts";
import { closeTestContext, openTestContext, type TestContext } from "#support/service-context.ts";
import { ErrorCodes } from "../../shared/errors.ts";
import { DAY } from "../../platform/clock.ts";
import * as accounts from "./accounts.service.ts";

let t: TestContext | undefined;
beforeAll(async () => {
  t = await openTestContext("client-logs");
});
afterAll(() => closeTestContext(t));

const entry = (message: string) => ({ message, stack: "", url: "/home", level: "error" });
const count = (message: string) =>
  t!.db
    .selectFrom("clientLog")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("message", "=", message)
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));

describe("client logs", () => {
  it("refuses an anonymous log that did not come from the site's pages; a member's log is taken from anywhere", async () => {
    const message = `anonymous ${Math.random()}`;
    await expectError(
      accounts.recordClientLog(t!.ctx, null, entry(message), { ip: "203.0.113.5", userAgent: "curl" }),
      ErrorCodes.Forbidden,
    );
    expect(await count(message)).toBe(0);
    await accounts.recordClientLog(t!.ctx, null, entry(message), { ip: "203.0.113.5", userAgent: "Firefox", fromOwnPage: true });
    await accounts.recordClientLog(t!.ctx, await createMember(t!.db), entry(message), { ip: "203.0.113.5", userAgent: "app" });
    expect(await count(message)).toBe(2);
  });

  it("prunes logs older than seven days and keeps the rest", async () => {
    const message = `aged ${Math.random()}`;
    await accounts.recordClientLog(t!.ctx, null, entry(message), { ip: "203.0.113.6", userAgent: "Firefox", fromOwnPage: true });
    expect(await accounts.pruneClientLogs(t!.ctx, new Date(Date.now() + 6 * DAY))).toBe(0);
    expect(await count(message)).toBe(1);
    expect(await accounts.pruneClientLogs(t!.ctx, new Date(Date.now() + 7 * DAY + 60_000))).toBeGreaterThanOrEqual(1);
    expect(await count(message)).toBe(0);
  });
});
