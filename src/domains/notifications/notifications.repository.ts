import { type Insertable, sql } from "kysely";
import type { DB } from "../../platform/db/client.ts";
import { notBlockedBetween } from "../../platform/db/member-block.ts";
import type { NotificationTable } from "./notifications.tables.ts";
import { precompiled, precompiledPer } from "../../platform/db/precompiled.ts";

/**
 * What notifying `memberId` of an action by `actorId` depends on, in one statement (three
 * primary-key lookups): the member's status and e-mail, the actor's status and name, and the
 * member's e-mail switches (null: never saved, the defaults). Undefined when either is no member.
 * Precompiled, as the insert below: they run on every message, reply and contact request.
 */
export async function notificationFacts(db: DB, memberId: number, actorId: number) {
  return (await factsQuery(db, { memberId, actorId }))[0];
}

const factsQuery = precompiled((db, p: { memberId: number; actorId: number }) =>
  db
    .selectFrom("member as m")
    .innerJoin("member as a", (j) => j.on("a.id", "=", p.actorId))
    .leftJoin("memberNotificationSettings as s", "s.memberId", "m.id")
    .select([
      "m.status",
      "m.email",
      "m.firstName",
      "a.status as actorStatus",
      "a.firstName as actorFirstName",
      "a.lastName as actorLastName",
      "s.sendMsg",
      "s.addAsFriend",
      "s.confirmFriendshipRequest",
      "s.repliesToHelpQuest",
      // 1 when a block stands between the member and the actor, either way (decision 035): read here, not in a statement of its own.
      sql<number>`(CASE WHEN ${notBlockedBetween(sql.ref("m.id"), sql.ref("a.id"))} THEN 0 ELSE 1 END)`.as("blocked"),
    ])
    .where("m.id", "=", p.memberId),
);

export async function insertNotification(db: DB, values: Insertable<NotificationTable>): Promise<number> {
  const row = await db.insertInto("notification").values(values).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

type NewNotificationRow = Omit<Insertable<NotificationTable>, "isRead" | "id"> & {
  link: string;
  actorId: number | null;
  contentKind: string | null;
  contentId: number | null;
};

/** A new (unread) notification; its id. */
export async function insertUnread(db: DB, values: NewNotificationRow): Promise<number> {
  return (await insertQuery(db, values))[0]!.id;
}

const insertQuery = precompiled((db, p: NewNotificationRow) =>
  db
    .insertInto("notification")
    .values({
      memberId: p.memberId,
      kind: p.kind,
      subject: p.subject,
      text: p.text,
      link: p.link,
      actorId: p.actorId,
      contentKind: p.contentKind,
      contentId: p.contentId,
      createdAt: p.createdAt,
    })
    .returning("id"),
);

/** Deletes the notifications quoting this content (one range of notification_content_idx); answers their ids and members. */
export const deleteQuoting = (db: DB, contentKind: string, contentId: number) => quotingDelete(db, contentKind, contentId).execute();

/** The statement of deleteQuoting (exported for its plan test). */
export const quotingDelete = (db: DB, contentKind: string, contentId: number) =>
  db.deleteFrom("notification").where("contentKind", "=", contentKind).where("contentId", "=", contentId).returning(["id", "memberId"]);

/** One page of a member's notifications, newest first (keyset on id). */
export function listNotifications(db: DB, memberId: number, options: { unreadOnly: boolean; beforeId?: number; limit: number }) {
  const page = pageOfNotifications(options.unreadOnly, options.beforeId !== undefined);
  return page(db, { memberId, beforeId: options.beforeId ?? 0, limit: options.limit });
}

/**
 * listNotifications' statements (all or unread, first page or after a cursor), precompiled as the
 * unread count below: PostgreSQL planned each again on every call, which cost as much as running it
 * (0.13-0.4 ms); prepared, one plan serves every member. The count is read for the badge on every
 * page a member opens.
 */
const pageOfNotifications = precompiledPer(
  (unreadOnly: boolean, paged: boolean) => (db: DB, p: { memberId: number; beforeId: number; limit: number }) => {
    let q = db
      .selectFrom("notification")
      .select(["id", "kind", "subject", "text", "link", "isRead", "createdAt"])
      .where("memberId", "=", p.memberId);
    if (unreadOnly) q = q.where("isRead", "=", 0);
    if (paged) q = q.where("id", "<", p.beforeId);
    return q.orderBy("id", "desc").limit(p.limit);
  },
);

export async function unreadCount(db: DB, memberId: number): Promise<number> {
  const [row] = await unreadCountQuery(db, { memberId });
  return Number(row!.n);
}

const unreadCountQuery = precompiled((db, p: { memberId: number }) =>
  db
    .selectFrom("notification")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("memberId", "=", p.memberId)
    .where("isRead", "=", 0),
);

export async function markAllRead(db: DB, memberId: number, upToId?: number): Promise<number> {
  let q = db.updateTable("notification").set({ isRead: 1 }).where("memberId", "=", memberId).where("isRead", "=", 0);
  if (upToId !== undefined) q = q.where("id", "<=", upToId);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Whether the member had a notification of this kind from this actor since `since` (one index range). */
export async function existsSince(db: DB, memberId: number, actorId: number, kind: string, since: string): Promise<boolean> {
  const row = await db
    .selectFrom("notification")
    .select("id")
    .where("memberId", "=", memberId)
    .where("actorId", "=", actorId)
    .where("kind", "=", kind)
    .where("createdAt", ">=", since)
    .executeTakeFirst();
  return !!row;
}

/**
 * Deletes up to `limit` notifications of this read state created before `before`, oldest first
 * (one range of notification_retention_idx); answers how many it deleted.
 */
export async function deleteOldBatch(db: DB, read: boolean, before: string, limit: number): Promise<number> {
  const r = await db
    .deleteFrom("notification")
    .where("id", "in", (eb) =>
      eb
        .selectFrom("notification")
        .select("id")
        .where("isRead", "=", read ? 1 : 0)
        .where("createdAt", "<", before)
        .orderBy("createdAt")
        .limit(limit),
    )
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}
