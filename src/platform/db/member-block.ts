import { type RawBuilder, sql } from "kysely";

/**
 * "No block between these two members, in either direction" as a condition (decision 035): two
 * probes, one on member_block's primary key (blocker_id, blocked_id) and one on its reverse index
 * (blocked_id, blocker_id). Statements of several domains (feed replies and likes, member lists,
 * search) hide a blocked member with it, so it lives here, once. Each side is a column reference or
 * a bound value.
 */
export function notBlockedBetween(a: RawBuilder<unknown> | ReturnType<typeof sql.ref>, b: RawBuilder<unknown> | ReturnType<typeof sql.ref>) {
  return sql<boolean>`NOT EXISTS (SELECT 1 FROM member_block WHERE blocker_id = ${a} AND blocked_id = ${b})
    AND NOT EXISTS (SELECT 1 FROM member_block WHERE blocker_id = ${b} AND blocked_id = ${a})`;
}

/** A whole number bound as an integer (Bun binds numbers as doubles; integer keys compare faster with integers). */
export const intValue = (n: number) => sql<number>`CAST(${n} AS INTEGER)`;
