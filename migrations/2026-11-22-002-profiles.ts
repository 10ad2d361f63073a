import type { CreateTableBuilder, Kysely } from "kysely";
import { idColumn } from "./lib/dialect.ts";

type Table = CreateTableBuilder<string, string>;

// Frozen in time: no imports from the application. Profile rows are created on first save;
// reads fall back to these defaults. Privacy levels: 1 Public, 2 Private, 3 Only Contacts.
export async function up(db: Kysely<unknown>): Promise<void> {
  const text =
    (name: string) =>
    (t: Table): Table =>
      t.addColumn(name, "text", (c) => c.notNull().defaultTo(""));
  const flag =
    (name: string, value = 0) =>
    (t: Table): Table =>
      t.addColumn(name, "integer", (c) => c.notNull().defaultTo(value));

  let profile: Table = db.schema
    .createTable("member_profile")
    .addColumn("member_id", "integer", (c) => c.primaryKey().references("member.id").onDelete("cascade"));
  for (const name of [
    "sport",
    "bio",
    "preferred_hand_foot",
    "preferred_position",
    "secondary_position",
    "other_sporting_interest",
    "current_city",
    "hometown",
    "home_neighborhood",
    "political_view",
    "religious_view",
    "interests",
    "industry",
    "sector",
    "other_email",
    "facebook",
    "instagram",
    "twitter",
    "website",
    "home_phone",
    "cell_phone",
    "other_phone",
    "address",
    "city",
    "neighborhood",
    "state",
    "zip",
    "about_me",
    "activities",
    "personal_interests",
    "special_skills",
    "photo_account_url",
    "video_channel_id",
  ])
    profile = text(name)(profile);
  for (const name of [
    "show_gender",
    "show_birth_date",
    "looking_for_employment",
    "looking_for_networking",
    "looking_for_partnership",
    "looking_for_recruitment",
    "show_address",
    "show_email",
    "show_cell_phone",
    "show_home_phone",
  ])
    profile = flag(name)(profile);
  profile = profile
    .addColumn("height_inches", "integer")
    .addColumn("weight_lbs", "integer")
    .addColumn("updated_at", "text", (c) => c.notNull().defaultTo(""));
  await profile.execute();

  let privacy: Table = db.schema
    .createTable("member_privacy")
    .addColumn("member_id", "integer", (c) => c.primaryKey().references("member.id").onDelete("cascade"));
  for (const name of [
    "basic_info",
    "personal_info",
    "contact_info",
    "education",
    "work_info",
    "photos",
    "videos",
    "mobile_phone",
    "email_address",
  ]) {
    privacy = flag(name, 1)(privacy);
  }
  // The other phone has no show flag of its own: private until the member opens it.
  privacy = flag("other_phone", 2)(privacy);
  for (const name of ["search_visibility", "view_profile_picture", "view_friends_list", "view_link_request", "view_link_message"]) {
    privacy = flag(name, 1)(privacy);
  }
  await privacy.addColumn("updated_at", "text", (c) => c.notNull().defaultTo("")).execute();

  // Contacts: an accepted link is two rows (one each way); a pending request is the requester's row.
  await db.schema
    .createTable("contact_link")
    .addColumn("member_id", "integer", (c) => c.notNull().references("member.id").onDelete("cascade"))
    .addColumn("other_id", "integer", (c) => c.notNull().references("member.id").onDelete("cascade"))
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("contact_link_pk", ["member_id", "other_id"])
    .execute();
  await db.schema.createIndex("contact_link_other_idx").on("contact_link").columns(["other_id", "status"]).execute();

  // Reference data.
  const named = (table: string) =>
    db.schema
      .createTable(table)
      .addColumn("id", "integer", idColumn(db))
      .addColumn("name", "text", (c) => c.notNull().unique())
      .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0));
  for (const table of ["sport", "degree_type", "competition_level", "other_sporting_interest", "interest", "sector"]) {
    await named(table).execute();
  }
  await db.schema
    .createTable("us_state")
    .addColumn("code", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("school")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("city", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("type", "integer", (c) => c.notNull())
    .addColumn("website", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("source_id", "text")
    .addColumn("added_by_member_id", "integer", (c) => c.references("member.id").onDelete("set null"))
    .execute();
  await db.schema.createIndex("school_state_type_name_idx").on("school").columns(["state", "type", "name"]).execute();
  await db.schema
    .createTable("industry")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("sector_id", "integer", (c) => c.notNull().references("sector.id"))
    .addColumn("name", "text", (c) => c.notNull())
    .addUniqueConstraint("industry_sector_name_uq", ["sector_id", "name"])
    .execute();
  await db.schema
    .createTable("company")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("industry_id", "integer", (c) => c.references("industry.id"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("website", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("added_by_member_id", "integer", (c) => c.references("member.id").onDelete("set null"))
    .execute();
  await db.schema.createIndex("company_industry_name_idx").on("company").columns(["industry_id", "name"]).execute();

  await db.schema
    .createTable("member_school")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("member_id", "integer", (c) => c.notNull().references("member.id").onDelete("cascade"))
    .addColumn("school_id", "integer", (c) => c.notNull().references("school.id"))
    .addColumn("degree_type_id", "integer", (c) => c.references("degree_type.id"))
    .addColumn("major", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("year_class", "integer")
    .addColumn("competition_level", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("societies", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("member_school_member_idx").on("member_school").column("member_id").execute();

  await db.schema
    .createTable("member_employment")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("member_id", "integer", (c) => c.notNull().references("member.id").onDelete("cascade"))
    .addColumn("company_id", "integer", (c) => c.notNull().references("company.id"))
    .addColumn("title", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("city", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("state", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("start_month", "integer")
    .addColumn("start_year", "integer")
    .addColumn("end_month", "integer")
    .addColumn("end_year", "integer")
    .addColumn("currently_works_here", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("member_employment_member_idx").on("member_employment").column("member_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    "member_employment",
    "member_school",
    "company",
    "industry",
    "school",
    "us_state",
    "sector",
    "interest",
    "other_sporting_interest",
    "competition_level",
    "degree_type",
    "sport",
    "contact_link",
    "member_privacy",
    "member_profile",
  ])
    await db.schema.dropTable(t).ifExists().execute();
}
