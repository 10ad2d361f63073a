import type { DB } from "../../platform/db/client.ts";

/**
 * Sets a member's picture path and answers the one it replaced, in one transaction (SQLite runs
 * one at a time), so two uploads at once each learn the path the other one replaced.
 * Undefined when there is no such member.
 */
export async function swapPicturePath(
  db: DB,
  memberId: number,
  picturePath: string,
  now: string,
): Promise<{ previous: string | null } | undefined> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom("member").select("picturePath").where("id", "=", memberId).executeTakeFirst();
    if (!row) return undefined;
    await trx.updateTable("member").set({ picturePath, updatedAt: now }).where("id", "=", memberId).execute();
    return { previous: row.picturePath };
  });
}
