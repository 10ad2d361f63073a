import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeTestContext, openTestContext, type TestContext } from "#support/service-context.ts";
import { runOncePer } from "./job-lock.ts";

let t: TestContext | undefined;
beforeAll(async () => {
  t = await openTestContext("job-lock");
});
afterAll(() => closeTestContext(t));

describe("runOncePer", () => {
  it("runs a job once per period, whoever asks, and again once the period has passed", async () => {
    let runs = 0;
    const job = () => Promise.resolve(void runs++);
    const t0 = new Date("2026-11-26T10:00:00.000Z");
    expect(await runOncePer(t!.db, "test job", 60_000, job, t0)).toBe(true);
    expect(await runOncePer(t!.db, "test job", 60_000, job, new Date(t0.getTime() + 30_000))).toBe(false);
    expect(await runOncePer(t!.db, "other job", 60_000, job, t0)).toBe(true);
    expect(await runOncePer(t!.db, "test job", 60_000, job, new Date(t0.getTime() + 60_000))).toBe(true);
    expect(runs).toBe(3);
  });

  it("of several asking at once, one runs the job (on PostgreSQL the others skip while it runs)", async () => {
    let runs = 0;
    let release!: () => void;
    const slow = () => new Promise<void>((resolve) => ((release = resolve), runs++));
    const t0 = new Date("2026-11-27T10:00:00.000Z");
    const first = runOncePer(t!.db, "slow job", 60_000, slow, t0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const second = await runOncePer(t!.db, "slow job", 60_000, slow, t0);
    release();
    expect([await first, second]).toEqual([true, false]);
    expect(runs).toBe(1);
  });
});
