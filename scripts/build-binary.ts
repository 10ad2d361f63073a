/**
 * `npm run build:binary [-- --outfile FILE]`: Sideline as one executable (default dist/sideline;
 * decision 033). `bun build --compile` bundles src/server/cli.ts with the Bun runtime and embeds
 * what the server reads at run time, so the executable needs nothing beside it but DATA_DIR:
 * - the web client (built first when missing or stale, as npm start does) and public/;
 * - every migration, imported statically (migrations.ts is swapped for bundledMigrationsModule),
 *   and migrations/data/ (the reference lists the migrations read relative to the bundle);
 * - the worker threads' modules, which a compiled program can start only as entry points;
 * - sharp's addon (image uploads), with the libvips library it links against (Bun embeds the
 *   addon's libraries beside it; src/server/shipped-files.ts loads libvips before sharp).
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { BunPlugin } from "bun";
import { bundledMigrationsModule, MIGRATIONS_DIR } from "../src/platform/db/migration-source.ts";
import { EMBEDDED_DIRS } from "../src/server/shipped-files.ts";
import { ensureClient } from "./ensure-client.ts";

const root = path.resolve(import.meta.dir, "..");
export const DEFAULT_OUTFILE = path.join(root, "dist/sideline");

/**
 * Modules started with `new Worker(new URL("./<file>", import.meta.url))`: in a compiled program each
 * must be an entry point of its own, and is found by its file name beside the bundle.
 */
const WORKERS = ["src/platform/mail-worker.ts", "src/domains/search/search.reader.worker.ts"];

/**
 * A plugin that gives one module of the bundle another source text; `applied` tells afterwards
 * whether the bundle had that module (when it moves, the build must fail rather than ship without).
 */
function replaceModule(name: string, file: RegExp, contents: (source: string, file: string) => string | Promise<string>) {
  let applied = false;
  const plugin: BunPlugin = {
    name,
    setup(build) {
      build.onLoad({ filter: file }, async (args) => {
        applied = true;
        const loader = args.path.endsWith(".ts") ? "ts" : "js";
        return { contents: await contents(await Bun.file(args.path).text(), args.path), loader };
      });
    },
  };
  return { plugin, applied: () => applied };
}

export async function buildBinary(outfile = DEFAULT_OUTFILE): Promise<boolean> {
  const clientDir = await ensureClient();
  if (!clientDir) return false;
  // Each embedded folder lands beside the bundle under its own name: stage them under the names
  // the server looks for (EMBEDDED_DIRS), the client's index.html and assets/ only.
  const stage = mkdtempSync(path.join(os.tmpdir(), "sideline-binary-"));
  try {
    const client = path.join(stage, EMBEDDED_DIRS.client);
    mkdirSync(client);
    cpSync(path.join(clientDir, "index.html"), path.join(client, "index.html"));
    cpSync(path.join(clientDir, "assets"), path.join(client, "assets"), { recursive: true });
    cpSync(path.join(root, "public"), path.join(stage, EMBEDDED_DIRS.public), { recursive: true });

    // The migrator's list of migrations: static imports of the same files instead of the folder.
    const migrations = replaceModule("bundled migrations", /[\\/]src[\\/]platform[\\/]db[\\/]migrations\.ts$/, () =>
      bundledMigrationsModule(),
    );
    // sharp loads its addon through a require of its own making (createRequire), which the bundler
    // cannot follow; with the plain require, it embeds the addon of this platform (and libvips).
    const sharpAddon = replaceModule("sharp addon", /[\\/]sharp[\\/]dist[\\/]sharp\.mjs$/, (source, file) => {
      const patched = source.replace("const require = createRequire(import.meta.url);", "");
      if (patched === source) throw new Error(`${file}: sharp no longer makes its require as this build expects`);
      return patched;
    });
    const started = performance.now();
    const result = await Bun.build({
      entrypoints: [path.join(root, "src/server/cli.ts"), ...WORKERS.map((w) => path.join(root, w))],
      compile: {
        outfile,
        assets: [client, path.join(stage, EMBEDDED_DIRS.public), path.join(MIGRATIONS_DIR, "data")],
        // The executable reads no .env or bunfig.toml of the folder it is started from.
        autoloadDotenv: false,
        autoloadBunfig: false,
      },
      // better-sqlite3 is vitest's driver under Node; under Bun the server opens bun:sqlite.
      external: ["better-sqlite3"],
      minify: true,
      // Parsed at build time: the server answers about a third sooner after start (decision 033).
      bytecode: true,
      format: "esm",
      sourcemap: "linked",
      // Flat names: a worker is found at new URL("./<its file name>", import.meta.url), beside the bundle.
      naming: { entry: "[name].[ext]" },
      plugins: [migrations.plugin, sharpAddon.plugin],
    });
    if (!result.success) {
      for (const log of result.logs) console.error(log);
      return false;
    }
    const missing = [migrations, sharpAddon].filter((replaced) => !replaced.applied()).map((replaced) => replaced.plugin.name);
    if (missing.length > 0) {
      console.error(`not applied: ${missing.join(", ")} (the module moved): the binary would lack them`);
      return false;
    }
    const mib = (statSync(outfile).size / 1024 / 1024).toFixed(0);
    console.log(`binary built in ${(performance.now() - started).toFixed(0)} ms: ${path.relative(process.cwd(), outfile)} (${mib} MiB)`);
    return true;
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const [flag, value, ...rest] = process.argv.slice(2);
  if (rest.length > 0 || (flag !== undefined && (flag !== "--outfile" || !value))) {
    console.error("Usage: bun scripts/build-binary.ts [--outfile FILE]");
    process.exit(2);
  }
  if (!(await buildBinary(value ? path.resolve(value) : DEFAULT_OUTFILE))) process.exit(1);
}
