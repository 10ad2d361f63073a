import { isoNow } from "../../platform/clock.ts";
import type { AppContext } from "../../platform/context.ts";
import { newTypedCode } from "../../platform/crypto.ts";
import type { DB } from "../../platform/db/client.ts";
import { badInput, forbidden } from "../../shared/errors.ts";
import { adminContentTexts } from "../../shared/admin-content-texts.ts";
import { DEFAULT_SITE_INFO, type InviteCode, REGISTRATION_MODES, type SiteInfo, type SiteSettingsInput } from "./site.schema.ts";
import * as repo from "./site.repository.ts";

/**
 * The instance's own settings (site name, about and terms texts, who may register) and invite
 * codes. Read from the table each time (a handful of primary-key rows): an admin's change counts
 * at once on every server process. Admin writes go through the admin domain, which checks the
 * role and writes the audit entry; db first, so they run inside its write unit.
 */
export async function siteInfo(db: DB): Promise<SiteInfo> {
  const info: SiteInfo = { ...DEFAULT_SITE_INFO };
  for (const { key, value } of await repo.readSettings(db)) {
    if (key === "siteName" || key === "aboutText" || key === "termsText") info[key] = value;
    else if (key === "registration" && (REGISTRATION_MODES as readonly string[]).includes(value))
      info.registration = value as SiteInfo["registration"];
  }
  return info;
}

export const publicSiteInfo = (ctx: AppContext) => siteInfo(ctx.db);

/**
 * How long a server process keeps the site name it writes into every page (decision 043). The
 * process that saves a new name forgets its copy at once (forgetSiteName); another process (two
 * behind one PostgreSQL) shows the new name within this time.
 */
export const SITE_NAME_TTL_MS = 5_000;

/** The name read per database (tests run several in one process), with when it was read. */
let siteNames = new WeakMap<DB, { name: Promise<string>; readAt: number }>();

/**
 * The site name for the page the server sends (its title, its application-name, the login shell)
 * and for e-mails: cached for SITE_NAME_TTL_MS. Inside a write unit it is the unit's database's
 * cache (its transaction is a new object each time), read through the transaction when stale.
 */
export function siteName(ctx: Pick<AppContext, "db" | "unit">, now = Date.now()): Promise<string> {
  const key = ctx.unit?.outerDb ?? ctx.db;
  const cached = siteNames.get(key);
  if (cached && now - cached.readAt < SITE_NAME_TTL_MS) return cached.name;
  const name = siteInfo(ctx.db).then((info) => info.siteName);
  const entry = { name, readAt: now };
  siteNames.set(key, entry);
  // A failed read is not kept: the next page asks again.
  name.catch(() => siteNames.get(key) === entry && siteNames.delete(key));
  return name;
}

/** After a change of the settings has committed: this process's next page reads the name again. */
export function forgetSiteName(): void {
  siteNames = new WeakMap();
}

/** Stores the settings given (the others keep their value). */
export async function updateSettings(db: DB, input: SiteSettingsInput): Promise<SiteInfo> {
  for (const [key, value] of Object.entries(input)) {
    if (value !== undefined) await repo.writeSetting(db, key, value);
  }
  return siteInfo(db);
}

/**
 * The registration rule, inside the registration's transaction: closed refuses; invite-only
 * needs an unused invite code, which this registration then uses.
 */
export async function admitRegistration(db: DB, email: string, inviteCode: string | undefined): Promise<void> {
  const { registration } = await siteInfo(db);
  if (registration === "open") return;
  if (registration === "closed") throw forbidden(adminContentTexts.registrationClosed);
  const code = inviteCode?.trim().toUpperCase();
  if (!code) throw badInput(adminContentTexts.registrationNeedsInvite);
  if (!(await repo.useInvite(db, code, email, isoNow()))) throw badInput(adminContentTexts.inviteCodeNotValid);
}

/** Refuses early (before any other work) when registration is closed: the answer admitRegistration gives. */
export async function refuseWhenClosed(db: DB): Promise<void> {
  if ((await siteInfo(db)).registration === "closed") throw forbidden(adminContentTexts.registrationClosed);
}

export async function createInvite(db: DB, actorId: number): Promise<InviteCode> {
  const code = newTypedCode(10);
  const createdAt = isoNow();
  await repo.insertInvite(db, code, actorId, createdAt);
  return { code, createdAt, usedByEmail: null, usedAt: null };
}

export const INVITE_LIST_LIMIT = 200;
export const listInvites = (db: DB): Promise<InviteCode[]> => repo.listInvites(db, INVITE_LIST_LIMIT);
export const deleteInvite = (db: DB, code: string) => repo.deleteInvite(db, code);
