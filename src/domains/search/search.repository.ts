import { sql } from "kysely";
import type { DB } from "../../server/db/client.ts";

/**
 * Member search and suggestions, SQLite dialect (FTS5 table `member_search`, kept by triggers on
 * member, member_profile and member_privacy: migrations 004 and 2026-11-24-020). The index holds
 * only what an audience may see: columns name, status, sport, positions, place carry the profile
 * header (first and last name, title) and the fields of Public sections; the same columns with
 * `_c` carry the fields of Only Contacts sections; Private sections are in neither. A PostgreSQL
 * port implements the same functions over two tsvector columns (public, contacts-only).
 */

/** The index columns any signed-in member may match (the `_c` ones are for contacts). */
const PUBLIC_COLUMNS = "{name status sport positions place}";
/** bm25 weights, public then contacts-only columns: name weighs most, then status/title, sport, positions, place. */
const WEIGHTS = sql.raw("10.0, 6.0, 4.0, 4.0, 2.0, 10.0, 6.0, 4.0, 4.0, 2.0");

/** The words of a query as an FTS5 expression: every word must match, each as a prefix. */
export function ftsQuery(text: string): string | null {
  const words = text
    .normalize("NFKC")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
  return words.length ? words.map((w) => `"${w}"*`).join(" AND ") : null;
}

/**
 * Ids of the active members matching the query that this viewer may find (search visibility
 * 1 Everyone, or 2 Only Contacts and the viewer is one), best first: name weighs most, then sport,
 * status/title, positions, place. A member matches a stranger on the public columns only, and the
 * viewer's contacts on all of them: two index scans (the second limited to the viewer's contacts),
 * each member's best score kept.
 */
export async function searchMemberIds(db: DB, viewerId: number, query: string, limit: number): Promise<number[]> {
  const rows = await searchQuery(viewerId, query, limit).execute(db);
  return rows.rows.map((r) => r.id);
}

/** The statement of searchMemberIds (exported for its query-plan test). */
export function searchQuery(viewerId: number, query: string, limit: number) {
  return sql<{ id: number }>`
    WITH hits(id, score) AS (
      SELECT rowid, bm25(member_search, ${WEIGHTS}) FROM member_search
      WHERE member_search MATCH ${`${PUBLIC_COLUMNS} : (${query})`}
      UNION ALL
      SELECT s.rowid, bm25(member_search, ${WEIGHTS})
      FROM member_search s
      CROSS JOIN contact_link c ON c.member_id = ${viewerId} AND c.other_id = s.rowid AND c.status = 'accepted'
      WHERE member_search MATCH ${query}
    ),
    best(id, score) AS (SELECT id, min(score) FROM hits GROUP BY id)
    SELECT m.id AS id
    FROM best h
    JOIN member m ON m.id = h.id
    LEFT JOIN member_privacy pr ON pr.member_id = m.id
    LEFT JOIN contact_link vc ON vc.member_id = ${viewerId} AND vc.other_id = m.id AND vc.status = 'accepted'
    WHERE m.status = 2
      AND m.id <> ${viewerId}
      AND (coalesce(pr.search_visibility, 1) = 1 OR vc.member_id IS NOT NULL)
    ORDER BY h.score, m.id
    LIMIT ${limit}`;
}

/**
 * Members to suggest: active, findable by everyone, not the viewer, not a contact, no request
 * either way. Ranked by shared sport (3), status (2), positions (2 each), "looking for" (1 each)
 * and mutual contacts (2 each). A candidate is never the viewer's contact, so their basic info
 * counts only when it is Public: a hidden section does not steer the ranking either.
 */
export async function suggestionIds(db: DB, viewerId: number, limit: number): Promise<number[]> {
  const rows = await sql<{ id: number }>`
    WITH me AS (
      SELECT m.profile_type AS status, coalesce(p.sport, '') AS sport,
             coalesce(p.preferred_position, '') AS pos1, coalesce(p.secondary_position, '') AS pos2,
             coalesce(p.looking_for_employment, 0) AS lfe, coalesce(p.looking_for_networking, 0) AS lfn,
             coalesce(p.looking_for_partnership, 0) AS lfp, coalesce(p.looking_for_recruitment, 0) AS lfr
      FROM member m LEFT JOIN member_profile p ON p.member_id = m.id WHERE m.id = ${viewerId}
    ),
    mutual AS (
      SELECT c2.other_id AS id, count(*) AS n
      FROM contact_link c1
      JOIN contact_link c2 ON c2.member_id = c1.other_id AND c2.status = 'accepted'
      WHERE c1.member_id = ${viewerId} AND c1.status = 'accepted'
      GROUP BY c2.other_id
    )
    SELECT m.id AS id,
      (CASE WHEN me.sport <> '' AND p.sport = me.sport THEN 3 ELSE 0 END)
      + (CASE WHEN coalesce(pr.basic_info, 1) = 1 AND m.profile_type = me.status THEN 2 ELSE 0 END)
      + (CASE WHEN me.pos1 <> '' AND lower(me.pos1) IN (lower(p.preferred_position), lower(p.secondary_position)) THEN 2 ELSE 0 END)
      + (CASE WHEN me.pos2 <> '' AND lower(me.pos2) IN (lower(p.preferred_position), lower(p.secondary_position)) THEN 2 ELSE 0 END)
      + (CASE WHEN me.lfe = 1 AND p.looking_for_employment = 1 THEN 1 ELSE 0 END)
      + (CASE WHEN me.lfn = 1 AND p.looking_for_networking = 1 THEN 1 ELSE 0 END)
      + (CASE WHEN me.lfp = 1 AND p.looking_for_partnership = 1 THEN 1 ELSE 0 END)
      + (CASE WHEN me.lfr = 1 AND p.looking_for_recruitment = 1 THEN 1 ELSE 0 END)
      + 2 * coalesce(mu.n, 0) AS score
    FROM member m
    CROSS JOIN me
    LEFT JOIN member_privacy pr ON pr.member_id = m.id
    LEFT JOIN member_profile p ON p.member_id = m.id AND coalesce(pr.basic_info, 1) = 1
    LEFT JOIN mutual mu ON mu.id = m.id
    WHERE m.status = 2
      AND m.id <> ${viewerId}
      AND coalesce(pr.search_visibility, 1) = 1
      AND NOT EXISTS (
        SELECT 1 FROM contact_link c
        WHERE (c.member_id = ${viewerId} AND c.other_id = m.id) OR (c.member_id = m.id AND c.other_id = ${viewerId})
      )
    ORDER BY score DESC, m.id DESC
    LIMIT ${limit}`.execute(db);
  return rows.rows.map((r) => r.id);
}

/**
 * Rebuilds the whole member search index from the base tables in one statement: the same rows the
 * triggers of migration 2026-11-24-020 write one member at a time (public columns: the header and
 * the fields of Public sections; `_c` columns: the fields of Only Contacts sections; only active
 * members). Used after a bulk load that ran without the triggers (the community generator).
 */
export async function rebuildMemberSearch(db: DB): Promise<void> {
  const pub = (level: string) => `${level} = 1`;
  const con = (level: string) => `${level} = 3`;
  const part = (test: string, text: string) => `CASE WHEN ${test} THEN ${text} ELSE '' END`;
  const values = (shows: (level: string) => string, withHeader: boolean) => [
    `trim(${withHeader ? "f.first_name || ' ' || " : ""}${part(shows("f.b"), "f.middle_name")}${withHeader ? " || ' ' || f.last_name" : ""})`,
    `trim(${withHeader ? "f.title || ' ' || " : ""}${part(shows("f.b"), "f.profile_type")})`,
    part(shows("f.b"), "f.sport"),
    part(shows("f.b"), "f.positions"),
    `trim(${part(shows("f.b"), "f.basic_place")} || ' ' || ${part(shows("f.c"), "f.contact_place")})`,
  ];
  await sql`DELETE FROM member_search`.execute(db);
  await sql
    .raw(
      `INSERT INTO member_search (rowid, name, status, sport, positions, place, name_c, status_c, sport_c, positions_c, place_c)
  SELECT f.id, ${[...values(pub, true), ...values(con, false)].join(",\n    ")}
  FROM (
    SELECT m.id, m.first_name, m.middle_name, m.last_name, m.title, m.profile_type,
           coalesce(p.sport, '') AS sport,
           trim(coalesce(p.preferred_position, '') || ' ' || coalesce(p.secondary_position, '')) AS positions,
           trim(coalesce(p.current_city, '') || ' ' || coalesce(p.hometown, '')) AS basic_place,
           trim(coalesce(p.city, '') || ' ' || coalesce(p.state, '') || ' ' || coalesce(s.name, '')) AS contact_place,
           coalesce(pr.basic_info, 1) AS b,
           coalesce(pr.contact_info, 1) AS c
    FROM member m
    LEFT JOIN member_profile p ON p.member_id = m.id
    LEFT JOIN member_privacy pr ON pr.member_id = m.id
    LEFT JOIN us_state s ON s.code = p.state
    WHERE m.status = 2
  ) f
  ORDER BY f.id`,
    )
    .execute(db);
}
