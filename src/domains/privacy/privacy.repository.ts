import type { Selectable, Updateable } from "kysely";
import type { DB } from "../../platform/db/client.ts";
import { precompiled } from "../../platform/db/precompiled.ts";
import type { MemberPrivacyTable } from "./privacy.tables.ts";
import { PRIVACY_DEFAULTS, type PrivacySetting } from "./privacy.schema.ts";

/** A member's privacy as stored (or the defaults when never saved). */
export type PrivacyRow = Omit<Selectable<MemberPrivacyTable>, "memberId" | "updatedAt">;

/** Every setting column: the keys of the defaults. */
const SETTINGS = Object.keys(PRIVACY_DEFAULTS) as PrivacySetting[];

export async function findPrivacy(db: DB, memberId: number): Promise<PrivacyRow> {
  const [row] = await privacyQuery(db, { memberId });
  return row ?? { ...PRIVACY_DEFAULTS };
}
const privacyQuery = precompiled((db, p: { memberId: number }) =>
  db.selectFrom("memberPrivacy").select(SETTINGS).where("memberId", "=", p.memberId),
);

/**
 * Writes privacy levels and search flags, creating the member's row on first save (reads use the
 * defaults until then). The new row holds the defaults for what the patch does not name: some
 * column defaults are older than PRIVACY_DEFAULTS (decision 037).
 */
export async function upsertPrivacy(db: DB, memberId: number, patch: Updateable<MemberPrivacyTable>, at: string): Promise<void> {
  const values = { ...patch, updatedAt: at };
  await db
    .insertInto("memberPrivacy")
    .values({ ...PRIVACY_DEFAULTS, ...values, memberId })
    .onConflict((oc) => oc.column("memberId").doUpdateSet(values))
    .execute();
}

/** True when the two members are accepted contacts (primary-key lookup). */
export async function areContacts(db: DB, a: number, b: number): Promise<boolean> {
  return (await contactRowQuery(db, { a, b })).length > 0;
}
const contactRowQuery = precompiled((db, p: { a: number; b: number }) =>
  db.selectFrom("contactLink").select("status").where("memberId", "=", p.a).where("otherId", "=", p.b).where("status", "=", "accepted"),
);

/**
 * A member_privacy column in SQL text, its default when the member never saved (a left join finds
 * no row): `coalesce(pr.search_visibility, 1)` for `settingSql("pr", "searchVisibility")`. Fixed
 * SQL texts call it once, when their module loads.
 */
export function settingSql(alias: string, setting: PrivacySetting): string {
  const column = setting.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
  return `coalesce(${alias}.${column}, ${PRIVACY_DEFAULTS[setting]})`;
}

/** A member's birth date (YYYY-MM-DD), primary-key lookup; undefined for no such member. */
export async function birthDateOf(db: DB, memberId: number): Promise<string | undefined> {
  return (await birthDateQuery(db, { memberId }))[0]?.birthDate;
}
const birthDateQuery = precompiled((db, p: { memberId: number }) =>
  db.selectFrom("member").select("birthDate").where("id", "=", p.memberId),
);
