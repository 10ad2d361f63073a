import { type RawBuilder, sql } from "kysely";

/**
 * "This member may be listed to this viewer" as a condition (minors, decision 040): born on or
 * before the viewer's cutoff (privacy.service minorCutoffFor: 18 years ago for an adult viewer, no
 * limit for a minor one), or the viewer themself, or the viewer's contact, or a minor who opted in
 * to be found by adults (member_privacy.minor_findable). The member lists, a post's likers and its
 * replies hide an adult stranger's view of a minor with it, so it lives here, once, as
 * `notBlockedBetween` does. The two probes (contact_link and member_privacy by primary key) are
 * only reached for a minor: an adult's row passes on the first comparison. The opt-in is a scalar
 * subquery, not an EXISTS: PostgreSQL may turn an uncorrelated-looking EXISTS into a hashed subplan
 * that reads every member_privacy row, while a scalar subquery stays one primary-key probe per row.
 */
export function listedToViewer(
  member: RawBuilder<unknown>,
  birthDate: RawBuilder<unknown>,
  viewer: RawBuilder<unknown>,
  cutoff: RawBuilder<unknown>,
) {
  return sql<boolean>`(${birthDate} <= ${cutoff} OR ${member} = ${viewer}
    OR EXISTS (SELECT 1 FROM contact_link WHERE member_id = ${viewer} AND other_id = ${member} AND status = 'accepted')
    OR (SELECT minor_findable FROM member_privacy WHERE member_id = ${member}) = 1)`;
}

/**
 * The viewer's cutoff computed in the statement (as privacy.service minorCutoffFor does in code), for
 * a statement that should not cost the request one more read: `adultBornBy` for an adult viewer, no
 * limit for a minor one. An uncorrelated scalar subquery: one primary-key read per statement.
 */
export function viewerCutoff(viewer: RawBuilder<unknown>, adultBornBy: string) {
  return sql<string>`(SELECT CASE WHEN v.birth_date > ${adultBornBy} THEN '9999-12-31' ELSE ${adultBornBy} END FROM member v WHERE v.id = ${viewer})`;
}
