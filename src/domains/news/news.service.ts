import { layoutMail } from "../accounts/accounts.service.ts";
import * as site from "../site/site.service.ts";
import { isoNow } from "../../platform/clock.ts";
import type { AppContext, RequestMeta } from "../../platform/context.ts";
import { badInput } from "../../shared/errors.ts";
import { type AdItem, DEFAULT_NEWS_IMAGE, type EnquiryData, type NewsItem, newsItemInput } from "./news.schema.ts";

/** The newest news items; every item has an image (the default one when it has none). */
export async function recentNews(ctx: AppContext, limit: number): Promise<NewsItem[]> {
  const rows = await ctx.db
    .selectFrom("newsItem")
    .select(["id", "headerText", "text", "imageUrl", "navigateUrl", "postingDate"])
    .orderBy("postingDate", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, imageUrl: r.imageUrl || DEFAULT_NEWS_IMAGE }));
}

/** Items of a kind of ad (SiteGuide: the right column's guidance carousel), in their order. */
export async function ads(ctx: AppContext, type: string): Promise<AdItem[]> {
  const rows = await ctx.db
    .selectFrom("adItem")
    .select(["id", "headerText", "text", "imageUrl", "navigateUrl"])
    .where("type", "=", type)
    .orderBy("sortOrder")
    .orderBy("id")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    headerText: r.headerText,
    imageUrl: r.imageUrl ?? "",
    textField: r.text,
    navigateUrl: r.navigateUrl,
  }));
}

/**
 * Adds a news item (the operator's script, and feed imports); false when its guid exists already.
 * Checked with newsItemInput (title required; links and pictures http(s) or a site path): 400 otherwise.
 */
export async function addNews(
  ctx: AppContext,
  input: {
    headerText: string;
    text: string;
    imageUrl?: string | null;
    navigateUrl?: string;
    postingDate?: string;
    source?: string;
    guid?: string | null;
  },
): Promise<boolean> {
  const parsed = newsItemInput.safeParse({ ...input, imageUrl: input.imageUrl ?? undefined, guid: input.guid ?? undefined });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw badInput(issue ? `${issue.path.join(".") || "news item"}: ${issue.message}` : "The news item is not valid.");
  }
  const item = parsed.data;
  const row = await ctx.db
    .insertInto("newsItem")
    .values({
      headerText: item.headerText,
      text: item.text,
      imageUrl: item.imageUrl ?? null,
      navigateUrl: item.navigateUrl ?? "",
      postingDate: item.postingDate ?? isoNow(),
      source: item.source ?? "manual",
      guid: item.guid ?? null,
      createdAt: isoNow(),
    })
    .onConflict((oc) => oc.column("guid").doNothing())
    .returning("id")
    .executeTakeFirst();
  return !!row;
}

/** Stores an advertising enquiry and, when an operator address is configured, mails it there. */
export async function recordEnquiry(ctx: AppContext, data: EnquiryData, meta: RequestMeta): Promise<void> {
  await ctx.limiter.consume("mail", [`ip:${meta.ip}`]);
  await ctx.db
    .insertInto("adEnquiry")
    .values({ ...data, createdAt: isoNow() })
    .execute();
  const operatorEmail = ctx.operatorEmail;
  if (!operatorEmail) return;
  const siteName = await site.siteName(ctx);
  ctx.mailer.send(
    layoutMail({
      site: siteName,
      to: operatorEmail,
      subject: `Advertising enquiry from ${data.firstName} ${data.lastName}`,
      greeting: "Hello,",
      paragraphs: [
        `Someone asked about advertising on ${siteName}:`,
        `Name: ${data.firstName} ${data.lastName}`,
        `Company: ${data.company || "-"}  Title: ${data.title || "-"}`,
        `E-mail: ${data.email}  Phone: ${data.phone || "-"}  Country: ${data.country || "-"}`,
      ],
    }),
  );
}
