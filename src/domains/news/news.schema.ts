import { z } from "zod";
import { NEWS_TEXT_LENGTH } from "../../shared/limits.ts";

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
  z.union([z.string(), z.number(), z.null()]).optional().transform((v) => (v === null || v === undefined ? "" : String(v).trim())).pipe(z.string().max(max));

/** The advertising enquiry of SendAdvertisementInfo. */
export const enquiryInput = z.object({
  firstName: text(50).pipe(z.string().min(1, "First name is required.")),
  lastName: text(50).pipe(z.string().min(1, "Last name is required.")),
  company: text(100),
  email: text(254).pipe(z.email("Valid email is required.")),
  phone: text(30),
  country: text(60),
  title: text(100),
});
export type EnquiryData = z.output<typeof enquiryInput>;

export const newsInput = z.object({ limit: z.coerce.number().int().min(1).max(50).default(10) });
export const adsInput = z.object({ type: z.string().trim().min(1).max(40).default("SiteGuide") });
