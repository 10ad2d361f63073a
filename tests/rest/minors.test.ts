/**
 * Minors over the REST API (decision 037), against the real server: a minor registered through
 * account/register is not found by an adult stranger (contact/SearchAllResults), an adult who is not
 * their contact cannot write to or follow them (answered as any non-contact / missing member is, decision
 * 040), nor sees them in another member's contact list; nobody moves their birth date across the
 * 18-year line (member/SaveMemberGeneralInfo); and a minor's birth date is never answered to anyone
 * else (member/GetMemberGeneralInfoV2). An adult stranger who names the minor's id hears what a
 * made-up id answers, on every path (decision 040, second pass).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { serverHarness } from "#support/harness.ts";
import { callsAs, expectError, expectJson, nameTag } from "#support/rest-calls.ts";
import { qs, type RegisteredMember, registerAndConfirm } from "#support/server.ts";
import { minorsTexts } from "../../src/shared/minors-texts.ts";
import { NO_SUCH_MEMBER } from "../../src/shared/errors.ts";
import { texts } from "../../src/shared/texts.ts";

const h = serverHarness();
const { get, post, put } = callsAs(h);

const year = new Date().getUTCFullYear();
const surname = nameTag("Minor");
let minor: RegisteredMember;
let adult: RegisteredMember;
let contact: RegisteredMember;

beforeAll(async () => {
  minor = await registerAndConfirm(h.server.baseUrl, h.sink, { lastName: surname, month: "1", day: "1", year: String(year - 16) });
  adult = await registerAndConfirm(h.server.baseUrl, h.sink, { lastName: nameTag("Adult") });
  contact = await registerAndConfirm(h.server.baseUrl, h.sink, { lastName: nameTag("Coach") });
  const pair = (a: RegisteredMember, b: RegisteredMember) => qs({ memberID: a.memberId, contactID: b.memberId });
  // The minor asks: an adult who is not their contact does not reach them (decision 040, second pass).
  expectJson(await put(minor, `/api/contact/SendRequestContact${pair(minor, contact)}`));
  expectJson(await put(contact, `/api/contact/AcceptRequest${pair(contact, minor)}`));
});

const found = async (viewer: RegisteredMember) => {
  const res = await get(viewer, `/api/contact/SearchAllResults${qs({ memberID: viewer.memberId, searchText: surname })}`);
  expectJson(res);
  return (res.json as Array<{ entityID: string }>).map((i) => Number(i.entityID));
};

describe("minors over REST", () => {
  it("registration gives the minor Only Contacts sections and hidden contact details", async () => {
    const res = await get(minor, `/api/setting/GetProfileSettings/${minor.memberId}`);
    expectJson(res);
    expect(res.json[0]).toMatchObject({ basicInfo: "3", contactInfo: "3", education: "3", mobilePhone: "2", homePhone: "2", address: "2" });
  });

  it("an adult stranger does not find the minor; their contact does; the opt-in lets adults find them", async () => {
    expect(await found(adult)).toEqual([]);
    expect(await found(contact)).toEqual([minor.memberId]);
    expectJson(await put(minor, `/api/setting/SavePrivacySearchSettings/${minor.memberId}${qs({ findableByAdults: "true" })}`));
    expect(await found(adult)).toEqual([minor.memberId]);
    expectJson(await put(minor, `/api/setting/SavePrivacySearchSettings/${minor.memberId}${qs({ findableByAdults: "false" })}`));
    expect(await found(adult)).toEqual([]);
  });

  it("an adult stranger writing to a minor hears what any non-contact hears (decision 040): same 400 and text, nothing stored", async () => {
    const before = await h.db.value("select count(*) from message");
    const write = (to: RegisteredMember) =>
      post(adult, `/api/message/CreateMessage${qs({ to: to.memberId, from: adult.memberId, subject: "Hi", body: "Trial?" })}`);
    const toMinor = await write(minor);
    const toAdult = await write(contact);
    expectError(toMinor, 400, texts.recipientNotValid);
    expect(toMinor.json).toEqual(toAdult.json);
    expect(await h.db.value("select count(*) from message")).toBe(before);
    expectJson(
      await post(
        contact,
        `/api/message/CreateMessage${qs({ to: minor.memberId, from: contact.memberId, subject: "Hi", body: "Training" })}`,
      ),
    );
  });

  it("an adult stranger's follow of a minor is answered as a missing member's (404), nothing stored", async () => {
    const res = await post(adult, `/api/contact/FollowMember${qs({ memberID: adult.memberId, contactID: minor.memberId })}`);
    expectError(res, 404, NO_SUCH_MEMBER);
    expect(await h.db.value("select count(*) from follow where followed_id = ?", minor.memberId)).toBe(0);
  });

  it("another member's contact list leaves the minor out for an adult stranger; the minor's contact sees them", async () => {
    const listed = async (viewer: RegisteredMember) => {
      const res = await get(viewer, `/api/contact/GetMemberContacts${qs({ memberID: contact.memberId, show: "all" })}`);
      expectJson(res);
      return (res.json as Array<{ contactID: string }>).map((i) => Number(i.contactID));
    };
    expect(await listed(adult)).not.toContain(minor.memberId);
    expect(await listed(contact)).toContain(minor.memberId);
  });

  it("SaveMemberGeneralInfo refuses a birth date across the 18-year line, either way (decision 040)", async () => {
    const save = (m: RegisteredMember, dobYear: string) =>
      post(m, `/api/member/SaveMemberGeneralInfo/${m.memberId}`, {
        firstName: "Robin",
        lastName: "Young",
        titleDesc: "Player",
        sport: "Basketball",
        currentStatus: "Athlete (Amateur)",
        sex: "Female",
        dobMonth: "1",
        dobDay: "1",
        dobYear,
      });
    const birthOf = (m: RegisteredMember) => h.db.value("select birth_date from member where id = ?", m.memberId);
    const adultBirth = await birthOf(adult);
    expectError(await save(adult, String(year - 16)), 400, minorsTexts.birthDateAcrossAdulthood);
    expect(await birthOf(adult)).toBe(adultBirth);
    expectError(await save(minor, "1990"), 400, minorsTexts.birthDateAcrossAdulthood);
    expect(await birthOf(minor)).toBe(`${year - 16}-01-01`);
  });

  it("the minor's birth date is answered to the minor only, even with its show option on", async () => {
    await h.db.run(
      "insert into member_profile (member_id, show_birth_date) values (?, 1) on conflict (member_id) do update set show_birth_date = 1",
      minor.memberId,
    );
    const basic = async (viewer: RegisteredMember) => {
      const res = await get(viewer, `/api/member/GetMemberGeneralInfoV2/${minor.memberId}`);
      expectJson(res);
      return res.json;
    };
    // Nor its show option, which would tell that a date is withheld (decision 040, second pass).
    expect(await basic(contact)).toMatchObject({ dobYear: "", dobMonth: "", dobDay: "", memProfileDOB: "", showDOBType: "False" });
    expect(await basic(minor)).toMatchObject({ dobYear: String(year - 16), showDOBType: "True" });
  });

  it("an adult stranger naming the minor's id hears what a made-up id answers (decision 040, second pass)", async () => {
    const missing = 2_000_000_000;
    const calls = (id: number) => [
      get(adult, `/api/member/GetMemberGeneralInfoV2/${id}`),
      get(adult, `/api/member/GetMemberContactInfo/${id}`),
      get(adult, `/api/contact/GetMemberContacts${qs({ memberID: id, show: "all" })}`),
      get(adult, `/api/contact/GetWhosFollowingMe${qs({ memberID: id })}`),
      get(adult, `/api/member/IsFriendByContactID/${id}/${contact.memberId}`),
      get(adult, `/api/member/IsContactRequestSent/${adult.memberId}/${id}`),
      put(adult, `/api/contact/SendRequestContact${qs({ memberID: adult.memberId, contactID: id })}`),
      post(adult, `/api/contact/FollowMember${qs({ memberID: adult.memberId, contactID: id })}`),
    ];
    const answers = async (id: number) => (await Promise.all(calls(id))).map((r) => [r.status, r.json]);
    const forMinor = await answers(minor.memberId);
    expect(forMinor).toEqual(await answers(missing));
    expect(forMinor.map(([status]) => status)).toEqual([404, 404, 404, 404, 404, 200, 404, 404]);
    expect(await h.db.value("select count(*) from contact_link where other_id = ? and member_id = ?", minor.memberId, adult.memberId)).toBe(
      0,
    );
    // The minor's contact still reaches them.
    expectJson(await get(contact, `/api/member/GetMemberGeneralInfoV2/${minor.memberId}`));
    expectJson(await get(contact, `/api/contact/GetMemberContacts${qs({ memberID: minor.memberId, show: "all" })}`));
  });
});
