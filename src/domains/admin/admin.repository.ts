import { type Insertable, sql } from "kysely";
import type { DB } from "../../platform/db/client.ts";
import { isPostgres } from "../../platform/db/dialect.ts";
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

/** The words of a name query as the name index reads them: letters and digits. */
const nameWords = (text: string) => text.split(/[^\p{L}\p{N}]+/u).filter(Boolean);

/**
 * "The name begins so", folded as member search folds (migration 470). SQLite: the FTS5 table
 * member_admin_name (its tokenizer folds both the names and the query), a phrase at the start of
 * the first or last name, or with several words the first at the start of the first name and the
 * others at the start of the last name (as PostgreSQL's ranges).
 * PostgreSQL: ranges of member_search_fold(first_name) / (last_name), the query folded by the same function.
 */
function nameBegins(db: DB, first: string, last: string) {
  if (isPostgres(db)) {
    const begins = (column: "first_name" | "last_name", prefix: string) =>
      sql<boolean>`(member_search_fold(${sql.raw(column)}) >= member_search_fold(${prefix}) AND member_search_fold(${sql.raw(column)}) < member_search_fold(${prefix}) || ${HIGH})`;
    return last
      ? sql<boolean>`(${begins("first_name", first)} AND ${begins("last_name", last)})`
      : sql<boolean>`(${begins("first_name", first)} OR ${begins("last_name", first)})`;
  }
  // `^"w1 w2"*`: a phrase at the start of the column, its last word a prefix ("begins with").
  const begins = (text: string) => (nameWords(text).length ? `^"${nameWords(text).join(" ")}"*` : null);
  const firstBegins = begins(first);
  const lastBegins = begins(last);
  if (firstBegins === null || (last && lastBegins === null)) return null;
  const match = last ? `{first} : ${firstBegins} AND {last} : ${lastBegins}` : firstBegins;
  return sql<boolean>`id IN (SELECT rowid FROM member_admin_name WHERE member_admin_name MATCH ${match})`;
}

/**
 * One page of members, newest first (keyset on id). A query is the e-mail's unique index (a range)
 * or the folded names (nameBegins); a role other than 'member' and the suspended filter have
 * partial indexes (migration 400).
 */
export const listMembers = (db: DB, f: MemberFilter) => membersSelect(db, f).execute();

/** The statement listMembers runs (its plan is checked in the tests). */
export const listMembersQuery = (db: DB, f: MemberFilter) => membersSelect(db, f).compile();

function membersSelect(db: DB, f: MemberFilter) {
  let q = db.selectFrom("member").select(MEMBER_COLUMNS);
  if (f.query) {
    const [first = "", ...rest] = f.query.split(/\s+/);
    const last = rest.join(" ");
    const names = nameBegins(db, first, last);
    const email = sql<boolean>`(email >= ${first} AND email < ${first + HIGH})`;
    if (last) q = q.where(names ?? sql<boolean>`1 = 0`);
    else q = q.where(names ? sql<boolean>`(${email} OR ${names})` : email);
  }
  // Literals, so that SQLite sees the partial indexes' conditions in the statement.
  if (f.role === "member") q = q.where("role", "=", sql.lit("member"));
  else if (f.role) q = q.where("role", "<>", sql.lit("member")).where("role", "=", f.role);
  if (f.suspendedOnly) q = q.where("status", "=", sql.lit(MemberStatus.Suspended));
  if (f.beforeId !== undefined) q = q.where("id", "<", f.beforeId);
  return q.orderBy("id", "desc").limit(f.limit);
}

/**
 * Refills the admin name index (migration 470) from the member rows, for bulk loads that set the
 * triggers aside (scripts/community). PostgreSQL indexes the columns themselves: nothing to do.
 */
export async function rebuildAdminNames(db: DB): Promise<void> {
  if (isPostgres(db)) return;
  await sql`DELETE FROM member_admin_name`.execute(db);
  await sql`INSERT INTO member_admin_name (rowid, first, last) SELECT id, first_name, last_name FROM member`.execute(db);
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
