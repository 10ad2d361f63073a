/**
 * Hostile input against every legacy REST action (restControllers of src/server/rest/controllers.ts, which app.ts dispatches, so an
 * action added later is covered without touching this file), sent by a signed-in member with a
 * bearer token: wrong types, missing and extra fields, huge and oddly encoded strings, overflowing
 * ids, broken JSON and multipart, wrong content types, garbage in the path and the query.
 *
 * Every answer: no 5xx (but the one documented 501), complete within 1 s, and after a 4xx the
 * database exactly as before (tests/hostile/db-watch.ts hashes every table).
 *
 * Seeded: a failure prints fast-check's seed; HOSTILE_SEED=<base seed> reruns the same values and
 * HOSTILE_RUNS=<n> runs more of them; HOSTILE_DEBUG=1 prints every exchange.
 */
import fc from "fast-check";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { serverHarness } from "#support/harness.ts";
import { BACKTRACK_PROBES, hostileBody, hostileQuery, hostileSegment } from "./arbitraries.ts";
import {
  type HostileContext,
  type HostileRequest,
  openHostileContext,
  printable,
  propertyOptions,
  type RestEndpoint,
  restEndpoints,
  fieldNamesOf,
  sendAndCheck,
  stubClientDir,
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

const endpoints = await restEndpoints();
/** What every action reads, and what every tRPC input names (REST actions share some schemas). */
const allFields = [...new Set([...endpoints.flatMap((e) => e.fields), ...trpcEndpoints().flatMap((p) => fieldNamesOf(p.input))])];

const ANY_METHOD = ["GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS"] as const;

/** A hostile request to one action; `own` is the member's id (the path and memberID of most actions). */
function restRequest(e: RestEndpoint, own: string, ids: readonly string[]): fc.Arbitrary<HostileRequest> {
  const names = { own: e.fields, others: allFields };
  const recase = (s: string, how: string) => (how === "lower" ? s.toLowerCase() : how === "upper" ? s.toUpperCase() : s);
  return fc
    .record({
      prefix: fc.constantFrom("/api/", "/services/"),
      nameCase: fc.constantFrom("as is", "as is", "as is", "lower", "upper"),
      method: fc.oneof(
        { weight: 8, arbitrary: fc.constantFrom(...e.def.methods) },
        { weight: 1, arbitrary: fc.constantFrom(...ANY_METHOD) },
      ),
      // Most actions take the member's own id first in the path: past that check is where input is read.
      params: fc.oneof(
        { weight: 4, arbitrary: fc.array(hostileSegment(ids), { maxLength: 2 }).map((rest) => [own, ...rest]) },
        { weight: 2, arbitrary: fc.array(hostileSegment(ids), { maxLength: 3 }) },
        { weight: 1, arbitrary: fc.constant([] as string[]) },
      ),
      ownership: fc.constantFrom("", `memberID=${own}&`, `memberID=${own}&userID=${own}&from=${own}&`),
      query: hostileQuery(names, ids),
      body: hostileBody(names, ids),
      auth: fc.oneof({ weight: 19, arbitrary: fc.constant("member" as const) }, { weight: 1, arbitrary: fc.constant("garbage" as const) }),
    })
    .map(({ prefix, nameCase, method, params, ownership, query, body, auth }) => {
      const q = ownership ? (query ? `?${ownership}${query.slice(1)}` : `?${ownership.slice(0, -1)}`) : query;
      const route = `${prefix}${recase(e.controller, nameCase)}/${recase(e.action, nameCase)}${params.map((p) => `/${p}`).join("")}`;
      return printable({ endpoint: e.name, method, path: route + q, body, auth });
    });
}

describe("every REST action survives hostile input", () => {
  it("covers every action the server dispatches", () => {
    expect(endpoints.length).toBeGreaterThan(90);
    expect(endpoints.map((e) => e.name)).toContain("member/SaveMemberGeneralInfo");
  });

  it.each(endpoints.map((e) => [e.name, e] as const))(
    "%s",
    async (name, e) => {
      const own = String(ctx.fixture.me.memberId);
      await fc.assert(
        fc.asyncProperty(restRequest(e, own, ctx.fixture.ids), async (r) => {
          await sendAndCheck(ctx, r);
        }),
        propertyOptions(`rest:${name}`, RUNS),
      );
    },
    180_000,
  );
});

/**
 * Every field an action reads, one at a time, gets each of the BACKTRACK_PROBES: a pattern that
 * backtracks on long runs of whitespace takes seconds on them. GET-only actions are left out: their
 * input comes in the URL, which the server bounds (431 past 16 KB).
 */
describe("every field of every REST action that takes a body gets a 60 KB backtracking probe", () => {
  const withBody = endpoints.filter((e) => e.def.methods.some((m) => m !== "GET"));

  it.each(withBody.map((e) => [e.name, e] as const))(
    "%s",
    async (name, e) => {
      const own = String(ctx.fixture.me.memberId);
      const method = e.def.methods.find((m) => m !== "GET")!;
      const failures: string[] = [];
      for (const field of e.fields) {
        for (const probe of BACKTRACK_PROBES) {
          const r = printable({
            endpoint: name,
            method,
            path: `/api/${e.controller}/${e.action}/${own}?memberID=${own}`,
            body: { kind: `probe in ${field}`, contentType: "application/json", body: JSON.stringify({ [field]: probe }) },
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
