/**
 * The load generator of `npm run bench`: a Node process of its own (so it does not share the
 * server's thread) that runs autocannon through its API. It reads one command per line on stdin,
 * {"id": 1, "runs": [spec, ...]}, runs the specs at the same time (a scenario: the star posting
 * while followers read), and writes {"id": 1, "results": [summary, ...]} as one line on stdout.
 * Plain JavaScript so that Node runs it as it is.
 *
 * spec: {url, connections, duration (s), timeout (s), requests: [{method, path, headers, body}],
 *        maxOverallRequests?, overallRate?, targets?: number[]}
 * In a request's path or body, "__SEQ__" becomes a number unique in the run (texts of posts and
 * messages) and "__TARGET__" the next of `targets` (each contact request to another member).
 */
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import autocannon from "autocannon";

/** @param {any} spec */
function requestsOf(spec) {
  let seq = 0;
  let next = 0;
  const targets = spec.targets ?? [];
  const dynamic = (/** @type {any} */ r) =>
    `${r.path}${r.body ?? ""}`.includes("__SEQ__") || `${r.path}${r.body ?? ""}`.includes("__TARGET__");
  return spec.requests.map((/** @type {any} */ r) => {
    if (!dynamic(r)) return r;
    return {
      ...r,
      setupRequest: (/** @type {any} */ req) => {
        seq += 1;
        const target = targets.length ? String(targets[next++ % targets.length]) : "";
        const fill = (/** @type {string} */ s) => s.replaceAll("__SEQ__", `${process.pid}-${seq}`).replaceAll("__TARGET__", target);
        return { ...req, path: fill(req.path), ...(typeof req.body === "string" ? { body: fill(req.body) } : {}) };
      },
    };
  });
}

/** @param {number[]} sorted @param {number} q */
const quantile = (sorted, q) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] : 0);

/** @param {any} spec */
async function run(spec) {
  const instance = autocannon({
    url: spec.url,
    connections: spec.connections,
    duration: spec.duration,
    timeout: spec.timeout ?? 10,
    sampleInt: 250,
    requests: requestsOf(spec),
    ...(spec.maxOverallRequests ? { maxOverallRequests: spec.maxOverallRequests } : {}),
    ...(spec.overallRate ? { overallRate: spec.overallRate } : {}),
  });
  // autocannon's own histogram keeps whole milliseconds; the answers' times are kept here exactly
  // (every answer, as autocannon counts them by default).
  /** @type {number[]} */
  const times = [];
  instance.on(
    "response",
    (/** @type {unknown} */ _client, /** @type {number} */ _status, /** @type {number} */ _bytes, /** @type {number} */ ms) => {
      times.push(ms);
    },
  );
  const result = await instance;
  times.sort((a, b) => a - b);
  const seconds = Math.max(result.duration, 0.001);
  const ok = result["2xx"];
  const round = (/** @type {number} */ n) => Math.round(n * 100) / 100;
  return {
    rps: ok / seconds,
    ok,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    p50: round(quantile(times, 0.5)),
    p90: round(quantile(times, 0.9)),
    p99: round(quantile(times, 0.99)),
    max: round(times.at(-1) ?? 0),
    mean: round(times.length ? times.reduce((a, b) => a + b, 0) / times.length : 0),
    seconds,
    statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, v]) => [code, /** @type {any} */ (v).count])),
  };
}

const { version } = JSON.parse(readFileSync(new URL("../../node_modules/autocannon/package.json", import.meta.url), "utf8"));
process.stdout.write(`${JSON.stringify({ ready: true, node: process.version, autocannon: version })}\n`);
const lines = createInterface({ input: process.stdin });
lines.on("line", async (line) => {
  if (!line.trim()) return;
  const command = JSON.parse(line);
  try {
    const results = await Promise.all(command.runs.map(run));
    process.stdout.write(`${JSON.stringify({ id: command.id, results })}\n`);
  } catch (error) {
    process.stdout.write(`${JSON.stringify({ id: command.id, error: String(/** @type {any} */ (error)?.stack ?? error) })}\n`);
  }
});
lines.on("close", () => process.exit(0));
