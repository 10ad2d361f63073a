import { type Expression, type RawBuilder, type SelectQueryBuilder, sql } from "kysely";
import type { DB } from "../../platform/db/client.ts";
import { VISIBLE_STATUS } from "../../shared/members.ts";
import { containsPattern } from "../../platform/db/like.ts";
import { precompiled, precompiledPer } from "../../platform/db/precompiled.ts";
import { idIn, idInSlots, type IdSlots, idSlotCount, idSlotValues, isPostgres, MAX_ID_SLOTS } from "../../platform/db/dialect.ts";
import type { Database } from "../../platform/db/database.ts";
import { notBlockedBetween } from "../../platform/db/member-block.ts";
import { listedToViewer } from "../../platform/db/minor-shown.ts";

export const findLink = (db: DB, memberId: number, otherId: number) =>
  db.selectFrom("contactLink").selectAll().where("memberId", "=", memberId).where("otherId", "=", otherId).executeTakeFirst();

/**
 * Both members of an accepted link from `memberId` to `otherId`, with what the picture rule needs
 * of the other (one primary-key lookup and three joins); undefined without such a link.
 * Precompiled (every message sent reads it), as the request's read and insert below.
 */
export async function linkedPair(db: DB, memberId: number, otherId: number) {
  return (await linkedPairQuery(db, { memberId, otherId }))[0];
}

const linkedPairQuery = precompiled((db, p: { memberId: number; otherId: number }) =>
  db
    .selectFrom("contactLink as l")
    .innerJoin("member as m", "m.id", "l.memberId")
    .innerJoin("member as o", "o.id", "l.otherId")
    .leftJoin("memberPrivacy as op", "op.memberId", "l.otherId")
    .select([
      "m.firstName as memberFirstName",
      "m.lastName as memberLastName",
      "m.picturePath as memberPicturePath",
      "o.firstName as otherFirstName",
      "o.lastName as otherLastName",
      "o.picturePath as otherPicturePath",
      "o.status as otherStatus",
      "op.viewProfilePicture as otherViewProfilePicture",
    ])
    .where("l.memberId", "=", p.memberId)
    .where("l.otherId", "=", p.otherId)
    .where("l.status", "=", sql.lit("accepted")),
);

/**
 * What a contact request from `fromId` to `toId` depends on, in one row (a primary-key lookup and
 * three joins): the member's status, the links either way and the member's request setting (null:
 * the default). Undefined when there is no such member.
 */
export async function requestFacts(db: DB, fromId: number, toId: number) {
  return (await requestFactsQuery(db, { fromId, toId }))[0];
}

const requestFactsQuery = precompiled((db, p: { fromId: number; toId: number }) =>
  db
    .selectFrom("member as m")
    .leftJoin("contactLink as mine", (j) => j.on("mine.memberId", "=", p.fromId).onRef("mine.otherId", "=", "m.id"))
    .leftJoin("contactLink as theirs", (j) => j.onRef("theirs.memberId", "=", "m.id").on("theirs.otherId", "=", p.fromId))
    .leftJoin("memberPrivacy as p", "p.memberId", "m.id")
    .select(["m.status", "mine.status as mine", "theirs.status as theirs", "p.viewLinkRequest"])
    .where("m.id", "=", p.toId),
);

/** Records a request; false when a row for this pair existed already (two sends at once). */
export async function insertRequest(db: DB, fromId: number, toId: number, at: string): Promise<boolean> {
  return (await insertRequestQuery(db, { fromId, toId, at })).length > 0;
}

const insertRequestQuery = precompiled((db, p: { fromId: number; toId: number; at: string }) =>
  db
    .insertInto("contactLink")
    .values({ memberId: p.fromId, otherId: p.toId, status: sql.lit("pending"), createdAt: p.at, updatedAt: p.at })
    .onConflict((oc) => oc.columns(["memberId", "otherId"]).doNothing())
    .returning("memberId"),
);

/**
 * Holds the pair's lock until the transaction ends (PostgreSQL, whose transactions run side by
 * side; SQLite's one connection runs them one at a time). Keyed by the pair in either order.
 */
export async function lockPair(db: DB, a: number, b: number): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`contact-pair:${Math.min(a, b)}:${Math.max(a, b)}`}, 0))`.execute(db);
}

/** Turns the requester's pending row into an accepted pair (two rows). */
export async function acceptRequest(db: DB, requesterId: number, accepterId: number, at: string): Promise<boolean> {
  const r = await db
    .updateTable("contactLink")
    .set({ status: "accepted", updatedAt: at })
    .where("memberId", "=", requesterId)
    .where("otherId", "=", accepterId)
    .where("status", "=", "pending")
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) return false;
  await db
    .insertInto("contactLink")
    .values({ memberId: accepterId, otherId: requesterId, status: "accepted", createdAt: at, updatedAt: at })
    .onConflict((oc) => oc.columns(["memberId", "otherId"]).doUpdateSet({ status: "accepted", updatedAt: at }))
    .execute();
  return true;
}

export async function deletePending(db: DB, fromId: number, toId: number): Promise<boolean> {
  const r = await db
    .deleteFrom("contactLink")
    .where("memberId", "=", fromId)
    .where("otherId", "=", toId)
    .where("status", "=", "pending")
    .executeTakeFirst();
  return Number(r.numDeletedRows) === 1;
}

/** Remembers that `memberId` rejected `rejectedId`'s request (the latest rejection's time). */
export async function recordRejection(db: DB, memberId: number, rejectedId: number, at: string): Promise<void> {
  await db
    .insertInto("contactRejection")
    .values({ memberId, rejectedId, rejectedAt: at })
    .onConflict((oc) => oc.columns(["memberId", "rejectedId"]).doUpdateSet({ rejectedAt: at }))
    .execute();
}

/** Ends a contact: both rows go. */
export async function deletePair(db: DB, a: number, b: number): Promise<boolean> {
  const r = await db
    .deleteFrom("contactLink")
    .where("status", "=", "accepted")
    .where((eb) =>
      eb.or([eb.and([eb("memberId", "=", a), eb("otherId", "=", b)]), eb.and([eb("memberId", "=", b), eb("otherId", "=", a)])]),
    )
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

export async function insertFollow(db: DB, followerId: number, followedId: number, at: string): Promise<boolean> {
  // RETURNING yields no row when the follow existed already (ON CONFLICT DO NOTHING).
  const row = await db
    .insertInto("follow")
    .values({ followerId, followedId, createdAt: at })
    .onConflict((oc) => oc.columns(["followerId", "followedId"]).doNothing())
    .returning("followerId")
    .executeTakeFirst();
  return !!row;
}

export async function deleteFollow(db: DB, followerId: number, followedId: number): Promise<boolean> {
  const r = await db.deleteFrom("follow").where("followerId", "=", followerId).where("followedId", "=", followedId).executeTakeFirst();
  return Number(r.numDeletedRows) === 1;
}

export const isFollowing = async (db: DB, followerId: number, followedId: number) =>
  !!(await db
    .selectFrom("follow")
    .select("followerId")
    .where("followerId", "=", followerId)
    .where("followedId", "=", followedId)
    .executeTakeFirst());

/** The columns of a member card, with what the privacy rules need (section levels, picture flag, the viewer's contact row). */
export interface CardRow {
  memberId: number;
  firstName: string;
  lastName: string;
  title: string;
  picturePath: string | null;
  profileType: string;
  city: string | null;
  state: string | null;
  sport: string | null;
  /** Level of the basic info section (status, sport), null when never saved (Public). */
  basicInfo: number | null;
  /** Level of the contact info section (city, state), null when never saved (Public). */
  contactInfo: number | null;
  viewProfilePicture: number | null;
  viewLinkRequest: number | null;
  viewLinkMessage: number | null;
  viewerIsContact: number;
  /** A list row's: 1 (true) when this member is a minor and the viewer an adult, with their opt-in to be found. */
  minorToViewer?: number | boolean;
  minorFindable?: number | null;
  sortName: string;
}

type From = SelectQueryBuilder<Database, "member", object>;

/** Adds the card columns to a query over `member` (joins profile, privacy and the viewer's contact row). */
function withCard(q: From, viewerId: number) {
  return q
    .leftJoin("memberProfile as p", "p.memberId", "member.id")
    .leftJoin("memberPrivacy as pr", "pr.memberId", "member.id")
    .leftJoin("contactLink as vc", (j) =>
      j.onRef("vc.otherId", "=", "member.id").on("vc.memberId", "=", viewerId).on("vc.status", "=", "accepted"),
    )
    .select([
      "member.id as memberId",
      "member.firstName",
      "member.lastName",
      "member.title",
      "member.picturePath",
      "member.profileType",
      "p.city",
      "p.state",
      "p.sport",
      "pr.basicInfo",
      "pr.contactInfo",
      "pr.viewProfilePicture",
      "pr.viewLinkRequest",
      "pr.viewLinkMessage",
      sql<number>`(case when vc.member_id is not null then 1 else 0 end)`.as("viewerIsContact"),
      sql<string>`lower(member.first_name || ' ' || member.last_name)`.as("sortName"),
    ])
    .where("member.status", "=", VISIBLE_STATUS);
}

export type ListKind = "contacts" | "requests" | "following" | "followers";

/** A list row: the card columns and what the viewer's own rows say of this member (links and follows, either way). */
export interface ListRow extends CardRow {
  /** The viewer's link to this member: "accepted", "pending" (the viewer asked), or null. */
  viewerLink: string | null;
  /** This member's link to the viewer ("pending": they asked the viewer), or null. */
  theirLink: string | null;
  /** 1 when the viewer follows this member, else 0. */
  viewerFollows: number;
  /** 1 when this member follows the viewer, else 0. */
  followsViewer: number;
  /** 1 when this member is a minor and the viewer an adult (born after the viewer's cutoff), else 0. */
  minorToViewer: number;
}

/** The values of a list statement (see listStatement). */
export interface ListValues extends Record<string, unknown> {
  owner: number;
  viewer: number;
  like: string;
  afterName: string;
  afterId: number;
  /** The viewer's minor cutoff (privacy.service minorCutoffFor). */
  cutoff: string;
}

/** The members of a list (active ones, optionally filtered by name), as a query over `member`. */
function listQuery(db: DB, kind: ListKind, filtered: boolean, v: ListValues): From {
  const owner = v.owner;
  const q = db.selectFrom("member");
  let list: From;
  switch (kind) {
    case "contacts":
      list = q.innerJoin("contactLink as l", (j) =>
        j.onRef("l.otherId", "=", "member.id").on("l.memberId", "=", owner).on("l.status", "=", "accepted"),
      );
      break;
    case "requests":
      list = q.innerJoin("contactLink as l", (j) =>
        j.onRef("l.memberId", "=", "member.id").on("l.otherId", "=", owner).on("l.status", "=", "pending"),
      );
      break;
    case "following":
      list = q.innerJoin("follow as f", (j) => j.onRef("f.followedId", "=", "member.id").on("f.followerId", "=", owner));
      break;
    case "followers":
      list = q.innerJoin("follow as f", (j) => j.onRef("f.followerId", "=", "member.id").on("f.followedId", "=", owner));
      break;
  }
  // A member blocked by the viewer, or who blocked them, is in no list the viewer reads (decision 035).
  list = list.where("member.status", "=", VISIBLE_STATUS).where(notBlockedBetween(sql.ref("member.id"), sql`${v.viewer}`));
  // Another member's lists leave out a minor the viewer may not see (decision 040); the viewer's own
  // lists show whoever linked to them (a minor who follows or asked them chose to).
  if (kind !== "requests") {
    list = list.where(
      sql<boolean>`(${owner} = ${v.viewer} OR ${listedToViewer(sql.ref("member.id"), sql.ref("member.birth_date"), sql`${v.viewer}`, sql`${v.cutoff}`)})`,
    );
  }
  return filtered ? list.where(sql<boolean>`lower(member.first_name || ' ' || member.last_name) like ${v.like} escape '\\'`) : list;
}

/**
 * One page of the list: the page's rows sorted and limited first (the link or follow index and
 * each member's row, which the sort reads anyway, so its card columns come along); then, for
 * those rows only, profile, privacy and the viewer's four rows about each member (its link and
 * follow either way: one index probe each).
 */
export function pageQuery(db: DB, kind: ListKind, filtered: boolean, afterCursor: boolean, limit: number, v: ListValues) {
  let page = listQuery(db, kind, filtered, v).select([
    "member.id as memberId",
    sql<string>`lower(member.first_name || ' ' || member.last_name)`.as("sortName"),
    "member.firstName",
    "member.lastName",
    "member.title",
    "member.picturePath",
    "member.profileType",
    // A minor to this viewer (an adult's cutoff): the card's Follow button (contacts.service linksFromColumns).
    sql<number>`(case when member.birth_date > ${v.cutoff} then 1 else 0 end)`.as("minorToViewer"),
  ]);
  if (afterCursor) {
    page = page.where(sql<boolean>`(lower(member.first_name || ' ' || member.last_name), member.id) > (${v.afterName}, ${v.afterId})`);
  }
  const viewer = v.viewer;
  // The viewer's four rows about each member are scalar subqueries, not joins: either way each is
  // one index probe per row of the page, but PostgreSQL plans joins by searching their orders, and
  // with seven relations that took 3-5 ms a call, more than running the statement (now 1-2 ms;
  // measured at 100,000 members with scripts/measure-pg-reads.ts).
  const link = (from: Expression<unknown>, to: Expression<unknown>) =>
    sql<string | null>`(SELECT status FROM contact_link WHERE member_id = ${from} AND other_id = ${to})`;
  const follows = (from: Expression<unknown>, to: Expression<unknown>) =>
    sql<number>`(CASE WHEN EXISTS (SELECT 1 FROM follow WHERE follower_id = ${from} AND followed_id = ${to}) THEN 1 ELSE 0 END)`;
  const me = sql`${viewer}`;
  const them = sql.ref("page.memberId");
  return db
    .selectFrom(page.orderBy("sortName").orderBy("member.id").limit(sql.lit(limit)).as("page"))
    .leftJoin("memberProfile as p", "p.memberId", "page.memberId")
    .leftJoin("memberPrivacy as pr", "pr.memberId", "page.memberId")
    .select([
      "page.memberId",
      "page.sortName",
      "page.firstName",
      "page.lastName",
      "page.title",
      "page.picturePath",
      "page.profileType",
      "page.minorToViewer",
      "p.city",
      "p.state",
      "p.sport",
      "pr.basicInfo",
      "pr.contactInfo",
      "pr.viewProfilePicture",
      "pr.viewLinkRequest",
      "pr.viewLinkMessage",
      "pr.minorFindable",
      sql<number>`(CASE WHEN ${link(me, them)} = 'accepted' THEN 1 ELSE 0 END)`.as("viewerIsContact"),
      link(me, them).as("viewerLink"),
      link(them, me).as("theirLink"),
      follows(me, them).as("viewerFollows"),
      follows(them, me).as("followsViewer"),
    ])
    .orderBy("page.sortName")
    .orderBy("page.memberId");
}

/**
 * One page of a member list, by name then id (keyset), optionally filtered by name (any part of
 * "First Last"), in one statement (pageQuery). The total is counted by a second statement only
 * when the page does not tell it already (a first page shorter than the limit is the whole list).
 */
export async function listMembers(
  db: DB,
  kind: ListKind,
  ownerId: number,
  viewerId: number,
  options: { search?: string; after?: { name: string; id: number }; limit: number; cutoff: string },
): Promise<{ rows: ListRow[]; total: number }> {
  const filtered = !!options.search;
  const values: ListValues = {
    owner: ownerId,
    viewer: viewerId,
    like: filtered ? containsPattern(options.search!) : "",
    afterName: options.after?.name ?? "",
    afterId: options.after?.id ?? 0,
    cutoff: options.cutoff,
  };
  const rows = await listPageStatement(kind, filtered, !!options.after, options.limit)(db, values);
  if (!options.after && rows.length < options.limit) return { rows, total: rows.length };
  const [counted] = await listCountStatement(kind, filtered)(db, values);
  return { rows, total: Number(counted?.n ?? 0) };
}

/**
 * Each shape of a list statement (list kind, with or without a name filter, first page or after a
 * cursor) is built and compiled once and then run with the request's values: building,
 * transforming and compiling the query with Kysely cost more than running it (about 0.5 ms of 2
 * for 142 cards). The page size is written into the page's statement (one per size, at most 200):
 * with it bound, PostgreSQL would guess a tenth of the list and plan the statement anew for every page.
 */
const listPageStatement = precompiledPer(
  (kind: ListKind, filtered: boolean, afterCursor: boolean, limit: number) => (db, v: ListValues) =>
    pageQuery(db, kind, filtered, afterCursor, limit, v),
);
const listCountStatement = precompiledPer(
  (kind: ListKind, filtered: boolean) => (db, v: ListValues) =>
    listQuery(db, kind, filtered, v).select((eb) => eb.fn.countAll<number>().as("n")),
);

/** Cards for known ids (search results, suggestions), in no particular order. */
export async function cardsFor(db: DB, ids: number[], viewerId: number): Promise<CardRow[]> {
  if (ids.length === 0) return [];
  return await withCard(db.selectFrom("member") as From, viewerId)
    .where("member.id", "in", ids)
    .execute();
}

/** What the picture rule needs of each of these members: their flag and whether the viewer is their contact (one query). */
export async function pictureFacts(db: DB, viewerId: number, ids: number[]) {
  if (ids.length === 0) return [];
  if (!isPostgres(db)) return pictureFactsQuery(db, viewerId, idIn("member.id", ids)).execute();
  // PostgreSQL: one prepared text per slot count (idInSlots), in parts for a page with very many authors.
  const rows = [];
  for (let i = 0; i < ids.length; i += MAX_ID_SLOTS) {
    const part = ids.slice(i, i + MAX_ID_SLOTS);
    rows.push(...(await pictureFactsOfSlots(idSlotCount(part.length))(db, { viewerId, ...idSlotValues(part) })));
  }
  return rows;
}
const pictureFactsOfSlots = precompiledPer(
  (slots: number) => (db: DB, p: { viewerId: number } & IdSlots) => pictureFactsQuery(db, p.viewerId, idInSlots("member.id", p, slots)),
);
const pictureFactsQuery = (db: DB, viewerId: number, ofMembers: RawBuilder<boolean>) =>
  db
    .selectFrom("member")
    .leftJoin("memberPrivacy as pr", "pr.memberId", "member.id")
    .leftJoin("contactLink as vc", (j) =>
      j.onRef("vc.otherId", "=", "member.id").on("vc.memberId", "=", viewerId).on("vc.status", "=", "accepted"),
    )
    .select([
      "member.id as memberId",
      "pr.viewProfilePicture",
      sql<number>`(case when vc.member_id is not null then 1 else 0 end)`.as("viewerIsContact"),
    ])
    .where(ofMembers);

/** What the viewer's rows say about each of these members: links and follows, either way (four indexed lookups). */
export async function viewerLinks(db: DB, viewerId: number, ids: number[]) {
  if (ids.length === 0)
    return {
      mine: new Map<number, string>(),
      theirs: new Map<number, string>(),
      following: new Set<number>(),
      followers: new Set<number>(),
    };
  const [mine, theirs, following, followers] = await Promise.all([
    db.selectFrom("contactLink").select(["otherId as id", "status"]).where("memberId", "=", viewerId).where("otherId", "in", ids).execute(),
    db
      .selectFrom("contactLink")
      .select(["memberId as id", "status"])
      .where("otherId", "=", viewerId)
      .where("memberId", "in", ids)
      .execute(),
    db.selectFrom("follow").select("followedId as id").where("followerId", "=", viewerId).where("followedId", "in", ids).execute(),
    db.selectFrom("follow").select("followerId as id").where("followedId", "=", viewerId).where("followerId", "in", ids).execute(),
  ]);
  return {
    mine: new Map(mine.map((r) => [r.id, r.status])),
    theirs: new Map(theirs.map((r) => [r.id, r.status])),
    following: new Set(following.map((r) => r.id)),
    followers: new Set(followers.map((r) => r.id)),
  };
}

/** Which of these members were born after `cutoff` (privacy.service minorCutoffFor): minors to that viewer. */
export async function bornAfter(db: DB, ids: number[], cutoff: string): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom("member").select("id").where("id", "in", ids).where("birthDate", ">", cutoff).execute();
  return new Set(rows.map((r) => r.id));
}

/** Records that `blockerId` blocks `blockedId`; false when it did already. */
export async function insertBlock(db: DB, blockerId: number, blockedId: number, at: string): Promise<boolean> {
  const row = await db
    .insertInto("memberBlock")
    .values({ blockerId, blockedId, createdAt: at })
    .onConflict((oc) => oc.columns(["blockerId", "blockedId"]).doNothing())
    .returning("blockerId")
    .executeTakeFirst();
  return !!row;
}

export async function deleteBlock(db: DB, blockerId: number, blockedId: number): Promise<boolean> {
  const r = await db.deleteFrom("memberBlock").where("blockerId", "=", blockerId).where("blockedId", "=", blockedId).executeTakeFirst();
  return Number(r.numDeletedRows) === 1;
}

/**
 * An adult's follow of a minor who is not their contact, as a condition on `follow as f` (decision
 * 040): `adultBornBy` is privacy.service adultBornBy for the day.
 */
const adultFollowsMinorStranger = (adultBornBy: string) =>
  sql<boolean>`EXISTS (SELECT 1 FROM member m WHERE m.id = f.followed_id AND m.birth_date > ${adultBornBy})
    AND EXISTS (SELECT 1 FROM member a WHERE a.id = f.follower_id AND a.birth_date <= ${adultBornBy})
    AND NOT EXISTS (SELECT 1 FROM contact_link c WHERE c.member_id = f.follower_id AND c.other_id = f.followed_id AND c.status = 'accepted')`;

/** Where a walk over the minors stopped: the last minor's birth date and id. */
export type MinorKey = { birthDate: string; id: number };

/** The next `limit` minors after `after`, in (birth date, id) order: a range of member_birth_date_idx. */
export function minorsAfterQuery(db: DB, adultBornBy: string, after: MinorKey | null, limit: number) {
  return db
    .selectFrom("member")
    .select(["birthDate", "id"])
    .where("birthDate", ">", adultBornBy)
    .$if(after !== null, (q) => q.where(sql<boolean>`(birth_date, id) > (${after!.birthDate}, ${after!.id})`))
    .orderBy("birthDate")
    .orderBy("id")
    .limit(limit);
}

/**
 * Ends, in one statement, the follows by an adult of these minors who are not their contact, as
 * unfollow does (the follow table's triggers drop the home-feed timeline rows); each minor's
 * followers are a range of follow_followed_idx. Answers how many ended.
 */
export async function deleteAdultFollowsOf(db: DB, minorIds: readonly number[], adultBornBy: string): Promise<number> {
  if (minorIds.length === 0) return 0;
  const r = await deleteAdultFollowsQuery(db, minorIds, adultBornBy).executeTakeFirst();
  return Number(r.numDeletedRows);
}
export const deleteAdultFollowsQuery = (db: DB, minorIds: readonly number[], adultBornBy: string) =>
  db.deleteFrom("follow as f").where("f.followedId", "in", minorIds).where(adultFollowsMinorStranger(adultBornBy));

/** Ends every link between two members: contacts and pending requests either way, follows either way. */
export async function severLinks(db: DB, a: number, b: number): Promise<void> {
  const pair = <T extends "memberId" | "followerId", U extends "otherId" | "followedId">(x: T, y: U) =>
    sql<boolean>`((${sql.ref(x)} = ${a} AND ${sql.ref(y)} = ${b}) OR (${sql.ref(x)} = ${b} AND ${sql.ref(y)} = ${a}))`;
  await db.deleteFrom("contactLink").where(pair("memberId", "otherId")).execute();
  await db.deleteFrom("follow").where(pair("followerId", "followedId")).execute();
}

/** Whether a block exists between two members, in either direction (two primary-key probes). */
export async function blockedEitherWay(db: DB, a: number, b: number): Promise<boolean> {
  return (await blockedEitherWayQuery(db, { a, b })).length > 0;
}
const blockedEitherWayQuery = precompiled((db, p: { a: number; b: number }) =>
  db
    .selectFrom("memberBlock")
    .select("blockerId")
    .where((eb) =>
      eb.or([
        eb.and([eb("blockerId", "=", p.a), eb("blockedId", "=", p.b)]),
        eb.and([eb("blockerId", "=", p.b), eb("blockedId", "=", p.a)]),
      ]),
    ),
);

/**
 * One page of the members `blockerId` blocked, newest block first (keyset on created_at, then id):
 * active members the blocker may see (a minor hidden from them is left out, decision 040, also one
 * who became hidden after the block; `cutoff` is the blocker's minorCutoffFor).
 */
export function blockedBy(db: DB, blockerId: number, cutoff: string, limit: number, after?: { createdAt: string; id: number }) {
  let q = db
    .selectFrom("memberBlock as b")
    .innerJoin("member as m", "m.id", "b.blockedId")
    .select(["m.id as memberId", "m.firstName", "m.lastName", "b.createdAt"])
    .where("b.blockerId", "=", blockerId)
    .where("m.status", "=", VISIBLE_STATUS)
    .where(listedToViewer(sql.ref("m.id"), sql.ref("m.birth_date"), sql`${blockerId}`, sql`${cutoff}`));
  if (after) {
    q = q.where((eb) =>
      eb.or([eb("b.createdAt", "<", after.createdAt), eb.and([eb("b.createdAt", "=", after.createdAt), eb("b.blockedId", "<", after.id)])]),
    );
  }
  return q.orderBy("b.createdAt", "desc").orderBy("b.blockedId", "desc").limit(limit).execute();
}
