/**
 * Minors (decision 037), through the real services on a real database: a minor's sections start
 * Only Contacts (at registration and when a saved birth date makes them one), adults who are not
 * their contacts neither find them in search or suggestions (unless they opt in) nor write to them,
 * and their birth date is never shown to anyone else.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createMember, makeContacts } from "#support/members.ts";
import { closeTestContext, openTestContext, type TestContext } from "#support/service-context.ts";
import type { Actor, AppContext } from "../../platform/context.ts";
import type { DB } from "../../platform/db/client.ts";
import { DomainError, ErrorCodes } from "../../shared/errors.ts";
import { minorsTexts } from "../../shared/minors-texts.ts";
import { texts } from "../../shared/texts.ts";
import { registerInput } from "../accounts/accounts.schema.ts";
import * as accounts from "../accounts/accounts.service.ts";
import * as contacts from "../contacts/contacts.service.ts";
import * as feed from "../feed/feed.service.ts";
import { insertPost } from "../feed/feed.repository.ts";
import * as messages from "../messages/messages.service.ts";
import { basicInfoInput } from "../profiles/profiles.schema.ts";
import * as profiles from "../profiles/profiles.service.ts";
import { upsertProfile } from "../profiles/profiles.repository.ts";
import * as search from "../search/search.service.ts";
import * as settings from "../settings/settings.service.ts";
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

  it("a saved birth date that makes an adult a minor brings the defaults once; Private sections stay Private", async () => {
    const m = await member(ADULT_BIRTH);
    await settings.saveProfilePrivacy(ctx, m, { ...(await levelsOf(m)), photos: PrivacyLevel.Private });
    const basic = (birthYear: string) =>
      basicInfoInput.parse({
        firstName: "Robin",
        lastName: "Young",
        title: "Guard",
        sport: "Basketball",
        currentStatus: "Athlete (Amateur)",
        gender: "Female",
        birthMonth: MINOR_BIRTH.month,
        birthDay: MINOR_BIRTH.day,
        birthYear,
      });
    await profiles.saveBasicInfo(ctx, m, m.memberId, basic(MINOR_BIRTH.year));
    const levels = await levelsOf(m);
    expect(levels).toMatchObject({ basicInfo: 3, personalInfo: 3, contactInfo: 3, education: 3, workInfo: 3, videos: 3, photos: 2 });
    expect((await settings.getPrivacy(ctx, m)).minor).toBe(true);
    // The minor opens a section again; saving the basic info again (still a minor) keeps their choice.
    await settings.saveProfilePrivacy(ctx, m, { ...levels, education: PrivacyLevel.Public });
    await profiles.saveBasicInfo(ctx, m, m.memberId, basic(MINOR_BIRTH.year));
    expect((await levelsOf(m)).education).toBe(PrivacyLevel.Public);
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

  it("an adult who is not a minor's contact cannot write to them, with a clear message; contacts can", async () => {
    const minor = await member(MINOR_BIRTH.iso);
    const adult = await member(ADULT_BIRTH);
    const contact = await member(ADULT_BIRTH);
    await makeContacts(db, minor, contact);
    await optIn(minor, true);
    expect(await refusal(send(adult, minor))).toBe(minorsTexts.minorNotContact);
    expect(await db.selectFrom("message").select("id").execute()).toEqual([]);
    expect((await send(contact, minor)).to.memberId).toBe(minor.memberId);
    // Between adults who are not contacts the usual answer stays.
    expect(await refusal(send(adult, contact))).toBe(texts.recipientNotValid);
  });
});

describe("follows", () => {
  it("an adult who is not a minor's contact cannot follow them (no Follow button either); contacts and minors can", async () => {
    const minor = await member(MINOR_BIRTH.iso);
    const adult = await member(ADULT_BIRTH);
    const contact = await member(ADULT_BIRTH);
    const peer = await member(MINOR_BIRTH.iso);
    await makeContacts(db, minor, contact);
    const error = await contacts.follow(ctx, adult, minor.memberId).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).message).toBe(minorsTexts.minorFollowNotContact);
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
