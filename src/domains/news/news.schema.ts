import { z } from "zod";
import { NEWS_TEXT_LENGTH } from "../../shared/limits.ts";
import { personNameField } from "../../shared/names.ts";
import { texts } from "../../shared/texts.ts";

export const DEFAULT_NEWS_IMAGE = "/images/RecentNews/default.png";

/** News text as the home screen shows it: at most 120 characters, cut at a word with an ellipsis. */
export function shortenNews(text: string, max = NEWS_TEXT_LENGTH): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const atWord = cut.lastIndexOf(" ") > max * 0.6 ? cut.slice(0, cut.lastIndexOf(" ")) : cut;
  return `${atWord.trimEnd()}…`;
}

export interface NewsItem {
  id: number;
  headerText: string;
  /** The whole text; the screen shows it shortened (shortenNews). */
  text: string;
  imageUrl: string;
  navigateUrl: string;
  postingDate: string;
}

export interface AdItem {
  id: number;
  headerText: string;
  imageUrl: string;
  textField: string;
  navigateUrl: string;
}

const text = (max: number) =>
  z
    .union([z.string(), z.number(), z.null()])
    .optional()
    .transform((v) => (v === null || v === undefined ? "" : String(v).trim()))
    .pipe(z.string().max(max));

/** The advertising enquiry of SendAdvertisementInfo. */
export const enquiryInput = z.object({
  // Mailed to the operator: the same name rule as members' names.
  firstName: personNameField(texts.firstNameIsRequired),
  lastName: personNameField(texts.lastNameIsRequired),
  company: text(100),
  email: text(254).pipe(z.email("Valid email is required.")),
  phone: text(30),
  country: text(60),
  title: text(100),
});
export type EnquiryData = z.output<typeof enquiryInput>;

/**
 * A link or picture of a news item: an http(s) address or a path on this site ("/images/..."),
 * never javascript: or data: (the home screen puts it in a link and an <img>).
 */
export const siteOrWebUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => v === "" || (v.startsWith("/") && !v.startsWith("//")) || /^https?:\/\/[^\s]+$/i.test(v), {
    message: "must be an http(s) address or a path on this site starting with /",
  });

/** A news item as the operator (scripts/add-news.ts) or a feed import adds it. */
export const newsItemInput = z.object({
  headerText: z.string().trim().min(1, "A title is required.").max(200),
  text: z.string().trim().max(5000).default(""),
  navigateUrl: siteOrWebUrl.default(""),
  imageUrl: siteOrWebUrl.optional().transform((v) => v || null),
  /** When it was published; any date JavaScript reads ("2026-11-01", ISO-8601), stored as ISO-8601 UTC. */
  postingDate: z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (!v) return undefined;
      const t = Date.parse(v);
      if (Number.isNaN(t)) {
        ctx.addIssue({ code: "custom", message: "is not a date (use YYYY-MM-DD or ISO-8601)" });
        return z.NEVER;
      }
      return new Date(t).toISOString();
    }),
  /** Keeps an item from being added twice (feed entry id or link; any stable key). */
  guid: z.string().trim().min(1).max(500).optional(),
  source: z.string().trim().min(1).max(100).optional(),
});
export type NewsItemData = z.output<typeof newsItemInput>;

/** A site guide item as admins write it: its links follow the news rule (siteOrWebUrl). */
export const siteGuideItemInput = z.object({
  headerText: z.string().trim().min(1, "A title is required.").max(200),
  text: z.string().trim().max(2000).default(""),
  navigateUrl: siteOrWebUrl.default(""),
  imageUrl: siteOrWebUrl.default(""),
});

export const newsInput = z.object({ limit: z.coerce.number().int().min(1).max(50).default(10) });
export const adsInput = z.object({ type: z.string().trim().min(1).max(40).default("SiteGuide") });
