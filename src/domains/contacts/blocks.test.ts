/**
 * Blocking on a real database (SQLite, and PostgreSQL in its pass): one write unit ends contacts,
 * requests and follows both ways; while a block exists either way neither member finds, views,
 * asks, follows, messages or is notified by the other, and each vanishes from the other's feed
 * replies, likes and lists; unblocking lifts it; the feed's block condition reads indexes.
 */
import { CompiledQuery } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeTestContext, openTestContext, type TestContext } from "#support/service-context.ts";
import { createMember, makeContacts, type TestMember } from "#support/members.ts";
import { expectError } from "#support/domain-errors.ts";
import { postgresPlan } from "#support/plans.ts";
import type { AppContext } from "../../platform/context.ts";
import { isPostgres } from "../../platform/db/dialect.ts";
import { ErrorCodes } from "../../shared/errors.ts";
import * as feed from "../feed/feed.service.ts";
import { feedPageQuery } from "../feed/feed.repository.ts";
import * as messages from "../messages/messages.service.ts";
import * as notifications from "../notifications/notifications.service.ts";
import { viewProfile } from "../profiles/profiles.service.ts";
import { searchMembers } from "../search/search.service.ts";
import * as contacts from "./contacts.service.ts";

let t: TestContext | undefined;
let ctx: AppContext;
let stopHandlers: () => void;

beforeAll(async () => {
  t = await openTestContext("blocks");
  ctx = t.ctx;
  stopHandlers = notifications.registerNotificationHandlers(ctx);
});
afterAll(async () => {
  stopHandlers?.();
  await closeTestContext(t);
});

const member = (firstName: string, lastName: string) => createMember(ctx.db, { firstName, lastName });
const ids = (cards: Array<{ memberId: number }>) => cards.map((c) => c.memberId);

describe("blocking", () => {
  let a: TestMember;
  let b: TestMember;
  let c: TestMember;
  beforeAll(async () => {
    a = await member("Abelard", "Blocker");
    b = await member("Bertrand", "Blocked");
    c = await member("Cosima", "Common");
    await makeContacts(ctx.db, a, b);
    await makeContacts(ctx.db, a, c);
    await makeContacts(ctx.db, b, c);
    await contacts.follow(ctx, a, b.memberId);
    await contacts.follow(ctx, b, a.memberId);
  });

  it("ends contacts and follows both ways, in one write", async () => {
    await messages.send(ctx, b, { toMemberId: a.memberId, subject: "Before", body: "sent before the block" });
    await contacts.block(ctx, a, b.memberId);
    const links = await ctx.db
      .selectFrom("contactLink")
      .select("memberId")
      .where((eb) =>
        eb.or([
          eb.and([eb("memberId", "=", a.memberId), eb("otherId", "=", b.memberId)]),
          eb.and([eb("memberId", "=", b.memberId), eb("otherId", "=", a.memberId)]),
        ]),
      )
      .execute();
    expect(links).toEqual([]);
    expect(await contacts.isFollowing(ctx, a.memberId, b.memberId)).toBe(false);
    expect(await contacts.isFollowing(ctx, b.memberId, a.memberId)).toBe(false);
    expect(ids((await contacts.listBlocked(ctx, a, { limit: 50 })).items)).toEqual([b.memberId]);
    expect((await contacts.listBlocked(ctx, b, { limit: 50 })).items).toEqual([]);
  });

  it("answers each as for a member who does not exist, both ways", async () => {
    await expectError(viewProfile(ctx, a, b.memberId), ErrorCodes.NotFound);
    await expectError(viewProfile(ctx, b, a.memberId), ErrorCodes.NotFound);
    await expectError(contacts.sendRequest(ctx, b, a.memberId), ErrorCodes.NotFound);
    await expectError(contacts.sendRequest(ctx, a, b.memberId), ErrorCodes.NotFound);
    await expectError(contacts.follow(ctx, b, a.memberId), ErrorCodes.NotFound);
    await expectError(contacts.follow(ctx, a, b.memberId), ErrorCodes.NotFound);
    expect(await viewProfile(ctx, c, b.memberId)).toMatchObject({ memberId: b.memberId });
    // Nor are the other's lists theirs to read (tRPC and the REST adapters both come here).
    const lists = (kind: "contacts" | "following" | "followers", viewer: TestMember, owner: TestMember) =>
      contacts.listOf(ctx, viewer, kind, { memberId: owner.memberId, limit: 10 });
    for (const kind of ["contacts", "following", "followers"] as const) {
      await expectError(lists(kind, b, a), ErrorCodes.NotFound);
      await expectError(lists(kind, a, b), ErrorCodes.NotFound);
    }
    await expectError(contacts.areContactsFor(ctx, b, a.memberId, c.memberId), ErrorCodes.NotFound);
    await expectError(contacts.isFollowingFor(ctx, b, a.memberId, c.memberId), ErrorCodes.NotFound);
    expect((await lists("contacts", c, a)).items.length).toBeGreaterThan(0);
  });

  it("stops messages both ways; the earlier conversation stays but cannot be answered", async () => {
    await expectError(messages.send(ctx, b, { toMemberId: a.memberId, subject: "Hi", body: "x" }), ErrorCodes.BadInput);
    await expectError(messages.send(ctx, a, { toMemberId: b.memberId, subject: "Hi", body: "x" }), ErrorCodes.BadInput);
    const inbox = await messages.list(ctx, a, { view: "all", limit: 30 });
    expect(inbox.items.map((m) => m.subject)).toEqual(["Before"]);
  });

  it("hides each from the other's search, lists, replies and likes, and their notifications", async () => {
    expect(ids(await searchMembers(ctx, a, "bertrand", 10))).toEqual([]);
    expect(ids(await searchMembers(ctx, b, "abelard", 10))).toEqual([]);
    expect(ids(await searchMembers(ctx, c, "bertrand", 10))).toEqual([b.memberId]);
    // C's contacts, as A sees them: B is left out; as C sees them, both are there.
    expect(ids((await contacts.listOf(ctx, a, "contacts", { memberId: c.memberId, limit: 100 })).items)).not.toContain(b.memberId);
    expect(ids((await contacts.listOf(ctx, c, "contacts", { limit: 100 })).items)).toEqual(
      expect.arrayContaining([a.memberId, b.memberId]),
    );

    const post = await feed.createPost(ctx, c, "Match report");
    await feed.reply(ctx, b, post.postId, "B was there");
    await feed.reply(ctx, a, post.postId, "A was there");
    await feed.setLike(ctx, b, post.postId, true);
    const aSees = (await feed.feed(ctx, a, { limit: 20 })).items.find((p) => p.postId === post.postId)!;
    expect(aSees.replies.map((r) => r.text)).toEqual(["A was there"]);
    expect(ids((await feed.likers(ctx, a, { postId: post.postId, limit: 20 })).items)).toEqual([]);
    const cSees = (await feed.feed(ctx, c, { limit: 20 })).items.find((p) => p.postId === post.postId)!;
    expect(cSees.replies).toHaveLength(2);

    // A's post, replied to by B (they meet on nothing now): nothing reaches A from B.
    const before = (await notifications.list(ctx, a, { view: "all", limit: 30 })).items.length;
    await notifications.notify(ctx, {
      memberId: a.memberId,
      kind: "post.replied",
      actorId: b.memberId,
      subject: "s",
      text: "t",
      link: "/home",
    });
    expect((await notifications.list(ctx, a, { view: "all", limit: 30 })).items).toHaveLength(before);
  });

  it("leaves B's posts out of A's feed even if a follow slipped in", async () => {
    const post = await feed.createPost(ctx, b, "Only for my followers");
    await ctx.db
      .insertInto("follow")
      .values({ followerId: a.memberId, followedId: b.memberId, createdAt: new Date().toISOString() })
      .execute();
    expect((await feed.feed(ctx, a, { limit: 50 })).items.map((p) => p.postId)).not.toContain(post.postId);
    await ctx.db.deleteFrom("follow").where("followerId", "=", a.memberId).where("followedId", "=", b.memberId).execute();
  });

  it("is lifted by the blocker only; the links stay ended", async () => {
    await expectError(contacts.unblock(ctx, b, a.memberId), ErrorCodes.NotFound);
    await contacts.unblock(ctx, a, b.memberId);
    expect(await viewProfile(ctx, b, a.memberId)).toMatchObject({ memberId: a.memberId });
    expect(await contacts.isFollowing(ctx, a.memberId, b.memberId)).toBe(false);
    expect(ids(await searchMembers(ctx, a, "bertrand", 10))).toEqual([b.memberId]);
  });

  it("refuses blocking oneself or nobody", async () => {
    await expectError(contacts.block(ctx, a, a.memberId), ErrorCodes.BadInput);
    await expectError(contacts.block(ctx, a, 999_999), ErrorCodes.NotFound);
  });
});

describe("accepting a request (third review pass)", () => {
  it("answers one text for a made-up id, no request and a block either way, so a block is not told apart", async () => {
    const x = await member("Xenia", "Asker");
    const y = await member("Yannick", "Answerer");
    const answer = (p: Promise<unknown>) =>
      p.then(
        () => "ok",
        (e: unknown) => String(e instanceof Error ? e.message : e),
      );
    const missing = await answer(contacts.acceptRequest(ctx, y, 999_999));
    expect(missing).toBe("There is no request from this member.");
    expect(await answer(contacts.acceptRequest(ctx, y, x.memberId))).toBe(missing);
    await contacts.block(ctx, x, y.memberId);
    expect(await answer(contacts.acceptRequest(ctx, y, x.memberId))).toBe(missing);
    await contacts.unblock(ctx, x, y.memberId);
    await contacts.block(ctx, y, x.memberId);
    expect(await answer(contacts.acceptRequest(ctx, y, x.memberId))).toBe(missing);
  });
});

describe("the feed's block condition", () => {
  it("probes member_block's primary key, both ways", async () => {
    const compiled = feedPageQuery(ctx.db, 1, 20).compile(ctx.db);
    if (isPostgres(ctx.db)) {
      const plan = await postgresPlan(ctx.db, compiled.sql, compiled.parameters);
      // An empty table: PostgreSQL may pick either index (both lead with a known id); never a scan.
      expect(plan).toMatch(/Index Only Scan using member_block_(pk|blocked_idx) on member_block/);
      expect(plan).not.toMatch(/Seq Scan on member_block/);
      return;
    }
    const explain = CompiledQuery.raw(`EXPLAIN QUERY PLAN ${compiled.sql}`, [...compiled.parameters]) as CompiledQuery<{ detail: string }>;
    const plan = (await ctx.db.executeQuery(explain)).rows.map((r) => r.detail).join("\n");
    // Both columns are known in each direction: the primary key answers both probes.
    expect(
      plan.match(/SEARCH member_block USING COVERING INDEX sqlite_autoindex_member_block_1 \(blocker_id=\? AND blocked_id=\?\)/g)?.length,
    ).toBeGreaterThanOrEqual(2);
    expect(plan).not.toMatch(/SCAN member_block/);
  });
});
