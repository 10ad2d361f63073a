/**
 * Contract tests of the home feed and the right column over HTTP against the real Bun server
 * (rest-api.md: member/getRecentPosts, GetRecentPostResponses, SavePosts and the aliases
 * CreateMemberPost / CreatePostComment; common/getRecentNews, GetAds, SendAdvertisementInfo): who
 * sees a post, nested replies, keyset paging with X-Next-Cursor, the 150-character rule, the news
 * and site guide shapes, and advertising enquiries stored and mailed to OPERATOR_EMAIL. The mapping
 * to the legacy keys is documented in src/server/rest/feed.ts.
 */
import { describe, expect, it } from "vitest";
import { serverHarness } from "#support/harness.ts";
import { callsAs, expectError, expectJson, nameTag } from "#support/rest-calls.ts";
import { bearer, qs, type RegisteredMember, registerAndConfirm, startServer } from "#support/server.ts";

const OPERATOR = "ops@sideline.example.org";
const h = serverHarness({ env: { OPERATOR_EMAIL: OPERATOR } });
const { get, post, put } = callsAs(h);

const POST_KEYS = [
  "postID",
  "memberID",
  "memberName",
  "firstName",
  "picturePath",
  "description",
  "datePosted",
  "childPostCnt",
  "children",
  "likeCounter",
].sort();
const REPLY_KEYS = [
  "postResponseID",
  "postID",
  "description",
  "dateResponded",
  "memberID",
  "memberName",
  "firstName",
  "picturePath",
].sort();
const NEWS_KEYS = ["id", "imageUrl", "headerText", "postingDate", "textField", "navigateUrl"].sort();
const AD_KEYS = ["id", "headerText", "imageUrl", "textField", "navigateUrl"].sort();

type M = Pick<RegisteredMember, "accessToken" | "memberId" | "email">;
type LegacyReply = {
  postResponseID: number;
  postID: number;
  description: string;
  dateResponded: string;
  memberID: string;
  memberName: string;
};
type LegacyPost = {
  postID: number;
  memberID: string;
  memberName: string;
  description: string;
  datePosted: string;
  childPostCnt: number;
  children: LegacyReply[];
};

const member = (first = "Casey"): Promise<RegisteredMember> =>
  registerAndConfirm(h.server.baseUrl, h.sink, { firstName: first, lastName: nameTag("Feed") });

async function connect(a: M, b: M) {
  const pair = (x: M, y: M) => qs({ memberID: x.memberId, contactID: y.memberId });
  expectJson(await put(a, `/api/contact/SendRequestContact${pair(a, b)}`));
  expectJson(await put(b, `/api/contact/AcceptRequest${pair(b, a)}`));
}
const follow = async (a: M, b: M) =>
  expectJson(await post(a, `/api/contact/FollowMember${qs({ memberID: a.memberId, contactID: b.memberId })}`));

async function newPost(m: M, text: string): Promise<LegacyPost> {
  const res = await post(m, `/api/member/SavePosts/${m.memberId}/0${qs({ postMsg: text })}`);
  expectJson(res);
  return res.json;
}
async function newReply(m: M, postId: number, text: string): Promise<LegacyReply> {
  const res = await post(m, `/api/member/SavePosts/${m.memberId}/${postId}${qs({ postMsg: text })}`);
  expectJson(res);
  return res.json;
}
async function feedOf(m: M, extra: Record<string, string | number> = {}): Promise<{ items: LegacyPost[]; next: string | null }> {
  const res = await get(m, `/api/member/getRecentPosts/${m.memberId}${Object.keys(extra).length ? qs(extra) : ""}`);
  expectJson(res);
  expect(Array.isArray(res.json)).toBe(true);
  return { items: res.json, next: res.headers.get("x-next-cursor") };
}

const postCount = () => h.db.value<number>("select count(*) from post");
const replyCount = () => h.db.value<number>("select count(*) from post_reply");

describe("member/SavePosts and getRecentPosts: who sees a post", () => {
  it("puts a new post at the top of the author's, a contact's and a follower's feed, never a stranger's", async () => {
    const [author, contact, follower, stranger] = await Promise.all([
      member("Author"),
      member("Contact"),
      member("Follower"),
      member("Stranger"),
    ]);
    await connect(author, contact);
    await follow(follower, author);
    // Each reader has something older in their feed already.
    for (const m of [author, contact, follower, stranger]) await newPost(m, `Earlier post of ${m.email}`);

    const saved = await newPost(author, "  Tryouts went well today, thanks coach!  ");
    expect(Object.keys(saved).sort()).toEqual(POST_KEYS);
    expect(saved).toMatchObject({
      memberID: String(author.memberId),
      firstName: "Author",
      description: "Tryouts went well today, thanks coach!",
      childPostCnt: 0,
      children: [],
      picturePath: "/images/default.png",
    });
    expect(saved.memberName).toMatch(/^Author Feed[a-z]+$/);
    expect(typeof saved.postID).toBe("number");
    expect(new Date(saved.datePosted).toISOString()).toBe(saved.datePosted);

    for (const reader of [author, contact, follower]) {
      const { items } = await feedOf(reader);
      expect(items[0], `feed of ${reader.email}`).toEqual(saved);
    }
    const strangers = await feedOf(stranger);
    expect(strangers.items.map((p) => p.postID)).not.toContain(saved.postID);
    expect(strangers.items.map((p) => p.memberID)).toEqual([String(stranger.memberId)]);
    // The author does not see the follower's posts (following is one way); the contact sees the author's.
    expect((await feedOf(author)).items.map((p) => p.memberID)).not.toContain(String(follower.memberId));
  });

  it("nests replies, oldest first, in children with childPostCnt, and lists them with GetRecentPostResponses", async () => {
    const [author, contact] = await Promise.all([member("Poster"), member("Replier")]);
    await connect(author, contact);
    const p = await newPost(author, "Who is going to the combine?");
    const r1 = await newReply(contact, p.postID, "I am!");
    const r2 = await newReply(author, p.postID, "See you there.");
    expect(Object.keys(r1).sort()).toEqual(REPLY_KEYS);
    expect(r1).toMatchObject({ postID: p.postID, description: "I am!", memberID: String(contact.memberId), firstName: "Replier" });
    expect(typeof r1.postResponseID).toBe("number");

    for (const reader of [author, contact]) {
      const top = (await feedOf(reader)).items.find((x) => x.postID === p.postID)!;
      expect(top.childPostCnt).toBe(2);
      expect(top.children).toEqual([r1, r2]);
    }
    const res = await get(contact, `/api/member/GetRecentPostResponses/${p.postID}`);
    expectJson(res);
    expect(res.json).toEqual([r1, r2]);
    // Routing is case-insensitive and /services/ is served too.
    expect((await get(author, `/services/member/getRecentPostResponses/${p.postID}`)).json).toEqual([r1, r2]);
  });

  it("answers 404 for the replies of, or a reply to, a post outside the caller's feed, writing nothing", async () => {
    const [author, stranger] = await Promise.all([member("Hidden"), member("Outsider")]);
    const p = await newPost(author, "Only for my network");
    expectError(await get(stranger, `/api/member/GetRecentPostResponses/${p.postID}`), 404);
    expectError(await get(stranger, `/api/member/GetRecentPostResponses/999999999`), 404);
    const replies = await replyCount();
    expectError(await post(stranger, `/api/member/SavePosts/${stranger.memberId}/${p.postID}${qs({ postMsg: "sneaky" })}`), 404);
    expectError(await post(stranger, `/api/member/CreatePostComment/${stranger.memberId}/${p.postID}${qs({ postMsg: "sneaky" })}`), 404);
    expect(await replyCount()).toBe(replies);
  });

  it("pages through more than 5 posts with X-Next-Cursor: every post once, newest first, ties in insertion order", async () => {
    const m = await member("Pager");
    const written: number[] = [];
    for (let i = 1; i <= 12; i++) written.push((await newPost(m, `Post number ${i}`)).postID);
    const expected = (
      await h.db.rows<{ id: number }>("select id from post where member_id = ? order by created_at desc, id asc", m.memberId)
    ).map((r) => r.id);
    expect(new Set(expected)).toEqual(new Set(written));

    const seen: number[] = [];
    const sizes: number[] = [];
    let cursor: string | null = null;
    for (let round = 0; round < 10; round++) {
      const page: { items: LegacyPost[]; next: string | null } = await feedOf(m, cursor ? { cursor } : {});
      sizes.push(page.items.length);
      seen.push(...page.items.map((p) => p.postID));
      cursor = page.next;
      if (!cursor) break;
    }
    expect(sizes).toEqual([5, 5, 2]);
    expect(seen).toEqual(expected);
    // Posts written in the same millisecond keep their insertion order within the newest-first list.
    const byTime = await h.db.rows<{ id: number; created_at: string }>("select id, created_at from post where member_id = ?", m.memberId);
    const at = new Map(byTime.map((r) => [r.id, r.created_at]));
    for (let i = 1; i < seen.length; i++) {
      const [a, b] = [at.get(seen[i - 1]!)!, at.get(seen[i]!)!];
      expect(a > b || (a === b && seen[i - 1]! < seen[i]!)).toBe(true);
    }

    const two = await feedOf(m, { limit: 2 });
    expect(two.items.map((p) => p.postID)).toEqual(expected.slice(0, 2));
    const next = await feedOf(m, { limit: 2, cursor: two.next! });
    expect(next.items.map((p) => p.postID)).toEqual(expected.slice(2, 4));

    expectError(await get(m, `/api/member/getRecentPosts/${m.memberId}?cursor=not-a-cursor`), 400);
    expectError(await get(m, `/api/member/getRecentPosts/${m.memberId}?limit=0`), 400);
    expectError(await get(m, `/api/member/getRecentPosts/${m.memberId}?limit=51`), 400);
  });

  it("is personal: another member's feed is 403, no session 401, a malformed id 400", async () => {
    const [a, b] = await Promise.all([member("Owner"), member("Other")]);
    expectError(await get(b, `/api/member/getRecentPosts/${a.memberId}`), 403);
    expectError(await get(null, `/api/member/getRecentPosts/${a.memberId}`), 401);
    expectError(await get(null, `/api/member/GetRecentPostResponses/1`), 401);
    expectError(await get(a, `/api/member/getRecentPosts/abc`), 400);
    expectError(await get(a, `/api/member/getRecentPosts`), 400);
  });
});

describe("member/SavePosts: the text", () => {
  it("accepts 150 characters; 151 and empty answer 400 with the message, writing nothing", async () => {
    const m = await member("Writer");
    const p150 = await newPost(m, "x".repeat(150));
    expect(p150.description).toHaveLength(150);
    const [posts, replies] = [await postCount(), await replyCount()];
    expectError(await post(m, `/api/member/SavePosts/${m.memberId}/0${qs({ postMsg: "y".repeat(151) })}`), 400, "at most 150 characters");
    expectError(
      await post(m, `/api/member/SavePosts/${m.memberId}/${p150.postID}${qs({ postMsg: "y".repeat(151) })}`),
      400,
      "at most 150 characters",
    );
    expectError(await post(m, `/api/member/SavePosts/${m.memberId}/0${qs({ postMsg: "   " })}`), 400, "Please write something");
    expectError(await post(m, `/api/member/SavePosts/${m.memberId}/0`), 400, "Please write something");
    expectError(
      await post(m, `/api/member/CreateMemberPost/${m.memberId}${qs({ postMsg: "z".repeat(151) })}`),
      400,
      "at most 150 characters",
    );
    expect([await postCount(), await replyCount()]).toEqual([posts, replies]);
    const reply150 = await newReply(m, p150.postID, "r".repeat(150));
    expect(reply150.description).toHaveLength(150);
  });

  it("takes the text from the body too (postMsg, description or a JSON string)", async () => {
    const m = await member("Body");
    const a = await post(m, `/api/member/SavePosts/${m.memberId}/0`, { postMsg: "From a JSON body" });
    expectJson(a);
    expect(a.json.description).toBe("From a JSON body");
    const b = await post(m, `/api/member/SavePosts/${m.memberId}/0`, { description: "From a description" });
    expect(b.json.description).toBe("From a description");
    const c = await post(m, `/api/member/SavePosts/${m.memberId}/${a.json.postID}`, "A JSON string reply");
    expectJson(c);
    expect(c.json).toMatchObject({ postID: a.json.postID, description: "A JSON string reply" });
    const form = await h.c.post(`/api/member/SavePosts/${m.memberId}/0`, {
      headers: { ...bearer(m.accessToken), "Content-Type": "application/x-www-form-urlencoded" },
      rawBody: "postMsg=Form+encoded%21",
    });
    expectJson(form);
    expect(form.json.description).toBe("Form encoded!");
  });

  it("acts only as the caller: another member's id is 403 and nothing is written; GET is 405; a bad postID 400", async () => {
    const [a, b] = await Promise.all([member("Me"), member("You")]);
    const posts = await postCount();
    expectError(await post(a, `/api/member/SavePosts/${b.memberId}/0${qs({ postMsg: "as you" })}`), 403);
    expectError(await post(a, `/api/member/CreateMemberPost/${b.memberId}${qs({ postMsg: "as you" })}`), 403);
    expectError(await get(a, `/api/member/CreatePostComment/${b.memberId}/1${qs({ postMsg: "as you" })}`), 403);
    expectError(await post(null, `/api/member/SavePosts/${a.memberId}/0${qs({ postMsg: "anon" })}`), 401);
    expectError(await get(a, `/api/member/SavePosts/${a.memberId}/0${qs({ postMsg: "via GET" })}`), 405);
    expectError(await post(a, `/api/member/SavePosts/${a.memberId}/x1${qs({ postMsg: "bad id" })}`), 400);
    expectError(await post(a, `/api/member/SavePosts/${a.memberId}${qs({ postMsg: "no post id" })}`), 400);
    expect(await postCount()).toBe(posts);
  });
});

describe("member/CreateMemberPost and CreatePostComment (aliases)", () => {
  it("write a post and a reply by GET or POST and answer them as JSON", async () => {
    const [a, b] = await Promise.all([member("Alias"), member("Friend")]);
    await connect(a, b);
    const viaGet = await get(a, `/api/member/CreateMemberPost/${a.memberId}${qs({ postMsg: "Posted with GET" })}`);
    expectJson(viaGet);
    expect(Object.keys(viaGet.json).sort()).toEqual(POST_KEYS);
    expect(viaGet.json).toMatchObject({ memberID: String(a.memberId), description: "Posted with GET", childPostCnt: 0, children: [] });
    const viaPost = await post(a, `/api/member/creatememberpost/${a.memberId}${qs({ postMsg: "Posted with POST" })}`);
    expectJson(viaPost);
    expect(viaPost.json.description).toBe("Posted with POST");

    const r1 = await get(b, `/api/member/CreatePostComment/${b.memberId}/${viaGet.json.postID}${qs({ postMsg: "Reply by GET" })}`);
    expectJson(r1);
    expect(Object.keys(r1.json).sort()).toEqual(REPLY_KEYS);
    expect(r1.json).toMatchObject({ postID: viaGet.json.postID, memberID: String(b.memberId), description: "Reply by GET" });
    const r2 = await post(b, `/api/member/CreatePostComment/${b.memberId}/${viaGet.json.postID}`, { postMsg: "Reply by POST" });
    expectJson(r2);

    const { items } = await feedOf(b);
    expect(items.slice(0, 2).map((p) => p.description)).toEqual(["Posted with POST", "Posted with GET"]);
    expect(items[1]!.children.map((r) => r.description)).toEqual(["Reply by GET", "Reply by POST"]);
    expect(items[1]!.childPostCnt).toBe(2);
    // CreatePostComment needs a post to reply to.
    expectError(await get(b, `/api/member/CreatePostComment/${b.memberId}/0${qs({ postMsg: "to nothing" })}`), 400);
  });
});

describe("common/getRecentNews and GetAds (public)", () => {
  it("answers news items newest first with the default image and the text shortened to 120 characters", async () => {
    const long = `${"Season preview: ".repeat(12)}the end.`;
    await h.db.run(
      "insert into news_item (header_text, text, image_url, navigate_url, posting_date, source, guid, created_at) values (?, ?, null, ?, ?, 'manual', null, ?)",
      "Long story",
      long,
      "https://news.example.org/preview",
      "2999-01-01T00:00:00.000Z",
      new Date().toISOString(),
    );
    await h.db.run(
      "insert into news_item (header_text, text, image_url, navigate_url, posting_date, source, guid, created_at) values (?, ?, ?, '', ?, 'manual', null, ?)",
      "Short story",
      "Short.",
      "/images/custom.png",
      "2998-01-01T00:00:00.000Z",
      new Date().toISOString(),
    );
    const res = await get(null, "/api/common/getRecentNews");
    expectJson(res);
    const items = res.json as Array<Record<string, unknown>>;
    expect(items.length).toBeGreaterThanOrEqual(3);
    for (const item of items) {
      expect(Object.keys(item).sort()).toEqual(NEWS_KEYS);
      expect(typeof item.imageUrl === "string" && item.imageUrl !== "").toBe(true);
      expect((item.textField as string).length).toBeLessThanOrEqual(120);
    }
    expect(items[0]).toMatchObject({
      headerText: "Long story",
      imageUrl: "/images/RecentNews/default.png",
      navigateUrl: "https://news.example.org/preview",
      postingDate: "2999-01-01T00:00:00.000Z",
    });
    expect((items[0]!.textField as string).length).toBeLessThanOrEqual(120);
    expect(items[0]!.textField).toMatch(/^Season preview: Season preview: .*…$/);
    expect(items[1]).toMatchObject({ headerText: "Short story", imageUrl: "/images/custom.png", textField: "Short." });
    // The welcome item of the migrations, with the default picture.
    expect(items.find((i) => i.headerText === "Welcome to Sideline")).toMatchObject({ imageUrl: "/images/RecentNews/default.png" });
    // The default image is served.
    const image = await h.c.get("/images/RecentNews/default.png");
    expect(image.status).toBe(200);

    expect((await get(null, "/api/common/getRecentNews?limit=1")).json).toHaveLength(1);
    expectError(await get(null, "/api/common/getRecentNews?limit=abc"), 400);
  });

  it("answers the site guide of the migrations for GetAds?type=SiteGuide (the default type), in order", async () => {
    const res = await get(null, "/api/common/GetAds?type=SiteGuide");
    expectJson(res);
    expect(res.json).toHaveLength(6);
    for (const item of res.json) expect(Object.keys(item).sort()).toEqual(AD_KEYS);
    expect(res.json.map((a: { headerText: string }) => a.headerText)).toEqual([
      "Complete your profile",
      "Show your game",
      "Find your people",
      "Contacts and follows",
      "Decide who sees what",
      "Post short updates",
    ]);
    expect(res.json[1]).toMatchObject({ navigateUrl: "/members/edit-profile?adId=2", imageUrl: "" });
    expect(res.json[5].textField).toContain("150 characters");
    expect((await get(null, "/api/common/getads")).json).toEqual(res.json);
    expect((await get(null, "/api/common/GetAds?type=Banner")).json).toEqual([]);
  });
});

describe("common/SendAdvertisementInfo (public)", () => {
  const enquiry = {
    FirstName: "Dana",
    LastName: "Sponsor",
    Company: "Fast Shoes Inc.",
    Email: "dana@fastshoes.example",
    Phone: "555-0199",
    Country: "USA",
    Title: "Marketing lead",
  };

  it("stores the enquiry and mails it to OPERATOR_EMAIL", async () => {
    const before = await h.db.value<number>("select count(*) from ad_enquiry");
    const res = await get(null, `/api/common/SendAdvertisementInfo${qs(enquiry)}`);
    expectJson(res);
    expect(await h.db.value<number>("select count(*) from ad_enquiry")).toBe(before + 1);
    expect(
      (await h.db.rows("select first_name, last_name, company, email, phone, country, title from ad_enquiry order by id desc limit 1"))[0],
    ).toEqual({
      first_name: "Dana",
      last_name: "Sponsor",
      company: "Fast Shoes Inc.",
      email: "dana@fastshoes.example",
      phone: "555-0199",
      country: "USA",
      title: "Marketing lead",
    });
    const mail = await h.sink.waitForMail(OPERATOR, { subject: "Advertising enquiry from Dana Sponsor" });
    expect(mail.text).toContain("Fast Shoes Inc.");
    expect(mail.text).toContain("dana@fastshoes.example");
  });

  it("answers 400 for a missing name or a bad e-mail address and stores nothing", async () => {
    const before = await h.db.value<number>("select count(*) from ad_enquiry");
    expectError(await get(null, `/api/common/SendAdvertisementInfo${qs({ ...enquiry, FirstName: "" })}`), 400, "First name is required.");
    expectError(
      await get(null, `/api/common/SendAdvertisementInfo${qs({ ...enquiry, Email: "not-an-address" })}`),
      400,
      "Valid email is required.",
    );
    expectError(await get(null, `/api/common/SendAdvertisementInfo${qs({ ...enquiry, Company: "c".repeat(101) })}`), 400);
    expect(await h.db.value<number>("select count(*) from ad_enquiry")).toBe(before);
  });

  it("is rate-limited with the other mail-sending actions", async () => {
    const server = await startServer({ rateLimits: true });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) statuses.push((await fetch(`${server.baseUrl}/api/common/SendAdvertisementInfo${qs(enquiry)}`)).status);
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
      expect(statuses[10]).toBe(429);
    } finally {
      await server.stop();
    }
  });
});

describe("the picture rule in the feed (issue 11, finding 6)", () => {
  const DEFAULT = "/images/default.png";
  /** A stored picture (as an upload would leave it) that its owner shows to contacts only. */
  async function withHiddenPicture(m: M): Promise<string> {
    const picture = `/uploads/photos/${m.memberId.toString(16).padStart(32, "a")}.webp`;
    await h.db.run("update member set picture_path = ? where id = ?", picture, m.memberId);
    const flags = {
      visibility: 1,
      viewProfilePicture: 0,
      viewFriendsList: 1,
      viewLinkToRequestAddingYouAsFriend: 1,
      viewLinkToSendYouMsg: 1,
    };
    expectJson(await put(m, `/api/setting/SavePrivacySearchSettings/${m.memberId}${qs(flags)}`));
    return picture;
  }
  const trpcQuery = async (m: M, procedure: string, input: unknown) => {
    const res = await get(m, `/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`);
    expectJson(res);
    return res.json.result.data;
  };

  it("post and reply authors carry their picture only to themselves and their contacts", async () => {
    const [author, contact, follower, replier] = await Promise.all([
      member("Author"),
      member("Contact"),
      member("Follower"),
      member("Replier"),
    ]);
    await connect(author, contact);
    await connect(author, replier);
    await follow(follower, author);
    const authorPicture = await withHiddenPicture(author);
    const replierPicture = await withHiddenPicture(replier);
    const p = await newPost(author, "Picture day");
    await newReply(replier, p.postID, "Looking sharp");

    /** The author's and the replier's picture in this reader's feed: REST, tRPC, and the replies alone. */
    const seenBy = async (reader: M) => {
      const rest = (await feedOf(reader)).items.find((i) => i.postID === p.postID) as LegacyPost & {
        picturePath: string;
        children: Array<{ picturePath: string }>;
      };
      const page = await trpcQuery(reader, "feed.page", {});
      const trpcPost = page.items.find((i: { postId: number }) => i.postId === p.postID);
      const replies = (await get(reader, `/api/member/GetRecentPostResponses/${p.postID}`)).json as Array<{ picturePath: string }>;
      const trpcReplies = await trpcQuery(reader, "feed.replies", { postId: p.postID });
      return {
        author: [rest.picturePath, trpcPost.author.picturePath],
        replier: [
          rest.children[0]!.picturePath,
          trpcPost.replies[0].author.picturePath,
          replies[0]!.picturePath,
          trpcReplies[0].author.picturePath,
        ],
      };
    };
    // The follower is a contact of neither: both pictures fall back to the default.
    expect(await seenBy(follower)).toEqual({ author: [DEFAULT, DEFAULT], replier: [DEFAULT, DEFAULT, DEFAULT, DEFAULT] });
    // A contact of the author only: the author's picture, not the replier's.
    expect(await seenBy(contact)).toEqual({ author: [authorPicture, authorPicture], replier: [DEFAULT, DEFAULT, DEFAULT, DEFAULT] });
    // The author is the replier's contact; the replier sees both (their own, and a contact's).
    const whole = { author: [authorPicture, authorPicture], replier: [replierPicture, replierPicture, replierPicture, replierPicture] };
    expect(await seenBy(author)).toEqual(whole);
    expect(await seenBy(replier)).toEqual(whole);
  });
});
