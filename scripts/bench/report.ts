/** The table of `npm run bench` (Markdown, for the terminal and docs/performance.md) and the doc update. */
import { readFileSync, writeFileSync } from "node:fs";
import type { Sizes } from "./community.ts";
import type { CpuPerRequest } from "./processes.ts";

export interface Measure {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

export interface Row {
  id: string;
  group: string;
  kind: "ceiling" | "read" | "write" | "scenario";
  api: "rest" | "trpc" | "bare";
  label: string;
  /** The request as sent (first of a rotation), for the reader. */
  request: string;
  /** At the main connection count (64). */
  main: Measure | null;
  /** At the latency connection count (8). */
  latency: Measure | null;
  /** What the ratio is taken against, and its requests/s. */
  ratioOf: "ceiling" | "bare" | "alone" | null;
  baseRps: number | null;
  ratio: number | null;
  /** non-2xx answers + failed or timed-out requests, over every run of the row. */
  errors: number;
  errorDetail: { non2xx: number; errors: number; timeouts: number; statusCodes: Record<string, number> };
  rssMB: number | null;
  /** Where the CPU went per request at the main connection count (reads and writes; null where /proc cannot be read). */
  cpu?: CpuPerRequest | null;
  note: string;
}

export interface Machine {
  cores: number;
  memoryGB: number;
  cpu: string;
  os: string;
  loadAverage: number[];
  bun: string;
  node: string;
  autocannon: string;
}

const int = (n: number) => Math.round(n).toLocaleString("en-US");
const ms = (n: number) => (n >= 100 ? n.toFixed(0) : n >= 10 ? n.toFixed(1) : n.toFixed(2));
function ratio(r: Row): string {
  if (r.ratio === null) return r.api === "bare" ? "reference" : "";
  const digits = r.ratio >= 0.1 ? 2 : r.ratio >= 0.001 ? 3 : 4;
  const of = r.ratioOf === "bare" ? " of bare" : r.ratioOf === "alone" ? " of alone" : "";
  return `${r.ratio.toFixed(digits)}${of}`;
}
const api = (r: Row) => (r.api === "bare" ? "" : r.api === "rest" ? "REST" : "tRPC");
const esc = (s: string) => s.replaceAll("|", "\\|");

export function renderTable(rows: Row[], connections: number, latencyConnections: number): string {
  const head = `| route | API | req/s @${connections} | ratio | p50 ms | p99 ms | p50 ms @${latencyConnections} | p99 ms @${latencyConnections} | errors | RSS MB | note |`;
  const lines = [head, "|---|---|--:|--:|--:|--:|--:|--:|--:|--:|---|"];
  for (const r of rows) {
    const m = r.main;
    const l = r.latency;
    lines.push(
      `| ${esc(r.label)} | ${api(r)} | ${m ? int(m.rps) : ""} | ${ratio(r)} | ${m ? ms(m.p50) : ""} | ${m ? ms(m.p99) : ""} | ` +
        `${l ? ms(l.p50) : ""} | ${l ? ms(l.p99) : ""} | ${m || l ? r.errors : ""} | ${r.rssMB === null ? "" : r.rssMB.toFixed(0)} | ${esc(r.note)} |`,
    );
  }
  return lines.join("\n");
}

export function describeSizes(s: Sizes): string {
  return (
    `${int(s.members)} members (${int(s.activeMembers)} active), ${int(s.contacts)} contacts, ${int(s.pendingRequests)} pending requests, ` +
    `${int(s.follows)} follows, ${int(s.posts)} posts, ${int(s.replies)} replies, ${int(s.messages)} messages, ` +
    `${int(s.notifications)} notifications; database file ${s.dbMB >= 1024 ? `${(s.dbMB / 1024).toFixed(1)} GB` : `${s.dbMB.toFixed(1)} MB`}`
  );
}

export function describeMachine(m: Machine): string {
  return (
    `${m.cores} cores (${m.cpu}), ${m.memoryGB.toFixed(0)} GB memory, ${m.os}; load average at start ` +
    `${m.loadAverage.map((n) => n.toFixed(2)).join(" / ")}; Bun ${m.bun}, Node ${m.node}, autocannon ${m.autocannon}`
  );
}

export const DOC_START = "<!-- bench:latest:start (written by npm run bench -- --write-doc) -->";
export const DOC_END = "<!-- bench:latest:end -->";

/** Replaces what stands between the markers of the doc with `body`. */
export function writeDocSection(file: string, body: string): void {
  const text = readFileSync(file, "utf8");
  const start = text.indexOf(DOC_START);
  const end = text.indexOf(DOC_END);
  if (start < 0 || end < start) throw new Error(`${file} has no "${DOC_START}" ... "${DOC_END}" section to replace.`);
  writeFileSync(file, `${text.slice(0, start + DOC_START.length)}\n${body.trim()}\n${text.slice(end)}`);
}
