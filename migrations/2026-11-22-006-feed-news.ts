import type { Kysely } from "kysely";
import { idColumn } from "./lib/dialect.ts";

/** Tables as this migration sees them: by name, frozen in time (no import of the app's types). */
type Tables = Record<string, Record<string, unknown>>;

// Frozen in time. Posts and replies of the home feed, recent news, the site guide (ads of type
// SiteGuide) and advertising enquiries. The site guide and one welcome news item are reference
// data: a fresh instance has them without demo data.

const SITE_GUIDE = [
  {
    header: "Complete your profile",
    text: "Members with a sport, a current status and a photo are found far more often. Open Edit Profile from the menu under your picture and fill in Basic Info. first.",
    url: "/members/edit-profile",
  },
  {
    header: "Show your game",
    text: "Link your public photo account and your video channel in Edit Profile (Photos and Videos tabs). Scouts and coaches can then watch your highlights from your profile.",
    url: "/members/edit-profile?adId=2",
  },
  {
    header: "Find your people",
    text: "Search by name, sport, position or place in the box at the top, or open Contacts > Find Contacts for suggestions based on your sport and interests.",
    url: "/contacts/find-contacts",
  },
  {
    header: "Contacts and follows",
    text: "A contact needs the other member's confirmation and can message you; following is one way and shows their posts in your Recent Posts.",
    url: "/contacts/my-contacts",
  },
  {
    header: "Decide who sees what",
    text: "Privacy Settings let you show each part of your profile to everyone, only your contacts, or no one, and decide who can find you in search.",
    url: "/settings/privacy-setting",
  },
  {
    header: "Post short updates",
    text: "Use Add New Post on Home to share a result, a tryout or a question in up to 150 characters. Your contacts and followers see it in their feed.",
    url: "/home",
  },
];

export async function up(db: Kysely<Tables>): Promise<void> {
  await db.schema
    .createTable("post")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("member_id", "integer", (c) => c.notNull().references("member.id").onDelete("cascade"))
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("post_member_created_idx").on("post").columns(["member_id", "created_at", "id"]).execute();
  await db.schema.createIndex("post_created_idx").on("post").columns(["created_at", "id"]).execute();

  await db.schema
    .createTable("post_reply")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("post_id", "integer", (c) => c.notNull().references("post.id").onDelete("cascade"))
    .addColumn("member_id", "integer", (c) => c.notNull().references("member.id").onDelete("cascade"))
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("post_reply_post_idx").on("post_reply").columns(["post_id", "id"]).execute();

  await db.schema
    .createTable("news_item")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("header_text", "text", (c) => c.notNull())
    .addColumn("text", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("image_url", "text")
    .addColumn("navigate_url", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("posting_date", "text", (c) => c.notNull())
    .addColumn("source", "text", (c) => c.notNull().defaultTo("manual"))
    // For imported feeds: the entry's id/link, so an import never adds the same item twice.
    .addColumn("guid", "text", (c) => c.unique())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("news_item_posting_idx").on("news_item").columns(["posting_date", "id"]).execute();

  await db.schema
    .createTable("ad_item")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("header_text", "text", (c) => c.notNull())
    .addColumn("text", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("image_url", "text")
    .addColumn("navigate_url", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("ad_item_type_idx").on("ad_item").columns(["type", "sort_order"]).execute();

  await db.schema
    .createTable("ad_enquiry")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("first_name", "text", (c) => c.notNull())
    .addColumn("last_name", "text", (c) => c.notNull())
    .addColumn("company", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("phone", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("country", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("title", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  const now = new Date().toISOString();
  await db
    .insertInto("ad_item")
    .values(
      SITE_GUIDE.map((g, i) => ({
        type: "SiteGuide",
        header_text: g.header,
        text: g.text,
        image_url: null,
        navigate_url: g.url,
        sort_order: i,
      })),
    )
    .execute();
  await db
    .insertInto("news_item")
    .values({
      header_text: "Welcome to Sideline",
      text: "Sideline connects athletes, agents, coaches, scouts, trainers, referees and fans. Complete your profile, find your contacts and share your first post.",
      image_url: null,
      navigate_url: "/members/edit-profile",
      posting_date: now,
      source: "manual",
      guid: "sideline:welcome",
      created_at: now,
    })
    .execute();
}

export async function down(db: Kysely<Tables>): Promise<void> {
  for (const t of ["ad_enquiry", "ad_item", "news_item", "post_reply", "post"]) await db.schema.dropTable(t).ifExists().execute();
}
