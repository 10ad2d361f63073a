import type { Actor, AppContext } from "../../platform/context.ts";
import { inWriteUnit } from "../../platform/write-unit.ts";
import { notFound } from "../../shared/errors.ts";
import { adminContentTexts } from "../../shared/admin-content-texts.ts";
import * as media from "../media/media.service.ts";
import * as newsAdmin from "../news/news-admin.service.ts";
import * as names from "../reference/reference-admin.service.ts";
import * as site from "../site/site.service.ts";
import type { InviteCode, SiteInfo, SiteSettingsInput } from "../site/site.schema.ts";
import type { ContentAction, ContentTargetKind, Page } from "./admin.schema.ts";
import { cursorId, requireRole, writeAudit } from "./admin.service.ts";
import * as repo from "./admin.repository.ts";
import { type AdminEnquiry, type AdminGuideItem, type AdminNewsItem, type AdminPendingName, CONTENT_PAGE_SIZE } from "./content.schema.ts";

/**
 * The site's content as admins run it (issue 17, point 2; decision 039): news and the feeds it is
 * imported from, the site guide, typed school and company names, advertising enquiries, instance
 * settings and invite codes. Admins only (the router's adminProcedure, and here again for any other
 * path). Every change writes its audit entry in the same write unit, with a label for the audit screen.
 */

type Write<T> = (unit: AppContext) => Promise<T>;

/** Runs a change and its audit entry in one write unit. */
async function change<T>(
  ctx: AppContext,
  actor: Actor,
  action: ContentAction,
  target: (result: T) => { kind: ContentTargetKind; id: string; label: string; detail?: Record<string, unknown> },
  work: Write<T>,
): Promise<T> {
  requireRole(actor, "admin");
  return inWriteUnit(ctx, async (unit) => {
    const result = await work(unit);
    const t = target(result);
    await writeAudit(unit.db, actor.memberId, action, { kind: t.kind, id: t.id }, null, { label: t.label, ...t.detail });
    return result;
  });
}

function page<T extends { id: number }>(rows: T[]): Page<T> {
  const items = rows.slice(0, CONTENT_PAGE_SIZE);
  return { items, nextCursor: rows.length > CONTENT_PAGE_SIZE ? String(items.at(-1)!.id) : null };
}

// --- News ---------------------------------------------------------------------------------------------

export async function listNews(ctx: AppContext, actor: Actor, cursor?: string): Promise<Page<AdminNewsItem>> {
  requireRole(actor, "admin");
  const rows = await newsAdmin.listNewsPage(ctx.db, CONTENT_PAGE_SIZE + 1, cursorId(cursor));
  return page(rows.map((r) => ({ ...r, imageUrl: r.imageUrl ?? "" })));
}

export const addNews = (ctx: AppContext, actor: Actor, fields: newsAdmin.NewsFields) =>
  change(
    ctx,
    actor,
    "news-add",
    (id: number) => ({ kind: "news", id: String(id), label: fields.headerText }),
    (unit) => newsAdmin.insertNews(unit.db, fields),
  );

export const editNews = (ctx: AppContext, actor: Actor, id: number, fields: newsAdmin.NewsFields) =>
  change(
    ctx,
    actor,
    "news-edit",
    () => ({ kind: "news", id: String(id), label: fields.headerText }),
    async (unit) => {
      if (!(await newsAdmin.updateNews(unit.db, id, fields))) throw notFound(adminContentTexts.noSuchNewsItem);
      return { id };
    },
  );

export const removeNews = (ctx: AppContext, actor: Actor, id: number) =>
  change(
    ctx,
    actor,
    "news-remove",
    (item: { id: number; headerText: string }) => ({ kind: "news", id: String(item.id), label: item.headerText }),
    async (unit) => {
      const item = await newsAdmin.findNews(unit.db, id);
      if (!item || !(await newsAdmin.deleteNews(unit.db, id))) throw notFound(adminContentTexts.noSuchNewsItem);
      return item;
    },
  );

/** A news item's picture, uploaded (the media domain's checks and re-encoding); its path for the item's picture field. */
export async function uploadNewsImage(ctx: AppContext, actor: Actor, file: media.IncomingFile | null): Promise<{ imageUrl: string }> {
  requireRole(actor, "admin");
  return media.uploadNewsImage(ctx, actor, file);
}

/** The feeds admins listed (NEWS_FEEDS, from the configuration, is imported too: decision 039). */
export async function listFeeds(ctx: AppContext, actor: Actor) {
  requireRole(actor, "admin");
  return newsAdmin.listFeeds(ctx.db);
}

export async function addFeed(ctx: AppContext, actor: Actor, url: string): Promise<number> {
  requireRole(actor, "admin");
  await newsAdmin.checkFeedUrl(url);
  return change(
    ctx,
    actor,
    "feed-add",
    (id: number) => ({ kind: "feed", id: String(id), label: url }),
    (unit) => newsAdmin.insertFeed(unit.db, url),
  );
}

export const removeFeed = (ctx: AppContext, actor: Actor, id: number) =>
  change(
    ctx,
    actor,
    "feed-remove",
    (url: string) => ({ kind: "feed", id: String(id), label: url }),
    async (unit) => {
      const url = await newsAdmin.deleteFeed(unit.db, id);
      if (url === null) throw notFound(adminContentTexts.noSuchFeed);
      return url;
    },
  );

// --- Site guide -------------------------------------------------------------------------------------

export async function listGuide(ctx: AppContext, actor: Actor): Promise<AdminGuideItem[]> {
  requireRole(actor, "admin");
  return (await newsAdmin.listSiteGuide(ctx.db)).map((r) => ({
    id: r.id,
    headerText: r.headerText,
    text: r.text,
    imageUrl: r.imageUrl ?? "",
    navigateUrl: r.navigateUrl,
  }));
}

export const addGuideItem = (ctx: AppContext, actor: Actor, fields: newsAdmin.SiteGuideFields) =>
  change(
    ctx,
    actor,
    "guide-add",
    (id: number) => ({ kind: "guide", id: String(id), label: fields.headerText }),
    (unit) => newsAdmin.insertSiteGuideItem(unit.db, fields),
  );

export const editGuideItem = (ctx: AppContext, actor: Actor, id: number, fields: newsAdmin.SiteGuideFields) =>
  change(
    ctx,
    actor,
    "guide-edit",
    () => ({ kind: "guide", id: String(id), label: fields.headerText }),
    async (unit) => {
      if (!(await newsAdmin.updateSiteGuideItem(unit.db, id, fields))) throw notFound(adminContentTexts.noSuchSiteGuideItem);
    },
  );

export const removeGuideItem = (ctx: AppContext, actor: Actor, id: number) =>
  change(
    ctx,
    actor,
    "guide-remove",
    (label: string) => ({ kind: "guide", id: String(id), label }),
    async (unit) => {
      const item = (await newsAdmin.listSiteGuide(unit.db)).find((r) => r.id === id);
      if (!item || !(await newsAdmin.deleteSiteGuideItem(unit.db, id))) throw notFound(adminContentTexts.noSuchSiteGuideItem);
      return item.headerText;
    },
  );

export const orderGuide = (ctx: AppContext, actor: Actor, ids: number[]) =>
  change(
    ctx,
    actor,
    "guide-order",
    () => ({ kind: "guide", id: "order", label: "Site guide order", detail: { ids } }),
    (unit) => newsAdmin.orderSiteGuide(unit.db, ids),
  );

// --- Typed names ------------------------------------------------------------------------------------

/** Pending names of a kind, oldest first, with who typed them (one statement for their names). */
export async function listPendingNames(
  ctx: AppContext,
  actor: Actor,
  kind: names.TypedNameKind,
  cursor?: string,
): Promise<Page<AdminPendingName>> {
  requireRole(actor, "admin");
  const rows = await names.listPending(ctx.db, kind, CONTENT_PAGE_SIZE + 1, cursorId(cursor));
  const members = new Map(
    (await repo.memberNames(ctx.db, [...new Set(rows.flatMap((r) => (r.addedByMemberId === null ? [] : [r.addedByMemberId])))])).map(
      (m) => [m.id, `${m.firstName} ${m.lastName}`],
    ),
  );
  return page(
    rows.map(({ addedByMemberId, ...r }) => ({
      ...r,
      addedBy: addedByMemberId === null ? null : { memberId: addedByMemberId, name: members.get(addedByMemberId) ?? "" },
    })),
  );
}

async function requirePending(unit: AppContext, kind: names.TypedNameKind, id: number) {
  const name = await names.findPending(unit.db, kind, id);
  if (!name) throw notFound(adminContentTexts.noSuchPendingName);
  return name;
}

/**
 * Puts a typed name in the shared list. When the list has that name already, this copy is
 * rejected instead (its typer keeps it on their entries): the list keeps one of each name.
 */
export const approveName = (ctx: AppContext, actor: Actor, kind: names.TypedNameKind, id: number) =>
  change(
    ctx,
    actor,
    "name-approve",
    (r: { name: string; status: "approved" | "rejected" }) => ({ kind, id: String(id), label: r.name, detail: { status: r.status } }),
    async (unit) => {
      const name = await requirePending(unit, kind, id);
      const status: "approved" | "rejected" = (await names.approvedExists(unit.db, name)) ? "rejected" : "approved";
      await names.setStatus(unit.db, kind, id, status);
      return { name: name.name, status };
    },
  );

/** Keeps a typed name out of the shared list; it stays on its typer's entries. */
export const rejectName = (ctx: AppContext, actor: Actor, kind: names.TypedNameKind, id: number) =>
  change(
    ctx,
    actor,
    "name-reject",
    (label: string) => ({ kind, id: String(id), label }),
    async (unit) => {
      const name = await requirePending(unit, kind, id);
      await names.setStatus(unit.db, kind, id, "rejected");
      return name.name;
    },
  );

// --- Advertising enquiries ------------------------------------------------------------------------

export async function listEnquiries(ctx: AppContext, actor: Actor, openOnly: boolean, cursor?: string): Promise<Page<AdminEnquiry>> {
  requireRole(actor, "admin");
  const rows = await newsAdmin.listEnquiries(ctx.db, CONTENT_PAGE_SIZE + 1, cursorId(cursor), openOnly);
  return page(rows.map(({ firstName, lastName, ...r }) => ({ ...r, name: `${firstName} ${lastName}` })));
}

export const markEnquiryHandled = (ctx: AppContext, actor: Actor, id: number) =>
  change(
    ctx,
    actor,
    "enquiry-handled",
    () => ({ kind: "enquiry", id: String(id), label: `Enquiry ${id}` }),
    async (unit) => {
      if (!(await newsAdmin.markEnquiryHandled(unit.db, id, actor.memberId))) throw notFound(adminContentTexts.noSuchEnquiry);
    },
  );

// --- Instance settings and invite codes ----------------------------------------------------------

export async function settings(ctx: AppContext, actor: Actor): Promise<SiteInfo> {
  requireRole(actor, "admin");
  return site.siteInfo(ctx.db);
}

export async function updateSettings(ctx: AppContext, actor: Actor, input: SiteSettingsInput): Promise<SiteInfo> {
  const info = await change(
    ctx,
    actor,
    "settings-update",
    () => ({ kind: "settings", id: "site", label: "Site settings", detail: { changed: Object.keys(input) } }),
    (unit) => site.updateSettings(unit.db, input),
  );
  // Committed: the pages this process sends show the new name at once (decision 043).
  site.forgetSiteName();
  return info;
}

export async function listInvites(ctx: AppContext, actor: Actor): Promise<InviteCode[]> {
  requireRole(actor, "admin");
  return site.listInvites(ctx.db);
}

export const createInvite = (ctx: AppContext, actor: Actor) =>
  change(
    ctx,
    actor,
    "invite-create",
    (invite: InviteCode) => ({ kind: "invite", id: invite.code, label: invite.code }),
    (unit) => site.createInvite(unit.db, actor.memberId),
  );

export const removeInvite = (ctx: AppContext, actor: Actor, code: string) =>
  change(
    ctx,
    actor,
    "invite-remove",
    () => ({ kind: "invite", id: code, label: code }),
    async (unit) => {
      if (!(await site.deleteInvite(unit.db, code))) throw notFound(adminContentTexts.inviteCodeNotValid);
    },
  );
