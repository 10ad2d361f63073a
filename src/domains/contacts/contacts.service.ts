import { badInput, forbidden, NO_SUCH_MEMBER, notFound, requireActiveMember } from "../../shared/errors.ts";
import { minorsTexts } from "../../shared/minors-texts.ts";
import { isVisibleMember } from "../../shared/members.ts";
import { findMemberById } from "../accounts/accounts.service.ts";
import {
  adultBornBy,
  birthDateOf,
  hiddenMinorFor,
  isMinor,
  levelAllows,
  minorCutoffFor,
  pictureFor,
  privacyOf,
  relationBetween,
  relationOf,
  settingOf,
  switchedOn,
} from "../privacy/privacy.service.ts";
import { isoIn, isoNow } from "../../platform/clock.ts";
import { rateLimited } from "../../platform/rate-limit.ts";
import type { Actor, AppContext } from "../../platform/context.ts";
import { inWriteUnit } from "../../platform/write-unit.ts";
import { pruneInBatches, type RetentionJob } from "../../platform/retention.ts";
import { decodeKeysetCursor, encodeKeysetCursor } from "../../platform/db/keyset-cursor.ts";
import type { BlockedListQuery, BlockedPage, ListQuery, MemberCard, MemberLinks, MemberPage, Relationship } from "./contacts.schema.ts";
import * as repo from "./contacts.repository.ts";
import { cachedListPage } from "./list-cache.ts";

export type { CardRow } from "./contacts.repository.ts";

/**
 * A list row as the viewer may see it: the picture per the picture rule; status and sport only
 * when the basic info section, city and state only when the contact info section is visible to
 * this viewer (what a section hides is not shown on a card either).
 */
export function toCard(row: repo.CardRow, viewerId: number, relation: MemberLinks): MemberCard {
  const seenAs = relationOf(row.memberId, viewerId, row.viewerIsContact);
  const basic = levelAllows(settingOf("basicInfo", row.basicInfo), seenAs);
  const contact = levelAllows(settingOf("contactInfo", row.contactInfo), seenAs);
  const city = contact ? (row.city ?? "") : "";
  const state = contact ? (row.state ?? "") : "";
  const nothingPending = !relation.isContact && !relation.requestSent && !relation.requestReceived;
  // A minor hidden from the viewer, listed only because they follow the viewer: no "Add as a Contact"
  // (sendRequest answers 404 for them, which would tell their age), as relationship() says.
  const hiddenMinor = !!row.minorToViewer && !relation.isContact && !switchedOn("minorFindable", row.minorFindable);
  return {
    memberId: row.memberId,
    name: `${row.firstName} ${row.lastName}`,
    firstName: row.firstName,
    title: row.title,
    picturePath: pictureFor(seenAs, row),
    city,
    state,
    location: [city, state].filter(Boolean).join(", "),
    sport: basic ? (row.sport ?? "") : "",
    profileType: basic ? row.profileType : "",
    relation: {
      ...relation,
      canRequest: !relation.isSelf && nothingPending && !hiddenMinor && switchedOn("viewLinkRequest", row.viewLinkRequest),
      canMessage: !relation.isSelf && (relation.isContact || switchedOn("viewLinkMessage", row.viewLinkMessage)),
    },
  };
}

/**
 * The pictures this viewer may see of these members (feed authors, message parties), by member id:
 * the picture rule (privacy.service), with one query for every member's flag and contact row.
 */
export async function picturesFor(
  ctx: AppContext,
  viewer: Actor,
  people: Array<{ memberId: number; picturePath: string | null }>,
): Promise<Map<number, string>> {
  const others = [...new Set(people.map((p) => p.memberId).filter((id) => id !== viewer.memberId))];
  const facts = new Map((await repo.pictureFacts(ctx.db, viewer.memberId, others)).map((f) => [f.memberId, f]));
  const out = new Map<number, string>();
  for (const p of people) {
    const f = facts.get(p.memberId);
    out.set(
      p.memberId,
      pictureFor(relationOf(p.memberId, viewer.memberId, f?.viewerIsContact), {
        picturePath: p.picturePath,
        viewProfilePicture: f?.viewProfilePicture,
      }),
    );
  }
  return out;
}

/** A member as a message shows them: id, name and the picture the viewer may see. */
export interface Party {
  memberId: number;
  name: string;
  picturePath: string;
}

/**
 * The actor and a member the actor may write to, as the actor sees them (one query): an active
 * contact (a request accepted by both). The link's "Only Contacts" setting never hides the message
 * link from a contact, so every active contact may be written to. Null when the member may not be
 * written to (the actor themself, not a contact, not active, not a member).
 */
export async function messageParties(ctx: AppContext, actor: Actor, memberId: number): Promise<{ me: Party; them: Party } | null> {
  if (memberId === actor.memberId) return null;
  const row = await repo.linkedPair(ctx.db, actor.memberId, memberId);
  if (!row || !isVisibleMember({ status: row.otherStatus })) return null;
  return {
    me: {
      memberId: actor.memberId,
      name: `${row.memberFirstName} ${row.memberLastName}`,
      picturePath: pictureFor("self", { picturePath: row.memberPicturePath }),
    },
    them: {
      memberId,
      name: `${row.otherFirstName} ${row.otherLastName}`,
      picturePath: pictureFor("contact", { picturePath: row.otherPicturePath, viewProfilePicture: row.otherViewProfilePicture }),
    },
  };
}

/** Cards for a page of rows, with the viewer's relation to each (a fixed number of queries). */
export async function cardsOf(ctx: AppContext, viewer: Actor, rows: repo.CardRow[]): Promise<MemberCard[]> {
  const relations = await relationsOf(
    ctx,
    viewer,
    rows.map((r) => r.memberId),
  );
  return rows.map((r) => toCard(r, viewer.memberId, relations.get(r.memberId)!));
}

/** An active member other than the actor, or 404 / 400. */
async function activeOther(ctx: AppContext, actor: Actor, memberId: number) {
  if (memberId === actor.memberId) throw badInput("You cannot do that with your own account.");
  return requireActiveMember(await findMemberById(ctx.db, memberId));
}

/**
 * Sends a contact request. A request to someone who already asked you accepts theirs instead;
 * a member whose privacy hides the request link from non-contacts cannot be asked. One read for
 * every check, then one write unit (the request and the member's notification).
 */
export async function sendRequest(ctx: AppContext, actor: Actor, contactId: number): Promise<"requested" | "accepted"> {
  if (contactId === actor.memberId) throw badInput("You cannot do that with your own account.");
  // Every attempt counts, refused ones too: asking id after id is what the limit stops.
  if (!(await ctx.limiter.tryConsume("contactRequest", [`member:${actor.memberId}`])))
    throw rateLimited(minorsTexts.tooManyContactRequests);
  const facts = requireActiveMember(await repo.requestFacts(ctx.db, actor.memberId, contactId));
  await requireNotBlocked(ctx, actor.memberId, contactId);
  if (facts.theirs === "pending") {
    await acceptRequest(ctx, actor, contactId);
    return "accepted";
  }
  // A minor hidden from the actor answers as a missing member; a request the minor sent is accepted above.
  await requireNotHiddenMinor(ctx, actor.memberId, contactId);
  if (facts.mine) throw badInput("You have already sent a request to this member, or you are contacts.");
  if (!switchedOn("viewLinkRequest", facts.viewLinkRequest))
    throw forbidden("This member accepts contact requests only from people they know.");
  return inWriteUnit(ctx, async (unit) => {
    const at = isoNow();
    // Two members asking each other at once: the pair's lock makes one wait for the other's commit,
    // and the later one then accepts the request it finds instead of adding a second one.
    await repo.lockPair(unit.db, actor.memberId, contactId);
    if (await repo.acceptRequest(unit.db, contactId, actor.memberId, at)) {
      unit.events.publish({ type: "contact.accepted", byId: actor.memberId, requesterId: contactId, at });
      return "accepted";
    }
    // A second send racing the first finds the row already there: one request, one event.
    if (await repo.insertRequest(unit.db, actor.memberId, contactId, at)) {
      unit.events.publish({ type: "contact.requested", fromId: actor.memberId, toId: contactId, at });
    }
    return "requested";
  });
}

const NO_REQUEST = "There is no request from this member.";

/**
 * Accepts a request the actor received. Every refusal is the one answer (a missing id, no request,
 * a block either way): a block answering otherwise would tell the actor that the member blocked them.
 */
export async function acceptRequest(ctx: AppContext, actor: Actor, requesterId: number): Promise<void> {
  // A deactivated member's request is hidden from the lists, so it cannot be accepted either.
  requireActiveMember(await findMemberById(ctx.db, requesterId), NO_REQUEST);
  if (await repo.blockedEitherWay(ctx.db, actor.memberId, requesterId)) throw notFound(NO_REQUEST);
  await inWriteUnit(ctx, async (unit) => {
    const at = isoNow();
    if (!(await repo.acceptRequest(unit.db, requesterId, actor.memberId, at))) throw notFound(NO_REQUEST);
    unit.events.publish({ type: "contact.accepted", byId: actor.memberId, requesterId, at });
  });
}

/** How long a member whose request was rejected stays out of the rejecter's suggestions. */
export const REJECTED_HIDDEN_DAYS = 90;

/** The earliest rejection time that still hides a member from suggestions at `now`. */
export const rejectionCutoff = (now?: Date): string => isoIn(-REJECTED_HIDDEN_DAYS * 24 * 60 * 60_000, now);

/**
 * Rejects a request the actor received: the request goes (the requester may ask again later), and
 * the requester is left out of the actor's suggestions for REJECTED_HIDDEN_DAYS (search.suggestions).
 */
export async function rejectRequest(ctx: AppContext, actor: Actor, requesterId: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.deletePending(trx, requesterId, actor.memberId))) throw notFound("There is no request from this member.");
    await repo.recordRejection(trx, actor.memberId, requesterId, isoNow());
  });
}

/**
 * Ends a contact on both sides; either may send a new request afterwards. An adult's follow of a
 * minor goes with it (decision 040): only a contact may follow a minor, and the follow would keep
 * the minor's posts in the adult's feed (the follow table's triggers drop them from the timeline,
 * as on unfollow). A minor's follow of an adult stays.
 */
export async function dropContact(ctx: AppContext, actor: Actor, contactId: number): Promise<void> {
  const [mine, theirs] = await Promise.all([birthDateOf(ctx, actor.memberId), birthDateOf(ctx, contactId)]);
  const minor = (birthDate: string | undefined) => birthDate !== undefined && isMinor(birthDate);
  const ended = await ctx.db.transaction().execute(async (trx) => {
    // The pair's lock: a follow of a minor being made meanwhile checks the contact after this commits (follow).
    await repo.lockPair(trx, actor.memberId, contactId);
    if (!(await repo.deletePair(trx, actor.memberId, contactId))) return false;
    if (minor(mine) && !minor(theirs)) await repo.deleteFollow(trx, contactId, actor.memberId);
    if (minor(theirs) && !minor(mine)) await repo.deleteFollow(trx, actor.memberId, contactId);
    return true;
  });
  if (!ended) throw notFound("This member is not one of your contacts.");
}

/**
 * An adult following a minor who is not their contact (decision 037): refused, since a follow would
 * carry the minor's posts, likes and replies into a stranger's home feed.
 */
async function adultFollowingMinor(ctx: AppContext, followerId: number, memberId: number, isContact?: boolean): Promise<boolean> {
  if (!(await adultAndMinor(ctx, followerId, memberId))) return false;
  return !(isContact ?? (await relationBetween(ctx, followerId, memberId)) === "contact");
}

/** Whether `adultId` is an adult and `minorId` a minor (the rule above applies to them). */
async function adultAndMinor(ctx: AppContext, adultId: number, minorId: number): Promise<boolean> {
  const [mine, theirs] = await Promise.all([birthDateOf(ctx, adultId), birthDateOf(ctx, minorId)]);
  return theirs !== undefined && isMinor(theirs) && !(mine !== undefined && isMinor(mine));
}

export async function follow(ctx: AppContext, actor: Actor, memberId: number): Promise<void> {
  await activeOther(ctx, actor, memberId);
  await requireNotBlocked(ctx, actor.memberId, memberId);
  const ofMinor = await adultAndMinor(ctx, actor.memberId, memberId);
  await inWriteUnit(ctx, async (unit) => {
    const at = isoNow();
    if (ofMinor) {
      // An adult may follow a minor only as their contact (decision 037), read under the pair's lock
      // in the write's unit: a dropContact committing meanwhile (it takes the lock too) is seen here.
      // Answered as a block is (decision 040): a refusal of its own would tell that the member is
      // under 18. That covers a minor who opted in to be found too (see relationship).
      await repo.lockPair(unit.db, actor.memberId, memberId);
      if ((await repo.findLink(unit.db, actor.memberId, memberId))?.status !== "accepted") throw notFound(NO_SUCH_MEMBER);
    }
    if (await repo.insertFollow(unit.db, actor.memberId, memberId, at)) {
      unit.events.publish({ type: "member.followed", followerId: actor.memberId, followedId: memberId, at });
    }
  });
}

/**
 * Minors per batch at most: a community from before the rule has tens of their followers to end
 * per minor (100,000 members: 277,100 follows of 8,257 minors), each with its timeline rows, so a
 * batch stays a few minors long (measured: 100-minor batches delayed 5% of requests past 50 ms).
 */
const MINORS_PER_BATCH = 8;

/**
 * Ends every follow by an adult of a minor who is not their contact (decision 040, third pass): the
 * rule is checked when a follow is made, so a follow between two minors would otherwise outlive
 * the follower's 18th birthday and keep the minor's posts in their feed. Run daily and at start off
 * the request path (server main, once across processes, stopped by `signal`); each follow goes
 * as an unfollow's does (the follow table's triggers drop its home-feed timeline rows). `now` is
 * the clock. Answers how many follows ended.
 */
export async function endAdultFollowsOfMinors(
  ctx: AppContext,
  options: { now?: Date; batch?: number; signal?: AbortSignal } = {},
): Promise<number> {
  const bornBy = adultBornBy(options.now ?? new Date());
  let after: repo.MinorKey | null = null;
  let ended = 0;
  // A batch is a run of minors (keyset: no minor read twice); the retention job's pacing keeps it
  // short and rests after it, so a backlog (a community from before the rule) never holds the thread.
  const job: RetentionJob = {
    name: "minor follows",
    deleteBatch: async (_now, limit) => {
      const minors = await repo.minorsAfterQuery(ctx.db, bornBy, after, limit).execute();
      after = minors.at(-1) ?? after;
      ended += await repo.deleteAdultFollowsOf(
        ctx.db,
        minors.map((m) => m.id),
        bornBy,
      );
      return minors.length;
    },
  };
  await pruneInBatches([job], { log: ctx.log, signal: options.signal, batch: options.batch ?? MINORS_PER_BATCH });
  return ended;
}

export async function unfollow(ctx: AppContext, actor: Actor, memberId: number): Promise<void> {
  if (!(await repo.deleteFollow(ctx.db, actor.memberId, memberId))) throw notFound("You are not following this member.");
}

export const isFollowing = (ctx: AppContext, followerId: number, followedId: number) => repo.isFollowing(ctx.db, followerId, followedId);

/**
 * The buttons of a profile: what the viewer may do with this member now. 404 as for a missing
 * member when the profile would be (requireReachable): not active, blocked, or a minor hidden from
 * the viewer, so trying ids tells nothing.
 */
export async function relationship(ctx: AppContext, viewer: Actor, memberId: number): Promise<Omit<Relationship, "followsViewer">> {
  const isSelf = viewer.memberId === memberId;
  const birthDate = isSelf ? undefined : (await requireReachable(ctx, viewer.memberId, memberId)).birthDate;
  const [mine, theirs, following, flags] = await Promise.all([
    repo.findLink(ctx.db, viewer.memberId, memberId),
    repo.findLink(ctx.db, memberId, viewer.memberId),
    repo.isFollowing(ctx.db, viewer.memberId, memberId),
    privacyOf(ctx, memberId),
  ]);
  const isContact = mine?.status === "accepted";
  const requestSent = mine?.status === "pending";
  const requestReceived = theirs?.status === "pending";
  const followRefused = !isSelf && !following && (await adultFollowingMinor(ctx, viewer.memberId, memberId, isContact));
  return {
    isSelf,
    isContact,
    requestSent,
    requestReceived,
    isFollowing: following,
    canRequest:
      !isSelf &&
      !isContact &&
      !requestSent &&
      !requestReceived &&
      switchedOn("viewLinkRequest", flags.viewLinkRequest) &&
      // A minor reachable only because they follow the viewer: the viewer may not ask them (sendRequest).
      !(await hiddenMinorFor(ctx, viewer.memberId, memberId, birthDate)),
    canFollow: !isSelf && !following && !followRefused,
    canMessage: !isSelf && (isContact || switchedOn("viewLinkMessage", flags.viewLinkMessage)),
  };
}

/**
 * One of the four member lists. Requests are the owner's alone; another member's contacts,
 * followers and followed are shown per that member's "view friends list" setting.
 */
export async function listOf(ctx: AppContext, viewer: Actor, kind: repo.ListKind, input: ListQuery): Promise<MemberPage> {
  const ownerId = input.memberId ?? viewer.memberId;
  if (ownerId !== viewer.memberId) {
    if (kind === "requests") throw forbidden("You can see only your own contact requests.");
    await requireListsVisible(ctx, viewer, ownerId);
  }
  const after = decodeKeysetCursor(input.cursor);
  const options = { search: input.search, after: after && { name: after.text, id: after.id }, limit: input.limit };
  // The day is in the key: a minor turning 18 changes what a page shows with no write. So is the
  // viewer's cutoff, from the birth date read with their session (decision 051): a page read with a
  // date corrected meanwhile is kept under the old cutoff, which a session holding the new date never asks.
  const cutoff = await minorCutoffFor(ctx, viewer);
  const key = JSON.stringify([
    kind,
    ownerId,
    viewer.memberId,
    adultBornBy(),
    cutoff,
    options.search ?? "",
    options.after?.name ?? null,
    options.after?.id ?? null,
    options.limit,
  ]);
  const { rows, total } = await cachedListPage(
    ctx.db,
    key,
    (page) => page.rows.length,
    () => repo.listMembers(ctx.db, kind, ownerId, viewer.memberId, { ...options, cutoff }),
  );
  const last = rows.at(-1);
  const items = rows.map((row) => toCard(row, viewer.memberId, linksFromColumns(row, viewer.memberId)));
  return { items, nextCursor: rows.length === input.limit && last ? encodeKeysetCursor(last.sortName, last.memberId) : null, total };
}

/**
 * Another member's contacts and follows: 404 when not an active member, blocked either way or a
 * minor hidden from the viewer (decision 040: as a missing member), 403 when their "view friends
 * list" setting hides them.
 */
async function requireListsVisible(ctx: AppContext, viewer: Actor, ownerId: number): Promise<void> {
  const owner = requireActiveMember(await findMemberById(ctx.db, ownerId));
  // A block either way: the owner answers as a member who does not exist (decision 035).
  if (viewer.memberId !== ownerId) await requireNotBlocked(ctx, viewer.memberId, ownerId);
  await requireNotHiddenMinor(ctx, viewer.memberId, ownerId, { birthDate: owner.birthDate });
  const flags = await privacyOf(ctx, ownerId);
  if (!switchedOn("viewFriendsList", flags.viewFriendsList) && (await relationBetween(ctx, viewer.memberId, ownerId)) !== "contact") {
    throw forbidden("This member shows their contacts only to their contacts.");
  }
}

const isActive = async (ctx: AppContext, memberId: number) => isVisibleMember(await findMemberById(ctx.db, memberId));

/**
 * Are a and b contacts? Either of them may ask; anyone else only when a's contact list is visible
 * to them. A member who is not active has no contacts (false).
 */
export async function areContactsFor(ctx: AppContext, viewer: Actor, a: number, b: number): Promise<boolean> {
  if (viewer.memberId !== a && viewer.memberId !== b) {
    await requireListsVisible(ctx, viewer, a);
    // As a's contact list would: a minor the viewer may not see is not there (decision 040).
    if (await hiddenMinorFor(ctx, viewer.memberId, b)) return false;
  }
  if (a === b || !(await isActive(ctx, a)) || !(await isActive(ctx, b))) return false;
  return (await relationBetween(ctx, a, b)) === "contact";
}

/** Does follower follow followed? Either of them may ask; anyone else only when the follower's lists are visible to them. */
export async function isFollowingFor(ctx: AppContext, viewer: Actor, followerId: number, followedId: number): Promise<boolean> {
  if (viewer.memberId !== followerId && viewer.memberId !== followedId) {
    await requireListsVisible(ctx, viewer, followerId);
    if (await hiddenMinorFor(ctx, viewer.memberId, followedId)) return false;
  }
  if (followerId === followedId || !(await isActive(ctx, followerId)) || !(await isActive(ctx, followedId))) return false;
  return repo.isFollowing(ctx.db, followerId, followedId);
}

/** The viewer's rows about a member, read in the same statement as the member's card (a list page, search answers). */
export interface LinkColumns {
  memberId: number;
  /** The viewer's link to this member ("pending": the viewer asked), or null. */
  viewerLink: string | null;
  /** This member's link to the viewer ("pending": they asked the viewer), or null. */
  theirLink: string | null;
  /** 1 (true on PostgreSQL) when the viewer follows this member. */
  viewerFollows: number | boolean;
  /** 1 (true on PostgreSQL) when this member follows the viewer. */
  followsViewer: number | boolean;
  /** 1 (true) when this member is a minor and the viewer an adult (born after the viewer's minor cutoff). */
  minorToViewer?: number | boolean;
}

/** An adult may follow a minor only as their contact (decision 040): the Follow button's rule. */
const mayFollow = (isSelf: boolean, isFollowing: boolean, isContact: boolean, minorToViewer: boolean) =>
  !isSelf && !isFollowing && (isContact || !minorToViewer);

/** The viewer's links to a member, from the viewer's rows read with the card (as relationsOf). */
export function linksFromColumns(row: LinkColumns, viewerId: number): MemberLinks {
  const isSelf = row.memberId === viewerId;
  const isFollowing = !!row.viewerFollows;
  const isContact = row.viewerLink === "accepted";
  return {
    isSelf,
    isContact,
    requestSent: row.viewerLink === "pending",
    requestReceived: row.theirLink === "pending",
    isFollowing,
    followsViewer: !!row.followsViewer,
    canFollow: mayFollow(isSelf, isFollowing, isContact, !!row.minorToViewer),
  };
}

/** How the viewer stands to each member of a list (labels and buttons of the rows), by member id. */
export async function relationsOf(ctx: AppContext, viewer: Actor, memberIds: number[]): Promise<Map<number, MemberLinks>> {
  const ids = [...new Set(memberIds)];
  const [links, minors] = await Promise.all([
    repo.viewerLinks(ctx.db, viewer.memberId, ids),
    minorCutoffFor(ctx, viewer).then((cutoff) => repo.bornAfter(ctx.db, ids, cutoff)),
  ]);
  return new Map(
    ids.map((id) => {
      const isSelf = id === viewer.memberId;
      const isFollowing = links.following.has(id);
      const isContact = links.mine.get(id) === "accepted";
      const relation: MemberLinks = {
        isSelf,
        isContact,
        requestSent: links.mine.get(id) === "pending",
        requestReceived: links.theirs.get(id) === "pending",
        isFollowing,
        followsViewer: links.followers.has(id),
        canFollow: mayFollow(isSelf, isFollowing, isContact, minors.has(id)),
      };
      return [id, relation];
    }),
  );
}

/*
 * Blocking (decision 035). A block is a relationship between two members, as contacts and follows
 * are, so it lives here with them: blocking ends both in the same write unit, and every path that
 * creates a link (request, accept, follow) refuses while a block exists in either direction. Other
 * domains ask `isBlockedEitherWay`, or hide blocked members in their statements
 * with platform/db/member-block `notBlockedBetween`.
 */

/** Whether a block exists between two members, in either direction. */
export const isBlockedEitherWay = (ctx: AppContext, a: number, b: number) => repo.blockedEitherWay(ctx.db, a, b);

/** A blocked pair answers as if the member did not exist (they cannot tell a block from a missing member). */
async function requireNotBlocked(ctx: AppContext, a: number, b: number): Promise<void> {
  if (await repo.blockedEitherWay(ctx.db, a, b)) throw notFound(NO_SUCH_MEMBER);
}

/**
 * A minor hidden from this viewer (privacy.service hiddenMinorFor: an adult who is not their
 * contact, the minor not opted in) answers as a missing member (404, decision 040), as a block
 * does, so trying ids does not list minors. `unlessLinked`: a minor who asked the viewer or
 * follows them is reachable (they chose the link, and the viewer's own lists show them).
 */
export async function requireNotHiddenMinor(
  ctx: AppContext,
  viewerId: number,
  memberId: number,
  options: { birthDate?: string; unlessLinked?: boolean } = {},
): Promise<void> {
  if (!(await hiddenMinorFor(ctx, viewerId, memberId, options.birthDate))) return;
  if (options.unlessLinked) {
    const [asked, follows] = await Promise.all([repo.findLink(ctx.db, memberId, viewerId), repo.isFollowing(ctx.db, memberId, viewerId)]);
    if (asked?.status === "pending" || follows) return;
  }
  throw notFound(NO_SUCH_MEMBER);
}

/**
 * A member whose profile this viewer may open, or 404 "There is no such member." alike for every
 * reason: no such member, not active, blocked either way, a minor hidden from the viewer.
 */
export async function requireReachable(ctx: AppContext, viewerId: number, memberId: number): Promise<{ birthDate: string }> {
  const member = requireActiveMember(await findMemberById(ctx.db, memberId));
  await requireNotBlocked(ctx, viewerId, memberId);
  await requireNotHiddenMinor(ctx, viewerId, memberId, { birthDate: member.birthDate, unlessLinked: true });
  return member;
}

/** Whether the viewer has a pending request to this member (REST IsContactRequestSent): false for anyone else. */
export async function requestSentTo(ctx: AppContext, viewer: Actor, memberId: number): Promise<boolean> {
  return (await repo.findLink(ctx.db, viewer.memberId, memberId))?.status === "pending";
}

/** Blocks a member: in one write unit the block, and the end of contacts, requests and follows either way. */
export async function block(ctx: AppContext, actor: Actor, memberId: number): Promise<void> {
  if (memberId === actor.memberId) throw badInput("You cannot do that with your own account.");
  // Whoever the actor may not reach answers as a made-up id (decision 040): a member not active, a
  // minor hidden from them. A minor who follows or asked them is reachable, so they can block them.
  const member = requireActiveMember(await findMemberById(ctx.db, memberId));
  await requireNotHiddenMinor(ctx, actor.memberId, memberId, { birthDate: member.birthDate, unlessLinked: true });
  await inWriteUnit(ctx, async (unit) => {
    await repo.lockPair(unit.db, actor.memberId, memberId);
    await repo.insertBlock(unit.db, actor.memberId, memberId, isoNow());
    await repo.severLinks(unit.db, actor.memberId, memberId);
  });
}

const NOT_BLOCKED = "You have not blocked this member.";

/**
 * Lifts the actor's block of a member (their links stay ended). A member the blocked list leaves
 * out (not active, a minor now hidden from the actor) answers as a made-up id, and stays blocked.
 */
export async function unblock(ctx: AppContext, actor: Actor, memberId: number): Promise<void> {
  const member = await findMemberById(ctx.db, memberId);
  if (!member || !isVisibleMember(member) || (await hiddenMinorFor(ctx, actor.memberId, memberId, member.birthDate)))
    throw notFound(NOT_BLOCKED);
  if (!(await repo.deleteBlock(ctx.db, actor.memberId, memberId))) throw notFound(NOT_BLOCKED);
}

/** The members the actor blocked, newest first, a page at a time. */
export async function listBlocked(ctx: AppContext, actor: Actor, input: BlockedListQuery): Promise<BlockedPage> {
  const after = decodeKeysetCursor(input.cursor);
  const cutoff = await minorCutoffFor(ctx, actor);
  const rows = await repo.blockedBy(ctx.db, actor.memberId, cutoff, input.limit, after && { createdAt: after.text, id: after.id });
  const last = rows.at(-1);
  return {
    items: rows.map((r) => ({ memberId: r.memberId, name: `${r.firstName} ${r.lastName}`, blockedAt: r.createdAt })),
    nextCursor: rows.length === input.limit && last ? encodeKeysetCursor(last.createdAt, last.memberId) : null,
  };
}
