/**
 * The scheduler of the server's background jobs (fake timers, so the test does not depend on the
 * machine's load): first run after its delay, then on its period; no two runs at once; a failure
 * logged and retried at the next tick; stop waits for the run in progress and starts no other.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Logger } from "./logger.ts";
import { scheduleJob } from "./scheduled-job.ts";

function recordingLogger(): Logger & { errors: string[] } {
  const errors: string[] = [];
  return { errors, debug() {}, info() {}, warn() {}, error: (message: string) => void errors.push(message) };
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

describe("scheduleJob", () => {
  it("runs first after its delay, then every period from that run, and no more once stopped", async () => {
    const log = recordingLogger();
    let runs = 0;
    const job = scheduleJob("counting", { firstAfterMs: 30, everyMs: 100, log }, () => Promise.resolve(void runs++));
    await vi.advanceTimersByTimeAsync(29);
    expect(runs).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(99);
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toBe(2);
    await vi.advanceTimersByTimeAsync(200);
    expect(runs).toBe(4);
    await job.stop();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runs).toBe(4);
    expect(log.errors).toEqual([]);
  });

  it("a first delay equal to the period runs once at that time, not twice", async () => {
    const log = recordingLogger();
    let runs = 0;
    const job = scheduleJob("even", { firstAfterMs: 50, everyMs: 50, log }, () => Promise.resolve(void runs++));
    await vi.advanceTimersByTimeAsync(50);
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(49);
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toBe(2);
    await job.stop();
  });

  it("skips the ticks that come during a run, and stop waits for the run in progress", async () => {
    const log = recordingLogger();
    let started = 0;
    let finished = 0;
    const job = scheduleJob("slow", { firstAfterMs: 1, everyMs: 10, log }, async () => {
      started++;
      await sleep(85);
      finished++;
    });
    await vi.advanceTimersByTimeAsync(50);
    expect(started).toBe(1);
    let stopped = false;
    const stopping = job.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(30);
    expect(stopped).toBe(false);
    await vi.advanceTimersByTimeAsync(10);
    await stopping;
    expect(finished).toBe(1);
    await vi.advanceTimersByTimeAsync(100);
    expect(started).toBe(1);
  });

  it("a run that throws before its first await is logged as failed, and the period goes on", async () => {
    const log = recordingLogger();
    let runs = 0;
    const job = scheduleJob("throwing", { firstAfterMs: 1, everyMs: 20, log }, () => {
      if (++runs === 1) throw new Error("bad settings");
      return Promise.resolve();
    });
    await vi.advanceTimersByTimeAsync(1);
    expect(log.errors).toEqual(["throwing failed"]);
    await vi.advanceTimersByTimeAsync(20);
    expect(runs).toBe(2);
    await job.stop();
  });

  it("a stop called from the first run starts no other", async () => {
    const log = recordingLogger();
    let runs = 0;
    const job: { stop?: () => Promise<void> } = {};
    job.stop = scheduleJob("once", { firstAfterMs: 1, everyMs: 10, log }, () => {
      runs++;
      void job.stop!();
      return Promise.resolve();
    }).stop;
    await vi.advanceTimersByTimeAsync(100);
    expect(runs).toBe(1);
  });

  it("logs a failed run under the job's name and runs again at the next tick", async () => {
    const log = recordingLogger();
    let runs = 0;
    const job = scheduleJob("flaky", { firstAfterMs: 1, everyMs: 20, log }, () =>
      ++runs === 1 ? Promise.reject(new Error("database away")) : Promise.resolve(),
    );
    await vi.advanceTimersByTimeAsync(1);
    expect(log.errors).toEqual(["flaky failed"]);
    await vi.advanceTimersByTimeAsync(20);
    expect(runs).toBe(2);
    expect(log.errors).toHaveLength(1);
    await job.stop();
  });
});
