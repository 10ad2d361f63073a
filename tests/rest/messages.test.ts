/**
 * Contract tests of the legacy message actions (rest-api.md "message": GetMemberMessages,
 * ToggleMessageState, DeleteMessage, SearchMessages, CreateMessage, GetTotalUnreadMessages,
 * GetMemberNotifications, UseChatGPT) over HTTP against the real Bun server and its SQLite file:
 * each member's own copy of a message, who may be written to, paging with X-Next-Cursor, the
 * notifications the other actions make (and their e-mail with a one-click unsubscribe), and the
 * assistant with and without a chat-completions endpoint. The mapping to the legacy keys is
 * documented in src/server/rest/message.ts.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverHarness } from "#support/harness.ts";
import { callsAs, expectError, expectJson, expectText, nameTag } from "#support/rest-calls.ts";
import { type Api, api, bearer, qs, type RegisteredMember, registerAndConfirm, type RunningServer, startServer } from "#support/server.ts";

const h = serverHarness();
const { get, post, put, del } = callsAs(h);

const MESSAGE_KEYS = [
  "messageID",
  "fromID",
  "senderID",
  "senderImage",
  "subject",
  "msgDate",
  "body",
  "fullBody",
  "messageState",
  "selected",
].sort();
const NOTIFICATION_KEYS = ["notificationID", "subject", "notification", "sentDate", "link"].sort();
const SENT_DATE = /^\d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2}:\d{2} (AM|PM)$/;
const FAILURE = "Something went wrong. Try again later!";
const NOT_VALID = "Selected contact to send message is not valid!";

type M = Pick<RegisteredMember, "accessToken" | "memberId" | "email">;
type Msg = {
  messageID: number;
  fromID: string;
  senderID: string;
  senderImage: string;
  subject: string;
  msgDate: string;
  body: string;
  fullBody: string;
  messageState: string;
  selected: boolean;
};
type Note = { notificationID: number; subject: string; notification: string; sentDate: string; link: string };

const member = (first = "Casey"): Promise<RegisteredMember> =>
  registerAndConfirm(h.server.baseUrl, h.sink, { firstName: first, lastName: nameTag("M") });

const pair = (a: M, b: M) => qs({ memberID: a.memberId, contactID: b.memberId });
async function connect(a: M, b: M) {
  expectJson(await put(a, `/api/contact/SendRequestContact${pair(a, b)}`));
  expectJson(await put(b, `/api/contact/AcceptRequest${pair(b, a)}`));
}

const create = (m: M | null, params: Record<string, string | number>, body?: unknown) =>
  post(m, `/api/message/CreateMessage${qs(params)}`, body);

async function send(from: M, to: M, subject: string, body: string): Promise<Msg> {
  const res = await create(from, { to: to.memberId, from: from.memberId, subject, body });
  expectJson(res);
  return res.json;
}

async function messagesOf(m: M, extra: Record<string, string | number> = {}): Promise<{ items: Msg[]; next: string | null }> {
  const res = await get(m, `/api/message/GetMemberMessages/${m.memberId}${Object.keys(extra).length ? qs(extra) : ""}`);
  expectJson(res);
  expect(Array.isArray(res.json)).toBe(true);
  return { items: res.json, next: res.headers.get("x-next-cursor") };
}
const idsOf = (items: Array<{ messageID: number }>) => items.map((i) => i.messageID);

async function unread(m: M): Promise<string> {
  const res = await get(m, `/api/message/GetTotalUnreadMessages/${m.memberId}`);
  expect(res.status, res.text).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
  return res.text;
}

const toggle = (m: M, msgID: number | string, status: string) => put(m, `/api/message/ToggleMessageState${qs({ status, msgID })}`);

async function notificationsOf(m: M, extra: Record<string, string | number> = {}): Promise<{ items: Note[]; next: string | null }> {
  const res = await get(m, `/api/message/GetMemberNotifications/${m.memberId}${Object.keys(extra).length ? qs(extra) : ""}`);
  expectJson(res);
  expect(Array.isArray(res.json)).toBe(true);
  return { items: res.json, next: res.headers.get("x-next-cursor") };
}

/** Notifications are made by event handlers just after the action: polls until `count` are listed (3 s at most). */
async function waitForNotifications(m: M, count: number): Promise<Note[]> {
  const deadline = Date.now() + 3_000;
  for (;;) {
    const { items } = await notificationsOf(m);
    if (items.length >= count || Date.now() > deadline) return items;
    await new Promise((r) => setTimeout(r, 50));
  }
}

const messageCount = () => h.db.value<number>("select count(*) from message");
const copyCount = () => h.db.value<number>("select count(*) from message_copy");
const copyRow = async (id: number) =>
  (
    await h.db.rows<{ id: number; is_read: number; owner_id: number; box: string }>(
      "select id, is_read, owner_id, box from message_copy where id = ?",
      id,
    )
  )[0];

// ---------------------------------------------------------------------------------------------

describe("message/CreateMessage and GetMemberMessages", () => {
  it("sends to a contact: the sender's sent copy is answered, the recipient's copy is unread in All and UnRead", async () => {
    const [a, b] = await Promise.all([member("Sender"), member("Recipient")]);
    await connect(a, b);
    const before = await messageCount();
    const text = `Hi there,\n\nare you coming to the tryouts on Saturday? ${"We start early. ".repeat(8)}`;
    const sent = await send(a, b, "  Tryouts  ", text);
    expect(await messageCount()).toBe(before + 1);

    expect(Object.keys(sent).sort()).toEqual(MESSAGE_KEYS);
    expect(typeof sent.messageID).toBe("number");
    expect(sent).toMatchObject({
      fromID: String(a.memberId),
      senderImage: "/images/default.png",
      subject: "Tryouts",
      fullBody: text.trim(),
      messageState: "1",
      selected: false,
    });
    expect(sent.senderID).toMatch(/^Sender M[a-z]{8}$/);
    expect(new Date(sent.msgDate).toISOString()).toBe(sent.msgDate);
    // The preview: one line, at most 90 characters, ending with an ellipsis when cut.
    expect(sent.body.length).toBeLessThanOrEqual(90);
    expect(sent.body).not.toContain("\n");
    expect(sent.body.startsWith("Hi there, are you coming to the tryouts on Saturday?")).toBe(true);
    expect(sent.body.endsWith("…")).toBe(true);
    expect(await copyRow(sent.messageID)).toMatchObject({ owner_id: a.memberId, box: "sent", is_read: 1 });

    const all = (await messagesOf(b)).items;
    expect(all).toHaveLength(1);
    const received = all[0]!;
    expect(Object.keys(received).sort()).toEqual(MESSAGE_KEYS);
    // The recipient's own copy: another id, unread, the same message.
    expect(received.messageID).not.toBe(sent.messageID);
    expect(received).toEqual({ ...sent, messageID: received.messageID, messageState: "0" });
    expect(await copyRow(received.messageID)).toMatchObject({ owner_id: b.memberId, box: "inbox", is_read: 0 });
    expect(idsOf((await messagesOf(b, { showType: "UnRead" })).items)).toEqual([received.messageID]);
    expect((await messagesOf(b, { showType: "Sent" })).items).toEqual([]);

    // The sender: nothing received, the sent copy under Sent.
    expect((await messagesOf(a)).items).toEqual([]);
    expect((await messagesOf(a, { showType: "Sent" })).items).toEqual([sent]);
    expect(await unread(b)).toBe("1");
    expect(await unread(a)).toBe("0");
  });

  it("takes the values from a JSON body too, and a short text is its own preview", async () => {
    const [a, b] = await Promise.all([member("Body"), member("Reader")]);
    await connect(a, b);
    const res = await post(a, "/api/message/CreateMessage", {
      to: String(b.memberId),
      from: a.memberId,
      subject: "Practice",
      body: "See you at 6.",
    });
    expectJson(res);
    expect(res.json).toMatchObject({ subject: "Practice", body: "See you at 6.", fullBody: "See you at 6.", fromID: String(a.memberId) });
    expect((await messagesOf(b)).items.map((m) => m.subject)).toEqual(["Practice"]);
  });

  it("lists All, UnRead and Sent newest first; showType is case-insensitive; another showType is 400", async () => {
    const [a, b] = await Promise.all([member("Alpha"), member("Beta")]);
    await connect(a, b);
    const s1 = await send(a, b, "First", "one");
    const s2 = await send(a, b, "Second", "two");
    const r3 = await send(b, a, "Reply", "three");
    const inbox = (await messagesOf(b)).items;
    expect(inbox.map((m) => m.subject)).toEqual(["Second", "First"]);
    expect(inbox.map((m) => m.messageState)).toEqual(["0", "0"]);

    expectJson(await toggle(b, inbox[1]!.messageID, "1"));
    expect((await messagesOf(b, { showType: "unread" })).items.map((m) => m.subject)).toEqual(["Second"]);
    expect((await messagesOf(b, { showType: "ALL" })).items.map((m) => [m.subject, m.messageState])).toEqual([
      ["Second", "0"],
      ["First", "1"],
    ]);
    expect((await messagesOf(b, { showType: "all" })).items).toEqual((await messagesOf(b)).items);
    expect((await messagesOf(b, { showType: "sent" })).items).toEqual([r3]);
    expect((await messagesOf(a, { showType: "Sent" })).items).toEqual([s2, s1]);
    expect((await messagesOf(a)).items.map((m) => [m.subject, m.fromID])).toEqual([["Reply", String(b.memberId)]]);

    expectError(await get(b, `/api/message/GetMemberMessages/${b.memberId}${qs({ showType: "Deleted" })}`), 400);
  });

  it("pages with ?limit and X-Next-Cursor: every message once, newest first", async () => {
    const [a, b] = await Promise.all([member("Pager"), member("Paged")]);
    await connect(a, b);
    for (let i = 1; i <= 7; i++) await send(a, b, `Page message ${i}`, `Text ${i}`);
    const everything = (await messagesOf(b)).items;
    expect(everything.map((m) => m.subject)).toEqual([7, 6, 5, 4, 3, 2, 1].map((i) => `Page message ${i}`));
    expect((await messagesOf(b)).next).toBeNull();

    const pages: Msg[][] = [];
    let cursor: string | null = null;
    for (let round = 0; round < 5; round++) {
      const page: { items: Msg[]; next: string | null } = await messagesOf(b, { limit: 3, ...(cursor ? { cursor } : {}) });
      pages.push(page.items);
      cursor = page.next;
      if (!cursor) break;
    }
    expect(pages.map((p) => p.length)).toEqual([3, 3, 1]);
    expect(pages.flat()).toEqual(everything);

    // The sent side pages the same way.
    const sentFirst = await messagesOf(a, { showType: "Sent", limit: 4 });
    expect(sentFirst.items).toHaveLength(4);
    expect(sentFirst.next).not.toBeNull();
    const sentRest = await messagesOf(a, { showType: "Sent", limit: 4, cursor: sentFirst.next! });
    expect(sentRest.items.map((m) => m.subject)).toEqual([3, 2, 1].map((i) => `Page message ${i}`));

    const bads: Array<Record<string, string | number>> = [{ limit: 0 }, { limit: 101 }, { limit: "ten" }, { cursor: "abc" }];
    for (const bad of bads) {
      expectError(await get(b, `/api/message/GetMemberMessages/${b.memberId}${qs(bad)}`), 400);
    }
  });

  it("routes case-insensitively and under /services/", async () => {
    const [a, b] = await Promise.all([member("Route"), member("Router")]);
    await connect(a, b);
    const sent = await send(a, b, "Routing", "Hello");
    const res = await get(b, `/services/message/getmembermessages/${b.memberId}`);
    expectJson(res);
    expect(res.json.map((m: Msg) => m.subject)).toEqual(["Routing"]);
    expectText(await get(b, `/services/MESSAGE/gettotalunreadmessages/${b.memberId}`), "1");
    const viaServices = await h.c.post(
      `/services/message/createmessage${qs({ to: b.memberId, from: a.memberId, subject: "Again", body: "Hi" })}`,
      {
        headers: bearer(a.accessToken),
      },
    );
    expectJson(viaServices);
    expect(viaServices.json.messageID).toBeGreaterThan(sent.messageID);
  });
});

describe("message/ToggleMessageState and GetTotalUnreadMessages", () => {
  it("opening (status 1) marks read and the count drops; status 0 marks unread again; the count is text", async () => {
    const [a, b] = await Promise.all([member("Toggler"), member("Counted")]);
    await connect(a, b);
    expect(await unread(b)).toBe("0");
    await send(a, b, "One", "1");
    await send(a, b, "Two", "2");
    await send(a, b, "Three", "3");
    expect(await unread(b)).toBe("3");
    const [three, two] = (await messagesOf(b)).items;

    const read = await toggle(b, three!.messageID, "1");
    expectJson(read);
    expect(read.json).toEqual({ messageID: three!.messageID, messageState: "1" });
    expect((await copyRow(three!.messageID))!.is_read).toBe(1);
    expect(await unread(b)).toBe("2");
    // Again: still read, the count stays.
    expect((await toggle(b, three!.messageID, "1")).json).toEqual({ messageID: three!.messageID, messageState: "1" });
    expect(await unread(b)).toBe("2");
    expect((await toggle(b, two!.messageID, "1")).json.messageState).toBe("1");
    expect(await unread(b)).toBe("1");

    const back = await toggle(b, three!.messageID, "0");
    expectJson(back);
    expect(back.json).toEqual({ messageID: three!.messageID, messageState: "0" });
    expect((await copyRow(three!.messageID))!.is_read).toBe(0);
    expect(await unread(b)).toBe("2");
    // Marking an unread one unread changes nothing and says so.
    expect((await toggle(b, three!.messageID, "0")).json).toEqual({ messageID: three!.messageID, messageState: "0" });
    expect(await unread(b)).toBe("2");
    expect((await messagesOf(b, { showType: "UnRead" })).items.map((m) => m.subject)).toEqual(["Three", "One"]);
  });

  it("keeps a sent copy read, and refuses a status other than 1 or 0 and a malformed msgID", async () => {
    const [a, b] = await Promise.all([member("Keeper"), member("Other")]);
    await connect(a, b);
    const sent = await send(a, b, "Sent one", "text");
    expect((await toggle(a, sent.messageID, "0")).json).toEqual({ messageID: sent.messageID, messageState: "1" });
    expect((await copyRow(sent.messageID))!.is_read).toBe(1);
    for (const status of ["2", "", "read", "true"]) expectError(await toggle(a, sent.messageID, status), 400);
    for (const id of ["abc", "0", "-4"]) expectError(await toggle(a, id, "1"), 400);
  });

  it("answers 404 for another member's copy or an unknown id, changing nothing", async () => {
    const [a, b, c] = await Promise.all([member("Owner"), member("Writer"), member("Snoop")]);
    await connect(a, b);
    await send(b, a, "Private", "for Owner only");
    const copy = (await messagesOf(a)).items[0]!;
    const sentCopy = (await messagesOf(b, { showType: "Sent" })).items[0]!;

    // The sender knows of the message but not the recipient's copy; a third member knows nothing.
    for (const intruder of [b, c]) {
      expectError(await toggle(intruder, copy.messageID, "1"), 404);
      expectError(await toggle(intruder, copy.messageID, "0"), 404);
      expectError(await del(intruder, `/api/message/DeleteMessage/${copy.messageID}`), 404);
    }
    expectError(await toggle(a, sentCopy.messageID, "1"), 404);
    expectError(await del(c, `/api/message/DeleteMessage/${sentCopy.messageID}`), 404);
    expectError(await toggle(a, 999_999_999, "1"), 404);
    expectError(await del(a, "/api/message/DeleteMessage/999999999"), 404);

    expect(await copyRow(copy.messageID)).toMatchObject({ owner_id: a.memberId, is_read: 0 });
    expect(await copyRow(sentCopy.messageID)).toMatchObject({ owner_id: b.memberId, is_read: 1 });
    expect(await unread(a)).toBe("1");
    expect((await messagesOf(a)).items).toEqual([copy]);
  });
});

describe("message/DeleteMessage", () => {
  it("deletes the caller's copy only: the other member keeps theirs", async () => {
    const [a, b] = await Promise.all([member("Deleter"), member("Keeper")]);
    await connect(a, b);
    const first = await send(a, b, "Delete me", "first");
    const second = await send(a, b, "Keep me", "second");
    const [secondCopy, firstCopy] = (await messagesOf(b)).items;
    const messages = await messageCount();

    // The recipient deletes theirs: the sender still has the sent copy.
    const res = await del(b, `/api/message/DeleteMessage/${firstCopy!.messageID}`);
    expectJson(res);
    expect(res.json).toEqual({ messageID: firstCopy!.messageID, deleted: true });
    expect(await copyRow(firstCopy!.messageID)).toBeUndefined();
    expect((await messagesOf(b)).items).toEqual([secondCopy]);
    expect(await unread(b)).toBe("1");
    expect((await messagesOf(a, { showType: "Sent" })).items).toEqual([second, first]);
    expect(await messageCount()).toBe(messages);
    expectError(await del(b, `/api/message/DeleteMessage/${firstCopy!.messageID}`), 404);

    // The sender deletes a sent copy (?msgID form): the recipient still has theirs.
    const viaQuery = await del(a, `/api/message/DeleteMessage${qs({ msgID: second.messageID })}`);
    expectJson(viaQuery);
    expect(viaQuery.json).toEqual({ messageID: second.messageID, deleted: true });
    expect((await messagesOf(a, { showType: "Sent" })).items).toEqual([first]);
    expect((await messagesOf(b)).items).toEqual([secondCopy]);

    // Once both copies of the first message are gone, so is the message.
    expectJson(await del(a, `/api/message/DeleteMessage/${first.messageID}`));
    expect(await messageCount()).toBe(messages - 1);
    expectError(await del(a, "/api/message/DeleteMessage/abc"), 400);
  });
});

describe("message/SearchMessages", () => {
  it("finds received messages by subject, text or sender name; searchKey is required", async () => {
    const [a, b, c] = await Promise.all([member("Searcher"), member("Quarterback"), member("Goalie")]);
    await connect(a, b);
    await connect(a, c);
    await send(b, a, "Combine invitation", "Bring your cleats");
    await send(c, a, "Weekend", "Penalty drills at noon");
    await send(a, b, "Outgoing combine", "Not in my inbox");
    const search = async (key: string) => {
      const res = await get(a, `/api/message/SearchMessages/${a.memberId}${qs({ searchKey: key })}`);
      expectJson(res);
      for (const item of res.json) expect(Object.keys(item).sort()).toEqual(MESSAGE_KEYS);
      return (res.json as Msg[]).map((m) => m.subject);
    };
    expect(await search("combine")).toEqual(["Combine invitation"]);
    expect(await search("PENALTY")).toEqual(["Weekend"]);
    expect(await search("quarterback")).toEqual(["Combine invitation"]);
    expect(await search("i")).toEqual(["Weekend", "Combine invitation"]);
    expect(await search("nothing like this")).toEqual([]);
    expect(await search("50%")).toEqual([]);
    for (const blank of [qs({ searchKey: "   " }), qs({ searchKey: "" }), ""]) {
      expectError(await get(a, `/api/message/SearchMessages/${a.memberId}${blank}`), 400);
    }
  });
});

describe("message/CreateMessage: who may be written to, and the input rules", () => {
  it("refuses a stranger, a pending request, oneself and a member who is not there: 400 with the spec text, nothing written", async () => {
    const [a, stranger, pending] = await Promise.all([member("Lonely"), member("Stranger"), member("Pending")]);
    expectJson(await put(a, `/api/contact/SendRequestContact${pair(a, pending)}`));
    const before = [await messageCount(), await copyCount()];
    for (const to of [stranger.memberId, pending.memberId, a.memberId, 999_999_999]) {
      expectError(await create(a, { to, from: a.memberId, subject: "Hello", body: "Can we talk?" }), 400, NOT_VALID);
    }
    // The other way round too.
    expectError(await create(stranger, { to: a.memberId, from: stranger.memberId, subject: "Hello", body: "Hi" }), 400, NOT_VALID);
    expect([await messageCount(), await copyCount()]).toEqual(before);
    expect((await messagesOf(stranger)).items).toEqual([]);
    expect(await unread(pending)).toBe("0");
  });

  it("refuses a contact who deactivated their account", async () => {
    const [a, b] = await Promise.all([member("Active"), member("Leaving")]);
    await connect(a, b);
    await send(a, b, "Before", "still here");
    const status = await h.c.get(`/api/member/SetMemberStatus${qs({ memberId: b.memberId, status: 3 })}`, {
      headers: bearer(b.accessToken),
    });
    expectJson(status);
    const before = await messageCount();
    expectError(await create(a, { to: b.memberId, from: a.memberId, subject: "After", body: "are you there?" }), 400, NOT_VALID);
    expect(await messageCount()).toBe(before);
  });

  it("answers 403 when from is not the caller, before anything else, writing nothing", async () => {
    const [a, b, c] = await Promise.all([member("Forger"), member("Victim"), member("Target")]);
    await connect(b, c);
    await connect(a, c);
    const before = await messageCount();
    // Even with everything else right for b -> c, or everything else wrong.
    expectError(await create(a, { to: c.memberId, from: b.memberId, subject: "Hi", body: "from b?" }), 403);
    expectError(await create(a, { to: "x", from: b.memberId, subject: "", body: "" }), 403);
    expectError(await post(a, "/api/message/CreateMessage", { to: c.memberId, from: b.memberId, subject: "Hi", body: "json" }), 403);
    expect(await messageCount()).toBe(before);
    expect((await messagesOf(c)).items).toEqual([]);
  });

  it("checks to, subject and body: 400 with the spec texts, nothing written; 150 and 5000 characters are fine", async () => {
    const [a, b] = await Promise.all([member("Strict"), member("Checked")]);
    await connect(a, b);
    const before = await messageCount();
    const base = { to: b.memberId, from: a.memberId, subject: "Subject", body: "Text" };
    expectError(await create(a, { ...base, to: "abc" }), 400, "to must be a member id");
    expectError(await create(a, { from: a.memberId, subject: "S", body: "T" }), 400, "to must be a member id");
    expectError(await create(a, { ...base, subject: "" }), 400, "Message subject is required.");
    expectError(await create(a, { ...base, subject: "    " }), 400, "Message subject is required.");
    expectError(await create(a, { to: b.memberId, from: a.memberId, body: "T" }), 400, "Message subject is required.");
    expectError(await create(a, { ...base, body: "" }), 400, "Message text is required.");
    expectError(await create(a, { to: b.memberId, from: a.memberId, subject: "S" }), 400, "Message text is required.");
    expectError(await create(a, { ...base, subject: "s".repeat(151) }), 400, "at most 150");
    expectError(
      await post(a, `/api/message/CreateMessage${qs({ to: b.memberId, from: a.memberId, subject: "S" })}`, { body: "b".repeat(5001) }),
      400,
      "at most 5000",
    );
    expect(await messageCount()).toBe(before);

    const longest = await post(a, `/api/message/CreateMessage${qs({ to: b.memberId, from: a.memberId, subject: "s".repeat(150) })}`, {
      body: "b".repeat(5000),
    });
    expectJson(longest);
    expect(longest.json.subject).toHaveLength(150);
    expect(longest.json.fullBody).toHaveLength(5000);
    expect(await messageCount()).toBe(before + 1);
  });
});

describe("message: authorization", () => {
  it("answers 403 for another member's {id} on every personal read", async () => {
    const [a, b] = await Promise.all([member("Nosy"), member("Private")]);
    await connect(a, b);
    await send(a, b, "Secret", "for your eyes only");
    for (const path of [
      `/api/message/GetMemberMessages/${b.memberId}`,
      `/api/message/GetMemberMessages/${b.memberId}${qs({ showType: "Sent" })}`,
      `/api/message/GetTotalUnreadMessages/${b.memberId}`,
      `/api/message/GetMemberNotifications/${b.memberId}`,
      `/api/message/SearchMessages/${b.memberId}${qs({ searchKey: "Secret" })}`,
      `/api/message/GetMemberMessages${qs({ memberID: b.memberId })}`,
    ]) {
      const res = await get(a, path);
      expectError(res, 403);
      expect(res.text).not.toContain("for your eyes only");
    }
    expectError(await get(a, "/api/message/GetMemberMessages/abc"), 400);
  });

  it("answers 401 without a session, for every action", async () => {
    const a = await member("Anon");
    for (const [method, path] of [
      ["GET", `/api/message/GetMemberMessages/${a.memberId}`],
      ["PUT", `/api/message/ToggleMessageState${qs({ status: 1, msgID: 1 })}`],
      ["DELETE", "/api/message/DeleteMessage/1"],
      ["GET", `/api/message/SearchMessages/${a.memberId}${qs({ searchKey: "x" })}`],
      ["POST", `/api/message/CreateMessage${qs({ to: a.memberId, from: a.memberId, subject: "s", body: "b" })}`],
      ["GET", `/api/message/GetTotalUnreadMessages/${a.memberId}`],
      ["GET", `/api/message/GetMemberNotifications/${a.memberId}`],
      ["GET", `/api/message/UseChatGPT${qs({ message: "hello" })}`],
    ] as const) {
      const res = await h.c.request(method, path);
      expectError(res, 401);
      const bad = await h.c.request(method, path, { headers: bearer("not-a-token") });
      expect(bad.status, `${method} ${path}`).toBe(401);
    }
  });

  it("answers 405 for a method the action does not take", async () => {
    const a = await member("Method");
    const res = await post(a, `/api/message/GetMemberMessages/${a.memberId}`);
    expect(res.status).toBe(405);
  });
});

describe("message/GetMemberNotifications", () => {
  it("lists a request received, a request accepted, a new follower, a message and a reply, newest first", { timeout: 60_000 }, async () => {
    const [a, b, fan] = await Promise.all([member("Noted"), member("Noter"), member("Fan")]);

    // b asks a: a hears of it.
    expectJson(await put(b, `/api/contact/SendRequestContact${pair(b, a)}`));
    let aNotes = await waitForNotifications(a, 1);
    expect(aNotes.map((n) => n.subject)).toEqual(["New contact request"]);
    // a accepts: b hears of it.
    expectJson(await put(a, `/api/contact/AcceptRequest${pair(a, b)}`));
    const bNotes = await waitForNotifications(b, 1);
    expect(bNotes.map((n) => n.subject)).toEqual(["Contact request accepted"]);
    expect(bNotes[0]!.link).toBe(`/members/view-profile/show-profile?memberID=${a.memberId}`);
    // fan follows a.
    expectJson(await post(fan, `/api/contact/FollowMember${pair(fan, a)}`));
    await waitForNotifications(a, 2);
    // b writes to a.
    await send(b, a, "Game day", "Good luck today");
    await waitForNotifications(a, 3);
    // b replies to a's post.
    const p = await post(a, `/api/member/SavePosts/${a.memberId}/0${qs({ postMsg: "Who is coming to the game?" })}`);
    expectJson(p);
    expectJson(await post(b, `/api/member/SavePosts/${b.memberId}/${p.json.postID}${qs({ postMsg: "Count me in" })}`));
    aNotes = await waitForNotifications(a, 4);

    expect(aNotes.map((n) => n.subject)).toEqual(["New reply to your post", "New message", "New follower", "New contact request"]);
    for (const n of aNotes) {
      expect(Object.keys(n).sort()).toEqual(NOTIFICATION_KEYS);
      expect(typeof n.notificationID).toBe("number");
      expect(n.sentDate).toMatch(SENT_DATE);
      expect(n.notification.length).toBeGreaterThan(0);
    }
    const [reply, message, follower, request] = aNotes;
    const bName = (await messagesOf(a)).items[0]!.senderID;
    expect(request!.notification).toContain(bName);
    expect(request!.link).toBe("/contacts/requests");
    expect(follower!.notification).toMatch(/^Fan M[a-z]{8}/);
    expect(follower!.link).toBe("/contacts/people-following-me");
    expect(message!.notification).toContain(bName);
    expect(message!.notification).toContain("Game day");
    expect(message!.link).toBe("/messages/view-messages");
    expect(reply!.notification).toContain("Count me in");
    expect(reply!.link).toBe("/home");
    expect(new Set(aNotes.map((n) => n.notificationID)).size).toBe(4);
    expect(aNotes.map((n) => n.notificationID)).toEqual([...aNotes.map((n) => n.notificationID)].sort((x, y) => y - x));

    // sentDate is the stored time in UTC, dd/MM/yyyy h:mm:ss a.
    const stored = await h.db.value<string>("select created_at from notification where id = ?", request!.notificationID);
    const d = new Date(stored);
    const h12 = d.getUTCHours() % 12 || 12;
    const two = (n: number) => String(n).padStart(2, "0");
    expect(request!.sentDate).toBe(
      `${two(d.getUTCDate())}/${two(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${h12}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())} ${d.getUTCHours() < 12 ? "AM" : "PM"}`,
    );

    // The other members only see their own.
    expect((await notificationsOf(fan)).items).toEqual([]);
    // b's own reply notified nobody else; a replying to their own post notifies nobody.
    expectJson(await post(a, `/api/member/SavePosts/${a.memberId}/${p.json.postID}${qs({ postMsg: "Great" })}`));
    await new Promise((r) => setTimeout(r, 300));
    expect((await notificationsOf(a)).items).toHaveLength(4);
  });

  it("lists UnRead ones, pages with X-Next-Cursor, and refuses another showType", { timeout: 60_000 }, async () => {
    const [a, b, c, d] = await Promise.all([member("Popular"), member("Fan"), member("Fan"), member("Fan")]);
    for (const f of [b, c, d]) expectJson(await post(f, `/api/contact/FollowMember${pair(f, a)}`));
    const all = await waitForNotifications(a, 3);
    expect(all.map((n) => n.subject)).toEqual(["New follower", "New follower", "New follower"]);
    expect((await notificationsOf(a, { showType: "UnRead" })).items).toEqual(all);

    // The oldest is read (the web client's screen marks them; no legacy action does).
    await h.db.run("update notification set is_read = 1 where id = ?", all[2]!.notificationID);
    expect((await notificationsOf(a, { showType: "UnRead" })).items).toEqual(all.slice(0, 2));
    expect((await notificationsOf(a, { showType: "unread" })).items).toEqual(all.slice(0, 2));
    expect((await notificationsOf(a, { showType: "All" })).items).toEqual(all);

    const first = await notificationsOf(a, { limit: 2 });
    expect(first.items).toEqual(all.slice(0, 2));
    expect(first.next).not.toBeNull();
    const rest = await notificationsOf(a, { limit: 2, cursor: first.next! });
    expect(rest.items).toEqual(all.slice(2));
    expect(rest.next).toBeNull();

    expectError(await get(a, `/api/message/GetMemberNotifications/${a.memberId}${qs({ showType: "Sent" })}`), 400);
    expectError(await get(a, `/api/message/GetMemberNotifications/${a.memberId}${qs({ cursor: "x1" })}`), 400);
  });

  it("e-mails a message's recipient with an unsubscribe link; one-click unsubscribe stops those e-mails", { timeout: 60_000 }, async () => {
    const [a, b] = await Promise.all([member("Mailer"), member("Mailed")]);
    await connect(a, b);
    await send(a, b, "Kickoff time", "We start at 7");
    const mail = await h.sink.waitForMail(b.email, { subject: /^New message/ });
    expect(mail.text).toContain("Kickoff time");
    const link = mail.text.match(/https?:\/\/\S+\/unsubscribe\?token=[^\s]+/)?.[0];
    expect(link, mail.text).toBeDefined();
    const url = new URL(link!);
    expect(url.searchParams.get("token")!.length).toBeGreaterThan(10);

    const settings = async () => {
      const res = await get(b, `/api/setting/GetMemberNotifications/${b.memberId}`);
      expectJson(res);
      return res.json;
    };
    expect((await settings()).sendMsg).toBe(true);
    // A tampered token does nothing.
    const tampered = await h.c.post(`/unsubscribe${qs({ token: `${url.searchParams.get("token")!.slice(0, -4)}AAAA` })}`);
    expect(tampered.status).toBe(400);
    expect((await settings()).sendMsg).toBe(true);

    const res = await h.c.post(`${url.pathname}${url.search}`);
    expect(res.status, res.text).toBe(200);
    const after = await settings();
    expect(after.sendMsg).toBe(false);
    expect(after.addAsFriend).toBe(true);

    const mailsBefore = h.sink.messagesTo(b.email).length;
    await send(a, b, "Second", "No e-mail for this one");
    const notes = await waitForNotifications(b, 3);
    expect(notes[0]!.notification).toContain("Second");
    await new Promise((r) => setTimeout(r, 1_000));
    expect(h.sink.messagesTo(b.email).length).toBe(mailsBefore);
  });
});

describe("message/UseChatGPT without an assistant", () => {
  it("answers the failure text (200, plain text); a missing or blank message is 400", async () => {
    const a = await member("Asker");
    expectText(await get(a, `/api/message/UseChatGPT${qs({ message: "Write to my coach" })}`), FAILURE);
    expectText(await post(a, "/api/message/UseChatGPT", { message: "Polish this" }), FAILURE);
    expectText(await get(a, `/services/message/usechatgpt${qs({ message: "hi", mode: "draft" })}`), FAILURE);
    expectError(await get(a, "/api/message/UseChatGPT"), 400);
    expectError(await get(a, `/api/message/UseChatGPT${qs({ message: "   " })}`), 400);
    expectError(await post(a, "/api/message/UseChatGPT", {}), 400);
    expectError(await get(a, `/api/message/UseChatGPT${qs({ message: "hi", mode: "shout" })}`), 400);
    expectError(await get(a, `/api/message/UseChatGPT${qs({ message: "x".repeat(2001) })}`), 400);
  });
});

describe("message/UseChatGPT with a chat-completions endpoint", () => {
  const calls: Array<{ path: string; body: any }> = [];
  let reply: { status: number; content: string } = { status: 200, content: "Hi Coach, see you at practice!" };
  let standIn: Server;
  let server: RunningServer;
  let c: Api;

  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let s = "";
      req
        .setEncoding("utf8")
        .on("data", (d: string) => (s += d))
        .on("end", () => resolve(s));
    });

  beforeAll(async () => {
    standIn = createServer((req, res) => {
      void readBody(req).then((raw) => {
        calls.push({ path: req.url ?? "", body: JSON.parse(raw || "null") });
        res.writeHead(reply.status, { "Content-Type": "application/json" });
        res.end(JSON.stringify({ choices: [{ message: { role: "assistant", content: reply.content } }] }));
      });
    });
    await new Promise<void>((resolve) => standIn.listen(0, "127.0.0.1", resolve));
    const port = (standIn.address() as AddressInfo).port;
    server = await startServer({
      smtpUrl: h.sink.url,
      env: { ASSISTANT_BASE_URL: `http://127.0.0.1:${port}/v1`, ASSISTANT_MODEL: "stand-in" },
    });
    c = api(server.baseUrl);
  });
  afterAll(async () => {
    await server?.stop();
    await new Promise<void>((resolve) => (standIn ? standIn.close(() => resolve()) : resolve()));
  });

  it("answers the assistant's text; the member's text is the user message, the mode picks the task", async () => {
    const a = await registerAndConfirm(server.baseUrl, h.sink, { firstName: "Assisted", lastName: nameTag("M") });
    const res = await c.get(`/api/message/UseChatGPT${qs({ message: "see u at practice coach" })}`, { headers: bearer(a.accessToken) });
    expectText(res, "Hi Coach, see you at practice!");
    expect(calls).toHaveLength(1);
    expect(calls[0]!.path).toBe("/v1/chat/completions");
    expect(calls[0]!.body.model).toBe("stand-in");
    const messages = calls[0]!.body.messages as Array<{ role: string; content: string }>;
    expect(messages.at(-1)).toEqual({ role: "user", content: "see u at practice coach" });
    expect(messages[0]!.role).toBe("system");
    expect(messages[0]!.content).toContain("Improve it");

    reply = { status: 200, content: "  Dear Coach, thank you for the season.  " };
    const drafted = await c.post(`/api/message/UseChatGPT${qs({ mode: "draft" })}`, {
      headers: bearer(a.accessToken),
      body: { message: "thank coach for season" },
    });
    expectText(drafted, "Dear Coach, thank you for the season.");
    expect(calls).toHaveLength(2);
    expect(calls[1]!.body.messages[0].content).toContain("Write the message from them");
    expect(calls[1]!.body.messages.at(-1)).toEqual({ role: "user", content: "thank coach for season" });

    // The endpoint failing: the failure text, still 200.
    reply = { status: 500, content: "boom" };
    expectText(await c.get(`/api/message/UseChatGPT${qs({ message: "hello" })}`, { headers: bearer(a.accessToken) }), FAILURE);
    expect(calls).toHaveLength(3);
    // Nothing is asked of the endpoint for a blank message.
    expectError(await c.get(`/api/message/UseChatGPT${qs({ message: " " })}`, { headers: bearer(a.accessToken) }), 400);
    expect(calls).toHaveLength(3);
  });
});

describe("the picture rule in messages (issue 11, finding 6)", () => {
  it("a member who hides their picture from non-contacts shows it to a contact, and no more once the contact ends", async () => {
    const [a, b] = await Promise.all([member("Pictured"), member("Reader")]);
    await connect(a, b);
    const picture = `/uploads/photos/${a.memberId.toString(16).padStart(32, "b")}.webp`;
    await h.db.run("update member set picture_path = ? where id = ?", picture, a.memberId);
    const flags = {
      visibility: 1,
      viewProfilePicture: 0,
      viewFriendsList: 1,
      viewLinkToRequestAddingYouAsFriend: 1,
      viewLinkToSendYouMsg: 1,
    };
    expectJson(await put(a, `/api/setting/SavePrivacySearchSettings/${a.memberId}${qs(flags)}`));
    await send(a, b, "Hello", "A picture for contacts");

    const pictures = async () => {
      const rest = (await messagesOf(b)).items[0]!.senderImage;
      const inbox = await get(b, `/trpc/messages.list?input=${encodeURIComponent(JSON.stringify({}))}`);
      const sent = await get(a, `/trpc/messages.list?input=${encodeURIComponent(JSON.stringify({ view: "sent" }))}`);
      expectJson(inbox);
      expectJson(sent);
      return { rest, trpcFrom: inbox.json.result.data.items[0].from.picturePath, ownSent: sent.json.result.data.items[0].from.picturePath };
    };
    expect(await pictures()).toEqual({ rest: picture, trpcFrom: picture, ownSent: picture });
    expectJson(await del(a, `/api/contact/DeleteContact${pair(a, b)}`));
    expect(await pictures()).toEqual({ rest: "/images/default.png", trpcFrom: "/images/default.png", ownSent: picture });
  });
});
