import { type Kysely, sql } from "kysely";

// Frozen in time. One control per contact detail, and minors (decision 037).
// - member_privacy gains a level for the home phone and the address (the other details had one)
//   and the minors' search opt-in (0: adults who are not contacts do not find a minor).
// - Every member gets a member_privacy row holding what applied to them until now, so that the
//   new defaults (contact details Private) change nobody who never saved.
// - Each detail's level becomes the most private of its old two controls: a "show" flag that was
//   off makes the detail Private; on, the level stays (home phone and address: Public). Nobody's
//   detail becomes more visible than it was. The member_profile show_* columns stay, unread.
// - Members under 18 today: profile sections that were Public become Only Contacts.
// Portable: plain columns with defaults and UPDATE ... WHERE EXISTS/NOT EXISTS subqueries.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("member_privacy")
    .addColumn("home_phone", "integer", (c) => c.notNull().defaultTo(2))
    .execute();
  await db.schema
    .alterTable("member_privacy")
    .addColumn("address", "integer", (c) => c.notNull().defaultTo(2))
    .execute();
  await db.schema
    .alterTable("member_privacy")
    .addColumn("minor_findable", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  const now = new Date().toISOString();
  // The old defaults (column defaults 1, other phone 2) for members who never saved.
  await sql`INSERT INTO member_privacy (member_id, updated_at)
            SELECT m.id, ${now} FROM member m
            WHERE NOT EXISTS (SELECT 1 FROM member_privacy pr WHERE pr.member_id = m.id)`.execute(db);

  const flagOn = (column: string) =>
    sql`EXISTS (SELECT 1 FROM member_profile p WHERE p.member_id = member_privacy.member_id AND p.${sql.raw(column)} = 1)`;
  await sql`UPDATE member_privacy SET mobile_phone = 2 WHERE NOT ${flagOn("show_cell_phone")}`.execute(db);
  await sql`UPDATE member_privacy SET email_address = 2 WHERE NOT ${flagOn("show_email")}`.execute(db);
  await sql`UPDATE member_privacy SET home_phone = 1 WHERE ${flagOn("show_home_phone")}`.execute(db);
  await sql`UPDATE member_privacy SET address = 1 WHERE ${flagOn("show_address")}`.execute(db);

  // Under 18 today: born after this day 18 years ago (birth_date is YYYY-MM-DD text on both engines).
  const adultBornBy = `${Number(now.slice(0, 4)) - 18}${now.slice(4, 10)}`;
  const minor = sql`EXISTS (SELECT 1 FROM member m WHERE m.id = member_privacy.member_id AND m.birth_date > ${adultBornBy})`;
  for (const column of ["basic_info", "personal_info", "contact_info", "education", "work_info", "photos", "videos"]) {
    await sql`UPDATE member_privacy SET ${sql.raw(column)} = 3 WHERE ${sql.raw(column)} = 1 AND ${minor}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("member_privacy").dropColumn("minor_findable").execute();
  await db.schema.alterTable("member_privacy").dropColumn("address").execute();
  await db.schema.alterTable("member_privacy").dropColumn("home_phone").execute();
}
