import { type RawBuilder, sql } from "kysely";

/**
 * "No block between these two members, in either direction" as a condition (decision 035): two
 * probes of member_block's primary key (blocker_id, blocked_id), both ids being known (the reverse
 * index serves "who blocked me" ranges). Statements of several domains (feed replies and likes,
 * member lists, search) hide a blocked member with it, so it lives here, once. Each side is a
 * column reference or a bound value.
 */
export function notBlockedBetween(a: RawBuilder<unknown>, b: RawBuilder<unknown>) {
  return sql<boolean>`NOT EXISTS (SELECT 1 FROM member_block WHERE blocker_id = ${a} AND blocked_id = ${b})
    AND NOT EXISTS (SELECT 1 FROM member_block WHERE blocker_id = ${b} AND blocked_id = ${a})`;
}

/**
 * The same condition as SQL text, for statements written as text (search's cards). Each side is a
 * column name or a `?` placeholder; the sides appear in the order a, b, b, a.
 */
export const notBlockedBetweenText = (a: string, b: string) =>
  `NOT EXISTS (SELECT 1 FROM member_block WHERE blocker_id = ${a} AND blocked_id = ${b})
    AND NOT EXISTS (SELECT 1 FROM member_block WHERE blocker_id = ${b} AND blocked_id = ${a})`;
