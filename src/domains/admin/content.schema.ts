import { z } from "zod";
import { siteSettingsInput } from "../site/site.schema.ts";

/** Inputs and outputs of the admin content screens (decision 039): admins only. */

export const CONTENT_PAGE_SIZE = 25;

const idField = z.number("id must be a number.").int().positive();
const cursorField = z.string().max(200).optional();
/** A link or picture: an http(s) address or a path on this site (checked again with the news rule). */
const linkField = z.string().trim().max(2000).default("");

export const pageInput = z.object({ cursor: cursorField });
export const idInput = z.object({ id: idField });

export const newsFieldsInput = z.object({
  headerText: z.string().trim().min(1, "A title is required.").max(200),
  text: z.string().trim().max(5000).default(""),
  navigateUrl: linkField,
  imageUrl: linkField,
  /** When it was published (YYYY-MM-DD or ISO-8601); absent: now. */
  postingDate: z.string().trim().max(40).optional(),
});
export const newsEditInput = newsFieldsInput.extend({ id: idField });

export const feedAddInput = z.object({ url: z.url({ protocol: /^https?$/, message: "The feed must be an http(s) address." }).max(2000) });

export const guideFieldsInput = z.object({
  headerText: z.string().trim().min(1, "A title is required.").max(200),
  text: z.string().trim().max(2000).default(""),
  imageUrl: linkField,
  navigateUrl: linkField,
});
export const guideEditInput = guideFieldsInput.extend({ id: idField });
export const guideOrderInput = z.object({ ids: z.array(idField).max(200) });

export const typedNameKindField = z.enum(["school", "company"], "kind must be school or company.");
export const pendingNamesInput = z.object({ kind: typedNameKindField, cursor: cursorField });
export const typedNameInput = z.object({ kind: typedNameKindField, id: idField });

export const enquiriesInput = z.object({ openOnly: z.boolean().default(false), cursor: cursorField });

export const settingsInput = siteSettingsInput;
export const inviteInput = z.object({ code: z.string().trim().min(1).max(40) });

export interface AdminNewsItem {
  id: number;
  headerText: string;
  text: string;
  imageUrl: string;
  navigateUrl: string;
  postingDate: string;
  /** 'admin', 'feed', 'manual' (the script), 'demo'. */
  source: string;
}

export interface AdminGuideItem {
  id: number;
  headerText: string;
  text: string;
  imageUrl: string;
  navigateUrl: string;
}

export interface AdminPendingName {
  kind: "school" | "company";
  id: number;
  name: string;
  state: string | null;
  schoolType: number | null;
  addedBy: { memberId: number; name: string } | null;
}

export interface AdminEnquiry {
  id: number;
  name: string;
  company: string;
  email: string;
  phone: string;
  country: string;
  title: string;
  createdAt: string;
  handledAt: string | null;
}
