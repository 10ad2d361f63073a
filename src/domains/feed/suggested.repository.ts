import { sql } from "kysely";
import type { DB } from "../../platform/db/client.ts";
import { VISIBLE_STATUS } from "../../shared/members.ts";
import { notBlockedBetween } from "../../platform/db/member-block.ts";
import { adultBornBy, settingSql } from "../privacy/privacy.service.ts";
import type { PostRow } from "./feed.repository.ts";

/** Candidate authors read from each attribute's index (the newest members first): the work stays bounded. */
const AUTHORS_PER_ATTRIBUTE = 200;

export interface SuggestedPostRow extends PostRow {
  /** What the viewer shares with the author: "sport" or "state". */
  reason: string;
}

/**
 * Recent posts for a member whose own feed is empty (issue 16): by members who share their sport
 * or their state, newest first. Privacy as search and suggestions apply it: the author must be
 * active and findable by everyone (search visibility), and a shared sport counts only when the
 * author's basic info is Public, a shared state only when their contact info is Public (a match
 * never reveals a hidden section). Bounded: at most AUTHORS_PER_ATTRIBUTE authors a side, through
 * member_profile_sport_idx and member_profile_state_idx, then each author's posts since `since`
 * through post_member_created_idx. A minor's posts reach an adult only when the minor opted in
 * (decision 037: `cutoff` is privacy.service minorCutoffFor of the viewer).
 */
export function suggestedPostsQuery(viewerId: number, since: string, limit: number, cutoff = adultBornBy()) {
  const search = sql.raw(settingSql("pr", "searchVisibility"));
  const basic = sql.raw(settingSql("pr", "basicInfo"));
  const contact = sql.raw(settingSql("pr", "contactInfo"));
  const minorFindable = sql.raw(settingSql("pr", "minorFindable"));
  return sql<SuggestedPostRow>`
    WITH me AS (
      SELECT coalesce(p.sport, '') AS sport, coalesce(p.state, '') AS state
      FROM member m LEFT JOIN member_profile p ON p.member_id = m.id WHERE m.id = ${viewerId}
    ),
    author (id) AS (
      SELECT * FROM (SELECT p.member_id FROM member_profile p WHERE p.sport = (SELECT sport FROM me WHERE sport <> '')
        ORDER BY p.member_id DESC LIMIT ${AUTHORS_PER_ATTRIBUTE})
      UNION
      SELECT * FROM (SELECT p.member_id FROM member_profile p WHERE p.state = (SELECT state FROM me WHERE state <> '')
        ORDER BY p.member_id DESC LIMIT ${AUTHORS_PER_ATTRIBUTE})
    ),
    allowed AS (
      SELECT a.id,
        CASE WHEN me.sport <> '' AND p.sport = me.sport AND ${basic} = 1 THEN 'sport' ELSE 'state' END AS reason
      FROM author a
      JOIN member m ON m.id = a.id
      JOIN member_profile p ON p.member_id = a.id
      LEFT JOIN member_privacy pr ON pr.member_id = a.id
      CROSS JOIN me
      WHERE a.id <> ${viewerId} AND m.status = ${sql.lit(VISIBLE_STATUS)} AND ${search} = 1
        AND (m.birth_date <= ${cutoff} OR ${minorFindable} = 1)
        AND ${notBlockedBetween(sql.ref("a.id"), sql`${viewerId}`)}
        AND ((me.sport <> '' AND p.sport = me.sport AND ${basic} = 1) OR (me.state <> '' AND p.state = me.state AND ${contact} = 1))
    )
    SELECT post.id, post.member_id, post.description, post.created_at, member.first_name, member.last_name, member.picture_path,
           allowed.reason
    FROM allowed
    JOIN post ON post.member_id = allowed.id
    JOIN member ON member.id = post.member_id
    WHERE post.created_at >= ${since} AND post.removed_at IS NULL
    ORDER BY post.created_at DESC, post.id DESC
    LIMIT ${limit}`;
}

export async function suggestedPosts(
  db: DB,
  viewerId: number,
  since: string,
  limit: number,
  cutoff = adultBornBy(),
): Promise<SuggestedPostRow[]> {
  return (await suggestedPostsQuery(viewerId, since, limit, cutoff).execute(db)).rows;
}
