/**
 * Hostile input against every tRPC procedure of the app router (src/server/trpc/root.ts, read
 * through router._def.procedures, so a procedure added later is covered without touching this
 * file), sent as the web client sends it: the signed-in member's session cookie, the XSRF pair and
 * the site's Origin. Inputs are built from each procedure's own zod schema (its field names,
 * nested objects included) and then broken: wrong types, missing and extra fields, huge and oddly
 * encoded strings, overflowing ids; the wire is broken too: batches, broken JSON and multipart,
 * wrong content types and methods, garbage in the input parameter and the procedure path.
 *
 * Every answer: no 5xx (none inside a batch or a stream either), complete within 1 s (an event
 * stream: its first event), and after a 4xx the database exactly as before.
 *
 * Seeded: a failure prints fast-check's seed; HOSTILE_SEED=<base seed> reruns the same values and
 * HOSTILE_RUNS=<n> runs more of them; HOSTILE_DEBUG=1 prints every exchange.
 */
import fc from "fast-check";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { serverHarness } from "#support/harness.ts";
import { BACKTRACK_PROBES, type FieldNames, hostileBody, hostileObject, hostileValue, percentEncode } from "./arbitraries.ts";
import {
  fieldNamesOf,
  fieldPathsOf,
  type HostileContext,
  type HostileRequest,
  openHostileContext,
  printable,
  propertyOptions,
  restEndpoints,
  sendAndCheck,
  stubClientDir,
  shapeOf,
  type TrpcEndpoint,
  trpcEndpoints,
  waitUntilHealthy,
} from "./driver.ts";

const RUNS = Number(process.env.HOSTILE_RUNS ?? 25);

const client = stubClientDir();
const h = serverHarness({ env: { CLIENT_DIR: client.dir } });
let ctx: HostileContext;
beforeAll(async () => {
  ctx = await openHostileContext(h);
});
afterAll(async () => {
  await ctx?.watch.close();
  client.remove();
});
// A request that hung the server fails its test; the next one waits until the server answers again.
afterEach(async () => {
  if (ctx) await waitUntilHealthy(ctx);
});

const procedures = trpcEndpoints();
/** What every procedure and REST action reads (an extra field of one is a real field of another). */
const allFields = [...new Set([...procedures.flatMap((p) => fieldNamesOf(p.input)), ...(await restEndpoints()).flatMap((e) => e.fields)])];

/** An object shaped like the schema's (nested objects too), each field missing, hostile, or nested further, plus extra fields. */
function shapedInput(
  shape: Record<string, unknown>,
  names: FieldNames,
  ids: readonly string[],
  depth = 0,
): fc.Arbitrary<Record<string, unknown>> {
  const fields = Object.fromEntries(
    Object.entries(shape).map(([key, child]) => {
      const inner = shapeOf(child);
      const value = inner && depth < 3 ? fc.oneof(hostileValue(ids), shapedInput(inner, names, ids, depth + 1)) : hostileValue(ids);
      return [key, fc.option(value, { nil: undefined, freq: 4 })];
    }),
  );
  return fc
    .tuple(fc.record(fields), hostileObject(names, ids))
    .chain(([object, extra]) => fc.boolean().map((withExtra) => (withExtra ? { ...extra, ...object } : object)))
    .map((o) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)));
}

/** The input of one procedure: missing, of the wrong type, loosely or closely shaped like its schema. */
function hostileInput(p: TrpcEndpoint, ids: readonly string[]): fc.Arbitrary<unknown> {
  const own = fieldNamesOf(p.input);
  const names = { own: own.length > 0 ? own : ["input", "id"], others: allFields };
  const shape = shapeOf(p.input);
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 2, arbitrary: hostileValue(ids) },
    { weight: 3, arbitrary: hostileObject(names, ids) },
    { weight: shape ? 4 : 0, arbitrary: shape ? shapedInput(shape, names, ids) : fc.constant({}) },
  );
}

/** ?input=... values that are not URL-encoded JSON. */
const GARBAGE_INPUT_PARAMS = [
  "?input=",
  "?input={",
  "?input=%7B",
  "?input=undefined",
  "?input=%ED%A0%80",
  "?input=%",
  "?input=[",
  `?input=${"%5B".repeat(5_000)}`,
  '?input={"json":{}}',
  "?input=1&input=2",
  "?batch=1",
  "?batch=1&input=[]",
  "?batch=1&input=%7B%220%22%3A1%7D",
  "?batch=abc&input=1",
  "?batch=1&input=%7B%22-1%22%3A1%2C%2299999999%22%3A2%7D",
  "?batch=0",
  "?input=null",
  "?Input=%7B%7D",
];

const json = (v: unknown) => (v === undefined ? "" : JSON.stringify(v));
const queryOf = (input: unknown) => (input === undefined ? "" : `?input=${percentEncode(JSON.stringify(input))}`);

/** A hostile call of one procedure. */
function trpcRequest(p: TrpcEndpoint, ids: readonly string[]): fc.Arbitrary<HostileRequest> {
  const reads = p.type !== "mutation";
  const names = { own: fieldNamesOf(p.input).length > 0 ? fieldNamesOf(p.input) : ["input"], others: allFields };
  return fc
    .record({
      mode: fc.constantFrom("plain", "plain", "plain", "plain", "batch", "raw", "raw", "wrong method"),
      input: hostileInput(p, ids),
      second: hostileInput(p, ids),
      raw: reads ? fc.constantFrom(...GARBAGE_INPUT_PARAMS) : hostileBody(names, ids).map((b) => b ?? { kind: "empty", body: "" }),
      streamed: fc.constantFrom(false, false, false, true),
      auth: fc.oneof({ weight: 19, arbitrary: fc.constant("member" as const) }, { weight: 1, arbitrary: fc.constant("garbage" as const) }),
    })
    .map(({ mode, input, second, raw, streamed, auth }) => {
      const base = `/trpc/${p.name}`;
      const jsonBody = (v: unknown) => (v === undefined ? null : { kind: "json", contentType: "application/json", body: json(v) });
      let r: Omit<HostileRequest, "auth" | "endpoint">;
      if (mode === "batch") {
        const both = { 0: input, 1: second };
        r = reads
          ? { method: "GET", path: `${base},${p.name}?batch=1&input=${percentEncode(JSON.stringify(both))}`, body: null }
          : { method: "POST", path: `${base},${p.name}?batch=1`, body: jsonBody(both) };
      } else if (mode === "raw") {
        r = reads
          ? { method: "GET", path: base + (raw as string), body: null }
          : { method: "POST", path: base, body: raw as HostileRequest["body"] };
      } else if (mode === "wrong method") {
        r = reads ? { method: "POST", path: base, body: jsonBody(input) } : { method: "GET", path: base + queryOf(input), body: null };
      } else {
        r = reads ? { method: "GET", path: base + queryOf(input), body: null } : { method: "POST", path: base, body: jsonBody(input) };
      }
      // The batch-stream link asks for JSON lines: errors then travel inside a 200 answer.
      const headers = streamed ? { "trpc-accept": "application/jsonl" } : undefined;
      return printable({ endpoint: p.name, ...r, auth, headers });
    });
}

describe("every tRPC procedure survives hostile input", () => {
  it("covers every procedure of the app router", () => {
    expect(procedures.length).toBeGreaterThan(80);
    expect(procedures.map((p) => p.name)).toEqual(
      expect.arrayContaining(["profiles.saveBasic", "live.events", "media.uploadProfilePhoto"]),
    );
  });

  it.each(procedures.map((p) => [p.name, p] as const))(
    "%s",
    async (name, p) => {
      await fc.assert(
        fc.asyncProperty(trpcRequest(p, ctx.fixture.ids), async (r) => {
          await sendAndCheck(ctx, r);
        }),
        propertyOptions(`trpc:${name}`, RUNS),
      );
    },
    180_000,
  );

  it("refuses garbage procedure paths cleanly", async () => {
    const names = procedures.map((p) => p.name);
    const path = fc.oneof(
      fc.constantFrom(
        "",
        "/",
        "account",
        "account.",
        ".me",
        "account..me",
        "account.me.",
        "nope",
        "account.nope",
        "__proto__",
        "constructor",
        "toString",
        "account.__proto__",
        "_def",
        "_def.procedures",
        "account._def",
        "hasOwnProperty",
        "account.me,account.nope",
        ",",
        ",,,",
        "%00",
        "%2e%2e",
        "%ED%A0%80",
        "account.me%00",
        "account%2Eme",
        "ACCOUNT.ME",
        "x".repeat(5_000),
        "a,".repeat(1_000),
        "live.events,live.events",
      ),
      fc.string({ unit: "binary", maxLength: 30 }).map(percentEncode),
      fc.array(fc.constantFrom(...names), { minLength: 2, maxLength: 60 }).map((list) => `${list.join(",")}?batch=1`),
    );
    await fc.assert(
      fc.asyncProperty(path, fc.constantFrom("GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"), async (p, method) => {
        await sendAndCheck(
          ctx,
          printable({
            endpoint: "trpc path",
            method,
            path: `/trpc/${p}`,
            body: method === "GET" ? null : { kind: "json", contentType: "application/json", body: "{}" },
            auth: "member",
          }),
        );
      }),
      propertyOptions("trpc:paths", RUNS * 4),
    );
  }, 180_000);
});

/** An object with `value` at `path` (["school", "schoolName"] -> {school: {schoolName: value}}). */
const at = (path: readonly string[], value: unknown): unknown => path.reduceRight<unknown>((inner, key) => ({ [key]: inner }), value);

describe("every field of every tRPC mutation gets a 60 KB backtracking probe (BACKTRACK_PROBES)", () => {
  // Queries and streams take their input in the URL, which the server bounds (431 past 16 KB).
  const mutations = procedures.filter((p) => p.type === "mutation" && fieldPathsOf(p.input).length > 0);

  it.each(mutations.map((p) => [p.name, p] as const))(
    "%s",
    async (name, p) => {
      const failures: string[] = [];
      for (const path of fieldPathsOf(p.input)) {
        for (const probe of BACKTRACK_PROBES) {
          const r = printable({
            endpoint: name,
            method: "POST",
            path: `/trpc/${name}`,
            body: { kind: `probe in ${path.join(".")}`, contentType: "application/json", body: JSON.stringify(at(path, probe)) },
            auth: "member",
          });
          // Every field is tried even after one fails, so the report names them all.
          await sendAndCheck(ctx, r).catch(async (error: Error) => {
            failures.push(error.message.split("\n")[0]!);
            await waitUntilHealthy(ctx);
          });
        }
      }
      expect(failures).toEqual([]);
    },
    180_000,
  );
});
