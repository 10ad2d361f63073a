/**
 * Blocking and removed content over HTTP against the real Bun server (decision 035): after a block
 * the legacy REST paths answer as the services do (profile 404 both ways, request refused, the
 * other's posts and replies gone from the feed, messages refused), and content a moderator removed
 * is gone from getRecentPosts, GetRecentPostResponses and the message actions. The review's fixes
 * (decision 041): a removed message's words leave the recipient's notifications, its copy cannot
 * be marked unread or counted; a moderator cannot see nor answer a report about their own content.
 */
import { describe, expect, it } from "vitest";
import { serverHarness } from "#support/harness.ts";
import { callsAs, expectError, expectJson, expectText, nameTag } from "#support/rest-calls.ts";
import { bearer, qs, type RegisteredMember, registerAndConfirm } from "#support/server.ts";

const h = serverHarness();
const { get, post, put } = callsAs(h);
type M = Pick<RegisteredMember, "accessToken" | "memberId">;

const member = (first: string): Promise<RegisteredMember> =>
  registerAndConfirm(h.server.baseUrl, h.sink, { firstName: first, lastName: nameTag("Block") });
const pair = (a: M, b: M) => qs({ memberID: a.memberId, contactID: b.memberId });
async function connect(a: M, b: M) {
  expectJson(await put(a, `/api/contact/SendRequestContact${pair(a, b)}`));
  expectJson(await put(b, `/api/contact/AcceptRequest${pair(b, a)}`));
}
const trpc = (m: M, path: string, input: unknown) => h.c.post(`/trpc/${path}`, { headers: bearer(m.accessToken), body: input });
async function postAs(m: M, text: string, replyTo = 0): Promise<number> {
  const res = await post(m, `/api/member/SavePosts/${m.memberId}/${replyTo}${qs({ postMsg: text })}`);
  expectJson(res);
  return Number(res.json.postID ?? res.json.postResponseID);
}
async function feedTexts(m: M): Promise<string[]> {
  const res = await get(m, `/api/member/getRecentPosts/${m.memberId}`);
  expectJson(res);
  return (res.json as Array<{ description: string; children: Array<{ description: string }> }>).flatMap((p) => [
    p.description,
    ...p.children.map((c) => c.description),
  ]);
}
const profile = (viewer: M, of: M) => get(viewer, `/api/member/GetMemberGeneralInfoV2/${of.memberId}`);
const message = (from: M, to: M, subject: string) =>
  post(from, `/api/message/CreateMessage${qs({ to: to.memberId, from: from.memberId, subject, body: "Hello there" })}`);

describe("a block over REST", () => {
  it("closes profiles, requests and messages both ways and empties the feed of the other's posts and replies", async () => {
    const [ann, ben, cat] = [await member("Ann"), await member("Ben"), await member("Cat")];
    await connect(ann, ben);
    await connect(ann, cat);
    await connect(ben, cat);
    await postAs(ben, "Ben's post");
    const catPost = await postAs(cat, "Cat's post");
    await postAs(ben, "Ben's reply", catPost);
    expect(await feedTexts(ann)).toEqual(expect.arrayContaining(["Ben's post", "Cat's post", "Ben's reply"]));
    expect((await profile(ben, ann)).status).toBe(200);

    expect((await trpc(ann, "contacts.block", { memberId: ben.memberId })).status).toBe(200);

    expectError(await profile(ben, ann), 404);
    expectError(await profile(ann, ben), 404);
    expectError(await put(ben, `/api/contact/SendRequestContact${pair(ben, ann)}`), 404);
    expectError(await message(ben, ann, "After"), 400);
    expectError(await message(ann, ben, "After"), 400);
    const texts = await feedTexts(ann);
    expect(texts).toContain("Cat's post");
    expect(texts).not.toContain("Ben's post");
    expect(texts).not.toContain("Ben's reply");
    const replies = await get(ann, `/api/member/GetRecentPostResponses/${catPost}`);
    expectJson(replies);
    expect(JSON.stringify(replies.json)).not.toContain("Ben's reply");
  });
});

describe("removed content over REST", () => {
  it("is gone from the feed, the replies and the messages once a moderator removes it", async () => {
    const [mod, rep, author] = [await member("Mod"), await member("Rep"), await member("Auth")];
    await h.db.run("UPDATE member SET role = ? WHERE id = ?", "moderator", mod.memberId);
    await connect(rep, author);
    const postId = await postAs(author, "Spammy post");
    const sent = await message(author, rep, "Spammy message");
    expectJson(sent);
    const inbox = await get(rep, `/api/message/GetMemberMessages/${rep.memberId}`);
    const copyId = Number((inbox.json as Array<{ messageID: string }>)[0]!.messageID);

    for (const [targetKind, targetId] of [
      ["post", postId],
      ["message", copyId],
    ] as const) {
      expect((await trpc(rep, "moderation.report", { targetKind, targetId, reason: "spam" })).status).toBe(200);
    }
    expect((await trpc(rep, "moderation.remove", { reportId: 1 })).status).toBe(403);
    const queue = await h.c.get(`/trpc/moderation.reports?input=${encodeURIComponent(JSON.stringify({}))}`, {
      headers: bearer(mod.accessToken),
    });
    const reports = queue.json.result.data.items as Array<{ reportId: number }>;
    expect(reports).toHaveLength(2);
    for (const r of reports) expect((await trpc(mod, "moderation.remove", { reportId: r.reportId })).status).toBe(200);

    expect(await feedTexts(rep)).not.toContain("Spammy post");
    expectError(await get(rep, `/api/member/GetRecentPostResponses/${postId}`), 404);
    const after = await get(rep, `/api/message/GetMemberMessages/${rep.memberId}`);
    expectJson(after);
    expect(after.json).toEqual([]);
    expectError(await get(rep, `/api/message/GetMessageInfoByID/${copyId}`), 404);
  });
});

// Decision 041.
async function openReports(m: M): Promise<Array<{ reportId: number; target: { kind: string; id: number } }>> {
  const res = await h.c.get(`/trpc/moderation.reports?input=${encodeURIComponent(JSON.stringify({}))}`, { headers: bearer(m.accessToken) });
  return res.json.result.data.items;
}
async function notificationTexts(m: M): Promise<string[]> {
  const res = await get(m, `/api/message/GetMemberNotifications/${m.memberId}`);
  expectJson(res);
  return (res.json as Array<{ notification: string }>).map((n) => n.notification);
}
async function makeModerator(m: M, role = "moderator") {
  await h.db.run("UPDATE member SET role = ? WHERE id = ?", role, m.memberId);
}

describe("a removed message over REST", () => {
  it("leaves the notifications, cannot be marked unread and is not counted", async () => {
    const [mod, rep, author] = [await member("Mod"), await member("Rep"), await member("Auth")];
    await makeModerator(mod);
    await connect(rep, author);
    for (const subject of ["Cheap pills here", "Training at six"]) expectJson(await message(author, rep, subject));
    expect((await notificationTexts(rep)).join("\n")).toContain("Cheap pills here");
    const inbox = await get(rep, `/api/message/GetMemberMessages/${rep.memberId}`);
    const copyId = Number(
      (inbox.json as Array<{ messageID: string; subject: string }>).find((m) => m.subject === "Cheap pills here")!.messageID,
    );
    expectText(await get(rep, `/api/message/GetTotalUnreadMessages/${rep.memberId}`), "2");

    expect((await trpc(rep, "moderation.report", { targetKind: "message", targetId: copyId, reason: "spam" })).status).toBe(200);
    const report = (await openReports(mod)).find((r) => r.target.kind === "message")!;
    expect((await trpc(mod, "moderation.remove", { reportId: report.reportId })).status).toBe(200);

    const texts = (await notificationTexts(rep)).join("\n");
    expect(texts).not.toContain("Cheap pills here");
    expect(texts).toContain("Training at six");
    expectError(await put(rep, `/api/message/ToggleMessageState${qs({ status: "0", msgID: copyId })}`), 404);
    expectText(await get(rep, `/api/message/GetTotalUnreadMessages/${rep.memberId}`), "1");
  });
});

describe("a moderator's own content over tRPC", () => {
  it("is not theirs to see or answer: not in their queue, answered as a report not open, the report stays open and the post stands", async () => {
    const [mod, watcher, admin] = [await member("Mona"), await member("Wes"), await member("Ada")];
    await makeModerator(mod);
    await makeModerator(admin, "admin");
    await connect(watcher, mod);
    const postId = await postAs(mod, "My own post");
    expect((await trpc(watcher, "moderation.report", { targetKind: "post", targetId: postId, reason: "spam" })).status).toBe(200);
    const report = (await openReports(admin)).find((r) => r.target.kind === "post" && r.target.id === postId)!;
    // The reported moderator's queue leaves it out: they do not learn who reported them (second review).
    expect((await openReports(mod)).map((r) => r.reportId)).not.toContain(report.reportId);

    // Answered exactly as a report that is not open (third review): its existence is not given away.
    for (const action of ["moderation.remove", "moderation.dismiss"]) {
      const missing = await trpc(mod, action, { reportId: 999_999 });
      expect(missing.status).toBe(404);
      const res = await trpc(mod, action, { reportId: report.reportId });
      expect({ status: res.status, body: res.json }).toEqual({ status: missing.status, body: missing.json });
    }
    expect((await openReports(admin)).map((r) => r.reportId)).toContain(report.reportId);
    expect(await feedTexts(watcher)).toContain("My own post");
  });
});
