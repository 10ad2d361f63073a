/**
 * `npm run seed -- --members N [--seed S] [--password P] [--now ISO] [--notification-days D] [--replace]`:
 * generates a community of N members into DATA_DIR/sideline.db (see generate.ts), with a progress
 * line on stderr, then prints what it built (rows per table, file size, time, bench subjects) and
 * writes the bench subjects to DATA_DIR/community.json for `npm run bench`.
 */
import { existsSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { DAY } from "../../src/platform/clock.ts";
import { LIVE_EVENT_RETENTION_MS } from "../../src/domains/live/live.service.ts";
import { loadConfig } from "../../src/server/env.ts";
import { formatCount, progressLine } from "../lib/progress.ts";
import { type CommunityResult, generateCommunity } from "./generate.ts";

/** The demo data's password (scripts/seed-demo.ts), so one password opens every seeded account. */
const DEMO_PASSWORD = "sideline";

const USAGE = `Usage: npm run seed -- --members N [options]

Generates a community of N members (at least 20) into DATA_DIR/sideline.db, which must hold no
members yet, and writes its bench subjects to DATA_DIR/community.json.

  --members N              how many members (100000 gives ~15M contact rows, 1M posts, 2M messages)
  --seed S                 the random seed (default 1): the same seed, size and --now give the same data
  --password P             every member's password (default "${DEMO_PASSWORD}")
  --now ISO                the moment the year of activity ends (default: now)
  --notification-days D    notifications are written for the last D days of events (default 90)
  --replace                delete DATA_DIR/sideline.db first
  --help                   this text`;

const fmt = formatCount;

function parse(args: string[]) {
  const options = { members: NaN, seed: 1, password: DEMO_PASSWORD, now: Date.now(), notificationDays: 90, replace: false, help: false };
  for (let k = 0; k < args.length; k++) {
    const arg = args[k]!;
    const [name, inline] = arg.includes("=") ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)] : [arg, undefined];
    const value = () => {
      const v = inline ?? args[++k];
      if (v === undefined) throw new Error(`${name} needs a value.`);
      return v;
    };
    const whole = (v: string) => {
      if (!/^\d[\d_,]*$/.test(v)) throw new Error(`${name} must be a whole number.`);
      return Number(v.replace(/[_,]/g, ""));
    };
    switch (name) {
      case "--members":
        options.members = whole(value());
        break;
      case "--seed":
        options.seed = whole(value());
        break;
      case "--password":
        options.password = value();
        break;
      case "--notification-days":
        options.notificationDays = whole(value());
        break;
      case "--now": {
        const t = Date.parse(value());
        if (Number.isNaN(t)) throw new Error("--now must be a date such as 2026-11-24T12:00:00Z.");
        options.now = t;
        break;
      }
      case "--replace":
        options.replace = true;
        break;
      case "--help":
      case "-h":
        options.help = true;
        break;
      default:
        throw new Error(`Unknown option ${arg}.`);
    }
  }
  return options;
}

export async function main(args: string[]): Promise<void> {
  let options: ReturnType<typeof parse>;
  try {
    options = parse(args);
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    process.exit(2);
  }
  if (options.help || Number.isNaN(options.members)) {
    console.log(USAGE);
    if (!options.help) process.exit(2);
    return;
  }
  const dataDir = path.resolve(loadConfig().DATA_DIR);
  const file = path.join(dataDir, "sideline.db");
  if (options.replace) for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true });
  const started = performance.now();
  let result: CommunityResult;
  try {
    result = await generateCommunity({
      file,
      members: options.members,
      seed: options.seed,
      now: options.now,
      password: options.password,
      notificationDays: options.notificationDays,
      liveEventDays: LIVE_EVENT_RETENTION_MS / DAY,
      progress: progressLine(started),
    });
  } catch (error) {
    console.error(`seed: ${(error as Error).message}`);
    process.exit(1);
  }
  const seconds = (performance.now() - started) / 1000;
  const counts = result.counts.filter((t) => t.rows > 0);
  const bytes = [file, `${file}-wal`].filter(existsSync).reduce((sum, f) => sum + statSync(f).size, 0);
  const json = path.join(dataDir, "community.json");
  writeFileSync(json, `${JSON.stringify({ ...result, file, bytes, seconds: Math.round(seconds * 10) / 10 }, null, 2)}\n`);

  const width = Math.max(...counts.map((c) => c.table.length));
  console.log(`seed: a community of ${fmt(result.members)} members (seed ${result.seed}, activity up to ${result.now}) in ${file}`);
  for (const c of counts) console.log(`  ${c.table.padEnd(width)}  ${fmt(c.rows).padStart(12)}`);
  console.log(
    `  file size ${(bytes / 1024 / 1024).toFixed(1)} MB, ${seconds.toFixed(1)} s (${result.phases.map((p) => `${p.phase} ${p.seconds.toFixed(1)} s`).join(", ")}; CPU ${result.phases.reduce((sum, p) => sum + p.cpuSeconds, 0).toFixed(1)} s)`,
  );
  console.log(`Every member's password is "${result.password}". Bench subjects (also in ${json}):`);
  const s = result.subjects;
  const describe = (label: string, x: CommunityResult["subjects"]["typical"]) =>
    console.log(
      `  ${label.padEnd(22)} ${x.email} (${fmt(x.contacts)} contacts, following ${fmt(x.following)}, ${fmt(x.followers)} followers, ${fmt(x.posts)} posts)`,
    );
  describe("typical member", s.typical);
  describe("following ~2,000", s.following2000);
  describe("follower of a star", s.starFollower);
  describe("star", s.star);
  describe("contact of the typical", s.contactOfTypical);
}
