/**
 * Builds the web client into dist/client: index.html plus hashed assets under /assets/, in
 * production mode (React's production build), one chunk per screen.
 * Usage: bun scripts/build-client.ts [--dev]
 */
import { rmSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dir, "..");
// CLIENT_DIR moves the build (the server reads the same variable), e.g. for a second journey run.
const outdir = path.resolve(root, process.env.CLIENT_DIR ?? "dist/client");
const dev = process.argv.includes("--dev");

export async function buildClient(): Promise<boolean> {
  // Generate the route tree from the files in src/client/routes (TanStack Router CLI).
  const gen = Bun.spawnSync([path.join(root, "node_modules/.bin/tsr"), "generate"], { cwd: root, stdout: "pipe", stderr: "pipe" });
  if (gen.exitCode !== 0) {
    console.error(gen.stderr.toString() || gen.stdout.toString());
    return false;
  }
  rmSync(outdir, { recursive: true, force: true });
  const started = performance.now();
  const result = await Bun.build({
    entrypoints: [path.join(root, "src/client/index.html")],
    outdir,
    publicPath: "/",
    splitting: true,
    minify: !dev,
    sourcemap: dev ? "linked" : "none",
    naming: { entry: "[name].[ext]", chunk: "assets/[name]-[hash].[ext]", asset: "assets/[name]-[hash].[ext]" },
    define: { "process.env.NODE_ENV": JSON.stringify(dev ? "development" : "production") },
  });
  if (!result.success) {
    for (const log of result.logs) console.error(log);
    return false;
  }
  const bytes = result.outputs.reduce((n, o) => n + o.size, 0);
  console.log(`client built in ${(performance.now() - started).toFixed(0)} ms: ${result.outputs.length} files, ${(bytes / 1024).toFixed(0)} KiB`);
  return true;
}

if (import.meta.main) {
  if (!(await buildClient())) process.exit(1);
}
