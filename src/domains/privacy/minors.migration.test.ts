/**
 * Migration 2026-11-27-420 (decision 037) over data in the old shape, on a real database: each
 * contact detail's level becomes the most private of its two old controls, members who never saved
 * keep what applied to them, and members under 18 get Only Contacts sections. Nobody's detail
 * becomes more visible.
 */
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMember } from "#support/members.ts";
import { closeTestContext, openTestContext, type TestContext } from "#support/service-context.ts";
import type { DB } from "../../platform/db/client.ts";
import { down, up } from "../../../migrations/2026-11-27-420-minors.ts";

let t: TestContext | undefined;
let db: DB;
let raw: Kysely<unknown>;
beforeAll(async () => {
  t = await openTestContext("minors-migration");
  db = t.db;
  raw = db.withoutPlugins() as unknown as Kysely<unknown>;
  // Back to the schema before the migration, to write data in the old shape.
  await down(raw);
});
afterAll(() => closeTestContext(t));

const now = () => new Date().toISOString();
const flags = (showEmail: number, showCellPhone: number, showHomePhone: number, showAddress: number) => ({
  showEmail,
  showCellPhone,
  showHomePhone,
  showAddress,
});

describe("migration 420", () => {
  it("keeps every detail as private as it was, and makes minors' Public sections Only Contacts", async () => {
    const minorYear = new Date().getUTCFullYear() - 16;
    // Never saved privacy, every flag on: the old defaults (details Public) stay.
    const open = await createMember(db);
    await db
      .insertInto("memberProfile")
      .values({ memberId: open.memberId, ...flags(1, 1, 1, 1), updatedAt: now() })
      .execute();
    // Never saved anything: the flags were off (no profile row), so every detail becomes Private.
    const bare = await createMember(db);
    // Saved levels, some flags off: a flag off wins over a Public level; a flag on keeps an Only Contacts level.
    const mixed = await createMember(db);
    await db
      .insertInto("memberProfile")
      .values({ memberId: mixed.memberId, ...flags(1, 0, 0, 1), updatedAt: now() })
      .execute();
    await db
      .insertInto("memberPrivacy")
      .values({ memberId: mixed.memberId, emailAddress: 3, mobilePhone: 1, otherPhone: 1, basicInfo: 2, updatedAt: now() })
      .execute();
    // A minor who never saved, and one with a Private section.
    const minor = await createMember(db, { birthDate: `${minorYear}-01-01` });
    const privateMinor = await createMember(db, { birthDate: `${minorYear}-01-01` });
    await db.insertInto("memberPrivacy").values({ memberId: privateMinor.memberId, education: 2, updatedAt: now() }).execute();

    await up(raw);

    const row = (m: { memberId: number }) =>
      db.selectFrom("memberPrivacy").selectAll().where("memberId", "=", m.memberId).executeTakeFirstOrThrow();
    expect(await row(open)).toMatchObject({ emailAddress: 1, mobilePhone: 1, homePhone: 1, address: 1, otherPhone: 2, basicInfo: 1 });
    expect(await row(bare)).toMatchObject({ emailAddress: 2, mobilePhone: 2, homePhone: 2, address: 2, otherPhone: 2, basicInfo: 1 });
    expect(await row(mixed)).toMatchObject({ emailAddress: 3, mobilePhone: 2, homePhone: 2, address: 1, otherPhone: 1, basicInfo: 2 });
    const sections = { basicInfo: 3, personalInfo: 3, contactInfo: 3, workInfo: 3, photos: 3, videos: 3 };
    expect(await row(minor)).toMatchObject({ ...sections, education: 3, minorFindable: 0 });
    expect(await row(privateMinor)).toMatchObject({ ...sections, education: 2 });
    // Adults keep their sections and are not opted in to anything new.
    expect(await row(open)).toMatchObject({ personalInfo: 1, minorFindable: 0 });
  });
});
