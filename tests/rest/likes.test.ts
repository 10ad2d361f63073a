/**
 * Contract test of likes over HTTP against the real Bun server (issue 15 point 6; rest-api.md:
 * member/ImcrementPostLikeCounter/{postID}, likeCounter of member/getRecentPosts and the saved post):
 * the legacy action likes as the caller, once per member however often it is called, answers 404
 * for a post outside the caller's feed (writing nothing), and every legacy post carries likeCounter
 * as a JSON number.
 */
import { describe, expect, it } from "vitest";
import { serverHarness } from "#support/harness.ts";
import { callsAs, expectError, expectJson, nameTag } from "#support/rest-calls.ts";
import { qs, type RegisteredMember, registerAndConfirm } from "#support/server.ts";

const h = serverHarness();
const { get, post } = callsAs(h);

const member = (first: string): Promise<RegisteredMember> =>
  registerAndConfirm(h.server.baseUrl, h.sink, { firstName: first, lastName: nameTag("Likes") });
const follow = async (a: RegisteredMember, b: RegisteredMember) =>
  expectJson(await post(a, `/api/contact/FollowMember${qs({ memberID: a.memberId, contactID: b.memberId })}`));
const likeRows = (postId: number) => h.db.value<number>(`select count(*) from post_like where post_id = ${postId}`);

async function newPost(m: RegisteredMember, text: string): Promise<{ postID: number; likeCounter: number }> {
  const res = await post(m, `/api/member/SavePosts/${m.memberId}/0${qs({ postMsg: text })}`);
  expectJson(res);
  return res.json;
}
async function counterIn(m: RegisteredMember, postId: number): Promise<unknown> {
  const res = await get(m, `/api/member/getRecentPosts/${m.memberId}${qs({ limit: 50 })}`);
  expectJson(res);
  for (const p of res.json as Array<{ postID: number; likeCounter: unknown }>) expect(typeof p.likeCounter).toBe("number");
  return (res.json as Array<{ postID: number; likeCounter: unknown }>).find((p) => p.postID === postId)?.likeCounter;
}

describe("member/ImcrementPostLikeCounter/{postID} and likeCounter", () => {
  it("likes as the caller once however often it is called; every legacy post carries likeCounter as a number", async () => {
    const [author, fan, other] = await Promise.all([member("Author"), member("Fan"), member("Other")]);
    await follow(fan, author);
    await follow(other, author);
    const saved = await newPost(author, "Final whistle: we won");
    expect(saved.likeCounter).toBe(0);

    const first = await post(fan, `/api/member/ImcrementPostLikeCounter/${saved.postID}`);
    expectJson(first);
    expect(first.json).toEqual({ postID: saved.postID, likeCounter: 1 });
    // The original added 1 on every call: Sideline counts the member once.
    expect((await post(fan, `/api/member/ImcrementPostLikeCounter/${saved.postID}`)).json).toEqual({
      postID: saved.postID,
      likeCounter: 1,
    });
    // Case-insensitive, postID also from the query, as every legacy action.
    expectJson(await post(other, `/services/member/imcrementpostlikecounter${qs({ postID: saved.postID })}`));
    expect(likeRows(saved.postID)).toBe(2);

    for (const reader of [author, fan, other]) expect(await counterIn(reader, saved.postID), reader.email).toBe(2);
  });

  it("answers 404 for a post outside the caller's feed, 400 for a bad postID, 401 without a session, 405 for GET: nothing written", async () => {
    const [author, stranger] = await Promise.all([member("Hidden"), member("Stranger")]);
    const saved = await newPost(author, "Only for my network");
    expectError(await post(stranger, `/api/member/ImcrementPostLikeCounter/${saved.postID}`), 404);
    expectError(await post(stranger, `/api/member/ImcrementPostLikeCounter/999999999`), 404);
    expectError(await post(stranger, `/api/member/ImcrementPostLikeCounter/abc`), 400);
    expectError(await post(stranger, `/api/member/ImcrementPostLikeCounter/0`), 400);
    expectError(await post(null, `/api/member/ImcrementPostLikeCounter/${saved.postID}`), 401);
    expect((await get(author, `/api/member/ImcrementPostLikeCounter/${saved.postID}`)).status).toBe(405);
    expect(likeRows(saved.postID)).toBe(0);
    expect(await counterIn(author, saved.postID)).toBe(0);
  });
});
