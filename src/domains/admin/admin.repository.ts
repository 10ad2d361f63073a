import { type Insertable, sql } from "kysely";
import type { DB } from "../../platform/db/client.ts";
import { MemberStatus } from "../../shared/members.ts";
import type { AuditLogTable } from "./admin.tables.ts";

/** What the admin screens show of a member. */
const MEMBER_COLUMNS = [
  "id",
  "email",
  "firstName",
  "lastName",
  "picturePath",
  "role",
  "status",
  "suspendedReason",
  "suspendedUntil",
  "createdAt",
] as const;

/** Past every character a prefix may be followed by: `x >= p AND x < p || HIGH` is "x begins with p" on an index. */
const HIGH = "\uffff";

export interface MemberFilter {
  /** Lowercased: the beginning of the e-mail, the first or the last name; "first last" with a space. */
  query?: string;
  role?: string;
  suspendedOnly?: boolean;
  /** Members with a smaller id than this (the page before ended there). */
  beforeId?: number;
  limit: number;
}

/**
 * One page of members, newest first (keyset on id). A query is index ranges (the e-mail's unique
 * index, lower(first_name), lower(last_name)); a role other than 'member' and the suspended filter
 * have partial indexes (migration 400).
 */
export function listMembers(db: DB, f: MemberFilter) {
  let q = db.selectFrom("member").select(MEMBER_COLUMNS);
  if (f.query) {
    const [first, ...rest] = f.query.split(/\s+/);
    const last = rest.join(" ");
    const begins = (column: "lower(first_name)" | "lower(last_name)" | "email", prefix: string) =>
      sql<boolean>`(${sql.raw(column)} >= ${prefix} AND ${sql.raw(column)} < ${prefix + HIGH})`;
    q = last
      ? q.where(sql<boolean>`${begins("lower(first_name)", first!)} AND ${begins("lower(last_name)", last)}`)
      : q.where(
          sql<boolean>`(${begins("email", first!)} OR ${begins("lower(first_name)", first!)} OR ${begins("lower(last_name)", first!)})`,
        );
  }
  // Literals, so that SQLite sees the partial indexes' conditions in the statement.
  if (f.role === "member") q = q.where("role", "=", sql.lit("member"));
  else if (f.role) q = q.where("role", "<>", sql.lit("member")).where("role", "=", f.role);
  if (f.suspendedOnly) q = q.where("status", "=", sql.lit(MemberStatus.Suspended));
  if (f.beforeId !== undefined) q = q.where("id", "<", f.beforeId);
  return q.orderBy("id", "desc").limit(f.limit).execute();
}

export const findMember = (db: DB, memberId: number) =>
  db.selectFrom("member").select(MEMBER_COLUMNS).where("id", "=", memberId).executeTakeFirst();

/** Names of these members (an audit page's actors and targets, in one statement). */
export const memberNames = (db: DB, ids: number[]) =>
  ids.length === 0 ? Promise.resolve([]) : db.selectFrom("member").select(["id", "firstName", "lastName"]).where("id", "in", ids).execute();

export async function insertAudit(db: DB, entry: Insertable<AuditLogTable>): Promise<void> {
  await db.insertInto("auditLog").values(entry).execute();
}

/** One page of the audit log, newest first (keyset on id: the primary key). */
export function listAudit(
  db: DB,
  limit: number,
  beforeId?: number,
  target?: { kind: string; id: string; actions?: readonly string[] | undefined },
) {
  let q = db.selectFrom("auditLog").selectAll();
  if (beforeId !== undefined) q = q.where("id", "<", beforeId);
  if (target) q = q.where("targetKind", "=", target.kind).where("targetId", "=", target.id);
  if (target?.actions) q = q.where("action", "in", target.actions);
  return q.orderBy("id", "desc").limit(limit).execute();
}
