#!/usr/bin/env node
// Makes sure a Chromium exists for the Playwright journeys, installing one if it must:
// Debian's package when running as root with apt (this workplace has no browser downloads),
// otherwise `npx playwright install chromium`. Fails loudly: journeys are never skipped.
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";
import { findChromium } from "./chromium.mjs";

function attempt(description, command) {
  console.log(`ensure-chromium: ${description}: ${command}`);
  try {
    execSync(command, { stdio: "inherit", timeout: 10 * 60_000 });
    return true;
  } catch (error) {
    console.error(`ensure-chromium: that failed (${error.message.split("\n")[0]})`);
    return false;
  }
}

let found = findChromium();
if (!found) {
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (isRoot && existsSync("/usr/bin/apt-get")) {
    attempt("installing Debian's chromium", "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium");
    found = findChromium();
  }
  if (!found) {
    attempt("downloading Playwright's chromium", "npx playwright install chromium");
    found = findChromium();
  }
}
if (!found) {
  console.error(
    "ensure-chromium: no Chromium could be found or installed, so the browser journeys cannot run.\n" +
      "Install one (Debian/Ubuntu: `sudo apt-get install chromium`; elsewhere `npx playwright install chromium`)\n" +
      "or point CHROMIUM_PATH at a Chromium or Chrome binary, then run npm test again.",
  );
  process.exit(1);
}
console.log(`ensure-chromium: using ${found}`);
