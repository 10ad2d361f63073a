import { sql } from "kysely";
import type { DB } from "../../platform/db/client.ts";
import { isPostgres } from "../../platform/db/dialect.ts";

/**
 * The home feed's timeline (decision 011, migration 2026-11-25-110): for each member, the posts of
 * their network since a horizon. Triggers keep it exact when follows and contacts change and posts
 * go; a new post is queued by a trigger, and its rows are written here, off the request path.
 */

/** How far back the timeline reaches; older pages are read from the post table. */
export const TIMELINE_WINDOW_DAYS = 3;
/** The horizon moves forward once it lags this much (then the rows behind it are deleted). */
export const HORIZON_SLACK_DAYS = 1;
/** Authors followed by more members are not fanned out: readers pull their posts. */
export const PULL_FOLLOWERS = 2_000;
/** Readers written per fan-out transaction (a few ms of the write lock). */
export const FANOUT_BATCH = 100;
/** Readers whose old rows are pruned per transaction. */
export const PRUNE_MEMBERS = 50;

const DAY = 86_400_000;

/** Rows written per fan-out transaction at most (readers × posts of one author). */
export const FANOUT_ROWS = 500;
/** Queued posts of one author fanned out together at most. */
export const FANOUT_POSTS = 50;

/** The advisory lock key of the fan-out on PostgreSQL (any constant the app uses for nothing else). */
export const FANOUT_LOCK = 0x71_6d_e1;

interface QueueItem {
  postId: number;
  authorId: number;
  createdAt: string;
  nextMember: number;
}

/**
 * One step of the fan-out, one short transaction: the author of the oldest queued post, up to
 * FANOUT_POSTS of their queued posts at the same point, and the next readers of that author
 * (followers, accepted contacts, the author; in member id order from where the last batch
 * stopped), at most FANOUT_BATCH readers and FANOUT_ROWS rows. An author found to have more than
 * `pullFollowers` followers becomes a pull author instead (their queued posts leave the queue).
 * Returns false when the queue is empty (on PostgreSQL also when another process is on a step).
 */
export async function fanOutStep(db: DB, batch = FANOUT_BATCH, pullFollowers = PULL_FOLLOWERS): Promise<boolean> {
  const pg = isPostgres(db);
  return db.transaction().execute(async (trx) => {
    // PostgreSQL: several server processes share the queue, and each runs a worker; one step runs
    // at a time (the lock goes with the transaction), the others find the queue busy.
    if (pg && !(await sql<{ locked: boolean }>`SELECT pg_try_advisory_xact_lock(${FANOUT_LOCK}) AS locked`.execute(trx)).rows[0]!.locked) {
      return false;
    }
    const item = (
      await sql<QueueItem>`SELECT post_id, author_id, created_at, next_member FROM timeline_queue ORDER BY post_id LIMIT 1`.execute(trx)
    ).rows[0];
    if (!item) return false;
    const a = item.authorId;
    let pulled = (await sql`SELECT 1 FROM timeline_pull_author WHERE member_id = ${a}`.execute(trx)).rows.length > 0;
    if (!pulled && item.nextMember === 0) {
      // Counting stops at the threshold: a star costs no more than a member just over it.
      const { n } = (
        await sql<{
          n: number;
        }>`SELECT count(*) AS n FROM (SELECT 1 FROM follow WHERE followed_id = ${a} LIMIT ${pullFollowers + 1})`.execute(trx)
      ).rows[0]!;
      if (n > pullFollowers) {
        await sql`INSERT INTO timeline_pull_author (member_id) VALUES (${a}) ON CONFLICT DO NOTHING`.execute(trx);
        pulled = true;
      }
    }
    if (pulled) {
      await sql`DELETE FROM timeline_queue WHERE author_id = ${a}`.execute(trx);
      return true;
    }
    const posts = (
      await sql<{ postId: number; createdAt: string }>`
        SELECT post_id, created_at FROM timeline_queue WHERE author_id = ${a} AND next_member = ${item.nextMember}
        ORDER BY post_id LIMIT ${FANOUT_POSTS}`.execute(trx)
    ).rows;
    // PostgreSQL would compare two bare parameters as text ('9' > '10').
    const int = (n: number) => (pg ? sql`CAST(${n} AS INTEGER)` : sql`${n}`);
    const readersWanted = Math.max(1, Math.min(batch, Math.floor(FANOUT_ROWS / posts.length)));
    const readers = (
      await sql<{ m: number }>`
        SELECT follower_id AS m FROM follow WHERE followed_id = ${a} AND follower_id > ${item.nextMember}
        UNION SELECT member_id FROM contact_link WHERE other_id = ${a} AND status = 'accepted' AND member_id > ${item.nextMember}
        UNION SELECT ${int(a)} WHERE ${int(a)} > ${int(item.nextMember)}
        ORDER BY 1 LIMIT ${readersWanted}`.execute(trx)
    ).rows.map((r) => r.m);
    // The lists go in as one parameter each: a JSON text on SQLite (json_each), an array on PostgreSQL.
    const postIds = pg
      ? sql`(SELECT unnest(${posts.map((p) => p.postId)}::int[]))`
      : sql`(SELECT value FROM json_each(${JSON.stringify(posts.map((p) => p.postId))}))`;
    if (readers.length > 0) {
      // In key order (reader, newest first): each reader's rows land on the same pages.
      await (
        pg
          ? sql`
        INSERT INTO timeline (member_id, created_at, post_id, author_id)
        SELECT r, p.created_at, p.post_id, ${a}
        FROM unnest(${readers}::int[]) r, unnest(${posts.map((p) => p.postId)}::int[], ${posts.map((p) => p.createdAt)}::text[]) p (post_id, created_at)
        ORDER BY 1, 2 DESC, 3
        ON CONFLICT DO NOTHING`
          : sql`
        INSERT INTO timeline (member_id, created_at, post_id, author_id)
        SELECT r.value, json_extract(p.value, '$[1]'), json_extract(p.value, '$[0]'), ${a}
        FROM json_each(${JSON.stringify(readers)}) r, json_each(${JSON.stringify(posts.map((p) => [p.postId, p.createdAt]))}) p
        WHERE true ORDER BY 1, 2 DESC, 3
        ON CONFLICT DO NOTHING`
      ).execute(trx);
    }
    if (readers.length < readersWanted) {
      await sql`DELETE FROM timeline_queue WHERE post_id IN ${postIds}`.execute(trx);
    } else {
      await sql`UPDATE timeline_queue SET next_member = ${readers.at(-1)!} WHERE post_id IN ${postIds}`.execute(trx);
    }
    return true;
  });
}

/** Posts waiting for their fan-out. */
export async function queuedPosts(db: DB): Promise<number> {
  return (await sql<{ n: number }>`SELECT count(*) AS n FROM timeline_queue`.execute(db)).rows[0]!.n;
}

export async function horizon(db: DB): Promise<string> {
  return (await sql<{ horizon: string }>`SELECT horizon FROM timeline_state WHERE id = 1`.execute(db)).rows[0]!.horizon;
}

/**
 * Moves the horizon to `now` minus the window when it lags by more than the slack (readers then
 * take the posts behind it from the post table). Returns whether it moved.
 */
export async function advanceHorizon(db: DB, now: number): Promise<boolean> {
  const next = new Date(now - TIMELINE_WINDOW_DAYS * DAY).toISOString();
  const slack = new Date(now - (TIMELINE_WINDOW_DAYS + HORIZON_SLACK_DAYS) * DAY).toISOString();
  const r = await sql`UPDATE timeline_state SET horizon = ${next} WHERE id = 1 AND horizon < ${slack}`.execute(db);
  return Number(r.numAffectedRows ?? 0) > 0;
}

/**
 * Deletes the rows behind the horizon of the readers after `fromMember` (PRUNE_MEMBERS of them,
 * one short transaction). Returns the last reader done, or null when none is left.
 */
export async function pruneStep(db: DB, fromMember: number, members = PRUNE_MEMBERS): Promise<number | null> {
  const last = (
    await sql<{
      m: number | null;
    }>`SELECT max(id) AS m FROM (SELECT id FROM member WHERE id > ${fromMember} ORDER BY id LIMIT ${members})`.execute(db)
  ).rows[0]?.m;
  if (last === null || last === undefined) return null;
  await sql`DELETE FROM timeline WHERE member_id > ${fromMember} AND member_id <= ${last}
    AND created_at < (SELECT horizon FROM timeline_state WHERE id = 1)`.execute(db);
  return last;
}

/**
 * Rebuilds the timeline from the base tables (the community generator's bulk load, an operator's
 * repair): horizon at `now` minus the window, the pull authors, every reader's rows in key order,
 * an empty queue. The same rows the migration's backfill and the fan-out write.
 */
export async function rebuildTimeline(db: DB, now = Date.now(), pullFollowers = PULL_FOLLOWERS): Promise<void> {
  const from = new Date(now - TIMELINE_WINDOW_DAYS * DAY).toISOString();
  await db.transaction().execute(async (trx) => {
    for (const t of ["timeline", "timeline_queue", "timeline_pull_author"]) await sql.raw(`DELETE FROM ${t}`).execute(trx);
    await sql`INSERT INTO timeline_state (id, horizon) VALUES (1, ${from}) ON CONFLICT (id) DO UPDATE SET horizon = excluded.horizon`.execute(
      trx,
    );
    await sql`INSERT INTO timeline_pull_author (member_id)
      SELECT followed_id FROM follow GROUP BY followed_id HAVING count(*) > ${pullFollowers}`.execute(trx);
    await sql`INSERT INTO timeline (member_id, created_at, post_id, author_id)
      SELECT r.reader, p.created_at, p.id, p.member_id
      FROM post p
      JOIN (
        SELECT followed_id AS author, follower_id AS reader FROM follow
        UNION SELECT other_id, member_id FROM contact_link WHERE status = 'accepted'
        UNION SELECT id, id FROM member
      ) r ON r.author = p.member_id
      WHERE p.created_at >= ${from} AND p.member_id NOT IN (SELECT member_id FROM timeline_pull_author)
      ORDER BY r.reader, p.created_at DESC, p.id
      ON CONFLICT DO NOTHING`.execute(trx);
  });
}
