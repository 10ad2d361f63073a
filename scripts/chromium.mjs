// Finds a Chromium for Playwright: CHROMIUM_PATH, the system's (Debian's package), or the one
// `npx playwright install chromium` downloaded. Shared by ensure-chromium.mjs and playwright.config.ts.
import { existsSync } from "node:fs";
import { createRequire } from "node:module";

const SYSTEM_PATHS = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome", "/usr/bin/google-chrome-stable"];

/** The path of a usable Chromium, or null. `null` from playwright means "use my own download". */
export function findChromium() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  for (const p of SYSTEM_PATHS) if (existsSync(p)) return p;
  try {
    const require = createRequire(import.meta.url);
    const { chromium } = require("playwright-core");
    const own = chromium.executablePath();
    if (own && existsSync(own)) return own;
  } catch {
    // playwright-core not installed or no browser downloaded
  }
  return null;
}

/** Flags that keep Chromium quiet on a closed network and runnable as root in a container. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
