import { sql } from "kysely";
import type { DB } from "../../platform/db/client.ts";

/** 1 when the subquery finds a row, else 0 (PostgreSQL would answer a boolean for a bare EXISTS). */
const flag = (exists: ReturnType<typeof sql>) => sql<number>`CASE WHEN EXISTS (${exists}) THEN 1 ELSE 0 END`;

/**
 * What the first hour's checklist needs, in one statement of key probes: the member's picture,
 * status and sport, and whether they have a school, an accepted contact and a post (each an index
 * prefix: member_school_member_idx, contact_link's key, post_member_created_idx). Undefined when no member.
 */
export function firstHourFacts(db: DB, memberId: number) {
  return db
    .selectFrom("member as m")
    .leftJoin("memberProfile as p", "p.memberId", "m.id")
    .select((eb) => [
      "m.picturePath",
      "m.profileType",
      eb.fn.coalesce("p.sport", sql.lit("")).as("sport"),
      flag(sql`SELECT 1 FROM member_school s WHERE s.member_id = m.id`).as("hasSchool"),
      flag(sql`SELECT 1 FROM contact_link c WHERE c.member_id = m.id AND c.status = 'accepted'`).as("hasContact"),
      flag(sql`SELECT 1 FROM post WHERE post.member_id = m.id`).as("hasPost"),
    ])
    .where("m.id", "=", memberId)
    .executeTakeFirst();
}
