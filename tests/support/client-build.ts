/**
 * A real build of the web client (scripts/build-client.ts) in a temporary folder, for tests that
 * serve or measure it. Built synchronously, so a test file can call it before its server starts.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ROOT } from "./server.ts";

export function buildClientInto(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), "sideline-client-"));
  execFileSync(path.join(ROOT, "node_modules/.bin/bun"), [path.join(ROOT, "scripts/build-client.ts")], {
    cwd: ROOT,
    env: { ...process.env, CLIENT_DIR: dir },
    stdio: "pipe",
    timeout: 120_000,
  });
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
