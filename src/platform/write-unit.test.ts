/**
 * Write units on a real database (SQLite; PostgreSQL in its pass, where statements are counted alike): a message (with its recipient's notification) and a contact
 * request each write in one transaction; what a unit writes commits or rolls back as one, and its
 * live pushes and e-mail happen only after the commit; handlers' failures do not fail the action.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createMember, makeContacts } from "#support/members.ts";
import { closeTestContext, openTestContext, type TestContext } from "#support/service-context.ts";
import { type DB, statementsMatched, statementsRun, watchStatements } from "./db/client.ts";
import { isPostgres } from "./db/dialect.ts";
import * as contacts from "../domains/contacts/contacts.service.ts";
import * as feed from "../domains/feed/feed.service.ts";
import * as live from "../domains/live/live.service.ts";
import * as messages from "../domains/messages/messages.service.ts";
import { registerNotificationHandlers } from "../domains/notifications/notifications.service.ts";
import { siteName } from "../domains/site/site.service.ts";
import type { AppContext } from "./context.ts";
import { DomainEvents } from "./events.ts";
import type { LiveEvent } from "./live.ts";
import type { MailJob } from "./mailer.ts";
import { inWriteUnit } from "./write-unit.ts";

let db: DB;
let ctx: AppContext;
let testContext: TestContext | undefined;
let stopHandlers = () => {};
/** What went out, in order: live pushes and e-mails, with whether a transaction was open then. */
let sent: Array<{ what: string; duringTransaction: boolean }> = [];
const begins = watchStatements((sql) => /^\s*begin/i.test(sql));
const commits = watchStatements((sql) => /^\s*commit/i.test(sql));
const openTransactions = () => (statementsMatched(db, begins) ?? 0) - (statementsMatched(db, commits) ?? 0);
// A write, or on PostgreSQL the live log's insert that takes its locks first (WITH locked ... INSERT).
const writes = watchStatements((sql) => /^\s*(insert|update|delete)\b|^\s*with\b[\s\S]*\binsert\s+into\b/i.test(sql));
// PostgreSQL only: the statements that take the live log's locks of the members whose events a unit writes (live.repository).
const liveLocks = watchStatements((sql) => /pg_advisory_xact_lock/i.test(sql));
/** Statements run so far, and those that took live-log locks (none on SQLite). */
const counts = () => ({ statements: statementsRun(db), locks: statementsMatched(db, liveLocks)! });
const since = (before: ReturnType<typeof counts>) => {
  const now = counts();
  return { statements: now.statements - before.statements, locks: now.locks - before.locks };
};
const onPostgres = (locks: number) => (isPostgres(db) ? locks : 0);

beforeAll(async () => {
  testContext = await openTestContext("write-unit");
  ({ db } = testContext);
  const base = testContext.ctx;
  ctx = {
    ...base,
    live: {
      publish: (e: LiveEvent) => sent.push({ what: `live ${e.type}`, duringTransaction: openTransactions() > 0 }),
      subscribe: base.live.subscribe.bind(base.live),
      announce: base.live.announce.bind(base.live),
      setAudience: base.live.setAudience.bind(base.live),
    },
    mailer: {
      send: (m: MailJob) =>
        sent.push({ what: `mail ${(typeof m === "function" ? m() : m).subject}`, duringTransaction: openTransactions() > 0 }),
      flush: async () => {},
    },
  };
  stopHandlers = registerNotificationHandlers(ctx);
});
afterAll(async () => {
  stopHandlers();
  await closeTestContext(testContext);
});
beforeEach(() => {
  sent = [];
});

const count = async (table: "message" | "messageCopy" | "notification" | "liveEvent" | "contactLink") =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("write units", () => {
  it("a message, its copies, live events and the recipient's notification: one transaction, pushes and e-mail after it", async () => {
    const a = await createMember(db, { firstName: "Ann", lastName: "Sender" });
    const b = await createMember(db, { firstName: "Ben", lastName: "Receiver" });
    await makeContacts(db, a, b);
    const before = { begins: statementsMatched(db, begins)!, writes: statementsMatched(db, writes)!, notes: await count("notification") };
    const item = await messages.send(ctx, a, { toMemberId: b.memberId, subject: "Practice", body: "At six." });
    expect(statementsMatched(db, begins)! - before.begins).toBe(1);
    // the message, both copies (one statement), the notification, the three live events (one statement)
    expect(statementsMatched(db, writes)! - before.writes).toBe(4);
    expect(await count("notification")).toBe(before.notes + 1);
    // (The mail is only queued here: the mailer sends it on a later turn.)
    expect(sent).toEqual([
      { what: "mail New message on Sideline", duringTransaction: false },
      { what: "live message.received", duringTransaction: false },
      { what: "live messages.changed", duringTransaction: false },
      { what: "live notification.created", duringTransaction: false },
    ]);
    // The answer is the sender's copy as it reads back.
    expect(item).toEqual(await messages.get(ctx, a, item.messageId));
  });

  it("a contact request and its notification: one transaction", async () => {
    const a = await createMember(db);
    const b = await createMember(db);
    const before = statementsMatched(db, begins)!;
    expect(await contacts.sendRequest(ctx, a, b.memberId)).toBe("requested");
    expect(statementsMatched(db, begins)! - before).toBe(1);
    expect(sent.map((s) => s.what)).toEqual(["mail New contact request on Sideline", "live notification.created"]);
    expect(sent.every((s) => !s.duringTransaction)).toBe(true);
  });

  it("a reply and its author's notification: one transaction, pushes and e-mail after it", async () => {
    const a = await createMember(db, { firstName: "Ann", lastName: "Author" });
    const b = await createMember(db, { firstName: "Ben", lastName: "Replier" });
    await makeContacts(db, a, b);
    const post = await feed.createPost(ctx, a, "Training at six");
    sent = [];
    const notes = await count("notification");
    // The site's name for the e-mail is read at most every few seconds (decision 043), not in each unit.
    await siteName(ctx);
    const before = { begins: statementsMatched(db, begins)!, writes: statementsMatched(db, writes)!, counts: counts() };
    const reply = await feed.reply(ctx, b, post.postId, "I will be there");
    expect(statementsMatched(db, begins)! - before.begins).toBe(1);
    // the reply, the notification, its live event
    expect(statementsMatched(db, writes)! - before.writes).toBe(3);
    // one read (the post and the replier), BEGIN, the reply, the notification's one read, its two
    // writes, COMMIT; on PostgreSQL the live log's insert takes the author's lock (no statement of its own)
    expect(since(before.counts)).toEqual({ statements: 7, locks: onPostgres(1) });
    expect(await count("notification")).toBe(notes + 1);
    expect(sent).toEqual([
      { what: "mail New reply to your post on Sideline", duringTransaction: false },
      { what: "live notification.created", duringTransaction: false },
    ]);
    expect(reply).toEqual((await feed.replies(ctx, b, post.postId)).find((r) => r.replyId === reply.replyId));
  });

  it("a message is eight statements: one read, then BEGIN, two writes, the notification's read and two writes, COMMIT", async () => {
    const a = await createMember(db);
    const b = await createMember(db);
    await makeContacts(db, a, b);
    // The site's name for the e-mail comes from the process's copy (decision 043), not from the unit's transaction.
    await siteName(ctx);
    const before = counts();
    await messages.send(ctx, a, { toMemberId: b.memberId, subject: "Count", body: "us" });
    // On PostgreSQL the live log's insert takes the locks of sender and recipient, in id order (no statement of its own).
    expect(since(before)).toEqual({ statements: 8, locks: onPostgres(1) });
  });

  it("rolls back as one: nothing written, nothing pushed, nothing mailed", async () => {
    const a = await createMember(db);
    const b = await createMember(db);
    const before = { links: await count("contactLink"), notes: await count("notification"), events: await count("liveEvent") };
    await expect(
      inWriteUnit(ctx, async (unit) => {
        await contacts.sendRequest(unit, a, b.memberId); // a unit inside a unit is the same unit
        await live.emit(unit, a.memberId, "messages.changed");
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    expect({ links: await count("contactLink"), notes: await count("notification"), events: await count("liveEvent") }).toEqual(before);
    expect(sent).toEqual([]);
  });

  it.runIf(process.env.SIDELINE_TEST_ENGINE === "postgres")(
    "PostgreSQL: a handler whose statement failed aborted the transaction: the action fails, nothing written, pushed or mailed",
    async () => {
      const failures: unknown[] = [];
      const local: AppContext = { ...ctx, events: new DomainEvents((error) => failures.push(error)) };
      const stop = registerNotificationHandlers(local);
      local.events.subscribe("contact.requested", async (_e, scope) => {
        await sql`SELECT 1 / 0`.execute(scope!.db);
      });
      const a = await createMember(db);
      const b = await createMember(db);
      const before = { links: await count("contactLink"), notes: await count("notification"), events: await count("liveEvent") };
      try {
        await expect(contacts.sendRequest(local, a, b.memberId)).rejects.toThrow("The transaction was rolled back");
      } finally {
        stop();
      }
      expect(failures).toHaveLength(1);
      expect({ links: await count("contactLink"), notes: await count("notification"), events: await count("liveEvent") }).toEqual(before);
      expect(sent).toEqual([]);
    },
  );

  it("a failing handler is reported and the action still commits", async () => {
    const failures: unknown[] = [];
    const local: AppContext = { ...ctx, events: new DomainEvents((error) => failures.push(error)) };
    local.events.subscribe("contact.requested", () => {
      throw new Error("handler broke");
    });
    const a = await createMember(db);
    const b = await createMember(db);
    await contacts.sendRequest(local, a, b.memberId);
    expect(failures).toHaveLength(1);
    expect((await contacts.relationship(ctx, a, b.memberId)).requestSent).toBe(true);
  });
});
