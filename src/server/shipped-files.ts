import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

/** Where the one-file binary's build embeds the web client and public/ (scripts/build-binary.ts). */
export const EMBEDDED_DIRS = { client: "client", public: "public" } as const;

/**
 * Where the files the server ships with are: the web client and public/ (images). From source,
 * in the checkout (the client where CLIENT_DIR says); in the one-file binary, inside the
 * executable, where they sit beside the bundle (import.meta.dir) under EMBEDDED_DIRS (decision 033).
 */
export function shippedFiles(clientDirSetting: string): { clientDir: string; publicDir: string } {
  if (Bun.isStandaloneExecutable) {
    return { clientDir: path.join(import.meta.dir, EMBEDDED_DIRS.client), publicDir: path.join(import.meta.dir, EMBEDDED_DIRS.public) };
  }
  const checkout = path.resolve(import.meta.dir, "../..");
  return { clientDir: path.resolve(checkout, clientDirSetting), publicDir: path.join(checkout, "public") };
}

/**
 * sharp's addon (image uploads) links against libvips, which the dynamic linker looks for in
 * node_modules; the binary has none. Bun embeds the library beside the addon (under a name of its
 * own, e.g. libvips-cpp.so.8.18-<hash>.7) but cannot load it from there, so this loads it before
 * sharp: written once to DATA_DIR/lib (the one folder the server's operator owns), then opened,
 * and the addon finds it already loaded under its name. A no-op when run from source.
 */
let libvips: unknown;

export async function loadEmbeddedLibvips(dataDir: string): Promise<void> {
  if (!Bun.isStandaloneExecutable) return;
  const name = readdirSync(import.meta.dir).find((file) => file.startsWith(LIBVIPS_PREFIX));
  if (!name) return;
  const embedded = Bun.file(path.join(import.meta.dir, name));
  const file = path.join(dataDir, "lib", name);
  if (!existsSync(file) || statSync(file).size !== embedded.size) {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    writeFileSync(`${file}.partial`, await embedded.bytes(), { mode: 0o600 });
    renameSync(`${file}.partial`, file);
    // An earlier version's copy, from before an upgrade of the binary, is of no more use.
    for (const old of readdirSync(path.dirname(file))) {
      if (old !== name && old.startsWith(LIBVIPS_PREFIX)) rmSync(path.join(path.dirname(file), old), { force: true });
    }
  }
  const { dlopen, FFIType } = await import("bun:ffi");
  // Kept for the life of the process: the addon needs the library open.
  libvips ??= dlopen(file, { vips_version: { args: [FFIType.i32], returns: FFIType.i32 } });
}

/** How the file name of libvips's shared library begins (libvips-cpp.so.8.18.7 on Linux). */
export const LIBVIPS_PREFIX = "libvips-cpp.";
