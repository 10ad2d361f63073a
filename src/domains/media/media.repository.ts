import type { DB } from "../../platform/db/client.ts";
import { isPostgres } from "../../platform/db/dialect.ts";

/**
 * Sets a member's picture path and answers the one it replaced, in one transaction, so two
 * uploads at once each learn the path the other one replaced: SQLite runs one write transaction
 * at a time; PostgreSQL (READ COMMITTED) locks the member's row at the read, so the second upload
 * waits there and then reads the first one's path. Undefined when there is no such member.
 */
export async function swapPicturePath(
  db: DB,
  memberId: number,
  picturePath: string,
  now: string,
): Promise<{ previous: string | null } | undefined> {
  return db.transaction().execute(async (trx) => {
    const read = trx.selectFrom("member").select("picturePath").where("id", "=", memberId);
    const row = await (isPostgres(trx) ? read.forUpdate() : read).executeTakeFirst();
    if (!row) return undefined;
    await trx.updateTable("member").set({ picturePath, updatedAt: now }).where("id", "=", memberId).execute();
    return { previous: row.picturePath };
  });
}
