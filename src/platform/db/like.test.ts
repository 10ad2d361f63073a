/** LIKE patterns on a real database (SQLite, and PostgreSQL in its pass): the escaped characters match only themselves. */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeTestContext, openTestContext, type TestContext } from "#support/service-context.ts";
import { containsPattern } from "./like.ts";

let t: TestContext;
beforeAll(async () => {
  t = await openTestContext("like");
});
afterAll(() => closeTestContext(t));

const matches = async (value: string, text: string) =>
  (
    await sql<{
      hit: number;
    }>`select case when lower(cast(${value} as text)) like ${containsPattern(text)} escape '\\' then 1 else 0 end as hit`.execute(t.db)
  ).rows[0]?.hit === 1;

describe("containsPattern", () => {
  it("matches the text anywhere, whatever the case", async () => {
    expect(await matches("Maya Okafor", "OKA")).toBe(true);
    expect(await matches("Maya Okafor", "okafr")).toBe(false);
  });

  it("reads %, _ and \\ as themselves", async () => {
    expect(await matches("50% off", "0%")).toBe(true);
    expect(await matches("500 off", "0%")).toBe(false);
    expect(await matches("a_b", "a_b")).toBe(true);
    expect(await matches("axb", "a_b")).toBe(false);
    expect(await matches("back\\slash", "k\\s")).toBe(true);
    expect(await matches("backslash", "k\\s")).toBe(false);
  });
});
