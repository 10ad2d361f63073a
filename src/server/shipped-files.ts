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
