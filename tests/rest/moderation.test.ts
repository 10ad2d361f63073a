/**
 * The moderation review's fixes over HTTP against the real Bun server (decision 041): a removed
 * message's words leave the recipient's notifications (message/GetMemberNotifications), its copy
 * can no longer be marked unread (ToggleMessageState) or counted (GetTotalUnreadMessages), and a
 * moderator cannot answer a report about their own content (tRPC over HTTP).
 */
import { describe, expect, it } from "vitest";
import { serverHarness } from "#support/harness.ts";
import { callsAs, expectError, expectJson, expectText, nameTag } from "#support/rest-calls.ts";
import { bearer, qs, type RegisteredMember, registerAndConfirm } from "#support/server.ts";

const h = serverHarness();
const { get, post, put } = callsAs(h);
type M = Pick<RegisteredMember, "accessToken" | "memberId">;

const member = (first: string): Promise<RegisteredMember> =>
  registerAndConfirm(h.server.baseUrl, h.sink, { firstName: first, lastName: nameTag("Mod") });
const pair = (a: M, b: M) => qs({ memberID: a.memberId, contactID: b.memberId });
async function connect(a: M, b: M) {
  expectJson(await put(a, `/api/contact/SendRequestContact${pair(a, b)}`));
  expectJson(await put(b, `/api/contact/AcceptRequest${pair(b, a)}`));
}
const trpc = (m: M, path: string, input: unknown) => h.c.post(`/trpc/${path}`, { headers: bearer(m.accessToken), body: input });
async function openReports(m: M): Promise<Array<{ reportId: number; target: { kind: string; id: number } }>> {
  const res = await h.c.get(`/trpc/moderation.reports?input=${encodeURIComponent(JSON.stringify({}))}`, { headers: bearer(m.accessToken) });
  return res.json.result.data.items;
}
async function notificationTexts(m: M): Promise<string[]> {
  const res = await get(m, `/api/message/GetMemberNotifications/${m.memberId}`);
  expectJson(res);
  return (res.json as Array<{ notification: string }>).map((n) => n.notification);
}
async function makeModerator(m: M) {
  await h.db.run("UPDATE member SET role = ? WHERE id = ?", "moderator", m.memberId);
}

describe("a removed message over REST", () => {
  it("leaves the notifications, cannot be marked unread and is not counted", async () => {
    const [mod, rep, author] = [await member("Mod"), await member("Rep"), await member("Auth")];
    await makeModerator(mod);
    await connect(rep, author);
    for (const subject of ["Cheap pills here", "Training at six"])
      expectJson(await post(author, `/api/message/CreateMessage${qs({ to: rep.memberId, from: author.memberId, subject, body: "Hi" })}`));
    expect((await notificationTexts(rep)).join("\n")).toContain("Cheap pills here");
    const inbox = await get(rep, `/api/message/GetMemberMessages/${rep.memberId}`);
    const copyId = Number(
      (inbox.json as Array<{ messageID: string; subject: string }>).find((m) => m.subject === "Cheap pills here")!.messageID,
    );
    expectText(await get(rep, `/api/message/GetTotalUnreadMessages/${rep.memberId}`), "2");

    expect((await trpc(rep, "moderation.report", { targetKind: "message", targetId: copyId, reason: "spam" })).status).toBe(200);
    const [report] = await openReports(mod);
    expect((await trpc(mod, "moderation.remove", { reportId: report!.reportId })).status).toBe(200);

    const texts = (await notificationTexts(rep)).join("\n");
    expect(texts).not.toContain("Cheap pills here");
    expect(texts).toContain("Training at six");
    expectError(await put(rep, `/api/message/ToggleMessageState${qs({ status: "0", msgID: copyId })}`), 404);
    expectText(await get(rep, `/api/message/GetTotalUnreadMessages/${rep.memberId}`), "1");
  });
});

describe("a moderator's own content over tRPC", () => {
  it("is not theirs to answer: 403, the report stays open and the post stands", async () => {
    const [mod, watcher] = [await member("Mona"), await member("Wes")];
    await makeModerator(mod);
    await connect(watcher, mod);
    const saved = await post(mod, `/api/member/SavePosts/${mod.memberId}/0${qs({ postMsg: "My own post" })}`);
    expectJson(saved);
    const postId = Number(saved.json.postID);
    expect((await trpc(watcher, "moderation.report", { targetKind: "post", targetId: postId, reason: "spam" })).status).toBe(200);
    const report = (await openReports(mod)).find((r) => r.target.kind === "post" && r.target.id === postId)!;

    expect((await trpc(mod, "moderation.remove", { reportId: report.reportId })).status).toBe(403);
    expect((await trpc(mod, "moderation.dismiss", { reportId: report.reportId })).status).toBe(403);
    expect((await openReports(mod)).map((r) => r.reportId)).toContain(report.reportId);
    const feed = await get(watcher, `/api/member/getRecentPosts/${watcher.memberId}`);
    expectJson(feed);
    expect(JSON.stringify(feed.json)).toContain("My own post");
  });
});
