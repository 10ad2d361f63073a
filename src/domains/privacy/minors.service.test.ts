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
import { isPostgres } from "../../platform/db/dialect.ts";
import * as messages from "../messages/messages.service.ts";
import { basicInfoInput } from "../profiles/profiles.schema.ts";
import * as profiles from "../profiles/profiles.service.ts";
import { upsertProfile } from "../profiles/profiles.repository.ts";
import * as search from "../search/search.service.ts";
import * as settings from "../settings/settings.service.ts";
import { listInput } from "../contacts/contacts.schema.ts";
import { pageQuery } from "../contacts/contacts.repository.ts";
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
    for (const viewer of [contact, stranger]) {
      const basic = await profiles.getBasicInfo(ctx, viewer, minor.memberId);
      expect(basic?.birthDate).toBeNull();
    }
    expect((await profiles.getBasicInfo(ctx, minor, minor.memberId))?.birthDate).toBe(MINOR_BIRTH.iso);
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
    expect((await contacts.relationship(ctx, adult, minor.memberId)).canFollow).toBe(false);
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
