/**
 * Likes of posts on a real SQLite file (issue 15 point 6, decision 030): one like per member
 * (idempotent like and unlike), only for a post of the member's feed, the count and the viewer's
 * like on every feed row within the page's statement, "who liked" pages with the picture rule,
 * likes gone with their post or member, and the live count to the connected members who see the post.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError } from "#support/domain-errors.ts";
import { createMember, makeContacts, type TestMember } from "#support/members.ts";
import { type TestContext, closeTestContext, openTestContext } from "#support/service-context.ts";
import type { DB } from "../../platform/db/client.ts";
import type { AppContext } from "../../platform/context.ts";
import type { LiveEvent } from "../../platform/live.ts";
import { ErrorCodes } from "../../shared/errors.ts";
import { MemberStatus } from "../../shared/members.ts";
import { insertBlock, insertFollow } from "../contacts/contacts.repository.ts";
import * as live from "../live/live.service.ts";
import { savePrivacy } from "../privacy/privacy.service.ts";
import * as repo from "./feed.repository.ts";
import { feedInput, likersInput } from "./feed.schema.ts";
import * as feed from "./feed.service.ts";

let db: DB;
let ctx: AppContext;
let testContext: TestContext | undefined;
beforeAll(async () => {
  testContext = await openTestContext("likes");
  ({ ctx, db } = testContext);
  feed.registerLiveLikes(ctx);
});
afterAll(() => closeTestContext(testContext));

let seq = 0;
const newMember = (picturePath?: string) => createMember(db, { lastName: `Likes${++seq}`, picturePath });
const follow = (a: TestMember, b: TestMember) => insertFollow(db, a.memberId, b.memberId, new Date().toISOString());
const setStatus = (m: TestMember, status: number) => db.updateTable("member").set({ status }).where("id", "=", m.memberId).execute();
const postBy = async (m: TestMember, text = "Match day") => (await feed.createPost(ctx, m, text)).postId;
const likeRows = async (postId: number) =>
  (await db.selectFrom("postLike").select("memberId").where("postId", "=", postId).orderBy("memberId").execute()).map((r) => r.memberId);

/** The post as the viewer's feed shows it (its likes and whether the viewer likes it). */
async function seen(viewer: TestMember, postId: number) {
  const page = await feed.feed(ctx, viewer, feedInput.parse({ limit: 50 }));
  const post = page.items.find((p) => p.postId === postId);
  if (!post) throw new Error(`post ${postId} is not in the feed of ${viewer.memberId}`);
  return { likes: post.likes, liked: post.liked };
}

/** An author with a follower and a contact, and a post of the author's. */
async function postWithAudience() {
  const author = await newMember();
  const follower = await newMember();
  const contact = await newMember();
  await follow(follower, author);
  await makeContacts(db, author, contact);
  return { author, follower, contact, postId: await postBy(author) };
}

describe("liking and unliking", () => {
  it("counts one like per member: liking twice or unliking twice changes nothing the second time", async () => {
    const { author, follower, contact, postId } = await postWithAudience();
    expect(await seen(follower, postId)).toEqual({ likes: 0, liked: false });

    expect(await feed.setLike(ctx, follower, postId, true)).toEqual({ postId, likes: 1, liked: true });
    expect(await feed.setLike(ctx, follower, postId, true)).toEqual({ postId, likes: 1, liked: true });
    expect(await likeRows(postId)).toEqual([follower.memberId]);
    expect(await feed.setLike(ctx, contact, postId, true)).toEqual({ postId, likes: 2, liked: true });
    expect(await feed.setLike(ctx, author, postId, true)).toEqual({ postId, likes: 3, liked: true });

    expect(await seen(follower, postId)).toEqual({ likes: 3, liked: true });
    await feed.setLike(ctx, contact, postId, false);
    expect(await feed.setLike(ctx, contact, postId, false)).toEqual({ postId, likes: 2, liked: false });
    expect(await seen(contact, postId)).toEqual({ likes: 2, liked: false });
    expect(await seen(author, postId)).toEqual({ likes: 2, liked: true });
    expect(await likeRows(postId)).toEqual([author.memberId, follower.memberId].sort((a, b) => a - b));
  });

  it("refuses a post outside the member's feed as NOT_FOUND, writing nothing (a stranger, a follower's post, a deactivated author)", async () => {
    const { author, follower, postId } = await postWithAudience();
    const stranger = await newMember();
    await expectError(feed.setLike(ctx, stranger, postId, true), ErrorCodes.NotFound);
    // Following is one way: the author does not see the follower's posts.
    const followersPost = await postBy(follower);
    await expectError(feed.setLike(ctx, author, followersPost, true), ErrorCodes.NotFound);
    await expectError(feed.likers(ctx, stranger, likersInput.parse({ postId })), ErrorCodes.NotFound);
    await expectError(feed.setLike(ctx, follower, 999_999_999, true), ErrorCodes.NotFound);
    expect(await likeRows(postId)).toEqual([]);
    expect(await likeRows(followersPost)).toEqual([]);

    await setStatus(author, MemberStatus.Deactivated);
    await expectError(feed.setLike(ctx, follower, postId, true), ErrorCodes.NotFound);
    expect(await likeRows(postId)).toEqual([]);
    await setStatus(author, MemberStatus.Active);
  });
});

describe("counts on a page", () => {
  it("carries each post's own count and the viewer's like on every row, in the page's statement", async () => {
    const author = await newMember();
    const fans = await Promise.all([1, 2, 3].map(() => newMember()));
    for (const fan of fans) await follow(fan, author);
    const posts = [await postBy(author, "one"), await postBy(author, "two"), await postBy(author, "three")];
    // post i is liked by the first i fans
    for (const [i, postId] of posts.entries()) for (const fan of fans.slice(0, i)) await feed.setLike(ctx, fan, postId, true);

    const rows = await repo.feedPage(db, fans[1]!.memberId, 10);
    const byId = new Map(rows.map((r) => [r.id, { likes: Number(r.likeCount), liked: r.liked }]));
    expect(posts.map((id) => byId.get(id))).toEqual([
      { likes: 0, liked: 0 },
      { likes: 1, liked: 0 },
      { likes: 2, liked: 1 },
    ]);
  });

  it("keeps a deactivated member's like in the count but lists active members only, until they reactivate", async () => {
    const { author, follower, contact, postId } = await postWithAudience();
    await feed.setLike(ctx, follower, postId, true);
    await feed.setLike(ctx, contact, postId, true);
    const listed = async () => (await feed.likers(ctx, author, likersInput.parse({ postId }))).items.map((a) => a.memberId);
    await setStatus(contact, MemberStatus.Deactivated);
    expect(await seen(author, postId)).toEqual({ likes: 2, liked: false });
    expect(await listed()).toEqual([follower.memberId]);
    await setStatus(contact, MemberStatus.Active);
    expect(await listed()).toEqual([contact.memberId, follower.memberId]);
  });
});

describe("who liked", () => {
  it("pages newest like first with the cursor, no one twice, pictures by the picture rule", async () => {
    const author = await newMember();
    const viewer = await newMember();
    await follow(viewer, author);
    const postId = await postBy(author);
    const fans: TestMember[] = [];
    for (let i = 0; i < 5; i++) {
      const fan = await newMember(`fan-${seq}.png`);
      await follow(fan, author);
      // Likes at distinct, known times (the service stamps "now").
      await repo.insertLike(db, postId, fan.memberId, `2026-11-26T06:0${i}:00.000Z`);
      fans.push(fan);
    }
    // The last fan shows their picture to contacts only; the viewer is not one, the author is.
    await makeContacts(db, author, fans[4]!);
    await savePrivacy(ctx, fans[4]!.memberId, { viewProfilePicture: 0 });

    const ids: number[] = [];
    let cursor: string | undefined;
    const pictures = new Map<number, string>();
    for (let i = 0; i < 5; i++) {
      const page = await feed.likers(ctx, viewer, likersInput.parse({ postId, cursor, limit: 2 }));
      for (const a of page.items) pictures.set(a.memberId, a.picturePath);
      ids.push(...page.items.map((a) => a.memberId));
      if (!page.nextCursor) break;
      cursor = page.nextCursor;
    }
    expect(ids).toEqual(fans.map((f) => f.memberId).reverse());
    expect(pictures.get(fans[4]!.memberId)).not.toContain(`fan-`);
    expect(pictures.get(fans[3]!.memberId)).toContain(`fan-`);
    const asAuthor = await feed.likers(ctx, author, likersInput.parse({ postId, limit: 1 }));
    expect(asAuthor.items[0]).toMatchObject({ memberId: fans[4]!.memberId, name: expect.stringContaining("Likes") });
    expect(asAuthor.items[0]!.picturePath).toContain("fan-");
    await expectError(feed.likers(ctx, viewer, likersInput.parse({ postId, cursor: "not a cursor" })), ErrorCodes.BadInput);
  });
});

describe("deletion", () => {
  it("takes a post's likes with the post, and a member's likes with the member", async () => {
    const { author, follower, contact, postId } = await postWithAudience();
    const other = await postBy(author, "another");
    await feed.setLike(ctx, follower, postId, true);
    await feed.setLike(ctx, contact, postId, true);
    await feed.setLike(ctx, contact, other, true);

    await db.deleteFrom("member").where("id", "=", contact.memberId).execute();
    expect(await likeRows(postId)).toEqual([follower.memberId]);
    expect(await likeRows(other)).toEqual([]);
    expect(await seen(author, postId)).toEqual({ likes: 1, liked: false });

    await db.deleteFrom("post").where("id", "=", postId).execute();
    expect(await likeRows(postId)).toEqual([]);
  });
});

describe("live counts", () => {
  /** Opens a member's live stream and reads its first event (stream.ready); `next` reads the following one. */
  async function openStream(m: TestMember) {
    const controller = new AbortController();
    const stream = live.stream(ctx, m, null, controller.signal);
    const ready = (await stream.next()).value as LiveEvent;
    return { ready, next: async () => (await stream.next()).value as LiveEvent, close: () => controller.abort() };
  }

  it("tells the connected members who see the post its new count, the liker also `liked`; not the others, and writes no log row", async () => {
    const { author, follower, contact, postId } = await postWithAudience();
    const stranger = await newMember();
    const streams = await Promise.all([author, follower, contact, stranger].map(openStream));
    const heardByStranger: LiveEvent[] = [];
    const stop = ctx.live.subscribe(stranger.memberId, (e) => heardByStranger.push(e));
    const logged = async () =>
      Number(
        (
          await db
            .selectFrom("liveEvent")
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const logBefore = await logged();
    try {
      await feed.setLike(ctx, follower, postId, true);
      const [toAuthor, toFollower, toContact] = await Promise.all(streams.slice(0, 3).map((s) => s.next()));
      expect(toAuthor).toMatchObject({ type: "post.likes", data: { postId, likes: 1 }, id: streams[0]!.ready.id });
      expect(toAuthor!.data).not.toHaveProperty("liked");
      expect(toContact).toMatchObject({ type: "post.likes", data: { postId, likes: 1 } });
      expect(toFollower).toMatchObject({ type: "post.likes", data: { postId, likes: 1, liked: true } });

      // Liking again changes nothing, so nothing is told; unliking is.
      await feed.setLike(ctx, follower, postId, true);
      await feed.setLike(ctx, follower, postId, false);
      expect(await streams[0]!.next()).toMatchObject({ type: "post.likes", data: { postId, likes: 0 } });
      expect(await streams[1]!.next()).toMatchObject({ type: "post.likes", data: { postId, likes: 0, liked: false } });
      expect(heardByStranger).toEqual([]);
      expect(await logged()).toBe(logBefore);
    } finally {
      stop();
      for (const s of streams) s.close();
    }
  });

  it("tells nobody on either side of a block with the author, even one whose follow or contact is still there (decision 041)", async () => {
    const { author, follower, contact, postId } = await postWithAudience();
    const blocker = await newMember();
    const blocked = await newMember();
    // Rows as a block's race could leave them: the links stand, the block too (each way once).
    await follow(blocker, author);
    await makeContacts(db, author, blocked);
    await insertBlock(db, blocker.memberId, author.memberId, new Date().toISOString());
    await insertBlock(db, author.memberId, blocked.memberId, new Date().toISOString());
    const streams = await Promise.all([author, contact].map(openStream));
    const heard: LiveEvent[] = [];
    const stops = [blocker, blocked].map((m) => ctx.live.subscribe(m.memberId, (e) => heard.push(e)));
    try {
      await feed.setLike(ctx, follower, postId, true);
      expect(await streams[0]!.next()).toMatchObject({ type: "post.likes", data: { postId, likes: 1 } });
      expect(await streams[1]!.next()).toMatchObject({ type: "post.likes", data: { postId, likes: 1 } });
      expect(heard).toEqual([]);
      expect(await repo.audienceAmong(db, author.memberId, [blocker.memberId, blocked.memberId, contact.memberId])).toEqual([
        contact.memberId,
      ]);
    } finally {
      for (const stop of stops) stop();
      for (const s of streams) s.close();
    }
  });
});
