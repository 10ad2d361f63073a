/**
 * Minors (decision 037), through the real services on a real database: a minor's sections start
 * Only Contacts (at registration and when a saved birth date makes them one), adults who are not
 * their contacts neither find them in search or suggestions (unless they opt in) nor write to them,
 * and their birth date is never shown to anyone else.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createMember, makeContacts } from "#support/members.ts";
import { expectError } from "#support/domain-errors.ts";
import { closeTestContext, openTestContext, type TestContext } from "#support/service-context.ts";
import type { Actor, AppContext } from "../../platform/context.ts";
import type { DB } from "../../platform/db/client.ts";
import { DomainError, ErrorCodes, NO_SUCH_MEMBER } from "../../shared/errors.ts";
import { minorsTexts } from "../../shared/minors-texts.ts";
import { texts } from "../../shared/texts.ts";
import { registerInput } from "../accounts/accounts.schema.ts";
import * as accounts from "../accounts/accounts.service.ts";
import * as contacts from "../contacts/contacts.service.ts";
import * as feed from "../feed/feed.service.ts";
import { insertPost, likersQuery } from "../feed/feed.repository.ts";
import { CompiledQuery } from "kysely";
import { postgresPlan } from "#support/plans.ts";
import { freshLimiter } from "#support/limiter.ts";
import { RATE_LIMIT_RULES } from "../../platform/rate-limit.ts";
import { isPostgres } from "../../platform/db/dialect.ts";
import * as messages from "../messages/messages.service.ts";
import { basicInfoInput } from "../profiles/profiles.schema.ts";
import * as profiles from "../profiles/profiles.service.ts";
import * as moderation from "../moderation/moderation.service.ts";
import { upsertProfile } from "../profiles/profiles.repository.ts";
import * as search from "../search/search.service.ts";
import * as settings from "../settings/settings.service.ts";
import { blockedListInput, listInput } from "../contacts/contacts.schema.ts";
import { deleteAdultFollowsQuery, deletePair, lockPair, minorsAfterQuery, pageQuery } from "../contacts/contacts.repository.ts";
import { MINOR_SECTIONS, PrivacyLevel } from "./privacy.schema.ts";
import { adultBornBy, isMinor } from "./privacy.service.ts";

let t: TestContext | undefined;
let db: DB;
let ctx: AppContext;
beforeAll(async () => {
  t = await openTestContext("minors");
  ({ db, ctx } = t);
});
afterAll(() => closeTestContext(t));
beforeEach(async () => {
  await db.deleteFrom("member").execute();
});

const year = new Date().getUTCFullYear();
/** Sixteen this year: a minor whatever the day. */
const MINOR_BIRTH = { year: String(year - 16), month: "1", day: "1", iso: `${year - 16}-01-01` };
const ADULT_BIRTH = "1990-01-01";

let seq = 0;
async function member(birthDate: string, lastName = `Member${++seq}`): Promise<Actor> {
  const m = await createMember(db, { firstName: "Robin", lastName, birthDate });
  await upsertProfile(db, m.memberId, { sport: "Basketball", showBirthDate: 1 }, new Date().toISOString());
  return m;
}
const levelsOf = async (m: Actor) => (await settings.getPrivacy(ctx, m)).profile;
const found = async (viewer: Actor, text: string) => (await search.searchMembers(ctx, viewer, text, 10)).map((c) => c.memberId);
const suggested = async (viewer: Actor) => (await search.suggestions(ctx, viewer, 50)).map((c) => c.memberId);
async function optIn(m: Actor, on: boolean) {
  const current = (await settings.getPrivacy(ctx, m)).search;
  await settings.saveSearchPrivacy(ctx, m, { ...current, findableByAdults: on });
}

describe("who is a minor", () => {
  it("is under 18 by birth date on the instance clock's day, leap days included", () => {
    expect(adultBornBy(new Date("2026-11-27T10:00:00Z"))).toBe("2008-11-27");
    expect(isMinor("2008-11-27", new Date("2026-11-27T00:00:00Z"))).toBe(false);
    expect(isMinor("2008-11-28", new Date("2026-11-27T23:59:59Z"))).toBe(true);
    // Born on 29 February: still a minor on the 28th, an adult on 1 March.
    expect(isMinor("2008-02-29", new Date("2026-02-28T12:00:00Z"))).toBe(true);
    expect(isMinor("2008-02-29", new Date("2026-03-01T12:00:00Z"))).toBe(false);
  });
});

describe("a minor's defaults", () => {
  it("registration of a minor makes every profile section Only Contacts; an adult's stay Public", async () => {
    const register = async (y: string, email: string) => {
      const data = registerInput.parse({
        firstName: "Kim",
        lastName: "Young",
        email,
        password: "secret-pw-1",
        confirmPwd: "secret-pw-1",
        gender: "Female",
        month: MINOR_BIRTH.month,
        day: MINOR_BIRTH.day,
        year: y,
        profileType: "Athlete (Amateur)",
      });
      await accounts.register(ctx, data, { ip: "203.0.113.9", userAgent: "vitest" });
      const row = await db.selectFrom("member").select("id").where("email", "=", email).executeTakeFirstOrThrow();
      return (await db.selectFrom("memberPrivacy").selectAll().where("memberId", "=", row.id).executeTakeFirst()) ?? null;
    };
    const minor = await register(MINOR_BIRTH.year, `minor-${Date.now()}@example.com`);
    for (const s of MINOR_SECTIONS) expect(minor?.[s]).toBe(PrivacyLevel.OnlyContacts);
    expect(minor).toMatchObject({ mobilePhone: 2, homePhone: 2, otherPhone: 2, emailAddress: 2, address: 2, minorFindable: 0 });
    // Their contacts and follows are shown to their contacts only (decision 040, second pass).
    expect(minor?.viewFriendsList).toBe(0);
    // An adult has no row until they save: the defaults (sections Public) apply.
    expect(await register("1990", `adult-${Date.now()}@example.com`)).toBeNull();
  });
});

describe("a member's birth date across the 18-year line (decision 040)", () => {
  const basic = (birthYear: string, birthMonth = MINOR_BIRTH.month) =>
    basicInfoInput.parse({
      firstName: "Robin",
      lastName: "Young",
      title: "Guard",
      sport: "Basketball",
      currentStatus: "Athlete (Amateur)",
      gender: "Female",
      birthMonth,
      birthDay: MINOR_BIRTH.day,
      birthYear,
    });
  const birthOf = async (m: Actor) =>
    (await db.selectFrom("member").select("birthDate").where("id", "=", m.memberId).executeTakeFirstOrThrow()).birthDate;

  it("an adult cannot make themself a minor: refused with the administrators' message, nothing saved", async () => {
    const m = await member(ADULT_BIRTH);
    const levels = await levelsOf(m);
    await expectError(
      profiles.saveBasicInfo(ctx, m, m.memberId, basic(MINOR_BIRTH.year)),
      ErrorCodes.BadInput,
      minorsTexts.birthDateAcrossAdulthood,
    );
    expect(await birthOf(m)).toBe(ADULT_BIRTH);
    expect(await levelsOf(m)).toEqual(levels);
    expect((await settings.getPrivacy(ctx, m)).minor).toBe(false);
    // A correction that keeps them an adult is theirs to make.
    await profiles.saveBasicInfo(ctx, m, m.memberId, basic("1991"));
    expect(await birthOf(m)).toBe("1991-01-01");
  });

  it("a minor cannot make themself an adult; a correction that keeps them under 18 is saved", async () => {
    const m = await member(MINOR_BIRTH.iso);
    await expectError(profiles.saveBasicInfo(ctx, m, m.memberId, basic("1990")), ErrorCodes.BadInput, minorsTexts.birthDateAcrossAdulthood);
    expect(await birthOf(m)).toBe(MINOR_BIRTH.iso);
    await profiles.saveBasicInfo(ctx, m, m.memberId, basic(MINOR_BIRTH.year, "2"));
    expect(await birthOf(m)).toBe(`${MINOR_BIRTH.year}-02-01`);
  });
});

describe("a minor's birth date", () => {
  it("is never shown to anyone else, even with its show option on; the minor sees it", async () => {
    const minor = await member(MINOR_BIRTH.iso);
    const contact = await member(ADULT_BIRTH);
    await makeContacts(db, minor, contact);
    await settings.saveProfilePrivacy(ctx, minor, { ...(await levelsOf(minor)), basicInfo: PrivacyLevel.Public });
    const stranger = await member(ADULT_BIRTH);
    const other = await member(ADULT_BIRTH);
    // Nor its show option, which would tell that a date is withheld (decision 040, second pass).
    expect(await profiles.getBasicInfo(ctx, contact, minor.memberId)).toMatchObject({ birthDate: null, showBirthDate: false });
    // The adult stranger does not reach the profile at all (a minor hidden from them answers as a missing member).
    await expectError(profiles.getBasicInfo(ctx, stranger, minor.memberId), ErrorCodes.NotFound, NO_SUCH_MEMBER);
    expect(await profiles.getBasicInfo(ctx, minor, minor.memberId)).toMatchObject({ birthDate: MINOR_BIRTH.iso, showBirthDate: true });
    // An adult's shown birth date still shows.
    expect((await profiles.getBasicInfo(ctx, stranger, other.memberId))?.birthDate).toBe(ADULT_BIRTH);
  });
});

describe("search and suggestions", () => {
  it("adults who are not contacts do not find a minor unless the minor opts in; contacts and minors do", async () => {
    const minor = await member(MINOR_BIRTH.iso, "Quillfeather");
    const adult = await member(ADULT_BIRTH);
    const contact = await member(ADULT_BIRTH);
    const otherMinor = await member(`${year - 15}-06-01`);
    await makeContacts(db, minor, contact);
    expect(await found(adult, "quillfeather")).toEqual([]);
    expect(await found(contact, "quillfeather")).toEqual([minor.memberId]);
    expect(await found(otherMinor, "quillfeather")).toEqual([minor.memberId]);
    // A typo is not corrected into a minor's name for an adult either.
    expect(await found(adult, "quillfeathex")).toEqual([]);
    await optIn(minor, true);
    expect(await found(adult, "quillfeather")).toEqual([minor.memberId]);
    await optIn(minor, false);
    expect(await found(adult, "quillfeather")).toEqual([]);
  });

  it("a minor is suggested to adults who are not contacts only after opting in; to minors always", async () => {
    const minor = await member(MINOR_BIRTH.iso);
    const adult = await member(ADULT_BIRTH);
    const otherMinor = await member(`${year - 15}-06-01`);
    expect(await suggested(adult)).not.toContain(minor.memberId);
    expect(await suggested(otherMinor)).toContain(minor.memberId);
    await optIn(minor, true);
    expect(await suggested(adult)).toContain(minor.memberId);
  });

  it("a minor's posts are suggested to an adult's empty feed only after the minor opts in", async () => {
    const minor = await member(MINOR_BIRTH.iso);
    const adult = await member(ADULT_BIRTH);
    // The minor opens their basic info, so a shared sport could suggest their posts.
    await settings.saveProfilePrivacy(ctx, minor, { ...(await levelsOf(minor)), basicInfo: PrivacyLevel.Public });
    await insertPost(db, minor.memberId, "Minor's training notes", new Date().toISOString());
    const postTexts = async () => (await feed.suggestedPosts(ctx, adult)).map((p) => p.text);
    expect(await postTexts()).toEqual([]);
    await optIn(minor, true);
    expect(await postTexts()).toEqual(["Minor's training notes"]);
  });

  it("the opt-in is off by default and the Search tab says the member is a minor", async () => {
    const minor = await member(MINOR_BIRTH.iso);
    expect(await settings.getPrivacy(ctx, minor)).toMatchObject({ minor: true, search: { findableByAdults: false } });
    expect((await settings.getPrivacy(ctx, await member(ADULT_BIRTH))).minor).toBe(false);
  });
});

describe("messages", () => {
  const send = (from: Actor, to: Actor) => messages.send(ctx, from, { toMemberId: to.memberId, subject: "Hi", body: "Hello" });
  const refusal = async (p: Promise<unknown>) => {
    const error = await p.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe(ErrorCodes.BadInput);
    return (error as DomainError).message;
  };

  it("an adult stranger writing to a minor hears what any non-contact hears: the same 400, nothing stored; contacts can", async () => {
    const minor = await member(MINOR_BIRTH.iso);
    const adult = await member(ADULT_BIRTH);
    const contact = await member(ADULT_BIRTH);
    await makeContacts(db, minor, contact);
    await optIn(minor, true);
    // The refusal tells nothing of age (decision 040): the same text as an adult who is not a contact.
    expect(await refusal(send(adult, minor))).toBe(texts.recipientNotValid);
    expect(await refusal(send(adult, contact))).toBe(texts.recipientNotValid);
    expect(await db.selectFrom("message").select("id").execute()).toEqual([]);
    expect((await send(contact, minor)).to.memberId).toBe(minor.memberId);
  });
});

describe("follows", () => {
  it("an adult who is not a minor's contact cannot follow them (no Follow button either); contacts and minors can", async () => {
    const minor = await member(MINOR_BIRTH.iso);
    const adult = await member(ADULT_BIRTH);
    const contact = await member(ADULT_BIRTH);
    const peer = await member(MINOR_BIRTH.iso);
    await makeContacts(db, minor, contact);
    // Answered as a block or a missing member is (decision 040): nothing says "under 18".
    await expectError(contacts.follow(ctx, adult, minor.memberId), ErrorCodes.NotFound, NO_SUCH_MEMBER);
    await expectError(contacts.relationship(ctx, adult, minor.memberId), ErrorCodes.NotFound, NO_SUCH_MEMBER);
    expect(await db.selectFrom("follow").select("followerId").where("followedId", "=", minor.memberId).execute()).toEqual([]);

    expect((await contacts.relationship(ctx, contact, minor.memberId)).canFollow).toBe(true);
    await contacts.follow(ctx, contact, minor.memberId);
    await contacts.follow(ctx, peer, minor.memberId);
    // A minor follows an adult as anyone does.
    await contacts.follow(ctx, minor, adult.memberId);
    const followers = await db.selectFrom("follow").select("followerId").where("followedId", "=", minor.memberId).execute();
    expect(followers.map((f) => f.followerId).sort()).toEqual([contact.memberId, peer.memberId].sort());
  });
});

describe("lists (decision 040)", () => {
  const names = (page: { items: Array<{ memberId: number }> }) => page.items.map((i) => i.memberId);
  const list = async (viewer: Actor, kind: "contacts" | "followers" | "following", owner: Actor) =>
    names(await contacts.listOf(ctx, viewer, kind, listInput.parse({ memberId: owner.memberId })));

  it("another member's contacts, followers and following leave a minor out for an adult stranger, until the minor opts in", async () => {
    const minor = await member(MINOR_BIRTH.iso);
    const owner = await member(ADULT_BIRTH);
    const stranger = await member(ADULT_BIRTH);
    const minorsContact = await member(ADULT_BIRTH);
    const peer = await member(`${year - 15}-06-01`);
    await makeContacts(db, minor, owner);
    await makeContacts(db, minor, minorsContact);
    await contacts.follow(ctx, minor, owner.memberId);
    await contacts.follow(ctx, owner, minor.memberId);
    for (const kind of ["contacts", "followers", "following"] as const) {
      expect(await list(stranger, kind, owner)).not.toContain(minor.memberId);
      expect(await list(minorsContact, kind, owner)).toContain(minor.memberId);
      expect(await list(peer, kind, owner)).toContain(minor.memberId);
      // The owner's own lists show whoever linked to them.
      expect(await list(owner, kind, owner)).toContain(minor.memberId);
    }
    expect(await contacts.areContactsFor(ctx, stranger, owner.memberId, minor.memberId)).toBe(false);
    expect(await contacts.isFollowingFor(ctx, stranger, owner.memberId, minor.memberId)).toBe(false);
    expect(await contacts.areContactsFor(ctx, minorsContact, owner.memberId, minor.memberId)).toBe(true);
    await optIn(minor, true);
    for (const kind of ["contacts", "followers", "following"] as const) expect(await list(stranger, kind, owner)).toContain(minor.memberId);
    expect(await contacts.areContactsFor(ctx, stranger, owner.memberId, minor.memberId)).toBe(true);
  });

  it("a post's likers and replies leave a minor out for an adult stranger; the post's author sees them", async () => {
    const minor = await member(MINOR_BIRTH.iso);
    const author = await member(ADULT_BIRTH);
    const stranger = await member(ADULT_BIRTH);
    const adultFan = await member(ADULT_BIRTH);
    await makeContacts(db, minor, author);
    await contacts.follow(ctx, stranger, author.memberId);
    const postId = await insertPost(db, author.memberId, "Match report", new Date().toISOString());
    await feed.setLike(ctx, minor, postId, true);
    await feed.reply(ctx, minor, postId, "Great game");
    await contacts.follow(ctx, adultFan, author.memberId);
    await feed.setLike(ctx, adultFan, postId, true);
    const likers = async (viewer: Actor) => (await feed.likers(ctx, viewer, { postId, limit: 20 })).items.map((a) => a.memberId);
    const replyAuthors = async (viewer: Actor) => (await feed.replies(ctx, viewer, postId)).map((r) => r.author.memberId);
    expect(await likers(stranger)).toEqual([adultFan.memberId]);
    expect(await replyAuthors(stranger)).toEqual([]);
    const inFeed = (await feed.feed(ctx, stranger, { limit: 10 })).items.find((p) => p.postId === postId);
    expect(inFeed?.replies).toEqual([]);
    // The like count stays the post's (a number tells no one's age).
    expect(inFeed?.likes).toBe(2);
    expect((await likers(author)).sort()).toEqual([minor.memberId, adultFan.memberId].sort());
    expect(await replyAuthors(author)).toEqual([minor.memberId]);
    await optIn(minor, true);
    expect(await replyAuthors(stranger)).toEqual([minor.memberId]);
  });
});

describe("a minor hidden from an adult stranger (decision 040, second pass)", () => {
  const MISSING_ID = 2_000_000_000;
  /** What a call answers: its error's code and message, or "ok". */
  const outcome = (p: Promise<unknown>) =>
    p.then(
      () => "ok",
      (e: unknown) => (e instanceof DomainError ? `${e.code} ${e.message}` : `thrown ${String(e)}`),
    );
  const notFoundMember = `${ErrorCodes.NotFound} ${NO_SUCH_MEMBER}`;
  /** Every path that names a member, as `viewer` calls it about `id`. */
  const paths = (viewer: Actor, id: number, other: Actor) => ({
    relationship: () => contacts.relationship(ctx, viewer, id),
    viewProfile: () => profiles.viewProfile(ctx, viewer, id),
    basicInfo: () => profiles.getBasicInfo(ctx, viewer, id),
    follow: () => contacts.follow(ctx, viewer, id),
    sendRequest: () => contacts.sendRequest(ctx, viewer, id),
    contactsList: () => contacts.listOf(ctx, viewer, "contacts", listInput.parse({ memberId: id })),
    followersList: () => contacts.listOf(ctx, viewer, "followers", listInput.parse({ memberId: id })),
    followingList: () => contacts.listOf(ctx, viewer, "following", listInput.parse({ memberId: id })),
    areContacts: () => contacts.areContactsFor(ctx, viewer, id, other.memberId),
    isFollowing: () => contacts.isFollowingFor(ctx, viewer, id, other.memberId),
    block: () => contacts.block(ctx, viewer, id),
    // Listed or not, as an answer: a made-up id is never listed.
    blockedList: async () => {
      const listed = (await contacts.listBlocked(ctx, viewer, blockedListInput.parse({}))).items.map((i) => i.memberId);
      if (listed.includes(id)) throw new Error("listed");
    },
    unblock: () => contacts.unblock(ctx, viewer, id),
    accept: () => contacts.acceptRequest(ctx, viewer, id),
    report: () => moderation.report(ctx, viewer, { targetKind: "member", targetId: id, reason: "spam" }),
  });
  async function answers(viewer: Actor, id: number, other: Actor) {
    const out: Record<string, string> = {};
    for (const [name, call] of Object.entries(paths(viewer, id, other))) out[name] = await outcome(call());
    return out;
  }
  async function world() {
    const minor = await member(MINOR_BIRTH.iso);
    const stranger = await member(ADULT_BIRTH);
    const contact = await member(ADULT_BIRTH);
    const peer = await member(`${year - 15}-06-01`);
    await makeContacts(db, minor, contact);
    // The minor shows their lists to anyone (a member made by a test has no minor defaults): only the hiding can refuse them.
    return { minor, stranger, contact, peer };
  }

  it("answers every path exactly as a made-up id does: 404 There is no such member., nothing written", async () => {
    const { minor, stranger, contact } = await world();
    // A block the stranger made earlier (while the minor followed them): it stays, unlisted and not liftable.
    await db
      .insertInto("memberBlock")
      .values({ blockerId: stranger.memberId, blockedId: minor.memberId, createdAt: new Date().toISOString() })
      .execute();
    const forMinor = await answers(stranger, minor.memberId, contact);
    expect(forMinor).toEqual(await answers(stranger, MISSING_ID, contact));
    // The paths whose own "missing" answer is another text (a request or a block of a member who is not there).
    const ownAnswer: Record<string, string> = {
      blockedList: "ok",
      unblock: `${ErrorCodes.NotFound} You have not blocked this member.`,
      accept: `${ErrorCodes.NotFound} There is no request from this member.`,
    };
    for (const [name, answer] of Object.entries(forMinor)) expect(answer, name).toBe(ownAnswer[name] ?? notFoundMember);
    expect(await db.selectFrom("contactLink").select("memberId").where("otherId", "=", minor.memberId).execute()).toHaveLength(1);
    expect(await db.selectFrom("follow").select("followerId").where("followedId", "=", minor.memberId).execute()).toEqual([]);
    expect(await db.selectFrom("memberBlock").select("blockerId").where("blockedId", "=", minor.memberId).execute()).toHaveLength(1);
  });

  it("a minor who follows an adult can be blocked by them; once hidden they leave the blocked list, and unblock answers as a made-up id", async () => {
    const { minor, stranger } = await world();
    const blocked = async () => (await contacts.listBlocked(ctx, stranger, blockedListInput.parse({}))).items.map((i) => i.memberId);
    await contacts.follow(ctx, minor, stranger.memberId);
    await contacts.block(ctx, stranger, minor.memberId);
    // The block ended the follow: the minor is hidden from the stranger now.
    expect(await contacts.isFollowing(ctx, minor.memberId, stranger.memberId)).toBe(false);
    expect(await blocked()).toEqual([]);
    const missing = await outcome(contacts.unblock(ctx, stranger, MISSING_ID));
    expect(await outcome(contacts.unblock(ctx, stranger, minor.memberId))).toBe(missing);
    expect(await outcome(contacts.block(ctx, stranger, minor.memberId))).toBe(await outcome(contacts.block(ctx, stranger, MISSING_ID)));
    // The minor opts in to be found: listed again, and the block can be lifted.
    await optIn(minor, true);
    expect(await blocked()).toEqual([minor.memberId]);
    await contacts.unblock(ctx, stranger, minor.memberId);
    expect(await blocked()).toEqual([]);
  });

  it("a suspended member answers block and unblock as a made-up id and leaves the blocked list", async () => {
    const { stranger, contact } = await world();
    const blocked = async () => (await contacts.listBlocked(ctx, stranger, blockedListInput.parse({}))).items.map((i) => i.memberId);
    await contacts.block(ctx, stranger, contact.memberId);
    expect(await blocked()).toEqual([contact.memberId]);
    await db.updateTable("member").set({ status: 4 }).where("id", "=", contact.memberId).execute();
    expect(await blocked()).toEqual([]);
    expect(await outcome(contacts.unblock(ctx, stranger, contact.memberId))).toBe(
      await outcome(contacts.unblock(ctx, stranger, MISSING_ID)),
    );
    expect(await outcome(contacts.block(ctx, stranger, contact.memberId))).toBe(notFoundMember);
    expect(await db.selectFrom("memberBlock").select("blockedId").where("blockerId", "=", stranger.memberId).execute()).toHaveLength(1);
  });

  it("the minor's contact and other minors reach the minor; the minor reaches and asks an adult, who can accept", async () => {
    const { minor, stranger, contact, peer } = await world();
    for (const viewer of [contact, peer]) {
      expect((await profiles.viewProfile(ctx, viewer, minor.memberId)).memberId).toBe(minor.memberId);
      expect(
        (await contacts.listOf(ctx, viewer, "contacts", listInput.parse({ memberId: minor.memberId }))).items.map((i) => i.memberId),
      ).toEqual([contact.memberId]);
    }
    expect((await profiles.viewProfile(ctx, minor, stranger.memberId)).memberId).toBe(stranger.memberId);
    expect(await contacts.sendRequest(ctx, minor, stranger.memberId)).toBe("requested");
    // A minor who asked the adult is reachable by them (they chose the link): the profile opens, with no Follow button.
    expect(await contacts.relationship(ctx, stranger, minor.memberId)).toMatchObject({
      requestReceived: true,
      canFollow: false,
      canRequest: false,
    });
    expect((await profiles.viewProfile(ctx, stranger, minor.memberId)).memberId).toBe(minor.memberId);
    // "Add contact" on the request accepts it.
    expect(await contacts.sendRequest(ctx, stranger, minor.memberId)).toBe("accepted");
    expect(await contacts.relationship(ctx, stranger, minor.memberId)).toMatchObject({ isContact: true, canFollow: true });
  });

  it("a minor who opted in is reachable (profile, request) but still not followed by an adult stranger", async () => {
    const { minor, stranger } = await world();
    await optIn(minor, true);
    expect(await contacts.relationship(ctx, stranger, minor.memberId)).toMatchObject({ canFollow: false, canRequest: true });
    expect((await profiles.viewProfile(ctx, stranger, minor.memberId)).memberId).toBe(minor.memberId);
    await expectError(contacts.follow(ctx, stranger, minor.memberId), ErrorCodes.NotFound, NO_SUCH_MEMBER);
    // Found in search, with no Follow button there either.
    const { lastName } = await db.selectFrom("member").select("lastName").where("id", "=", minor.memberId).executeTakeFirstOrThrow();
    const cards = await search.searchMembers(ctx, stranger, lastName, 10);
    expect(cards.map((c) => [c.memberId, c.relation.canFollow])).toEqual([[minor.memberId, false]]);
    expect(await contacts.sendRequest(ctx, stranger, minor.memberId)).toBe("requested");
  });

  it("a minor who follows an adult shows in the adult's followers with no Follow back button; their profile opens", async () => {
    const { minor, stranger, contact } = await world();
    await contacts.follow(ctx, minor, stranger.memberId);
    await contacts.follow(ctx, contact, stranger.memberId);
    const cards = (await contacts.listOf(ctx, stranger, "followers", listInput.parse({}))).items;
    const button = (m: Actor) => cards.find((c) => c.memberId === m.memberId)?.relation.canFollow;
    expect(button(minor)).toBe(false);
    expect(button(contact)).toBe(true);
    // No "Add as a Contact" for the hidden minor either (a request would answer 404 and tell their age).
    const addButton = (m: Actor) => cards.find((c) => c.memberId === m.memberId)?.relation.canRequest;
    expect(addButton(minor)).toBe(false);
    expect(addButton(contact)).toBe(true);
    // The service oracle (cardsFor + relationsOf) says the same.
    const relations = await contacts.relationsOf(ctx, stranger, [minor.memberId, contact.memberId]);
    expect(relations.get(minor.memberId)?.canFollow).toBe(false);
    expect(relations.get(contact.memberId)?.canFollow).toBe(true);
    expect(await contacts.relationship(ctx, stranger, minor.memberId)).toMatchObject({
      canFollow: false,
      canRequest: false,
    });
    expect((await profiles.viewProfile(ctx, stranger, minor.memberId)).memberId).toBe(minor.memberId);
    await expectError(contacts.sendRequest(ctx, stranger, minor.memberId), ErrorCodes.NotFound, NO_SUCH_MEMBER);
  });

  it("ending a contact ends the adult's follow of the minor, and the minor's posts leave the adult's feed; the minor's follow stays", async () => {
    const { minor, contact } = await world();
    await contacts.follow(ctx, contact, minor.memberId);
    await contacts.follow(ctx, minor, contact.memberId);
    const postId = await insertPost(db, minor.memberId, "My first goal", new Date().toISOString());
    const feedOf = async (m: Actor) => (await feed.feed(ctx, m, { limit: 10 })).items.map((p) => p.postId);
    expect(await feedOf(contact)).toContain(postId);
    await contacts.dropContact(ctx, minor, contact.memberId);
    const follows = await db.selectFrom("follow").select(["followerId", "followedId"]).execute();
    expect(follows).toEqual([{ followerId: minor.memberId, followedId: contact.memberId }]);
    expect(await feedOf(contact)).not.toContain(postId);
    // Between two adults a follow outlives the contact, as before.
    const a = await member(ADULT_BIRTH);
    await makeContacts(db, a, contact);
    await contacts.follow(ctx, a, contact.memberId);
    await contacts.dropContact(ctx, contact, a.memberId);
    expect(await contacts.isFollowing(ctx, a.memberId, contact.memberId)).toBe(true);
  });

  it("a follow of a minor contact racing the contact's end is refused, not left behind", async () => {
    const { minor, contact } = await world();
    // The contact's end holds the pair's lock (as dropContact does) while the adult follows; the
    // follow's check of the contact waits for it and sees the end.
    let following: Promise<string> | undefined;
    await db.transaction().execute(async (trx) => {
      await lockPair(trx, minor.memberId, contact.memberId);
      following = outcome(contacts.follow(ctx, contact, minor.memberId));
      await new Promise((resolve) => setTimeout(resolve, 150));
      await deletePair(trx, minor.memberId, contact.memberId);
    });
    expect(await following).toBe(notFoundMember);
    expect(await contacts.isFollowing(ctx, contact.memberId, minor.memberId)).toBe(false);
  });

  it("a reply hidden from the viewer cannot be reported (404 as a missing reply); the post's author can", async () => {
    const { minor, contact, stranger } = await world();
    await contacts.follow(ctx, stranger, contact.memberId);
    const postId = await insertPost(db, contact.memberId, "Match report", new Date().toISOString());
    const { replyId } = await feed.reply(ctx, minor, postId, "Great game");
    await expectError(feed.visibleContentAuthor(ctx, stranger, "reply", replyId), ErrorCodes.NotFound);
    const missing = await outcome(feed.visibleContentAuthor(ctx, stranger, "reply", replyId + 1000));
    expect(await outcome(feed.visibleContentAuthor(ctx, stranger, "reply", replyId))).toBe(missing);
    expect(await feed.visibleContentAuthor(ctx, contact, "reply", replyId)).toBe(minor.memberId);
  });

  it("contact requests are limited per member, refused ones included", async () => {
    const limited: AppContext = { ...ctx, limiter: await freshLimiter(db) };
    const sender = await member(ADULT_BIRTH);
    const { max } = RATE_LIMIT_RULES.contactRequest;
    for (let i = 0; i < max; i++) await outcome(contacts.sendRequest(limited, sender, MISSING_ID + i));
    const target = await member(ADULT_BIRTH);
    await expectError(contacts.sendRequest(limited, sender, target.memberId), ErrorCodes.RateLimited, minorsTexts.tooManyContactRequests);
    expect(await db.selectFrom("contactLink").select("memberId").where("memberId", "=", sender.memberId).execute()).toEqual([]);
  });
});

describe("a follow made between two minors, when the follower turns 18 (decision 040, third pass)", () => {
  const DAY = 24 * 60 * 60_000;
  /** Born so that the 18th birthday is `days` from today. */
  const eighteenIn = (days: number) => {
    const d = new Date(Date.now() + days * DAY);
    d.setUTCFullYear(d.getUTCFullYear() - 18);
    return d.toISOString().slice(0, 10);
  };
  const feedOf = async (m: Actor) => (await feed.feed(ctx, m, { limit: 10 })).items.map((p) => p.postId);
  const follows = async () =>
    (await db.selectFrom("follow").select(["followerId", "followedId"]).execute()).map((f) => `${f.followerId}>${f.followedId}`).sort();

  it("the daily job ends it once the follower is an adult, with the minor's posts in their feed; contacts' and others' follows stay", async () => {
    const minor = await member(MINOR_BIRTH.iso);
    const turning = await member(eighteenIn(10));
    const turningContact = await member(eighteenIn(10));
    const adult = await member(ADULT_BIRTH);
    await makeContacts(db, minor, turningContact);
    await contacts.follow(ctx, turning, minor.memberId);
    await contacts.follow(ctx, turningContact, minor.memberId);
    await contacts.follow(ctx, minor, turning.memberId);
    await contacts.follow(ctx, turning, adult.memberId);
    const postId = await insertPost(db, minor.memberId, "Training today", new Date().toISOString());
    expect(await feedOf(turning)).toContain(postId);
    const before = await follows();
    // Still 17 today and the day before the birthday: nothing ends.
    expect(await contacts.endAdultFollowsOfMinors(ctx, { now: new Date() })).toBe(0);
    expect(await contacts.endAdultFollowsOfMinors(ctx, { now: new Date(Date.now() + 9 * DAY) })).toBe(0);
    expect(await follows()).toEqual(before);
    // Past the birthday: the adult's follow of the minor stranger ends, as an unfollow would.
    expect(await contacts.endAdultFollowsOfMinors(ctx, { now: new Date(Date.now() + 11 * DAY), batch: 1 })).toBe(1);
    const id = (a: Actor, b: Actor) => `${a.memberId}>${b.memberId}`;
    expect(await follows()).toEqual(before.filter((f) => f !== id(turning, minor)));
    expect(await feedOf(turning)).not.toContain(postId);
    expect(await feedOf(turningContact)).toContain(postId);
    expect(await contacts.endAdultFollowsOfMinors(ctx, { now: new Date(Date.now() + 11 * DAY) })).toBe(0);
  });

  it("walks the minors along member_birth_date_idx and ends their follows by index, never a scan", async () => {
    const walk = minorsAfterQuery(db, adultBornBy(), { birthDate: MINOR_BIRTH.iso, id: 1 }, 100).compile();
    const ending = deleteAdultFollowsQuery(db, [1, 2, 3], adultBornBy()).compile();
    if (isPostgres(db)) {
      const walkPlan = await postgresPlan(db, walk.sql, walk.parameters);
      expect(walkPlan).toMatch(/Index (Only )?Scan (using )?(on )?member_birth_date_idx/);
      const endingPlan = await postgresPlan(db, ending.sql, ending.parameters);
      expect(endingPlan).toMatch(/follow_followed_idx|follow_pkey/);
      expect(`${walkPlan}\n${endingPlan}`).not.toMatch(/Seq Scan/);
      return;
    }
    const planOf = async (c: { sql: string; parameters: readonly unknown[] }) => {
      const explain = CompiledQuery.raw(`EXPLAIN QUERY PLAN ${c.sql}`, [...c.parameters]) as CompiledQuery<{ detail: string }>;
      return (await db.executeQuery(explain)).rows.map((r) => r.detail).join("\n");
    };
    const walkPlan = await planOf(walk);
    expect(walkPlan).toMatch(/SEARCH member USING (COVERING )?INDEX member_birth_date_idx \(birth_date>\?\)/);
    expect(walkPlan).not.toMatch(/TEMP B-TREE/);
    const endingPlan = await planOf(ending);
    expect(endingPlan).toMatch(/SEARCH f USING (COVERING )?INDEX follow_followed_idx \(followed_id=\?\)/);
    expect(`${walkPlan}\n${endingPlan}`).not.toMatch(/SCAN (member|follow|f|contact_link|c|a|m)\b/);
  });
});

describe("the minors' list condition (decision 040)", () => {
  it("reads contact_link and member_privacy by index, never by a scan", async () => {
    const compiled = likersQuery(db, 1, 1, 20, adultBornBy()).compile();
    if (isPostgres(db)) {
      const plan = await postgresPlan(db, compiled.sql, compiled.parameters);
      // PostgreSQL may hash the viewer's accepted contacts once (an index range) instead of a probe per row.
      expect(plan).toMatch(/Index (Only )?Scan using contact_link_\w+ on contact_link/);
      expect(plan).toMatch(/Index (Only )?Scan using member_privacy_pkey on member_privacy/);
      expect(plan).not.toMatch(/Seq Scan on (contact_link|member_privacy)/);
      return;
    }
    const explain = CompiledQuery.raw(`EXPLAIN QUERY PLAN ${compiled.sql}`, [...compiled.parameters]) as CompiledQuery<{ detail: string }>;
    const plan = (await db.executeQuery(explain)).rows.map((r) => r.detail).join("\n");
    expect(plan).toMatch(/SEARCH contact_link USING (COVERING )?INDEX \w+ \(member_id=\? AND other_id=\?\)/);
    expect(plan).toMatch(/SEARCH member_privacy USING (INTEGER PRIMARY KEY|(COVERING )?INDEX \w+) \((rowid|member_id)=\?\)/);
    expect(plan).not.toMatch(/SCAN (contact_link|member_privacy)/);
  });
});

describe("the minors' condition in the member lists (decision 040)", () => {
  it("adds only index reads to a page of another member's followers", async () => {
    const v = { owner: 1, viewer: 2, like: "", afterName: "", afterId: 0, cutoff: adultBornBy() };
    const compiled = pageQuery(db, "followers", false, false, 20, v).compile();
    if (isPostgres(db)) {
      const plan = await postgresPlan(db, compiled.sql, compiled.parameters);
      expect(plan).toMatch(/Index (Only )?Scan using member_privacy_pkey on member_privacy/);
      expect(plan).not.toMatch(/Seq Scan on (contact_link|member_privacy|member |follow)/);
      return;
    }
    const explain = CompiledQuery.raw(`EXPLAIN QUERY PLAN ${compiled.sql}`, [...compiled.parameters]) as CompiledQuery<{ detail: string }>;
    const plan = (await db.executeQuery(explain)).rows.map((r) => r.detail).join("\n");
    // The two probes of the condition: the viewer's contact row and the member's privacy row, by key.
    expect(plan).toMatch(/SEARCH contact_link USING (COVERING )?INDEX \w+ \(member_id=\? AND other_id=\?\)/);
    expect(plan).toMatch(/SEARCH member_privacy USING INTEGER PRIMARY KEY \(rowid=\?\)/);
    expect(plan).not.toMatch(/SCAN (contact_link|member_privacy|member|follow)\b/);
  });
});
