/**
 * The feed service on a real SQLite file: whose posts make up a member's feed, newest-first order
 * with ties in insertion order, keyset paging without duplicates or gaps, replies of a page in a
 * fixed number of queries, the 150-character rule, and the post.replied event.
 */
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { expectError } from "#support/domain-errors.ts";
import { createMember, makeContacts } from "#support/members.ts";
import { type TestContext, closeTestContext, openTestContext } from "#support/service-context.ts";
import { type DB, statementsRun } from "../../platform/db/client.ts";
import { ErrorCodes } from "../../shared/errors.ts";
import { MemberStatus } from "../../shared/members.ts";
import { POSTS_PER_PAGE } from "../../shared/limits.ts";
import * as contactsRepo from "../contacts/contacts.repository.ts";
import { insertFollow, insertRequest } from "../contacts/contacts.repository.ts";
import { adultBornBy } from "../privacy/privacy.service.ts";
import type { Actor, AppContext } from "../../platform/context.ts";
import type { DomainEvent } from "../../platform/events.ts";
import * as repo from "./feed.repository.ts";
import { feedInput, POST_REQUIRED, POST_TOO_LONG } from "./feed.schema.ts";
import * as feed from "./feed.service.ts";

let db: DB;
let ctx: AppContext;
let testContext: TestContext | undefined;
beforeAll(async () => {
  testContext = await openTestContext("feed");
  ({ ctx, db } = testContext);
});
afterAll(() => closeTestContext(testContext));

let events: DomainEvent[] = [];
let unsubscribe: () => void = () => {};
beforeEach(() => {
  events = [];
  unsubscribe = ctx.events.subscribe("post.replied", (e) => {
    events.push(e);
  });
});
afterEach(() => unsubscribe());
/** Waits for the handlers of the events published so far. */
const settle = () => ctx.events.settled();

let seq = 0;
const newMember = (first?: string) => createMember(db, { firstName: first, lastName: `Feed${++seq}` });
const connect = (a: Actor, b: Actor) => makeContacts(db, a, b);
const follow = (a: Actor, b: Actor) => insertFollow(db, a.memberId, b.memberId, new Date().toISOString());
const setStatus = (m: Actor, status: number) => db.updateTable("member").set({ status }).where("id", "=", m.memberId).execute();
/** A post with a chosen time (the service always stamps "now"). */
const postAt = (m: Actor, text: string, at: string) => repo.insertPost(db, m.memberId, text, at);

const page = (viewer: Actor, input: { cursor?: string; limit?: number } = {}) => feed.feed(ctx, viewer, feedInput.parse(input));

/** Every post of the viewer's feed, following the cursors; fails on a loop. */
async function allPages(viewer: Actor, limit: number): Promise<{ ids: number[]; sizes: number[] }> {
  const ids: number[] = [];
  const sizes: number[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 100; i++) {
    const p = await page(viewer, { cursor, limit });
    ids.push(...p.items.map((x) => x.postId));
    sizes.push(p.items.length);
    if (!p.nextCursor) return { ids, sizes };
    cursor = p.nextCursor;
  }
  throw new Error("paging did not end");
}

/** Counts the statements run on the database (the engine's own count: precompiled statements included). */
function countingDb(): { db: DB; count: () => number; reset: () => void } {
  let from = statementsRun(db);
  return { db, count: () => statementsRun(db) - from, reset: () => void (from = statementsRun(db)) };
}

describe("feed membership", () => {
  it("holds the member's own posts and those of contacts and followed members, not strangers' nor followers'", async () => {
    const [me, contact, followed, follower, stranger, pending] = await Promise.all([
      newMember("Me"),
      newMember("Contact"),
      newMember("Followed"),
      newMember("Follower"),
      newMember("Stranger"),
      newMember("Pending"),
    ]);
    await connect(contact, me); // accepted either way round
    await follow(me, followed);
    await follow(follower, me);
    await insertRequest(db, me.memberId, pending.memberId, new Date().toISOString()); // not accepted: not a contact
    const ids = new Map<Actor, number>();
    for (const m of [me, contact, followed, follower, stranger, pending])
      ids.set(m, (await feed.createPost(ctx, m, `post of ${m.memberId}`)).postId);

    const mine = (await page(me, { limit: 50 })).items.map((p) => p.postId);
    expect(new Set(mine)).toEqual(new Set([ids.get(me), ids.get(contact), ids.get(followed)]));
    // Following is one way: the follower sees me, I do not see them.
    expect((await page(follower, { limit: 50 })).items.map((p) => p.postId)).toEqual(expect.arrayContaining([ids.get(me)]));
    expect((await page(stranger, { limit: 50 })).items.map((p) => p.postId)).toEqual([ids.get(stranger)]);
    expect((await page(contact, { limit: 50 })).items.map((p) => p.postId)).toEqual(expect.arrayContaining([ids.get(me)]));
  });

  it("leaves out the posts and replies of deactivated members until they reactivate", async () => {
    const [me, friend, other] = await Promise.all([newMember("Me"), newMember("Friend"), newMember("Other")]);
    await connect(me, friend);
    await connect(me, other);
    const pId = await postAt(friend, "I will be back", "2026-01-01T00:00:00.000Z");
    const p = { postId: pId };
    const mine = { postId: await postAt(me, "My post", "2026-01-02T00:00:00.000Z") };
    await feed.reply(ctx, other, mine.postId, "Nice one");
    await setStatus(friend, MemberStatus.Deactivated);
    await setStatus(other, MemberStatus.Deactivated);
    const items = (await page(me, { limit: 50 })).items;
    expect(items.map((x) => x.postId)).toEqual([mine.postId]);
    expect(items[0]!.replies).toEqual([]);
    await expectError(feed.replies(ctx, me, p.postId), ErrorCodes.NotFound);
    await expectError(feed.reply(ctx, me, p.postId, "hello?"), ErrorCodes.NotFound);
    await setStatus(friend, MemberStatus.Active);
    await setStatus(other, MemberStatus.Active);
    const back = (await page(me, { limit: 50 })).items;
    expect(back.map((x) => x.postId)).toEqual([mine.postId, p.postId]);
    expect(back[0]!.replies.map((r) => r.text)).toEqual(["Nice one"]);
  });
});

describe("order and paging", () => {
  it("lists newest first, posts of the same instant in insertion order", async () => {
    const [me, friend] = await Promise.all([newMember(), newMember()]);
    await connect(me, friend);
    const t = (d: number) => `2026-0${d}-01T12:00:00.000Z`;
    const a = await postAt(me, "a (March)", t(3));
    const b = await postAt(friend, "b (May, first)", t(5));
    const c = await postAt(me, "c (May, second)", t(5));
    const d = await postAt(friend, "d (April)", t(4));
    const e = await postAt(me, "e (May, third)", t(5));
    const items = (await page(me, { limit: 50 })).items;
    expect(items.map((x) => x.postId)).toEqual([b, c, e, d, a]);
  });

  it("pages with the cursor without duplicates or gaps, ties across page boundaries included", async () => {
    const [me, friend, followed] = await Promise.all([newMember(), newMember(), newMember()]);
    await connect(me, friend);
    await follow(me, followed);
    const authors = [me, friend, followed];
    // 23 posts over 4 instants: many ties, and page boundaries fall inside them.
    for (let i = 0; i < 23; i++) await postAt(authors[i % 3]!, `post ${i}`, `2026-02-0${1 + (i % 4)}T08:00:00.000Z`);
    const expected = (
      await db
        .selectFrom("post")
        .select("id")
        .where(
          "memberId",
          "in",
          authors.map((a) => a.memberId),
        )
        .orderBy("createdAt", "desc")
        .orderBy("id", "asc")
        .execute()
    ).map((r) => r.id);
    expect(expected).toHaveLength(23);

    for (const limit of [1, 2, 3, POSTS_PER_PAGE, 7, 23, 50]) {
      const { ids, sizes } = await allPages(me, limit);
      expect(ids, `limit ${limit}`).toEqual(expected);
      expect(
        sizes.slice(0, -1).every((s) => s === limit),
        `limit ${limit}`,
      ).toBe(true);
    }
    // The default page is 5 (spec section 9).
    expect((await page(me)).items).toHaveLength(POSTS_PER_PAGE);
  });

  it("shows a post written while paging at the top of the first page only", async () => {
    const me = await newMember();
    for (let i = 0; i < 6; i++) await postAt(me, `old ${i}`, `2025-01-0${1 + i}T00:00:00.000Z`);
    const first = await page(me, { limit: 3 });
    const fresh = await feed.createPost(ctx, me, "fresh");
    const second = await page(me, { limit: 3, cursor: first.nextCursor! });
    expect(second.items.map((x) => x.postId)).not.toContain(fresh.postId);
    expect([...first.items, ...second.items].map((x) => x.text)).toEqual(["old 5", "old 4", "old 3", "old 2", "old 1", "old 0"]);
    expect((await page(me, { limit: 3 })).items[0]!.postId).toBe(fresh.postId);
  });

  it("refuses a malformed cursor", async () => {
    const me = await newMember();
    for (const cursor of [
      "nope",
      Buffer.from("[1,2]").toString("base64url"),
      Buffer.from("{}").toString("base64url"),
      Buffer.from("null").toString("base64url"),
    ]) {
      await expectError(page(me, { cursor }), ErrorCodes.BadInput);
    }
  });
});

describe("the page's statement on PostgreSQL", () => {
  it.runIf(process.env.SIDELINE_TEST_ENGINE === "postgres")(
    "is prepared once per connection and then runs one plan for every viewer (no planning per page)",
    async () => {
      const viewers = await Promise.all([newMember("Plan1"), newMember("Plan2"), newMember("Plan3")]);
      await connect(viewers[0], viewers[1]);
      await postAt(viewers[1], "planned", new Date().toISOString());
      // A transaction runs on one connection: the one whose prepared statements are looked at.
      const plans = await db.transaction().execute(async (trx) => {
        for (let i = 0; i < 12; i++) await repo.feedPage(trx, viewers[i % 3]!.memberId, 17);
        return (
          await sql<{ generic: number; custom: number }>`
            SELECT generic_plans AS generic, custom_plans AS custom FROM pg_prepared_statements
            WHERE statement LIKE '%queued_author%' AND statement LIKE '%LIMIT 17%'`.execute(trx)
        ).rows;
      });
      expect(plans).toHaveLength(1);
      // PostgreSQL plans the first five runs for their values, then keeps a plan for any viewer.
      expect(Number(plans[0]!.custom)).toBeLessThanOrEqual(5);
      expect(Number(plans[0]!.generic)).toBeGreaterThanOrEqual(7);
    },
  );
});

describe("the replies' and pictures' statements on PostgreSQL (ids in slots, decision 055)", () => {
  it.runIf(process.env.SIDELINE_TEST_ENGINE === "postgres")(
    "are prepared once per slot count and then run one plan for any ids of that count, padded or not",
    async () => {
      const viewers = await Promise.all([newMember("Slot1"), newMember("Slot2"), newMember("Slot3")]);
      await connect(viewers[0], viewers[1]);
      const posts: number[] = [];
      for (let i = 0; i < 8; i++) posts.push(await postAt(viewers[i % 2]!, `slotted ${i}`, new Date(Date.now() - i * 1000).toISOString()));
      await feed.reply(ctx, viewers[0], posts[1]!, "a reply");
      const plans = await db.transaction().execute(async (trx) => {
        // Five to eight ids: one statement of 8 slots, the shorter lists padded with their last id.
        for (let i = 0; i < 12; i++) {
          const some = posts.slice(i % 4, (i % 4) + 5 + (i % 4));
          const replies = await repo.repliesOf(trx, viewers[i % 3]!.memberId, some, adultBornBy());
          expect(replies.map((r) => r.postId)).toEqual(some.includes(posts[1]!) ? [posts[1]] : []);
          const facts = await contactsRepo.pictureFacts(
            trx,
            viewers[i % 3]!.memberId,
            viewers.map((v) => v.memberId).concat(some.slice(0, 2 + (i % 4))),
          );
          expect(facts.map((f) => f.memberId).sort((a, b) => a - b)).toEqual(viewers.map((v) => v.memberId).sort((a, b) => a - b));
        }
        return (
          await sql<{ statement: string; generic: number; custom: number }>`
            SELECT statement, generic_plans AS generic, custom_plans AS custom FROM pg_prepared_statements
            WHERE statement LIKE '%unnest(ARRAY[%'`.execute(trx)
        ).rows;
      });
      // Earlier tests prepared other slot counts on this connection: the ones of 8 slots are looked at.
      const ofEight = plans.filter((p) => p.statement.match(/unnest\(ARRAY\[([^\]]*)\]/)![1]!.split(",").length === 8);
      expect(ofEight.map((p) => p.statement.match(/from "(\w+)"/)?.[1]).sort()).toEqual(["member", "post_reply"]);
      for (const p of ofEight) {
        // PostgreSQL plans the first five runs for their values, then keeps one plan.
        expect(Number(p.custom)).toBeLessThanOrEqual(5);
        expect(Number(p.generic)).toBeGreaterThanOrEqual(7);
      }
    },
  );
});

describe("replies of a page", () => {
  it("come nested with each post, oldest first, loaded in three queries whatever the page size (posts, replies, the authors' pictures)", async () => {
    const [me, a, b] = await Promise.all([newMember("Me"), newMember("A"), newMember("B")]);
    await connect(me, a);
    await connect(me, b);
    await connect(a, b);
    const posts: number[] = [];
    for (let i = 0; i < 5; i++) posts.push(await postAt(i % 2 ? a : me, `post ${i}`, `2026-03-0${1 + i}T10:00:00.000Z`));
    for (const [i, postId] of posts.entries()) {
      for (let r = 0; r <= i; r++) await feed.reply(ctx, r % 2 ? a : b, postId, `reply ${r} to ${i}`);
    }

    const counted = countingDb();
    const withCount = { ...ctx, db: counted.db };
    const one = await feed.feed(withCount, me, { limit: 1 });
    expect(counted.count()).toBe(3);
    expect(one.items[0]!.replies).toHaveLength(5);

    counted.reset();
    const five = await feed.feed(withCount, me, { limit: 5 });
    expect(counted.count()).toBe(3);
    expect(five.items.map((p) => p.postId)).toEqual([...posts].reverse());
    for (const p of five.items) {
      const i = posts.indexOf(p.postId);
      expect(p.replies.map((r) => r.text)).toEqual(Array.from({ length: i + 1 }, (_, r) => `reply ${r} to ${i}`));
      expect(p.replies.every((r) => r.postId === p.postId)).toBe(true);
    }
    expect(five.items[0]!.replies[1]!.author).toMatchObject({ memberId: a.memberId, firstName: "A", picturePath: "/images/default.png" });

    counted.reset();
    const replies = await feed.replies(withCount, me, posts[4]!);
    expect(replies.map((r) => r.text)).toEqual(five.items[0]!.replies.map((r) => r.text));
    expect(counted.count()).toBe(3);
  });
});

describe("posting and replying", () => {
  it("accepts 150 characters and refuses 151 or nothing, writing nothing", async () => {
    const [me, friend] = await Promise.all([newMember(), newMember()]);
    await connect(me, friend);
    const p = await feed.createPost(ctx, me, "x".repeat(150));
    expect(p.text).toHaveLength(150);
    const trimmed = await feed.createPost(ctx, me, `  ${"y".repeat(150)}  `);
    expect(trimmed.text).toBe("y".repeat(150));
    const count = async () => ({
      posts: Number(
        (
          await db
            .selectFrom("post")
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      ),
      replies: Number(
        (
          await db
            .selectFrom("postReply")
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    });
    const before = await count();
    await expectError(feed.createPost(ctx, me, "x".repeat(151)), ErrorCodes.BadInput, POST_TOO_LONG);
    await expectError(feed.createPost(ctx, me, "   "), ErrorCodes.BadInput, POST_REQUIRED);
    await expectError(feed.reply(ctx, friend, p.postId, "x".repeat(151)), ErrorCodes.BadInput, POST_TOO_LONG);
    await expectError(feed.reply(ctx, friend, p.postId, ""), ErrorCodes.BadInput, POST_REQUIRED);
    expect(await count()).toEqual(before);
    const r = await feed.reply(ctx, friend, p.postId, "r".repeat(150));
    expect(r.text).toHaveLength(150);
    await settle();
  });

  it("publishes post.replied once, with the post author's id, for each reply", async () => {
    const [author, replier, stranger] = await Promise.all([newMember("Author"), newMember("Replier"), newMember("Stranger")]);
    await connect(author, replier);
    const p = await feed.createPost(ctx, author, "Game day!");
    const r = await feed.reply(ctx, replier, p.postId, "Good luck!");
    await settle();
    expect(events).toEqual([
      {
        type: "post.replied",
        postId: p.postId,
        postAuthorId: author.memberId,
        replyId: r.replyId,
        replierId: replier.memberId,
        text: r.text,
        at: r.createdAt,
      },
    ]);

    events = [];
    const own = await feed.reply(ctx, author, p.postId, "Thanks!");
    await settle();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ postAuthorId: author.memberId, replierId: author.memberId, replyId: own.replyId });

    events = [];
    await expectError(feed.reply(ctx, stranger, p.postId, "Who are you?"), ErrorCodes.NotFound);
    await expectError(feed.reply(ctx, replier, 999_999_999, "Nothing here"), ErrorCodes.NotFound);
    await settle();
    expect(events).toEqual([]);
  });
});
