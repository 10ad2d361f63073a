/**
 * What a first visit to one screen downloads, read from a client build (dist/client): index.html's
 * script and stylesheet, every chunk the entry imports statically, and the screen's lazy route
 * chunks with their own static imports. Plain Node (no Bun API), shared by the size budget test
 * (tests/scripts/first-load.test.ts) and scripts/measure-first-load.ts.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

/** Written by scripts/build-client.ts next to index.html (not served: only assets/ is). */
export const MANIFEST_FILE = "build-manifest.json";

export interface BuildManifest {
  /** Every output below the client dir: its static imports and the source it was the entry of (lazy routes). */
  files: Record<string, { bytes: number; imports: string[]; source?: string }>;
}

/** The lazy route files each screen renders on a first visit (see src/client/routes). */
export const SCREENS = {
  login: ["src/client/routes/_auth/index.lazy.tsx"],
  home: ["src/client/routes/_member.lazy.tsx", "src/client/routes/_member/home.lazy.tsx"],
} as const;
export type Screen = keyof typeof SCREENS;

export interface FirstLoad {
  js: string[];
  css: string[];
}

export function readManifest(clientDir: string): BuildManifest {
  return JSON.parse(readFileSync(path.join(clientDir, MANIFEST_FILE), "utf8")) as BuildManifest;
}

/** The files (relative to the client dir) a first visit to `screen` loads. */
export function firstLoadFiles(clientDir: string, screen: Screen): FirstLoad {
  const manifest = readManifest(clientDir);
  const html = readFileSync(path.join(clientDir, "index.html"), "utf8");
  const local = (url: string) => url.replace(/^\//, "");
  const scripts = [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((m) => local(m[1]!));
  const css = [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"|<link[^>]*href="([^"]+)"[^>]*rel="stylesheet"/g)].map((m) =>
    local((m[1] ?? m[2])!),
  );
  const js = new Set<string>();
  const visit = (file: string) => {
    if (js.has(file)) return;
    js.add(file);
    for (const imported of manifest.files[file]?.imports ?? []) visit(imported);
  };
  scripts.forEach(visit);
  for (const source of SCREENS[screen]) {
    const chunk = Object.keys(manifest.files).find((file) => manifest.files[file]!.source === source);
    if (!chunk) throw new Error(`no chunk built from ${source}`);
    visit(chunk);
  }
  return { js: [...js], css };
}

/** Sum of the files' sizes, raw and gzip (level 9, what the build writes beside each asset). */
export function sizes(clientDir: string, files: string[]): { raw: number; gzip: number } {
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const bytes = readFileSync(path.join(clientDir, file));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  return { raw, gzip };
}
