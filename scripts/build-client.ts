/**
 * Builds the web client into dist/client: index.html plus hashed assets under /assets/, in
 * production mode (React's production build), one chunk per screen. Every text asset gets a
 * brotli (.br) and a gzip (.gz) copy beside it, which the server sends by Accept-Encoding
 * (src/server/http/static.ts), and build-manifest.json records which chunk imports which
 * (scripts/client-first-load.ts reads it to size a screen's first load).
 * Usage: bun scripts/build-client.ts [--dev]
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants as zlib, gzip } from "node:zlib";
import { NONCE_PLACEHOLDER, SITE_NAME_PLACEHOLDER } from "../src/server/http/static.ts";
import { loginShellHtml } from "../src/client/shell/login-shell-html.ts";
import { type BuildManifest, MANIFEST_FILE } from "./client-first-load.ts";

const root = path.resolve(import.meta.dir, "..");
// CLIENT_DIR moves the build (the server reads the same variable), e.g. for a second journey run.
const defaultOutdir = path.resolve(root, process.env.CLIENT_DIR ?? "dist/client");
const dev = process.argv.includes("--dev");

export async function buildClient(outdir = defaultOutdir): Promise<boolean> {
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
    metafile: true,
  });
  if (!result.success) {
    for (const log of result.logs) console.error(log);
    return false;
  }
  const unstyled = mantineComponentsWithoutStyles(result.metafile);
  if (unstyled.length > 0) {
    console.error(`Mantine components bundled without their styles: add them to src/client/mantine-styles.ts: ${unstyled.join(", ")}`);
    return false;
  }
  const boot = await writeStaticShell(outdir, dev);
  const bytes = result.outputs.reduce((n, o) => n + o.size, 0);
  writeManifest(result.metafile, outdir);
  const compressed = await precompress([...result.outputs.map((o) => o.path), boot]);
  console.log(
    `client built in ${(performance.now() - started).toFixed(0)} ms: ${result.outputs.length} files, ${(bytes / 1024).toFixed(0)} KiB` +
      ` (${(compressed.gzip / 1024).toFixed(0)} KiB gzip, ${(compressed.br / 1024).toFixed(0)} KiB brotli for ${compressed.files} text files)`,
  );
  return true;
}

/**
 * What paints before the app's JavaScript (decision 019): Bun bundles every script of index.html
 * into the one module entry, so the boot script (src/client/shell/boot.js: colour scheme, login
 * shell on /) is minified on its own, written as a hashed asset and loaded by a classic script in
 * the head; the static login shell is written beside the React root. Answers the boot file's path.
 */
async function writeStaticShell(outdir: string, dev: boolean): Promise<string> {
  const built = await Bun.build({
    entrypoints: [path.join(root, "src/client/shell/boot.js")],
    minify: !dev,
    target: "browser",
    format: "iife",
  });
  if (!built.success || !built.outputs[0]) throw new Error(`boot script: ${built.logs.map((entry) => entry.message).join("\n")}`);
  const code = await built.outputs[0].text();
  const name = `assets/boot-${Bun.hash(code).toString(36).slice(0, 8)}.js`;
  writeFileSync(path.join(outdir, name), code);
  const indexFile = path.join(outdir, "index.html");
  const html = readFileSync(indexFile, "utf8");
  const withBoot = html.replace(/<link rel="stylesheet"/, `<script src="/${name}"></script><link rel="stylesheet"`);
  const withShell = withBoot.replace(
    '<div id="root"></div>',
    `${loginShellHtml(NONCE_PLACEHOLDER, SITE_NAME_PLACEHOLDER)}<div id="root"></div>`,
  );
  if (withBoot === html || withShell === withBoot)
    throw new Error("index.html: no stylesheet link or no #root to place the boot script and login shell");
  writeFileSync(indexFile, withShell);
  return path.join(outdir, name);
}

interface Metafile {
  inputs: Record<string, unknown>;
  outputs: Record<string, { bytes: number; imports?: { path: string; kind: string }[]; entryPoint?: string }>;
}

function writeManifest(metafile: Metafile | undefined, outdir: string) {
  if (!metafile) throw new Error("Bun.build gave no metafile");
  const local = (p: string) => path.relative(outdir, path.resolve(outdir, p));
  const files: BuildManifest["files"] = {};
  for (const [file, output] of Object.entries(metafile.outputs)) {
    files[local(file)] = {
      bytes: output.bytes,
      imports: (output.imports ?? []).filter((i) => i.kind !== "dynamic-import").map((i) => local(i.path)),
      ...(output.entryPoint ? { source: path.relative(root, path.resolve(root, output.entryPoint)) } : {}),
    };
  }
  writeFileSync(path.join(outdir, MANIFEST_FILE), `${JSON.stringify({ files } satisfies BuildManifest, null, 1)}\n`);
}

/**
 * The app imports Mantine's styles per component (src/client/mantine-styles.ts): a component in the
 * bundle whose @mantine/core/styles/NAME.css is not imported would render unstyled.
 */
function mantineComponentsWithoutStyles(metafile: Metafile | undefined): string[] {
  const inputs = Object.keys(metafile?.inputs ?? {});
  if (inputs.some((i) => i.endsWith("@mantine/core/styles.css"))) return []; // the whole sheet styles them all
  const styled = new Set(inputs.flatMap((i) => i.match(/@mantine\/core\/styles\/(\w+)\.css$/)?.[1] ?? []));
  const components = new Set(inputs.flatMap((i) => i.match(/@mantine\/core\/esm\/(?:components|utils)\/(\w+)\//)?.[1] ?? []));
  const stylesDir = path.join(root, "node_modules/@mantine/core/styles");
  return [...components].filter((c) => !styled.has(c) && existsSync(path.join(stylesDir, `${c}.css`))).sort();
}

/** Text types worth compressing (images other than SVG and fonts are compressed already). */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|map|webmanifest)$/;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Writes FILE.br (brotli 11) and FILE.gz (gzip 9) beside each text asset, when smaller than the file. */
async function precompress(files: string[]): Promise<{ files: number; gzip: number; br: number }> {
  const totals = { files: 0, gzip: 0, br: 0 };
  await Promise.all(
    files
      .filter((file) => COMPRESSIBLE.test(file) && path.basename(file) !== "index.html")
      .map(async (file) => {
        const bytes = readFileSync(file);
        const [br, gz] = await Promise.all([
          brotli(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
          gzipAsync(bytes, { level: 9 }),
        ]);
        totals.files++;
        totals.br += Math.min(br.length, bytes.length);
        totals.gzip += Math.min(gz.length, bytes.length);
        if (br.length < bytes.length) writeFileSync(`${file}.br`, br);
        if (gz.length < bytes.length) writeFileSync(`${file}.gz`, gz);
      }),
  );
  return totals;
}

if (import.meta.main) {
  if (!(await buildClient())) process.exit(1);
}
