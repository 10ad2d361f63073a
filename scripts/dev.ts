/**
 * Development: builds the client, runs the server, and on every change under src/ or migrations/
 * rebuilds the client and restarts the server (Bun's HMR server does not work with TanStack Router).
 */
import { watch } from "node:fs";
import path from "node:path";
import type { Subprocess } from "bun";
import { buildClient } from "./build-client.ts";

const root = path.resolve(import.meta.dir, "..");
let server: Subprocess | null = null;
let timer: Timer | null = null;

async function restart() {
  const built = await buildClient();
  if (server) {
    server.kill("SIGTERM");
    await server.exited;
  }
  if (!built) {
    console.error("dev: the client did not build; fix the error and save again");
    return;
  }
  server = Bun.spawn([process.execPath, "src/server/main.ts"], { cwd: root, stdout: "inherit", stderr: "inherit", env: process.env });
}

function onChange(_event: string, file: string | null) {
  if (file?.endsWith("routeTree.gen.ts")) return;
  if (timer) clearTimeout(timer);
  timer = setTimeout(() => void restart(), 150);
}

for (const dir of ["src", "migrations"]) watch(path.join(root, dir), { recursive: true }, onChange);
await restart();
console.log("dev: watching src/ and migrations/ for changes");
