/**
 * `npm run measure:first-load`: what a first visit costs. Builds the client, starts the real server
 * (production mode) on a temporary data folder with the demo data, then prints
 *  - the bytes of the login page's and the home page's first load (JavaScript and CSS: raw, gzip,
 *    brotli, as the build precompressed them; see scripts/client-first-load.ts for what counts),
 *  - Lighthouse scores (performance, accessibility) and paint timings of the login page and of the
 *    home page signed in, mobile preset (simulated Slow 4G, 4x CPU slowdown), in Debian's Chromium.
 * Usage: bun scripts/measure-first-load.ts [--runs N] [--cpu-slowdown N] [--pages login,home] [--no-lighthouse] [--json FILE] [--reports DIR]
 * Lighthouse: the pinned devDependency (node_modules/.bin/lighthouse), or LIGHTHOUSE=path/to/cli.
 * Chromium: CHROMIUM_PATH, else what scripts/chromium.mjs finds (node scripts/ensure-chromium.mjs installs it).
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { buildClient } from "./build-client.ts";
import { firstLoadFiles, type Screen, SCREENS, sizes } from "./client-first-load.ts";
import { BUN, ROOT, startSideline } from "./bench/processes.ts";
import { findChromium } from "./chromium.mjs";

const { values: args } = parseArgs({
  options: {
    runs: { type: "string", default: "1" },
    "no-lighthouse": { type: "boolean", default: false },
    json: { type: "string" },
    /**
     * Lighthouse's CPU slowdown (default 4, the mobile preset). Its docs (throttling.md) calibrate it by
     * the host's benchmarkIndex, printed below: 4 from 1300 up, 2 for 800-1300, 1 below 800.
     */
    "cpu-slowdown": { type: "string" },
    /** Lighthouse only these pages (comma-separated: login,home). */
    pages: { type: "string", default: "login,home" },
    /** Keep Lighthouse's full JSON reports in this folder (to read what an audit found). */
    reports: { type: "string" },
  },
});
const runs = Math.max(1, Number(args.runs) || 1);

/** The flags architecture.md gives for Debian's Chromium on these machines. */
const CHROME_FLAGS =
  "--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run";

const clientDir = mkdtempSync(path.join(os.tmpdir(), "sideline-first-load-client-"));
const dataDir = mkdtempSync(path.join(os.tmpdir(), "sideline-first-load-data-"));

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

function brotliSize(files: string[]): number {
  return files.reduce((n, f) => {
    const br = path.join(clientDir, `${f}.br`);
    return n + (existsSync(br) ? statSync(br).size : statSync(path.join(clientDir, f)).size);
  }, 0);
}

function measureSizes() {
  const out: Record<string, Record<string, { files: number; raw: number; gzip: number; br: number }>> = {};
  for (const screen of Object.keys(SCREENS) as Screen[]) {
    const files = firstLoadFiles(clientDir, screen);
    out[screen] = {};
    for (const kind of ["js", "css"] as const)
      out[screen][kind] = { files: files[kind].length, ...sizes(clientDir, files[kind]), br: brotliSize(files[kind]) };
  }
  return out;
}

/** Demo data (scripts/seed-demo.ts) in the temporary folder; answers one member's e-mail. */
function seedDemo(): string {
  const seeded = spawnSync(BUN, [path.join(ROOT, "scripts/seed.ts")], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: "utf8",
  });
  if (seeded.status !== 0) throw new Error(`seeding failed:\n${seeded.stdout}\n${seeded.stderr}`);
  const email = seeded.stdout.match(/for example (\S+@\S+?)\.?\s*$/m)?.[1];
  if (!email) throw new Error(`no demo member named in:\n${seeded.stdout}`);
  return email;
}

/**
 * Signs in through the web client's own call; answers the Cookie header Lighthouse sends. It carries
 * an XSRF-TOKEN too: without one the server sets it, and once the browser holds a cookie of its own
 * Chromium sends its cookie jar instead of the extra Cookie header, so the page's later calls went
 * without the session (401) and the "home" run measured the /errors page.
 */
async function signIn(baseUrl: string, email: string): Promise<string> {
  const res = await fetch(`${baseUrl}/trpc/account.login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: baseUrl },
    body: JSON.stringify({ email, password: "sideline" }),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("sideline_session="));
  if (!res.ok || !cookie) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return `${cookie.split(";")[0]!}; XSRF-TOKEN=first-load-measure`;
}

/** The parts of a Lighthouse JSON report read here. */
interface LighthouseReport {
  finalDisplayedUrl?: string;
  audits: Record<string, { id: string; score: number | null; scoreDisplayMode: string; numericValue?: number }>;
  categories: Record<"performance" | "accessibility", { score: number }>;
  environment?: { benchmarkIndex?: number };
}

interface LighthouseResult {
  performance: number;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  transferredKB: number;
  benchmarkIndex: number;
  failedAudits: string[];
}

function lighthouseCli(): string[] {
  if (process.env.LIGHTHOUSE) return ["node", process.env.LIGHTHOUSE];
  const local = path.join(ROOT, "node_modules/lighthouse/cli/index.js");
  if (existsSync(local)) return ["node", local];
  throw new Error("Lighthouse is not installed: npm install (it is a devDependency), or set LIGHTHOUSE=path/to/lighthouse/cli/index.js");
}

function lighthouse(url: string, chromium: string, cookie?: string): LighthouseResult {
  const out = path.join(dataDir, `lh-${Date.now()}.json`);
  const [cmd, ...pre] = lighthouseCli();
  const run = spawnSync(
    cmd!,
    [
      ...pre,
      url,
      "--quiet",
      "--output=json",
      `--output-path=${out}`,
      "--only-categories=performance,accessibility",
      `--chrome-flags=${CHROME_FLAGS}`,
      ...(cookie ? [`--extra-headers=${JSON.stringify({ Cookie: cookie })}`] : []),
      ...(args["cpu-slowdown"] ? [`--throttling.cpuSlowdownMultiplier=${Number(args["cpu-slowdown"])}`] : []),
    ],
    { cwd: ROOT, env: { ...process.env, CHROME_PATH: chromium }, encoding: "utf8", timeout: 300_000 },
  );
  if (run.status !== 0 || !existsSync(out)) throw new Error(`lighthouse failed (${run.status}):\n${run.stderr}`);
  const report = JSON.parse(readFileSync(out, "utf8")) as LighthouseReport;
  // A page that sent the browser elsewhere (a lost session: /errors) would be measured in its place.
  const landed = new URL(report.finalDisplayedUrl ?? url).pathname;
  if (landed !== new URL(url).pathname) throw new Error(`lighthouse ${url} ended on ${landed}: not the page asked for`);
  if (args.reports) {
    mkdirSync(args.reports, { recursive: true });
    copyFileSync(out, path.join(args.reports, `${new URL(url).pathname.replace(/\W+/g, "_") || "root"}-${Date.now()}.json`));
  }
  const audit = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
  const failed = Object.values(report.audits)
    .filter((a) => a.scoreDisplayMode === "binary" && a.score === 0)
    .map((a) => a.id);
  return {
    performance: Math.round(report.categories.performance.score * 100),
    accessibility: Math.round(report.categories.accessibility.score * 100),
    fcpMs: Math.round(audit("first-contentful-paint")),
    lcpMs: Math.round(audit("largest-contentful-paint")),
    tbtMs: Math.round(audit("total-blocking-time")),
    cls: Number(audit("cumulative-layout-shift").toFixed(3)),
    transferredKB: Number((audit("total-byte-weight") / 1024).toFixed(1)),
    benchmarkIndex: Math.round(report.environment?.benchmarkIndex ?? Number.NaN),
    failedAudits: failed,
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  if (!(await buildClient(clientDir))) process.exit(1);
  const sizesByScreen = measureSizes();
  console.log("\nFirst load (what a first visit downloads; gzip and brotli as served):");
  console.log("| screen | JS files | JS raw | JS gzip | JS brotli | CSS raw | CSS gzip | CSS brotli |");
  console.log("|---|---|---|---|---|---|---|---|");
  for (const [screen, s] of Object.entries(sizesByScreen)) {
    console.log(
      `| ${screen} | ${s.js!.files} | ${kb(s.js!.raw)} | ${kb(s.js!.gzip)} | ${kb(s.js!.br)} | ${kb(s.css!.raw)} | ${kb(s.css!.gzip)} | ${kb(s.css!.br)} |`,
    );
  }
  const results: Record<string, unknown> = { date: new Date().toISOString(), sizes: sizesByScreen };
  if (!args["no-lighthouse"]) {
    const chromium = process.env.CHROMIUM_PATH ?? findChromium();
    if (!chromium) throw new Error("no Chromium: run `node scripts/ensure-chromium.mjs`");
    const email = seedDemo();
    const server = await startSideline(dataDir, clientDir);
    try {
      const cookie = await signIn(server.baseUrl, email);
      const all = { login: { url: `${server.baseUrl}/` }, home: { url: `${server.baseUrl}/home`, cookie } };
      const wanted = new Set(args.pages.split(","));
      const pages = Object.fromEntries(Object.entries(all).filter(([name]) => wanted.has(name)));
      const scores: Record<string, LighthouseResult[]> = {};
      for (let i = 0; i < runs; i++) {
        for (const [name, page] of Object.entries(pages)) {
          process.stderr.write(`lighthouse ${name} (run ${i + 1}/${runs})...\n`);
          (scores[name] ??= []).push(lighthouse(page.url, chromium, "cookie" in page ? page.cookie : undefined));
        }
      }
      const slowdown = args["cpu-slowdown"] ?? "4";
      const bench = median(Object.values(scores).flatMap((list) => list.map((r) => r.benchmarkIndex)));
      console.log(
        `\nLighthouse ${lighthouseVersion()} (mobile preset: simulated Slow 4G, ${slowdown}x CPU slowdown; host benchmarkIndex ${bench}), median of ${runs} run(s):`,
      );
      console.log("| page | performance | accessibility | FCP | LCP | TBT | CLS | transferred |");
      console.log("|---|---|---|---|---|---|---|---|");
      for (const [name, list] of Object.entries(scores)) {
        const m = (k: keyof LighthouseResult) => median(list.map((r) => r[k] as number));
        console.log(
          `| ${name} | ${m("performance")} | ${m("accessibility")} | ${(m("fcpMs") / 1000).toFixed(2)} s | ${(m("lcpMs") / 1000).toFixed(2)} s | ${m("tbtMs")} ms | ${m("cls")} | ${m("transferredKB")} KB |`,
        );
        const failed = [...new Set(list.flatMap((r) => r.failedAudits))];
        if (failed.length) console.log(`  ${name}: failed audits: ${failed.join(", ")}`);
      }
      results.lighthouse = scores;
    } finally {
      await server.stop();
    }
  }
  if (args.json) writeFileSync(args.json, `${JSON.stringify(results, null, 2)}\n`);
}

function lighthouseVersion(): string {
  try {
    const [, cli] = lighthouseCli();
    return (JSON.parse(readFileSync(path.join(path.dirname(cli!), "../package.json"), "utf8")) as { version: string }).version;
  } catch {
    return "";
  }
}

try {
  await main();
} finally {
  rmSync(clientDir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
}
