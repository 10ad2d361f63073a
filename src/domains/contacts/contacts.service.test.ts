/**
 * The contacts service on a real SQLite file: the request state machine, follows, the domain events
 * each action publishes (exactly once, nothing for a repeated follow), keyset paging and privacy of
 * the member lists, the per-row relations and the yes/no questions.
 */
import { createMember } from "#support/members.ts";
import { type TestContext, closeTestContext, openTestContext } from "#support/service-context.ts";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { expectError } from "#support/domain-errors.ts";
import { type DB } from "../../platform/db/client.ts";
import { ErrorCodes } from "../../shared/errors.ts";
import { MemberStatus } from "../../shared/members.ts";
import type { Actor, AppContext } from "../../platform/context.ts";
import { type DomainEvent, DomainEvents } from "../../platform/events.ts";
import { listInput, type ListInput } from "./contacts.schema.ts";
import { PrivacyLevel } from "../privacy/privacy.schema.ts";
import { cardsFor } from "./contacts.repository.ts";
import * as contacts from "./contacts.service.ts";
import * as privacy from "../privacy/privacy.service.ts";

let db: DB;
let ctx: AppContext;

let testContext: TestContext | undefined;
beforeAll(async () => {
  testContext = await openTestContext("contacts");
  ({ ctx, db } = testContext);
});

afterAll(() => closeTestContext(testContext));

// Every event published during a test, in order (handlers run after the publisher's work: settle() waits for them).
let events: DomainEvent[] = [];
let unsubscribe: Array<() => void> = [];
beforeEach(() => {
  events = [];
  unsubscribe = (["contact.requested", "contact.accepted", "member.followed"] as const).map((type) =>
    ctx.events.subscribe(type, (e) => {
      events.push(e);
    }),
  );
});
afterEach(() => unsubscribe.forEach((off) => off()));
/** Waits for the handlers of the events published so far. */
const settle = () => ctx.events.settled();

const newMember = (first?: string, last?: string, status?: number) => createMember(db, { firstName: first, lastName: last, status });

async function setPrivacy(m: Actor, patch: Partial<Record<"viewFriendsList" | "viewLinkRequest" | "searchVisibility", number>>) {
  await db
    .insertInto("memberPrivacy")
    .values({ memberId: m.memberId, ...patch })
    .onConflict((oc) => oc.column("memberId").doUpdateSet(patch))
    .execute();
}

const setStatus = (m: Actor, status: number) => db.updateTable("member").set({ status }).where("id", "=", m.memberId).execute();

const linkRows = (a: Actor, b: Actor) =>
  db
    .selectFrom("contactLink")
    .select(["memberId", "otherId", "status"])
    .where((eb) =>
      eb.or([
        eb.and([eb("memberId", "=", a.memberId), eb("otherId", "=", b.memberId)]),
        eb.and([eb("memberId", "=", b.memberId), eb("otherId", "=", a.memberId)]),
      ]),
    )
    .orderBy("memberId")
    .execute();

const list = (viewer: Actor, kind: "contacts" | "requests" | "following" | "followers", input: ListInput = {}) =>
  contacts.listOf(ctx, viewer, kind, listInput.parse(input));
const idsOf = (page: { items: Array<{ memberId: number }> }) => page.items.map((i) => i.memberId);

async function connect(a: Actor, b: Actor) {
  await contacts.sendRequest(ctx, a, b.memberId);
  await contacts.acceptRequest(ctx, b, a.memberId);
}

describe("the request state machine", () => {
  it("pending, then accepted by the member asked: two accepted rows", async () => {
    const a = await newMember();
    const b = await newMember();
    expect(await contacts.sendRequest(ctx, a, b.memberId)).toBe("requested");
    expect(await linkRows(a, b)).toEqual([{ memberId: a.memberId, otherId: b.memberId, status: "pending" }]);
    expect(await privacy.relationBetween(ctx, a.memberId, b.memberId)).toBe("member");
    await contacts.acceptRequest(ctx, b, a.memberId);
    expect((await linkRows(a, b)).map((r) => r.status)).toEqual(["accepted", "accepted"]);
    expect(await privacy.relationBetween(ctx, a.memberId, b.memberId)).toBe("contact");
    expect(await privacy.relationBetween(ctx, b.memberId, a.memberId)).toBe("contact");
  });

  it("two members asking each other at once become contacts: one request, accepted by the other's send", async () => {
    for (let i = 0; i < 5; i++) {
      const a = await newMember();
      const b = await newMember();
      const outcomes = await Promise.all([contacts.sendRequest(ctx, a, b.memberId), contacts.sendRequest(ctx, b, a.memberId)]);
      expect(outcomes.sort()).toEqual(["accepted", "requested"]);
      expect((await linkRows(a, b)).map((r) => r.status)).toEqual(["accepted", "accepted"]);
    }
  });

  it("only the member asked may accept or reject; the requester and others get NOT_FOUND", async () => {
    const a = await newMember();
    const b = await newMember();
    const c = await newMember();
    await contacts.sendRequest(ctx, a, b.memberId);
    await expectError(contacts.acceptRequest(ctx, a, b.memberId), ErrorCodes.NotFound);
    await expectError(contacts.rejectRequest(ctx, a, b.memberId), ErrorCodes.NotFound);
    await expectError(contacts.acceptRequest(ctx, c, a.memberId), ErrorCodes.NotFound);
    expect(await linkRows(a, b)).toHaveLength(1);
  });

  it("a deactivated member's request cannot be accepted until they are back", async () => {
    const a = await newMember();
    const b = await newMember();
    await contacts.sendRequest(ctx, a, b.memberId);
    await setStatus(a, MemberStatus.Deactivated);
    await expectError(contacts.acceptRequest(ctx, b, a.memberId), ErrorCodes.NotFound);
    expect(await linkRows(a, b)).toEqual([expect.objectContaining({ status: "pending" })]);
    await setStatus(a, MemberStatus.Active);
    await contacts.acceptRequest(ctx, b, a.memberId);
    expect(await linkRows(a, b)).toHaveLength(2);
  });

  it("a rejected request is deleted and may be sent again; a dropped contact may be requested again", async () => {
    const a = await newMember();
    const b = await newMember();
    await contacts.sendRequest(ctx, a, b.memberId);
    await contacts.rejectRequest(ctx, b, a.memberId);
    expect(await linkRows(a, b)).toEqual([]);
    await expectError(contacts.rejectRequest(ctx, b, a.memberId), ErrorCodes.NotFound);
    expect(await contacts.sendRequest(ctx, a, b.memberId)).toBe("requested");
    await contacts.acceptRequest(ctx, b, a.memberId);
    await contacts.dropContact(ctx, a, b.memberId);
    expect(await linkRows(a, b)).toEqual([]);
    await expectError(contacts.dropContact(ctx, a, b.memberId), ErrorCodes.NotFound);
    expect(await contacts.sendRequest(ctx, b, a.memberId)).toBe("requested");
  });

  it("refuses oneself and duplicates (BAD_INPUT), members who are not active (NOT_FOUND), and a stranger when requests are for contacts only (FORBIDDEN)", async () => {
    const a = await newMember();
    const b = await newMember();
    await expectError(contacts.sendRequest(ctx, a, a.memberId), ErrorCodes.BadInput);
    await contacts.sendRequest(ctx, a, b.memberId);
    await expectError(contacts.sendRequest(ctx, a, b.memberId), ErrorCodes.BadInput);
    await contacts.acceptRequest(ctx, b, a.memberId);
    await expectError(contacts.sendRequest(ctx, a, b.memberId), ErrorCodes.BadInput);
    await expectError(contacts.sendRequest(ctx, b, a.memberId), ErrorCodes.BadInput);

    const gone = await newMember("Gone", "Away", MemberStatus.Deactivated);
    const unconfirmed = await newMember("New", "Comer", MemberStatus.AwaitingConfirmation);
    await expectError(contacts.sendRequest(ctx, a, gone.memberId), ErrorCodes.NotFound);
    await expectError(contacts.sendRequest(ctx, a, unconfirmed.memberId), ErrorCodes.NotFound);
    await expectError(contacts.sendRequest(ctx, a, 987654321), ErrorCodes.NotFound);

    const shy = await newMember();
    await setPrivacy(shy, { viewLinkRequest: 0 });
    await expectError(contacts.sendRequest(ctx, a, shy.memberId), ErrorCodes.Forbidden);
    expect(await linkRows(a, shy)).toEqual([]);
  });

  it("a request to someone who asked you accepts theirs", async () => {
    const a = await newMember();
    const b = await newMember();
    await contacts.sendRequest(ctx, a, b.memberId);
    expect(await contacts.sendRequest(ctx, b, a.memberId)).toBe("accepted");
    expect((await linkRows(a, b)).map((r) => r.status)).toEqual(["accepted", "accepted"]);
  });
});

describe("follows", () => {
  it("are independent of contacts; following twice keeps one row; unfollowing what is not followed is NOT_FOUND", async () => {
    const a = await newMember();
    const b = await newMember();
    await contacts.follow(ctx, a, b.memberId);
    await contacts.follow(ctx, a, b.memberId);
    expect(await contacts.isFollowing(ctx, a.memberId, b.memberId)).toBe(true);
    expect(await contacts.isFollowing(ctx, b.memberId, a.memberId)).toBe(false);
    expect(
      await db
        .selectFrom("follow")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("followerId", "=", a.memberId)
        .executeTakeFirstOrThrow(),
    ).toEqual({ n: 1 });
    expect(await privacy.relationBetween(ctx, a.memberId, b.memberId)).toBe("member");
    await connect(a, b);
    await contacts.unfollow(ctx, a, b.memberId);
    expect(await privacy.relationBetween(ctx, a.memberId, b.memberId)).toBe("contact");
    await expectError(contacts.unfollow(ctx, a, b.memberId), ErrorCodes.NotFound);
    await contacts.follow(ctx, b, a.memberId);
    await contacts.dropContact(ctx, b, a.memberId);
    expect(await contacts.isFollowing(ctx, b.memberId, a.memberId)).toBe(true);
  });

  it("refuse oneself (BAD_INPUT) and members who are not active (NOT_FOUND)", async () => {
    const a = await newMember();
    const gone = await newMember("Gone", "Away", MemberStatus.Deactivated);
    await expectError(contacts.follow(ctx, a, a.memberId), ErrorCodes.BadInput);
    await expectError(contacts.follow(ctx, a, gone.memberId), ErrorCodes.NotFound);
  });
});

describe("domain events", () => {
  it("each action publishes its event exactly once; reject, drop and unfollow publish nothing", async () => {
    const a = await newMember();
    const b = await newMember();
    await contacts.sendRequest(ctx, a, b.memberId);
    await settle();
    expect(events).toEqual([{ type: "contact.requested", fromId: a.memberId, toId: b.memberId, at: expect.any(String) }]);

    events = [];
    await contacts.acceptRequest(ctx, b, a.memberId);
    await settle();
    expect(events).toEqual([{ type: "contact.accepted", byId: b.memberId, requesterId: a.memberId, at: expect.any(String) }]);

    events = [];
    await contacts.follow(ctx, a, b.memberId);
    await settle();
    expect(events).toEqual([{ type: "member.followed", followerId: a.memberId, followedId: b.memberId, at: expect.any(String) }]);

    events = [];
    await contacts.follow(ctx, a, b.memberId);
    await contacts.unfollow(ctx, a, b.memberId);
    await contacts.dropContact(ctx, a, b.memberId);
    await contacts.sendRequest(ctx, a, b.memberId);
    events = [];
    await contacts.rejectRequest(ctx, b, a.memberId);
    await settle();
    expect(events).toEqual([]);
  });

  it("a crossing request publishes contact.accepted only; refused actions publish nothing", async () => {
    const a = await newMember();
    const b = await newMember();
    await contacts.sendRequest(ctx, a, b.memberId);
    await settle();
    events = [];
    await contacts.sendRequest(ctx, b, a.memberId);
    await expectError(contacts.sendRequest(ctx, b, a.memberId), ErrorCodes.BadInput);
    await expectError(contacts.follow(ctx, a, a.memberId), ErrorCodes.BadInput);
    await expectError(contacts.acceptRequest(ctx, a, b.memberId), ErrorCodes.NotFound);
    await settle();
    expect(events).toEqual([{ type: "contact.accepted", byId: b.memberId, requesterId: a.memberId, at: expect.any(String) }]);
  });

  it("a failing handler does not fail the action", async () => {
    const failures: unknown[] = [];
    const local: AppContext = { ...ctx, events: new DomainEvents((error) => failures.push(error)) };
    local.events.subscribe("member.followed", () => {
      throw new Error("handler broke");
    });
    const a = await newMember();
    const b = await newMember();
    await contacts.follow(local, a, b.memberId);
    await local.events.settled();
    expect(await contacts.isFollowing(ctx, a.memberId, b.memberId)).toBe(true);
    expect(failures).toHaveLength(1);
  });
});

describe("listOf", () => {
  it("pages with a keyset cursor: limit 2 over 5 contacts gives all 5 in name order, no duplicates, even with equal names", async () => {
    const owner = await newMember("Olive", "Owner");
    const names: Array<[string, string]> = [
      ["Eve", "Zimmer"],
      ["adam", "Young"],
      ["Carl", "Xu"],
      ["Beth", "Wells"],
      ["Beth", "Wells"],
    ];
    const members = [];
    for (const [first, last] of names) {
      const m = await newMember(first, last);
      await connect(owner, m);
      members.push(m);
    }
    const expected = [members[1]!, members[3]!, members[4]!, members[2]!, members[0]!].map((m) => m.memberId);
    const seen: number[] = [];
    let cursor: string | undefined;
    const sizes: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      const page = await list(owner, "contacts", { limit: 2, cursor });
      expect(page.total).toBe(5);
      sizes.push(page.items.length);
      seen.push(...idsOf(page));
      if (!page.nextCursor) break;
      cursor = page.nextCursor;
    }
    expect(sizes).toEqual([2, 2, 1]);
    expect(seen).toEqual(expected);
    expect(new Set(seen).size).toBe(5);
    // A page boundary between the two "Beth Wells": the id breaks the tie.
    const first = await list(owner, "contacts", { limit: 2 });
    expect(idsOf(first)).toEqual([members[1]!.memberId, members[3]!.memberId]);
    expect(idsOf(await list(owner, "contacts", { limit: 2, cursor: first.nextCursor! }))).toEqual([
      members[4]!.memberId,
      members[2]!.memberId,
    ]);
    // Exactly one full page: the next (empty) page ends it.
    const full = await list(owner, "contacts", { limit: 5 });
    expect(full.items).toHaveLength(5);
    const after = await list(owner, "contacts", { limit: 5, cursor: full.nextCursor ?? undefined });
    expect(after.items).toEqual([]);
    expect(after.nextCursor).toBeNull();
  });

  it("refuses a cursor it did not make (BAD_INPUT) and filters by name", async () => {
    const owner = await newMember();
    const m = await newMember("Filter", "Match");
    await connect(owner, m);
    await connect(owner, await newMember("Other", "One"));
    await expectError(list(owner, "contacts", { cursor: "not-a-cursor" }), ErrorCodes.BadInput);
    await expectError(list(owner, "contacts", { cursor: Buffer.from('{"a":1}').toString("base64url") }), ErrorCodes.BadInput);
    const page = await list(owner, "contacts", { search: "ter ma" });
    expect(idsOf(page)).toEqual([m.memberId]);
    expect(page.total).toBe(1);
    expect(idsOf(await list(owner, "contacts", { search: "%" }))).toEqual([]);
  });

  it("lists requests received, following and followers; members who are not active are left out of lists and totals", async () => {
    const owner = await newMember();
    const asker = await newMember("Asker", "A");
    const followed = await newMember("Followed", "F");
    const fan = await newMember("Fan", "F");
    await contacts.sendRequest(ctx, asker, owner.memberId);
    await contacts.follow(ctx, owner, followed.memberId);
    await contacts.follow(ctx, fan, owner.memberId);
    expect(idsOf(await list(owner, "requests"))).toEqual([asker.memberId]);
    expect(idsOf(await list(asker, "requests"))).toEqual([]);
    expect(idsOf(await list(owner, "following"))).toEqual([followed.memberId]);
    expect(idsOf(await list(owner, "followers"))).toEqual([fan.memberId]);
    for (const m of [asker, followed, fan]) await setStatus(m, MemberStatus.Deactivated);
    for (const kind of ["requests", "following", "followers"] as const) {
      const page = await list(owner, kind);
      expect(page.items).toEqual([]);
      expect(page.total).toBe(0);
    }
    for (const m of [asker, followed, fan]) await setStatus(m, MemberStatus.Active);
    expect(idsOf(await list(owner, "followers"))).toEqual([fan.memberId]);
  });

  it("another member's lists follow their view-friends-list flag; their requests are never shown", async () => {
    const owner = await newMember();
    const friend = await newMember();
    const stranger = await newMember();
    await connect(owner, friend);
    expect(idsOf(await list(stranger, "contacts", { memberId: owner.memberId }))).toEqual([friend.memberId]);
    await expectError(list(stranger, "requests", { memberId: owner.memberId }), ErrorCodes.Forbidden);
    await expectError(list(friend, "requests", { memberId: owner.memberId }), ErrorCodes.Forbidden);
    await setPrivacy(owner, { viewFriendsList: 0 });
    for (const kind of ["contacts", "following", "followers"] as const) {
      await expectError(list(stranger, kind, { memberId: owner.memberId }), ErrorCodes.Forbidden);
      expect((await list(friend, kind, { memberId: owner.memberId })).items).toBeDefined();
    }
    const gone = await newMember("Gone", "Away", MemberStatus.Deactivated);
    await expectError(list(stranger, "contacts", { memberId: gone.memberId }), ErrorCodes.NotFound);
    await expectError(list(stranger, "contacts", { memberId: 987654321 }), ErrorCodes.NotFound);
  });
});

describe("list pages (one statement per page, decision 017)", () => {
  it("carry exactly the cards and relations that cardsFor and relationsOf give, for every relation and privacy case, in each list, to the owner and to others", async () => {
    const hub = await newMember("Hub", "Centre");
    const viewer = await newMember("Vera", "Viewer");
    const [contact, asked, asker, followed, fan, nobody] = await Promise.all(
      ["Cora", "Abe", "Kit", "Fay", "Nia", "Xan"].map((first) => newMember(first, "Member")),
    );
    const hidden = await newMember("Hidden", "Private");
    const close = await newMember("Close", "Contact");
    await connect(viewer, contact!);
    await connect(viewer, close);
    await contacts.sendRequest(ctx, viewer, asked!.memberId);
    await contacts.sendRequest(ctx, asker!, viewer.memberId);
    await contacts.follow(ctx, viewer, followed!.memberId);
    await contacts.follow(ctx, fan!, viewer.memberId);
    await contacts.follow(ctx, viewer, contact!.memberId);
    await contacts.follow(ctx, contact!, viewer.memberId);
    // Sections hidden from everyone, or shown to contacts only; picture, requests and messages closed.
    for (const [m, level] of [
      [hidden, PrivacyLevel.Private],
      [close, PrivacyLevel.OnlyContacts],
    ] as const) {
      await db.insertInto("memberProfile").values({ memberId: m.memberId, city: "Reno", state: "NV", sport: "Golf" }).execute();
      await db
        .insertInto("memberPrivacy")
        .values({
          memberId: m.memberId,
          basicInfo: level,
          contactInfo: level,
          viewProfilePicture: 0,
          viewLinkRequest: 0,
          viewLinkMessage: 0,
        })
        .execute();
      await db
        .updateTable("member")
        .set({ picturePath: `/uploads/${m.memberId}.webp` })
        .where("id", "=", m.memberId)
        .execute();
    }
    const everyone = [viewer, contact!, asked!, asker!, followed!, fan!, nobody!, hidden, close];
    for (const m of everyone) {
      await contacts.follow(ctx, m, hub.memberId);
      if (m !== asker) await connect(m, hub);
    }
    await contacts.sendRequest(ctx, asker!, hub.memberId);

    const expectedPage = async (who: Actor, ids: number[]) => {
      const rows = new Map((await cardsFor(db, ids, who.memberId)).map((r) => [r.memberId, r]));
      return contacts.cardsOf(
        ctx,
        who,
        ids.map((id) => rows.get(id)!),
      );
    };
    const cases: Array<[Actor, "contacts" | "requests" | "following" | "followers", Actor]> = [];
    for (const who of [viewer, hub, nobody!]) {
      for (const owner of [hub, viewer]) {
        for (const kind of ["contacts", "following", "followers"] as const) cases.push([who, kind, owner]);
      }
      cases.push([who, "requests", who]);
    }
    let checked = 0;
    for (const [who, kind, owner] of cases) {
      const page = await list(who, kind, { memberId: owner.memberId, limit: 200 });
      expect(page.items, `${kind} of ${owner.memberId} seen by ${who.memberId}`).toEqual(await expectedPage(who, idsOf(page)));
      expect(page.total).toBe(page.items.length);
      checked += page.items.length;
      // The same list in pages of 2 (the cursor's statement, then the count) gives the same cards.
      const paged = [];
      let cursor: string | undefined;
      do {
        const next = await list(who, kind, { memberId: owner.memberId, limit: 2, cursor });
        expect(next.total).toBe(page.total);
        paged.push(...next.items);
        cursor = next.nextCursor ?? undefined;
      } while (cursor);
      expect(paged).toEqual(page.items);
    }
    expect(checked).toBeGreaterThan(40);
    // The hub's followers, seen by the viewer: every relation label appears.
    const seen = (await list(viewer, "followers", { memberId: hub.memberId, limit: 200 })).items;
    const relationOf = (m: Actor) => seen.find((c) => c.memberId === m.memberId)!.relation;
    expect(relationOf(viewer).isSelf).toBe(true);
    expect(relationOf(contact!)).toMatchObject({ isContact: true, isFollowing: true, followsViewer: true, canFollow: false });
    expect(relationOf(asked!)).toMatchObject({ requestSent: true, canRequest: false });
    expect(relationOf(asker!)).toMatchObject({ requestReceived: true });
    expect(relationOf(followed!)).toMatchObject({ isFollowing: true, isContact: false });
    expect(relationOf(fan!)).toMatchObject({ followsViewer: true, isFollowing: false });
    expect(relationOf(nobody!)).toMatchObject({ isContact: false, canRequest: true, canMessage: true, canFollow: true });
    const card = (m: Actor) => seen.find((c) => c.memberId === m.memberId)!;
    expect(card(hidden)).toMatchObject({ city: "", sport: "", profileType: "", relation: { canRequest: false, canMessage: false } });
    expect(card(close)).toMatchObject({ city: "Reno", state: "NV", sport: "Golf", picturePath: `/uploads/${close.memberId}.webp` });
    expect(card(hidden).picturePath).not.toContain(`${hidden.memberId}`);
  });

  it("a filtered list pages and counts only the matching members; a full first page is counted", async () => {
    const owner = await newMember();
    for (const [first, last] of [
      ["Ann", "Lee"],
      ["Anna", "Bell"],
      ["Bob", "Annis"],
      ["Carl", "Dunn"],
      ["Dana", "Fox"],
    ]) {
      await connect(owner, await newMember(first, last));
    }
    const all = await list(owner, "contacts", { limit: 200 });
    expect(all.total).toBe(5);
    const full = await list(owner, "contacts", { limit: 5 });
    expect(full.total).toBe(5);
    expect(full.nextCursor).not.toBeNull();
    const first = await list(owner, "contacts", { search: "ann", limit: 2 });
    expect(first.items.map((c) => c.name)).toEqual(["Ann Lee", "Anna Bell"]);
    expect(first.total).toBe(3);
    const second = await list(owner, "contacts", { search: "ann", limit: 2, cursor: first.nextCursor! });
    expect(second.items.map((c) => c.name)).toEqual(["Bob Annis"]);
    expect(second.total).toBe(3);
    expect(second.nextCursor).toBeNull();
    // A wildcard in the filter is a plain character.
    expect((await list(owner, "contacts", { search: "_" })).total).toBe(0);
  });
});

describe("relations and yes/no questions", () => {
  it("relationsOf tells, per member, how the viewer stands to them", async () => {
    const viewer = await newMember();
    const [contact, asked, asker, followed, fan, nobody] = await Promise.all(Array.from({ length: 6 }, () => newMember()));
    await connect(viewer, contact!);
    await contacts.sendRequest(ctx, viewer, asked!.memberId);
    await contacts.sendRequest(ctx, asker!, viewer.memberId);
    await contacts.follow(ctx, viewer, followed!.memberId);
    await contacts.follow(ctx, fan!, viewer.memberId);
    const all = [viewer, contact!, asked!, asker!, followed!, fan!, nobody!];
    const relations = await contacts.relationsOf(
      ctx,
      viewer,
      all.map((m) => m.memberId),
    );
    const flags = (m: Actor) => {
      const r = relations.get(m.memberId)!;
      return Object.entries(r)
        .filter(([, v]) => v)
        .map(([k]) => k)
        .sort();
    };
    expect(flags(viewer)).toEqual(["isSelf"]);
    expect(flags(contact!)).toEqual(["canFollow", "isContact"]);
    expect(flags(asked!)).toEqual(["canFollow", "requestSent"]);
    expect(flags(asker!)).toEqual(["canFollow", "requestReceived"]);
    expect(flags(followed!)).toEqual(["isFollowing"]);
    expect(flags(fan!)).toEqual(["canFollow", "followsViewer"]);
    expect(flags(nobody!)).toEqual(["canFollow"]);
    expect((await contacts.relationsOf(ctx, viewer, [])).size).toBe(0);
  });

  it("areContactsFor and isFollowingFor answer the pair, others per the first member's flag, false for members who are not active", async () => {
    const a = await newMember();
    const b = await newMember();
    const stranger = await newMember();
    await connect(a, b);
    await contacts.follow(ctx, a, b.memberId);
    expect(await contacts.areContactsFor(ctx, a, a.memberId, b.memberId)).toBe(true);
    expect(await contacts.areContactsFor(ctx, b, a.memberId, b.memberId)).toBe(true);
    expect(await contacts.areContactsFor(ctx, stranger, a.memberId, b.memberId)).toBe(true);
    expect(await contacts.areContactsFor(ctx, a, a.memberId, stranger.memberId)).toBe(false);
    expect(await contacts.areContactsFor(ctx, a, a.memberId, a.memberId)).toBe(false);
    expect(await contacts.isFollowingFor(ctx, b, a.memberId, b.memberId)).toBe(true);
    expect(await contacts.isFollowingFor(ctx, a, b.memberId, a.memberId)).toBe(false);
    await setPrivacy(a, { viewFriendsList: 0 });
    await expectError(contacts.areContactsFor(ctx, stranger, a.memberId, b.memberId), ErrorCodes.Forbidden);
    await expectError(contacts.isFollowingFor(ctx, stranger, a.memberId, b.memberId), ErrorCodes.Forbidden);
    expect(await contacts.areContactsFor(ctx, stranger, b.memberId, a.memberId)).toBe(true);
    await setStatus(b, MemberStatus.Deactivated);
    expect(await contacts.areContactsFor(ctx, a, a.memberId, b.memberId)).toBe(false);
    expect(await contacts.isFollowingFor(ctx, a, a.memberId, b.memberId)).toBe(false);
  });

  it("relationship: the buttons of a profile", async () => {
    const a = await newMember();
    const b = await newMember();
    expect(await contacts.relationship(ctx, a, a.memberId)).toMatchObject({
      isSelf: true,
      canRequest: false,
      canFollow: false,
      canMessage: false,
    });
    expect(await contacts.relationship(ctx, a, b.memberId)).toMatchObject({
      isSelf: false,
      canRequest: true,
      canFollow: true,
      canMessage: true,
    });
    await contacts.sendRequest(ctx, a, b.memberId);
    expect(await contacts.relationship(ctx, a, b.memberId)).toMatchObject({ requestSent: true, canRequest: false });
    expect(await contacts.relationship(ctx, b, a.memberId)).toMatchObject({ requestReceived: true, canRequest: false });
    await contacts.acceptRequest(ctx, b, a.memberId);
    await contacts.follow(ctx, a, b.memberId);
    expect(await contacts.relationship(ctx, a, b.memberId)).toMatchObject({
      isContact: true,
      isFollowing: true,
      canRequest: false,
      canFollow: false,
      canMessage: true,
    });
  });
});

describe("picturesFor: the picture rule for feed authors and message parties (issue 11, finding 6)", () => {
  it("shows a hidden picture to its owner and their contacts only, and the default to everyone else", async () => {
    const viewer = await newMember();
    const [contact, stranger, open, unsaved] = await Promise.all([newMember(), newMember(), newMember(), newMember()]);
    const picture = (m: Actor) => `/uploads/photos/${String(m.memberId).padStart(32, "c")}.webp`;
    for (const m of [viewer, contact, stranger, open, unsaved]) {
      await db
        .updateTable("member")
        .set({ picturePath: picture(m) })
        .where("id", "=", m.memberId)
        .execute();
    }
    for (const m of [viewer, contact, stranger]) {
      await db.insertInto("memberPrivacy").values({ memberId: m.memberId, viewProfilePicture: 0 }).execute();
    }
    await db.insertInto("memberPrivacy").values({ memberId: open.memberId, viewProfilePicture: 1 }).execute();
    await contacts.sendRequest(ctx, viewer, contact.memberId);
    await contacts.acceptRequest(ctx, contact, viewer.memberId);
    const people = [viewer, contact, stranger, open, unsaved, stranger].map((m) => ({ memberId: m.memberId, picturePath: picture(m) }));
    const seen = await contacts.picturesFor(ctx, viewer, people);
    expect(Object.fromEntries(seen)).toEqual({
      [viewer.memberId]: picture(viewer),
      [contact.memberId]: picture(contact),
      [stranger.memberId]: "/images/default.png",
      [open.memberId]: picture(open),
      [unsaved.memberId]: picture(unsaved),
    });
    // A member with no picture shows the default to everyone.
    expect((await contacts.picturesFor(ctx, viewer, [{ memberId: open.memberId, picturePath: null }])).get(open.memberId)).toBe(
      "/images/default.png",
    );
  });
});
