/**
 * Precompiled queries on a real SQLite file: built once, run with new values each time, on the
 * database or inside a transaction, rows camel-cased as Kysely's own; constants bound by the
 * builder are kept; a stand-in changed on the way (arithmetic on it) is refused when it runs. A
 * keyed family builds one statement per key, once.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMember } from "#support/members.ts";
import { closeTestContext, openTestContext, type TestContext } from "#support/service-context.ts";
import { type DB, statementsRun } from "./client.ts";
import { precompiled, precompiledPer } from "./precompiled.ts";

let t: TestContext;
let db: DB;
beforeAll(async () => {
  t = await openTestContext("precompiled");
  db = t.db;
});
afterAll(() => closeTestContext(t));

const nameOf = precompiled((db, p: { id: number }) => db.selectFrom("member").select(["firstName", "lastName"]).where("id", "=", p.id));
const insertLink = precompiled((db, p: { a: number; b: number; at: string }) =>
  db
    .insertInto("contactLink")
    .values({ memberId: p.a, otherId: p.b, status: sql.lit("pending"), createdAt: p.at, updatedAt: p.at })
    .returning(["memberId", "otherId", "status"]),
);

describe("precompiled queries", () => {
  it("run with each call's values, one statement each, rows as Kysely answers them", async () => {
    const ann = await createMember(db, { firstName: "Ann", lastName: "One" });
    const ben = await createMember(db, { firstName: "Ben", lastName: "Two" });
    const before = statementsRun(db);
    expect(await nameOf(db, { id: ann.memberId })).toEqual([{ firstName: "Ann", lastName: "One" }]);
    expect(await nameOf(db, { id: ben.memberId })).toEqual([{ firstName: "Ben", lastName: "Two" }]);
    expect(await nameOf(db, { id: 999_999 })).toEqual([]);
    expect(statementsRun(db) - before).toBe(3);
  });

  it("take part in the transaction they are given", async () => {
    const a = await createMember(db);
    const b = await createMember(db);
    const at = new Date().toISOString();
    await expect(
      db.transaction().execute(async (trx) => {
        expect(await insertLink(trx, { a: a.memberId, b: b.memberId, at })).toEqual([
          { memberId: a.memberId, otherId: b.memberId, status: "pending" },
        ]);
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(await db.selectFrom("contactLink").selectAll().where("memberId", "=", a.memberId).execute()).toEqual([]);
  });

  it("keep the constants the query was built with, and refuse a stand-in changed on the way", async () => {
    const active = precompiled((db, p: { id: number }) =>
      db.selectFrom("member").select("id").where("id", "=", p.id).where("status", "=", 2),
    );
    const ann = await createMember(db);
    expect(await active(db, { id: ann.memberId })).toEqual([{ id: ann.memberId }]);
    const shifted = precompiled((db, p: { id: number }) =>
      db
        .selectFrom("member")
        .select("id")
        .where("id", "=", p.id + 1),
    );
    await expect(shifted(db, { id: 1 })).rejects.toThrow(/not one of its parameters/);
    const prefixed = precompiled((db, p: { name: string }) =>
      db.selectFrom("member").select("id").where("firstName", "like", `%${p.name}`),
    );
    await expect(prefixed(db, { name: "Ann" })).rejects.toThrow(/changed a stand-in/);
  });

  it("come one per key in a keyed family (precompiledPer), each built once and run with each call's values", async () => {
    const members = await Promise.all([1, 2, 3].map((n) => createMember(db, { firstName: `Keyed${n}` })));
    const ids = members.map((m) => m.memberId).sort((a, b) => a - b);
    const builds: string[] = [];
    const firstIds = precompiledPer((limit: number, descending: boolean) => {
      builds.push(`${limit} ${descending}`);
      return (db, p: { from: number }) =>
        db
          .selectFrom("member")
          .select("id")
          .where("id", ">=", p.from)
          .orderBy("id", descending ? "desc" : "asc")
          .limit(sql.lit(limit));
    });
    const run = async (limit: number, descending: boolean) =>
      (await firstIds(limit, descending)(db, { from: ids[0]! })).map((r) => r.id).filter((id) => ids.includes(id));
    expect(await run(2, false)).toEqual(ids.slice(0, 2));
    expect(await run(2, false)).toEqual(ids.slice(0, 2));
    expect(await run(3, false)).toEqual(ids);
    expect(firstIds(3, false)).toBe(firstIds(3, false));
    expect(await run(1, false)).toEqual(ids.slice(0, 1));
    expect(builds).toEqual(["2 false", "3 false", "1 false"]);
    await run(50, true);
    expect(builds).toEqual(["2 false", "3 false", "1 false", "50 true"]);
  });
});
