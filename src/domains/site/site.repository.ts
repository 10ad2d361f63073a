import type { DB } from "../../platform/db/client.ts";

export const readSettings = (db: DB) => db.selectFrom("siteSetting").select(["key", "value"]).execute();

export async function writeSetting(db: DB, key: string, value: string): Promise<void> {
  await db
    .insertInto("siteSetting")
    .values({ key, value })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value }))
    .execute();
}

export async function insertInvite(db: DB, code: string, createdByMemberId: number, createdAt: string): Promise<void> {
  await db.insertInto("inviteCode").values({ code, createdByMemberId, createdAt, usedByEmail: null, usedAt: null }).execute();
}

/** Newest first; few rows (an admin makes them by hand). */
export const listInvites = (db: DB, limit: number) =>
  db.selectFrom("inviteCode").select(["code", "createdAt", "usedByEmail", "usedAt"]).orderBy("createdAt", "desc").limit(limit).execute();

/** Marks an unused code used; false when there is no such unused code (the update is the check: no race). */
export async function useInvite(db: DB, code: string, email: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable("inviteCode")
    .set({ usedByEmail: email, usedAt: at })
    .where("code", "=", code)
    .where("usedAt", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteInvite(db: DB, code: string): Promise<boolean> {
  const result = await db.deleteFrom("inviteCode").where("code", "=", code).where("usedAt", "is", null).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
