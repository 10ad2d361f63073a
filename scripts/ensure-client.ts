/**
 * `npm start` runs this first: builds the web client only when there is no build yet or one of
 * its sources changed since (a fresh clone, a pull, an edit), so a start with a current build
 * costs a few milliseconds instead of a build. The sources: everything under src/ but the server,
 * the package and build configuration, and the build scripts. `npm run build` always builds.
 * Usage: bun scripts/ensure-client.ts
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { buildClient } from "./build-client.ts";

const root = path.resolve(import.meta.dir, "..");
const outdir = path.resolve(root, process.env.CLIENT_DIR ?? "dist/client");
/** Written after a build made here: when it started (a source saved during the build is newer). */
const STAMP = path.join(outdir, ".build-started");
const CONFIG_FILES = ["package.json", "package-lock.json", "bunfig.toml", "tsconfig.json", "tsr.config.json"];

/** The newest modification time among the client's sources (ms). */
function newestSource(): { file: string; mtimeMs: number } {
  let newest = { file: "", mtimeMs: 0 };
  const consider = (file: string) => {
    const mtimeMs = statSync(file).mtimeMs;
    if (mtimeMs > newest.mtimeMs) newest = { file, mtimeMs };
  };
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (full !== path.join(root, "src/server")) walk(full);
      } else if (entry.isFile()) consider(full);
    }
  };
  walk(path.join(root, "src"));
  for (const file of CONFIG_FILES) if (existsSync(path.join(root, file))) consider(path.join(root, file));
  for (const file of readdirSync(path.join(root, "scripts"))) {
    if (file === "build-client.ts" || /^client-.*\.ts$/.test(file)) consider(path.join(root, "scripts", file));
  }
  return newest;
}

/** Why the client must be built, or null when the build in outdir is current. */
export function staleBecause(): string | null {
  const index = path.join(outdir, "index.html");
  if (!existsSync(index)) return "no build yet";
  // Without a stamp (a build by `npm run build`), the page's own time stands for the build's.
  const stamped = existsSync(STAMP) ? Number(readFileSync(STAMP, "utf8")) : Number.NaN;
  const builtAt = Number.isFinite(stamped) ? stamped : statSync(index).mtimeMs;
  const newest = newestSource();
  return newest.mtimeMs > builtAt ? `${path.relative(root, newest.file)} changed since the last build` : null;
}

/** Builds the client into CLIENT_DIR (dist/client) unless the build there is current; answers that folder, or null when the build failed. */
export async function ensureClient(): Promise<string | null> {
  const reason = staleBecause();
  if (reason === null) {
    console.log(`client build in ${path.relative(root, outdir)} is current`);
  } else {
    console.log(`building the client: ${reason}`);
    const startedAt = Date.now();
    if (!(await buildClient(outdir))) return null;
    writeFileSync(STAMP, String(startedAt));
  }
  return outdir;
}

if (import.meta.main && !(await ensureClient())) process.exit(1);
