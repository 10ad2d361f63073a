import { sql } from "kysely";
import type { DB } from "../../platform/db/client.ts";
import { isPostgres } from "../../platform/db/dialect.ts";
import { precompiled } from "../../platform/db/precompiled.ts";
import type { LiveEvent, LiveEventType } from "../../platform/live.ts";

export async function insertEvent(
  db: DB,
  memberId: number,
  type: LiveEventType,
  data: Record<string, unknown>,
  at: string,
): Promise<LiveEvent> {
  // One statement on both engines: on PostgreSQL outside a transaction it is a transaction of its
  // own, which holds the member's lock until its end.
  const [event] = await insertEvents(db, [{ memberId, type, data, at }]);
  return event!;
}

/** Advisory lock namespace of the live log (the first key of pg_advisory_xact_lock's pair). */
const LIVE_EVENTS_LOCK = 0x4c495645;

/**
 * Writes several events in one statement; answers them with their ids, in the order given.
 *
 * PostgreSQL: the same statement first takes each member's event lock, held until the transaction
 * ends. Ids are drawn at insert but become visible at commit; with the lock, a member's events
 * commit in id order, so a page that has seen id n never meets a smaller id later (its replay
 * cursor stays sound). Taken by the insert itself, the lock is held for the insert and the COMMIT
 * only, not one more round trip: writes notifying one member queue on it. Locks are taken in id
 * order (no deadlock). SQLite writes one transaction at a time and needs none.
 */
export async function insertEvents(db: DB, events: Array<Omit<LiveEvent, "id">>): Promise<LiveEvent[]> {
  const values = events.map((e) => ({ memberId: e.memberId, type: e.type, data: JSON.stringify(e.data), createdAt: e.at }));
  const rows = isPostgres(db)
    ? await lockedInsertQuery(db, {
        lockIds: [...new Set(values.map((v) => v.memberId))].sort((a, b) => a - b),
        memberIds: values.map((v) => v.memberId),
        types: values.map((v) => v.type),
        data: values.map((v) => v.data),
        createdAts: values.map((v) => v.createdAt),
      })
    : await insertOnSqlite(db, values);
  // Rows of one INSERT take ascending ids in the order of its rows (SQLite: the statement holds the
  // write lock; PostgreSQL: it draws them from the identity's sequence in that order).
  const ids = rows.map((r) => r.id).sort((a, b) => a - b);
  return events.map((e, i) => ({ ...e, id: ids[i]! }));
}

/**
 * PostgreSQL's insert of any number of events, one text (prepared once): the locks first (a
 * materialized CTE every row joins, so it runs before the first id is drawn; unnest reads the
 * sorted array in order), then the events in the arrays' order.
 */
const lockedInsertQuery = precompiled(
  (db, p: { lockIds: number[]; memberIds: number[]; types: string[]; data: string[]; createdAts: string[] }) => ({
    compile: () =>
      sql<{ id: number }>`WITH locked AS MATERIALIZED (
          SELECT count(pg_advisory_xact_lock(${sql.lit(LIVE_EVENTS_LOCK)}, m)) AS n FROM unnest(${p.lockIds}::int[]) AS m)
        INSERT INTO live_event (member_id, type, data, created_at)
        SELECT e.member_id, e.type, e.data, e.created_at
        FROM locked CROSS JOIN unnest(${p.memberIds}::int[], ${p.types}::text[], ${p.data}::text[], ${p.createdAts}::text[])
          WITH ORDINALITY AS e (member_id, type, data, created_at, i)
        ORDER BY e.i
        RETURNING id`.compile(db),
  }),
);

type EventValues = { memberId: number; type: string; data: string; createdAt: string };

/** SQLite's insert: a unit writes one to three events (a message: three), so those statements are precompiled. */
async function insertOnSqlite(db: DB, values: EventValues[]): Promise<Array<{ id: number }>> {
  const insert = insertEventsQueries[values.length];
  return insert
    ? await insert(db, Object.fromEntries(values.flatMap((v, i) => Object.entries(v).map(([k, x]) => [`${k}${i}`, x]))))
    : await db.insertInto("liveEvent").values(values).returning("id").execute();
}

/** The insert of n events (n = 1 to 4), parameters memberId0, type0, data0, createdAt0, memberId1, ... */
const insertEventsQueries = [1, 2, 3, 4].reduce<Record<number, ReturnType<typeof insertEventsOf>>>(
  (all, n) => ({ ...all, [n]: insertEventsOf(n) }),
  {},
);

function insertEventsOf(n: number) {
  return precompiled((db, p: Record<string, string | number>) =>
    db
      .insertInto("liveEvent")
      .values(
        Array.from({ length: n }, (_, i) => ({
          memberId: p[`memberId${i}`] as number,
          type: p[`type${i}`] as string,
          data: p[`data${i}`] as string,
          createdAt: p[`createdAt${i}`] as string,
        })),
      )
      .returning("id"),
  );
}

/** A member's events after the given id, oldest first (a reconnecting page's replay). */
export async function eventsAfter(db: DB, memberId: number, afterId: number, limit: number): Promise<LiveEvent[]> {
  const rows = await db
    .selectFrom("liveEvent")
    .select(["id", "memberId", "type", "data", "createdAt"])
    .where("memberId", "=", memberId)
    .where("id", ">", afterId)
    .orderBy("id")
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    memberId: r.memberId,
    type: r.type as LiveEventType,
    data: JSON.parse(r.data) as Record<string, unknown>,
    at: r.createdAt,
  }));
}

/** A member's logged events of one type (one range of live_event_member_idx: at most a day's events of one member). */
export const eventsOfType = (db: DB, memberId: number, type: LiveEventType) =>
  db.selectFrom("liveEvent").select(["id", "data"]).where("memberId", "=", memberId).where("type", "=", type);

/** Deletes some of a member's events by id (primary-key probes, within the member's range). */
export async function deleteEvents(db: DB, memberId: number, ids: number[]): Promise<void> {
  if (ids.length > 0) await db.deleteFrom("liveEvent").where("memberId", "=", memberId).where("id", "in", ids).execute();
}

/** Deletes up to `limit` events created before `before`, oldest first (one range of live_event_created_idx). */
export async function deleteOlderThan(db: DB, before: string, limit: number): Promise<number> {
  const r = await db
    .deleteFrom("liveEvent")
    .where("id", "in", (eb) => eb.selectFrom("liveEvent").select("id").where("createdAt", "<", before).orderBy("createdAt").limit(limit))
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** The member's newest event id (0 when none): where a new page's stream starts. */
export async function latestId(db: DB, memberId: number): Promise<number> {
  const row = await db
    .selectFrom("liveEvent")
    .select((eb) => eb.fn.max("id").as("id"))
    .where("memberId", "=", memberId)
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}
