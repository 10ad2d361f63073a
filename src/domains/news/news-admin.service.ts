import { isoNow } from "../../platform/clock.ts";
import type { AppContext } from "../../platform/context.ts";
import type { DB } from "../../platform/db/client.ts";
import { checkPublicUrl, checkUrlShape, UnsafePortError, UnsafeUrlError } from "../../platform/safe-fetch.ts";
import { badInput } from "../../shared/errors.ts";
import { adminContentTexts } from "../../shared/admin-content-texts.ts";
import type { z } from "zod";
import { newsItemInput, siteGuideItemInput } from "./news.schema.ts";

/**
 * What admins change in the news domain: news items, the site guide's items (ad_item rows of type
 * SiteGuide), the feeds the news import reads, and advertising enquiries. No role check here: the
 * admin domain calls these inside its write unit, after checking the role, with the audit entry.
 * db first, so they run in that unit's transaction.
 */

export const SITE_GUIDE = "SiteGuide";

/** News items newest first by id (keyset: the primary key). */
export const listNewsPage = (db: DB, limit: number, beforeId?: number) => {
  let q = db.selectFrom("newsItem").select(["id", "headerText", "text", "imageUrl", "navigateUrl", "postingDate", "source"]);
  if (beforeId !== undefined) q = q.where("id", "<", beforeId);
  return q.orderBy("id", "desc").limit(limit).execute();
};

export const findNews = (db: DB, id: number) =>
  db.selectFrom("newsItem").select(["id", "headerText", "source"]).where("id", "=", id).executeTakeFirst();

/** Parses with the domain's rule (the service checks again whatever the router or script parsed); 400 on the first issue. */
function checked<S extends z.ZodType>(schema: S, what: string, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw badInput(issue ? `${issue.path.join(".") || what}: ${issue.message}` : `The ${what} is not valid.`);
  }
  return parsed.data;
}

const checkedNews = (input: unknown) => checked(newsItemInput, "news item", input);
const checkedGuideItem = (input: unknown) => checked(siteGuideItemInput, "site guide item", input);

export interface NewsFields {
  headerText: string;
  text: string;
  navigateUrl: string;
  imageUrl: string;
  postingDate?: string;
}

export async function insertNews(db: DB, fields: NewsFields): Promise<number> {
  const item = checkedNews(fields);
  const row = await db
    .insertInto("newsItem")
    .values({
      headerText: item.headerText,
      text: item.text,
      imageUrl: item.imageUrl,
      navigateUrl: item.navigateUrl,
      postingDate: item.postingDate ?? isoNow(),
      source: "admin",
      guid: null,
      createdAt: isoNow(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateNews(db: DB, id: number, fields: NewsFields): Promise<boolean> {
  const item = checkedNews(fields);
  const result = await db
    .updateTable("newsItem")
    .set({
      headerText: item.headerText,
      text: item.text,
      imageUrl: item.imageUrl,
      navigateUrl: item.navigateUrl,
      ...(item.postingDate ? { postingDate: item.postingDate } : {}),
    })
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Removes a news item. A feed item's guid goes with it, so the next import may bring it back; admins remove the feed to stop that. */
export async function deleteNews(db: DB, id: number): Promise<boolean> {
  const result = await db.deleteFrom("newsItem").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

// --- Site guide (the right column's carousel) -------------------------------------------------

/** The site guide's items in their order (ad_item_type_idx). */
export const listSiteGuide = (db: DB) =>
  db
    .selectFrom("adItem")
    .select(["id", "headerText", "text", "imageUrl", "navigateUrl", "sortOrder"])
    .where("type", "=", SITE_GUIDE)
    .orderBy("sortOrder")
    .orderBy("id")
    .execute();

export interface SiteGuideFields {
  headerText: string;
  text: string;
  imageUrl: string;
  navigateUrl: string;
}

/** Adds an item at the end of the guide. */
export async function insertSiteGuideItem(db: DB, fields: SiteGuideFields): Promise<number> {
  const item = checkedGuideItem(fields);
  const last = await db
    .selectFrom("adItem")
    .select("sortOrder")
    .where("type", "=", SITE_GUIDE)
    .orderBy("sortOrder", "desc")
    .limit(1)
    .executeTakeFirst();
  const row = await db
    .insertInto("adItem")
    .values({ type: SITE_GUIDE, ...item, imageUrl: item.imageUrl || null, sortOrder: (last?.sortOrder ?? 0) + 1 })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateSiteGuideItem(db: DB, id: number, fields: SiteGuideFields): Promise<boolean> {
  const item = checkedGuideItem(fields);
  const result = await db
    .updateTable("adItem")
    .set({ ...item, imageUrl: item.imageUrl || null })
    .where("id", "=", id)
    .where("type", "=", SITE_GUIDE)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteSiteGuideItem(db: DB, id: number): Promise<boolean> {
  const result = await db.deleteFrom("adItem").where("id", "=", id).where("type", "=", SITE_GUIDE).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Puts the guide's items in this order; the list must name every item once. */
export async function orderSiteGuide(db: DB, ids: number[]): Promise<void> {
  const current = (await listSiteGuide(db)).map((r) => r.id);
  const same = ids.length === current.length && new Set(ids).size === ids.length && ids.every((id) => current.includes(id));
  if (!same) throw badInput(adminContentTexts.siteGuideOrderMismatch);
  for (const [index, id] of ids.entries()) {
    await db
      .updateTable("adItem")
      .set({ sortOrder: index + 1 })
      .where("id", "=", id)
      .execute();
  }
}

// --- Feeds the news import reads ----------------------------------------------------------------

export const listFeeds = (db: DB) => db.selectFrom("newsFeed").select(["id", "url", "createdAt"]).orderBy("id").execute();

/** The 400 for a URL safe-fetch refuses: the port rule named on its own, the rest as one. */
const feedRefusal = (error: UnsafeUrlError) =>
  badInput(error instanceof UnsafePortError ? adminContentTexts.feedPort : adminContentTexts.feedNotPublic);

/**
 * Refuses a feed URL the server must not fetch (BAD_INPUT): not http(s), with credentials, on a port
 * other than the web's, or a host that is or resolves to a non-public address (SSRF; the fetch
 * checks again: safe-fetch.ts). Outside any write unit: it may wait for DNS.
 */
export async function checkFeedUrl(url: string): Promise<void> {
  try {
    await checkPublicUrl(url);
  } catch (error) {
    if (error instanceof UnsafeUrlError) throw feedRefusal(error);
    throw error;
  }
}

export async function insertFeed(db: DB, url: string): Promise<number> {
  // The shape again, for any caller that skipped checkFeedUrl (no DNS inside the write unit).
  try {
    checkUrlShape(url);
  } catch (error) {
    if (error instanceof UnsafeUrlError) throw feedRefusal(error);
    throw error;
  }
  // DO NOTHING rather than catching the violation: on PostgreSQL that would abort the admin's transaction.
  const row = await db
    .insertInto("newsFeed")
    .values({ url, createdAt: isoNow() })
    .onConflict((oc) => oc.column("url").doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!row) throw badInput(adminContentTexts.feedExists);
  return row.id;
}

/** Deletes a feed; its url, or null when there was none. */
export async function deleteFeed(db: DB, id: number): Promise<string | null> {
  const row = await db.deleteFrom("newsFeed").where("id", "=", id).returning("url").executeTakeFirst();
  return row?.url ?? null;
}

/** The feeds the import reads: the configured ones (NEWS_FEEDS, the default) and the admins' list, once each. */
export async function feedUrls(ctx: AppContext, configured: readonly string[]): Promise<string[]> {
  const stored = (await listFeeds(ctx.db)).map((f) => f.url);
  return [...new Set([...configured, ...stored])];
}

// --- Advertising enquiries ------------------------------------------------------------------------

/** Enquiries newest first (keyset on id); `openOnly`: those not handled yet (ad_enquiry_open_idx). */
export function listEnquiries(db: DB, limit: number, beforeId: number | undefined, openOnly: boolean) {
  let q = db
    .selectFrom("adEnquiry")
    .select(["id", "firstName", "lastName", "company", "email", "phone", "country", "title", "createdAt", "handledAt"]);
  if (openOnly) q = q.where("handledAt", "is", null);
  if (beforeId !== undefined) q = q.where("id", "<", beforeId);
  return q.orderBy("id", "desc").limit(limit).execute();
}

/** Marks an enquiry handled; false when there is no such enquiry. Handling it again keeps the first time. */
export async function markEnquiryHandled(db: DB, id: number, memberId: number): Promise<boolean> {
  const row = await db.selectFrom("adEnquiry").select(["id", "handledAt"]).where("id", "=", id).executeTakeFirst();
  if (!row) return false;
  if (row.handledAt === null) {
    await db.updateTable("adEnquiry").set({ handledAt: isoNow(), handledByMemberId: memberId }).where("id", "=", id).execute();
  }
  return true;
}
