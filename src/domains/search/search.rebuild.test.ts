/**
 * rebuildMemberSearch (the bulk rebuild the community generator calls) writes exactly the rows the
 * triggers keep one member at a time: after each kind of change (new members with and without a
 * profile or privacy row, profile edits, privacy changes, deactivation, reactivation, deletion) the
 * index the triggers made and the rebuilt one are the same, and searching finds the same members.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMember } from "#support/members.ts";
import { type TestContext, closeTestContext, openTestContext } from "#support/service-context.ts";
import type { DB } from "../../platform/db/client.ts";
import { isPostgres } from "../../platform/db/dialect.ts";
import { MemberStatus } from "../../shared/members.ts";
import { upsertProfile } from "../profiles/profiles.repository.ts";
import { upsertPrivacy } from "../privacy/privacy.repository.ts";
import * as prefixes from "../../../migrations/2026-11-26-220-search-prefixes.ts";
import { prefixTerms, rebuildMemberSearch, searchMemberIds } from "./search.repository.ts";

let t: TestContext | undefined;
let db: DB;
beforeAll(async () => {
  t = await openTestContext("search-rebuild");
  db = t.db;
});
afterAll(() => closeTestContext(t));

const COLUMNS = "rowid, name, status, sport, positions, place, name_c, status_c, sport_c, positions_c, place_c";
/** The index's rows (PostgreSQL: its tsvector columns as text, each word with its positions and weight). */
const INDEX_ROWS = {
  sqlite: `SELECT ${COLUMNS} FROM member_search ORDER BY rowid`,
  postgres: `SELECT member_id AS rowid, pub::text AS pub, place::text AS place, con::text AS con FROM member_search ORDER BY member_id`,
};
const indexRows = async () => (await sql.raw(INDEX_ROWS[isPostgres(db) ? "postgres" : "sqlite"]).execute(db)).rows;

/** The index as the triggers left it equals the rebuilt one (and the rebuild leaves it so). */
async function expectRebuildMatchesTriggers() {
  const byTriggers = await indexRows();
  await rebuildMemberSearch(db);
  expect(await indexRows()).toEqual(byTriggers);
  return byTriggers;
}

const at = () => new Date().toISOString();

describe("rebuildMemberSearch", () => {
  it("writes the rows the triggers write, after every kind of change", async () => {
    const viewer = await createMember(db, { firstName: "Vera", lastName: "Viewer" });
    const bare = await createMember(db, {
      firstName: "Bart",
      lastName: "Bare",
      middleName: "Q",
      title: "Fan of everything",
    });
    const full = await createMember(db, {
      firstName: "Jos\u00e9",
      lastName: "M\u00fcller",
      profileType: "Athlete (Amateur)",
      title: "Point guard",
    });
    const hidden = await createMember(db, { firstName: "Hana", lastName: "Hidden", middleName: "Mid" });
    const waiting = await createMember(db, { firstName: "Walt", lastName: "Waiting", status: MemberStatus.AwaitingConfirmation });
    const gone = await createMember(db, { firstName: "Dora", lastName: "Deactivated", status: MemberStatus.Deactivated });
    expect((await expectRebuildMatchesTriggers()).length).toBe(4);

    await upsertProfile(
      db,
      full.memberId,
      {
        sport: "Basketball",
        preferredPosition: "Point guard",
        secondaryPosition: "Shooting guard",
        currentCity: "Columbus",
        hometown: "Dayton",
        city: "Columbus",
        state: "OH",
      },
      at(),
    );
    await upsertProfile(db, hidden.memberId, { sport: "Soccer", currentCity: "Austin", city: "Austin", state: "TX" }, at());
    await upsertProfile(db, gone.memberId, { sport: "Tennis" }, at());
    await expectRebuildMatchesTriggers();

    // Basic info Only Contacts, contact info Private; then the other way round.
    await upsertPrivacy(db, hidden.memberId, { basicInfo: 3, contactInfo: 2 }, at());
    await upsertPrivacy(db, full.memberId, { basicInfo: 1, contactInfo: 3, searchVisibility: 2 }, at());
    await expectRebuildMatchesTriggers();
    await upsertPrivacy(db, hidden.memberId, { basicInfo: 2, contactInfo: 3 }, at());
    await expectRebuildMatchesTriggers();

    // Edits of the header, deactivation, confirmation, reactivation, deletion.
    await db.updateTable("member").set({ firstName: "Barty", title: "Coach" }).where("id", "=", bare.memberId).execute();
    await db.updateTable("member").set({ status: MemberStatus.Deactivated }).where("id", "=", full.memberId).execute();
    await db.updateTable("member").set({ status: MemberStatus.Active }).where("id", "=", waiting.memberId).execute();
    await db.updateTable("member").set({ status: MemberStatus.Active }).where("id", "=", gone.memberId).execute();
    await db.deleteFrom("member").where("id", "=", hidden.memberId).execute();
    const rows = await expectRebuildMatchesTriggers();
    expect(rows.map((r) => (r as { rowid: number }).rowid)).toEqual([viewer.memberId, bare.memberId, waiting.memberId, gone.memberId]);

    // Searching the rebuilt index finds what the triggers' index found.
    expect(await searchMemberIds(db, viewer.memberId, prefixTerms("ten"), 10)).toEqual([gone.memberId]);
    expect(await searchMemberIds(db, viewer.memberId, prefixTerms("barty coach"), 10)).toEqual([bare.memberId]);
  });

  it("rebuilds an index that was emptied or went stale", async () => {
    const before = await indexRows();
    expect(before.length).toBeGreaterThan(0);
    await sql`DELETE FROM member_search`.execute(db);
    await rebuildMemberSearch(db);
    expect(await indexRows()).toEqual(before);
  });

  it("is one segment with prefix indexes up to 8 letters after migration 2026-11-26-220, which keeps every row and the triggers", async () => {
    const viewer = await createMember(db, { firstName: "Vera", lastName: "Viewer" });
    const olivia = await createMember(db, {
      firstName: "Olivia",
      lastName: "Kowalczyk",
      title: "Basketball scout",
    });
    await upsertProfile(db, olivia.memberId, { sport: "Basketball", city: "Columbus", state: "OH" }, at());
    const asked = ["ol", "oliv", "olivi", "olivia", "kowalcz", "kowalczyk", "basketb", "columbu"];
    const found = async () => Promise.all(asked.map((w) => searchMemberIds(db, viewer.memberId, prefixTerms(w), 10)));
    // SQLite: the FTS5 table's prefix indexes. PostgreSQL's GIN index answers prefixes as it is: the
    // migration does nothing there, and the rows and answers stay the same all the same.
    const expectPrefixes = async (prefix: string) => {
      if (isPostgres(db)) return;
      const [table] = (await sql<{ sql: string }>`SELECT sql FROM sqlite_master WHERE name = 'member_search'`.execute(db)).rows;
      expect(table!.sql).toContain(`prefix = '${prefix}'`);
    };
    await expectPrefixes("1 2 3 4 5 6 7 8");
    const rows = await indexRows();
    const answers = await found();
    expect(answers.every((ids) => ids.includes(olivia.memberId))).toBe(true);

    // Down to the index of 2026-11-24-020 and up again: the same rows and answers.
    await prefixes.down(db as never);
    await expectPrefixes("1 2 3");
    expect(await indexRows()).toEqual(rows);
    expect(await found()).toEqual(answers);
    await prefixes.up(db as never);
    await expectPrefixes("1 2 3 4 5 6 7 8");
    expect(await indexRows()).toEqual(rows);
    expect(await found()).toEqual(answers);
    if (!isPostgres(db)) await sql`INSERT INTO member_search (member_search, rank) VALUES ('integrity-check', 1)`.execute(db);
    // The triggers of 2026-11-24-020 still write into the recreated table.
    await db.updateTable("member").set({ lastName: "Kowalski" }).where("id", "=", olivia.memberId).execute();
    expect(await searchMemberIds(db, viewer.memberId, prefixTerms("kowalsk"), 10)).toEqual([olivia.memberId]);
    expect(await searchMemberIds(db, viewer.memberId, prefixTerms("kowalcz"), 10)).toEqual([]);
    await expectRebuildMatchesTriggers();
  });
});
