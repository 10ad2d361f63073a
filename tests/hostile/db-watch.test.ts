/**
 * The hostile suites' "a refused request wrote nothing" watch (db-watch.ts), on each engine's real
 * database: it names every table another connection changed since begin() (an update of one of the
 * 29k schools, a delete, an insert), and nothing when nothing changed, when a row was written back
 * as it was, or when only a session's sliding times moved.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMember } from "#support/members.ts";
import { openServerDb, type ServerDb } from "#support/server.ts";
import { closeTestContext, openTestContext, type TestContext } from "#support/service-context.ts";
import { type DatabaseWatch, watchDatabase } from "./db-watch.ts";

let t: TestContext | undefined;
let other: ServerDb;
let watch: DatabaseWatch;
let sessionId: string;
beforeAll(async () => {
  t = await openTestContext("db-watch");
  sessionId = (await createMember(t.db)).sessionId;
  other = openServerDb(t.database);
  watch = watchDatabase(t.database);
});
afterAll(async () => {
  await watch?.close();
  await other?.close();
  await closeTestContext(t);
});

/** What the watch reports for `write`, made by another connection between begin() and the comparison. */
async function changedBy(write: () => Promise<unknown>) {
  await watch.settle();
  await watch.begin();
  await write();
  const changed = await watch.changedTables();
  return { changed, committed: await watch.committed() };
}

const aSchool = () => other.value<number>("select min(id) from school");

describe("database watch", () => {
  it("reports nothing when nothing was written", async () => {
    expect(await changedBy(() => Promise.resolve())).toEqual({ changed: [], committed: false });
  });

  it("names the table of an update, a delete and an insert", async () => {
    const id = await aSchool();
    expect(await other.value<number>("select count(*) from school")).toBeGreaterThan(20_000);
    const renamed = await changedBy(() => other.run("update school set name = name || ' (old)' where id = ?", id));
    expect(renamed).toEqual({ changed: ["school"], committed: true });

    const row = await other.rows<{ name: string; state: string; type: number }>("select name, state, type from school where id = ?", id);
    const removed = await changedBy(() => other.run("delete from school where id = ?", id));
    expect(removed.changed).toEqual(["school"]);
    const added = await changedBy(() =>
      other.run("insert into school (name, state, type) values (?, ?, ?)", row[0]!.name, row[0]!.state, 1),
    );
    // (SQLite also counts the id in sqlite_sequence.)
    expect(added.changed).toContain("school");
  });

  it("reports no change for a row written back as it was, or a session's last seen and expiry", async () => {
    const id = await aSchool();
    const same = await changedBy(() => other.run("update school set name = name where id = ?", id));
    // A commit happened, but no content differs.
    expect(same).toEqual({ changed: [], committed: true });
    const later = new Date(Date.now() + 60_000).toISOString();
    const seen = await changedBy(() =>
      other.run("update session set last_seen_at = ?, expires_at = ? where id = ?", later, later, sessionId),
    );
    expect(seen.changed).toEqual([]);
    const scoped = await changedBy(() => other.run("update session set scope = ? where id = ?", "reset", sessionId));
    expect(scoped.changed).toEqual(["session"]);
  });
});
