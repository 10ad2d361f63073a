import type { Insertable, Selectable, Updateable } from "kysely";
import { precompiled } from "../../platform/db/precompiled.ts";
import type { DB } from "../../platform/db/client.ts";
import { MemberStatus } from "../../shared/members.ts";
import type { MemberTable, OneTimeCodeTable, SessionTable } from "./accounts.tables.ts";
import { DROPS_ITS_OWN_ENTRIES, sessionCache } from "./session-cache.ts";

export type MemberRow = Selectable<MemberTable>;
export type SessionRow = Selectable<SessionTable>;
export type CodeRow = Selectable<OneTimeCodeTable>;

export const findMemberByEmail = (db: DB, email: string) =>
  db.selectFrom("member").selectAll().where("email", "=", email).executeTakeFirst();

/** A member by id (precompiled: every profile read and moderation step starts here). */
export const findMemberById = async (db: DB, id: number): Promise<MemberRow | undefined> => (await memberByIdQuery(db, { id }))[0];
const memberByIdQuery = precompiled((db, p: { id: number }) => db.selectFrom("member").selectAll().where("id", "=", p.id));

export async function insertMember(db: DB, values: Insertable<MemberTable>): Promise<number> {
  const row = await db.insertInto("member").values(values).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

// Every function below that writes a session row or a member row drops what it changed from the
// session cache right after its statement ran, and marks the statement so (see session-cache.ts).
// A write added without both still works: the cache notices it and empties itself entirely.

export async function updateMember(db: DB, id: number, patch: Updateable<MemberTable>): Promise<void> {
  await db.updateTable("member").set(patch).where("id", "=", id).modifyEnd(DROPS_ITS_OWN_ENTRIES).execute();
  sessionCache.dropMember(id);
}

/**
 * Lifts an ended suspension, but only the one that was read (its end, `readUntil`): a suspension set
 * meanwhile has another end (or none) and stays. Answers whether it lifted.
 */
export async function liftSuspensionIfUnchanged(db: DB, id: number, readUntil: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable("member")
    .set({ status: MemberStatus.Active, suspendedUntil: null, suspendedReason: null, updatedAt: now })
    .where("id", "=", id)
    .where("status", "=", MemberStatus.Suspended)
    .where("suspendedUntil", "=", readUntil)
    .modifyEnd(DROPS_ITS_OWN_ENTRIES)
    .executeTakeFirst();
  sessionCache.dropMember(id);
  return Number(result.numUpdatedRows) === 1;
}

/** Admins who can sign in (active), other than `exceptId` when given: those who can run the site. */
export async function countActiveAdmins(db: DB, exceptId?: number): Promise<number> {
  let q = db
    .selectFrom("member")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("role", "=", "admin")
    .where("status", "=", MemberStatus.Active);
  if (exceptId !== undefined) q = q.where("id", "<>", exceptId);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

/** Deletes the member row; every row that references it goes with it (ON DELETE CASCADE / SET NULL). */
export async function deleteMember(db: DB, id: number): Promise<void> {
  await db.deleteFrom("session").where("memberId", "=", id).modifyEnd(DROPS_ITS_OWN_ENTRIES).execute();
  await db.deleteFrom("member").where("id", "=", id).modifyEnd(DROPS_ITS_OWN_ENTRIES).execute();
  sessionCache.dropMember(id);
}

/**
 * Takes a listed member for the purge inside its transaction (a row lock on PostgreSQL): false when
 * they are no longer due, having signed in, or been suspended or restored, since they were listed.
 */
export async function claimForPurge(db: DB, id: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable("member")
    .set((eb) => ({ deletionDueAt: eb.ref("deletionDueAt") }))
    .where("id", "=", id)
    .where("status", "=", MemberStatus.DeletionPending)
    .where("deletionDueAt", "<=", now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Members whose deletion grace period ended at `now`, oldest first (the partial index on
 * deletion_due_at). Still status 5 only: a member suspended or restored meanwhile is not purged.
 */
export const membersDueForDeletion = (db: DB, now: string, limit: number) =>
  db
    .selectFrom("member")
    .select(["id", "picturePath"])
    .where("deletionDueAt", "is not", null)
    .where("deletionDueAt", "<=", now)
    .where("status", "=", MemberStatus.DeletionPending)
    .orderBy("deletionDueAt")
    .limit(limit)
    .execute();

export async function insertSession(db: DB, values: Insertable<SessionTable>): Promise<void> {
  await db.insertInto("session").values(values).execute();
}

/**
 * The session and its member in one query (a session check that the session cache cannot answer:
 * every request on PostgreSQL, where the cache is off). Precompiled, so prepared once per connection.
 */
export const findSessionWithMember = async (db: DB, sessionId: string) => (await sessionWithMemberQuery(db, { sessionId }))[0];

const sessionWithMemberQuery = precompiled((db, p: { sessionId: string }) =>
  db
    .selectFrom("session")
    .innerJoin("member", "member.id", "session.memberId")
    .select([
      "session.id as sessionId",
      "session.scope",
      "session.expiresAt",
      "session.lastSeenAt",
      "member.id as memberId",
      "member.status",
      "member.role",
      "member.birthDate",
    ])
    .where("session.id", "=", p.sessionId),
);

export async function touchSession(db: DB, sessionId: string, patch: Updateable<SessionTable>): Promise<void> {
  await db.updateTable("session").set(patch).where("id", "=", sessionId).modifyEnd(DROPS_ITS_OWN_ENTRIES).execute();
  sessionCache.dropSession(sessionId);
}

export async function deleteSession(db: DB, sessionId: string): Promise<void> {
  await db.deleteFrom("session").where("id", "=", sessionId).modifyEnd(DROPS_ITS_OWN_ENTRIES).execute();
  sessionCache.dropSession(sessionId);
}

export async function deleteMemberSessions(db: DB, memberId: number): Promise<void> {
  await db.deleteFrom("session").where("memberId", "=", memberId).modifyEnd(DROPS_ITS_OWN_ENTRIES).execute();
  sessionCache.dropMember(memberId);
}

/** A member's sessions that have not expired, most recently used first (the signed-in devices list). */
export const listMemberSessions = (db: DB, memberId: number, now: string) =>
  db
    .selectFrom("session")
    .select(["id", "scope", "userAgent", "createdAt", "lastSeenAt", "expiresAt"])
    .where("memberId", "=", memberId)
    .where("expiresAt", ">", now)
    .orderBy("lastSeenAt", "desc")
    .orderBy("createdAt", "desc")
    .execute();

/** Ends every session of the member but one (the one in use); answers how many ended. */
export async function deleteMemberSessionsExcept(db: DB, memberId: number, keepSessionId: string): Promise<number> {
  const result = await db
    .deleteFrom("session")
    .where("memberId", "=", memberId)
    .where("id", "<>", keepSessionId)
    .modifyEnd(DROPS_ITS_OWN_ENTRIES)
    .executeTakeFirst();
  sessionCache.dropMember(memberId);
  return Number(result.numDeletedRows);
}

export async function insertCode(db: DB, values: Insertable<OneTimeCodeTable>): Promise<void> {
  await db.insertInto("oneTimeCode").values(values).execute();
}

export const findCodeByHash = (db: DB, codeHash: string) =>
  db.selectFrom("oneTimeCode").selectAll().where("codeHash", "=", codeHash).executeTakeFirst();

/** Marks a code used unless it already was; true when this call used it (single use under races). */
export async function useCode(db: DB, id: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable("oneTimeCode")
    .set({ usedAt: at })
    .where("id", "=", id)
    .where("usedAt", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Keeps at most `keep` live codes of one purpose for the member: older unused ones beyond that are
 * voided (newest kept). A new request adds a code instead of voiding the one already mailed.
 */
export async function voidCodesBeyond(db: DB, memberId: number, purpose: string, keep: number, at: string): Promise<void> {
  const live = await db
    .selectFrom("oneTimeCode")
    .select("id")
    .where("memberId", "=", memberId)
    .where("purpose", "=", purpose)
    .where("usedAt", "is", null)
    .where("expiresAt", ">", at)
    .orderBy("id", "desc")
    .execute();
  const extra = live.slice(keep).map((r) => r.id);
  if (extra.length > 0) await db.updateTable("oneTimeCode").set({ usedAt: at }).where("id", "in", extra).execute();
}

/**
 * Voids every code the member was mailed and has not used: reset codes, registration links and a
 * pending e-mail change. Called when the account's address or password changes, so no code sent
 * before (perhaps to an address the member left, or by someone holding a stolen session) still acts.
 */
export async function voidMemberCodes(db: DB, memberId: number, at: string): Promise<void> {
  await db.updateTable("oneTimeCode").set({ usedAt: at }).where("memberId", "=", memberId).where("usedAt", "is", null).execute();
  await db.deleteFrom("pendingEmailChange").where("memberId", "=", memberId).execute();
}

export async function insertClientLog(
  db: DB,
  values: { memberId: number | null; level: string; message: string; stack: string; url: string; createdAt: string },
): Promise<void> {
  await db.insertInto("clientLog").values(values).execute();
}

/** Deletes client logs written before `before` (ISO time); answers how many went. */
export async function deleteClientLogsBefore(db: DB, before: string): Promise<number> {
  const result = await db.deleteFrom("clientLog").where("createdAt", "<", before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
