/**
 * The messages service on a real SQLite file: only contacts may be written to, each member sees
 * and changes only their own copies (deleting mine leaves the other's), opening marks read, the
 * unread count, search, keyset paging, the live events and the message.sent domain event.
 */
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { expectError } from "#support/domain-errors.ts";
import { createMember, makeContacts } from "#support/members.ts";
import { closeTestContext, openTestContext, type TestContext } from "#support/service-context.ts";
import type { DB } from "../../platform/db/client.ts";
import { ErrorCodes } from "../../shared/errors.ts";
import { MemberStatus } from "../../shared/members.ts";
import { texts } from "../../shared/texts.ts";
import type { Actor, AppContext } from "../../platform/context.ts";
import type { DomainEvent } from "../../platform/events.ts";
import type { LiveEvent } from "../../platform/live.ts";
import { messageListInput, type MessageListInput, unreadText } from "./messages.schema.ts";
import * as messages from "./messages.service.ts";

let db: DB;
let ctx: AppContext;
let testContext: TestContext | undefined;
beforeAll(async () => {
  testContext = await openTestContext("messages");
  ({ ctx, db } = testContext);
});
afterAll(() => closeTestContext(testContext));

const newMember = (first?: string, last?: string) => createMember(db, { firstName: first, lastName: last });

let sentEvents: DomainEvent[] = [];
let stop: () => void = () => {};
beforeEach(() => {
  sentEvents = [];
  stop = ctx.events.subscribe("message.sent", (e) => {
    sentEvents.push(e);
  });
});
afterEach(() => stop());

const list = (actor: Actor, input: MessageListInput = {}) => messages.list(ctx, actor, messageListInput.parse(input));
const countMessages = async () =>
  Number(
    (
      await db
        .selectFrom("message")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function pair() {
  const a = await newMember("Ann", "Sender");
  const b = await newMember("Ben", "Receiver");
  await makeContacts(db, a, b);
  return { a, b };
}

describe("sending", () => {
  it("delivers to a contact: the recipient's copy is unread, the sender's is in Sent", async () => {
    const { a, b } = await pair();
    const sent = await messages.send(ctx, a, { toMemberId: b.memberId, subject: "  Tryouts ", body: "See you Saturday?" });
    expect(sent).toMatchObject({ box: "sent", subject: "Tryouts", body: "See you Saturday?", read: true });
    expect(sent.from).toMatchObject({ memberId: a.memberId, name: "Ann Sender" });
    expect(sent.to).toMatchObject({ memberId: b.memberId, name: "Ben Receiver" });

    const inbox = await list(b);
    expect(inbox.items).toHaveLength(1);
    expect(inbox.items[0]).toMatchObject({ box: "inbox", subject: "Tryouts", read: false, from: { memberId: a.memberId } });
    expect(inbox.items[0]!.messageId).not.toBe(sent.messageId);
    expect(await messages.unreadCount(ctx, b)).toBe(1);
    expect(await messages.unreadCount(ctx, a)).toBe(0);
    expect((await list(a, { view: "sent" })).items.map((m) => m.messageId)).toEqual([sent.messageId]);
    expect((await list(a)).items).toEqual([]);

    await ctx.events.settled();
    expect(sentEvents).toEqual([
      expect.objectContaining({ type: "message.sent", senderId: a.memberId, recipientId: b.memberId, subject: "Tryouts" }),
    ]);
  });

  it("refuses a stranger, oneself, an unknown or deactivated member, and a dropped contact, writing nothing", async () => {
    const { a, b } = await pair();
    const stranger = await newMember("Sam", "Stranger");
    const gone = await newMember("Gus", "Gone");
    await makeContacts(db, a, gone);
    await db.updateTable("member").set({ status: MemberStatus.Deactivated }).where("id", "=", gone.memberId).execute();
    const before = await countMessages();
    for (const toMemberId of [stranger.memberId, a.memberId, 999_999, gone.memberId]) {
      await expectError(messages.send(ctx, a, { toMemberId, subject: "Hi", body: "Hello" }), ErrorCodes.BadInput, texts.recipientNotValid);
    }
    await db
      .deleteFrom("contactLink")
      .where("memberId", "in", [a.memberId, b.memberId])
      .where("otherId", "in", [a.memberId, b.memberId])
      .execute();
    await expectError(
      messages.send(ctx, a, { toMemberId: b.memberId, subject: "Hi", body: "Hello" }),
      ErrorCodes.BadInput,
      texts.recipientNotValid,
    );
    expect(await countMessages()).toBe(before);
    await ctx.events.settled();
    expect(sentEvents).toEqual([]);
  });

  it("a pending request is not a contact yet", async () => {
    const a = await newMember();
    const b = await newMember();
    const at = new Date().toISOString();
    await db
      .insertInto("contactLink")
      .values({ memberId: a.memberId, otherId: b.memberId, status: "pending", createdAt: at, updatedAt: at })
      .execute();
    await expectError(messages.send(ctx, a, { toMemberId: b.memberId, subject: "Hi", body: "Hello" }), ErrorCodes.BadInput);
  });

  it("checks subject and text for every caller, with the spec's messages", async () => {
    const { a, b } = await pair();
    await expectError(
      messages.send(ctx, a, { toMemberId: b.memberId, subject: "  ", body: "x" }),
      ErrorCodes.BadInput,
      texts.messageSubjectRequired,
    );
    await expectError(
      messages.send(ctx, a, { toMemberId: b.memberId, subject: "x", body: "" }),
      ErrorCodes.BadInput,
      texts.messageTextRequired,
    );
    await expectError(messages.send(ctx, a, { toMemberId: b.memberId, subject: "x".repeat(151), body: "x" }), ErrorCodes.BadInput);
    await expectError(messages.send(ctx, a, { toMemberId: b.memberId, subject: "x", body: "x".repeat(5001) }), ErrorCodes.BadInput);
    expect((await list(b)).items).toEqual([]);
  });
});

describe("own copies only", () => {
  it("opening marks read; mark unread and read again; the count follows", async () => {
    const { a, b } = await pair();
    await messages.send(ctx, a, { toMemberId: b.memberId, subject: "One", body: "1" });
    const [copy] = (await list(b)).items;
    const opened = await messages.open(ctx, b, copy!.messageId);
    expect(opened.read).toBe(true);
    expect(await messages.unreadCount(ctx, b)).toBe(0);
    expect(await messages.markRead(ctx, b, [copy!.messageId], false)).toBe(1);
    expect((await list(b, { view: "unread" })).items.map((m) => m.messageId)).toEqual([copy!.messageId]);
    expect(await messages.markRead(ctx, b, [copy!.messageId], true)).toBe(1);
    expect((await list(b, { view: "unread" })).items).toEqual([]);
  });

  it("another member's message id is not found, and nothing of theirs changes", async () => {
    const { a, b } = await pair();
    const intruder = await newMember("Ivy", "Intruder");
    const sent = await messages.send(ctx, a, { toMemberId: b.memberId, subject: "Private", body: "secret" });
    const [inboxCopy] = (await list(b)).items;
    for (const id of [inboxCopy!.messageId, sent.messageId]) {
      await expectError(messages.open(ctx, intruder, id), ErrorCodes.NotFound);
      await expectError(messages.markRead(ctx, intruder, [id], true), ErrorCodes.NotFound);
      await expectError(messages.remove(ctx, intruder, [id]), ErrorCodes.NotFound);
    }
    // The sender cannot read or change the recipient's copy either: mixed into a batch of their own, it is left out.
    await expectError(messages.markRead(ctx, a, [inboxCopy!.messageId], true), ErrorCodes.NotFound);
    expect(await messages.markRead(ctx, a, [sent.messageId, inboxCopy!.messageId], true)).toBe(0); // a sent copy is read already
    expect((await list(b)).items[0]).toMatchObject({ messageId: inboxCopy!.messageId, read: false });
    expect(await messages.remove(ctx, a, [sent.messageId, inboxCopy!.messageId])).toBe(1);
    expect((await list(a, { view: "sent" })).items).toEqual([]);
    expect((await list(b)).items.map((m) => m.messageId)).toEqual([inboxCopy!.messageId]);
  });

  it("deleting my copy leaves the other member's; the message goes with the last copy", async () => {
    const { a, b } = await pair();
    const sent = await messages.send(ctx, a, { toMemberId: b.memberId, subject: "Keep", body: "me" });
    const [inboxCopy] = (await list(b)).items;
    expect(await messages.remove(ctx, b, [inboxCopy!.messageId])).toBe(1);
    expect((await list(b)).items).toEqual([]);
    expect((await list(a, { view: "sent" })).items).toHaveLength(1);
    const messageRows = () => db.selectFrom("message").select("id").where("senderId", "=", a.memberId).execute();
    expect(await messageRows()).toHaveLength(1);
    await messages.remove(ctx, a, [sent.messageId]);
    expect(await messageRows()).toHaveLength(0);
  });
});

describe("listing", () => {
  it("pages newest first with a cursor, and searches subject, text and the sender's name", async () => {
    const { a, b } = await pair();
    const c = await newMember("Cora", "Coach");
    await makeContacts(db, c, b);
    for (let i = 1; i <= 5; i++) await messages.send(ctx, a, { toMemberId: b.memberId, subject: `Note ${i}`, body: `body ${i}` });
    await messages.send(ctx, c, { toMemberId: b.memberId, subject: "Camp", body: "Summer 100% camp" });
    const first = await list(b, { limit: 4 });
    expect(first.items.map((m) => m.subject)).toEqual(["Camp", "Note 5", "Note 4", "Note 3"]);
    const second = await list(b, { limit: 4, cursor: first.nextCursor! });
    expect(second.items.map((m) => m.subject)).toEqual(["Note 2", "Note 1"]);
    expect(second.nextCursor).toBeNull();
    expect((await list(b, { search: "cora" })).items.map((m) => m.subject)).toEqual(["Camp"]);
    expect((await list(b, { search: "body 3" })).items.map((m) => m.subject)).toEqual(["Note 3"]);
    expect((await list(b, { search: "note" })).items).toHaveLength(5);
    // LIKE wildcards are matched as text.
    expect((await list(b, { search: "100%" })).items.map((m) => m.subject)).toEqual(["Camp"]);
    expect((await list(b, { search: "%" })).items.map((m) => m.subject)).toEqual(["Camp"]);
    // Sent searches the recipient's name; Unread pages its search with a cursor.
    expect((await list(a, { view: "sent", search: "receiver" })).items).toHaveLength(5);
    expect((await list(a, { view: "sent", search: "cora" })).items).toEqual([]);
    await messages.open(ctx, b, first.items[1]!.messageId);
    const unread = await list(b, { view: "unread", search: "note", limit: 2 });
    expect(unread.items.map((m) => m.subject)).toEqual(["Note 4", "Note 3"]);
    const unreadRest = await list(b, { view: "unread", search: "note", limit: 2, cursor: unread.nextCursor! });
    expect(unreadRest.items.map((m) => m.subject)).toEqual(["Note 2", "Note 1"]);
    await expectError(list(b, { cursor: "abc" }), ErrorCodes.BadInput);
    await expectError(list(b, { cursor: "0" }), ErrorCodes.BadInput);
  });

  it.runIf(process.env.SIDELINE_TEST_ENGINE === "postgres")(
    "a page's statement is prepared once per connection and then runs one plan for every member (no planning per page)",
    async () => {
      const { a, b } = await pair();
      const { a: c, b: d } = await pair();
      await messages.send(ctx, a, { toMemberId: b.memberId, subject: "Planned", body: "one plan" });
      await messages.send(ctx, c, { toMemberId: d.memberId, subject: "Planned", body: "one plan" });
      // A transaction runs on one connection: the one whose prepared statements are looked at.
      const plans = await db.transaction().execute(async (trx) => {
        for (let i = 0; i < 12; i++) await messages.list({ ...ctx, db: trx }, [a, b, c, d][i % 4]!, messageListInput.parse({ limit: 7 }));
        return (
          await sql<{ generic: number; custom: number }>`
            SELECT generic_plans AS generic, custom_plans AS custom FROM pg_prepared_statements
            WHERE statement LIKE '%from "message_copy" as "c"%order by "c"."id" desc limit%'
              AND statement NOT LIKE '%"c"."id" <%' AND statement NOT LIKE '%"c"."is_read" =%' AND statement NOT LIKE '%like%'`.execute(trx)
        ).rows;
      });
      expect(plans).toHaveLength(1);
      // PostgreSQL plans the first five runs for their values, then keeps a plan for any member.
      expect(Number(plans[0]!.custom)).toBeLessThanOrEqual(5);
      expect(Number(plans[0]!.generic)).toBeGreaterThanOrEqual(7);
    },
  );

  it("suggests only contacts as recipients, by name", async () => {
    const { a, b } = await pair();
    await newMember("Ben", "Stranger");
    const names = (await messages.recipients(ctx, a, { text: "ben", limit: 10 })).map((m) => m.name);
    expect(names).toEqual(["Ben Receiver"]);
    expect(await messages.canWriteTo(ctx, a, b.memberId)).toBe(true);
  });

  it("the spec's unread text", () => {
    expect(unreadText(0)).toBe("You have 0 un-read message!");
    expect(unreadText(3)).toBe("You have 3 un-read messages!");
  });
});

describe("live events", () => {
  it("tells the recipient's and the sender's open pages, and the owner's other tabs on changes", async () => {
    const { a, b } = await pair();
    const heard: LiveEvent[] = [];
    const offA = ctx.live.subscribe(a.memberId, (e) => heard.push(e));
    const offB = ctx.live.subscribe(b.memberId, (e) => heard.push(e));
    await messages.send(ctx, a, { toMemberId: b.memberId, subject: "Live", body: "now" });
    const [copy] = (await list(b)).items;
    await messages.open(ctx, b, copy!.messageId);
    offA();
    offB();
    expect(heard.map((e) => [e.memberId, e.type])).toEqual([
      [b.memberId, "message.received"],
      [a.memberId, "messages.changed"],
      [b.memberId, "messages.changed"],
    ]);
    // The copy the page opens, and the message itself (a moderator's removal finds the notice by it).
    const { messageId: sourceId } = await ctx.db
      .selectFrom("messageCopy")
      .select("messageId")
      .where("id", "=", copy!.messageId)
      .executeTakeFirstOrThrow();
    expect(heard[0]!.data).toEqual({ messageId: copy!.messageId, sourceId, from: "Ann Sender", subject: "Live" });
  });
});
