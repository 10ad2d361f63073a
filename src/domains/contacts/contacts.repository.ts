import type { DB } from "../../server/db/client.ts";

/** True when the two members are accepted contacts (primary-key lookup). */
export async function areContacts(db: DB, a: number, b: number): Promise<boolean> {
  const row = await db
    .selectFrom("contactLink")
    .select("status")
    .where("memberId", "=", a)
    .where("otherId", "=", b)
    .where("status", "=", "accepted")
    .executeTakeFirst();
  return !!row;
}
