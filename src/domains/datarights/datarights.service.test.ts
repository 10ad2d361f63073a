/**
 * Data rights on a real database (SQLite, and PostgreSQL in its pass) and real files: the archive's
 * contents, owner-only download, one archive at a time, expiry; deletion with the password, the grace
 * period (hidden, signed out), signing in cancels it, and the purge removing every row and file.
 */
import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { strFromU8, unzipSync } from "fflate";
import { CompiledQuery } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresPlan } from "#support/plans.ts";
import { closeTestContext, openTestContext, type TestContext } from "#support/service-context.ts";
import { createMember, type TestMember } from "#support/members.ts";
import { expectError } from "#support/domain-errors.ts";
import { freshLimiter } from "#support/limiter.ts";
import type { AppContext } from "../../platform/context.ts";
import { DAY } from "../../platform/clock.ts";
import { isPostgres } from "../../platform/db/dialect.ts";
import { ErrorCodes } from "../../shared/errors.ts";
import { MemberStatus } from "../../shared/members.ts";
import { dataRightsTexts } from "../../shared/data-rights-texts.ts";
import { login, setMemberStatus } from "../accounts/accounts.service.ts";
import { validateSessionToken } from "../accounts/sessions.ts";
import { createPost, reply, setLike } from "../feed/feed.service.ts";
import { registerNotificationHandlers } from "../notifications/notifications.service.ts";
import { claimNextExport, collectMemberData } from "./datarights.repository.ts";
import * as dataRights from "./datarights.service.ts";

let t: TestContext | undefined;
let ctx: AppContext;
const meta = { ip: "203.0.113.9", userAgent: "test" };
const PASSWORD = "correct horse 42";
let addresses = 0;
/** A client address of its own per deletion request: each one counts against the sign-in limit. */
const nextMeta = () => ({ ip: `198.51.100.${++addresses}`, userAgent: "test" });

beforeAll(async () => {
  t = await openTestContext("datarights");
  ctx = t.ctx;
  registerNotificationHandlers(ctx);
});
afterAll(() => closeTestContext(t));

/** A member with a stored picture (both variants on disk), a post, a reply, a like, a follow, a contact and messages both ways. */
async function memberWithData(other: TestMember) {
  const stem = `pic${Math.random().toString(36).slice(2, 14)}xyzxyz`;
  const member = await createMember(ctx.db, { password: PASSWORD, picturePath: `/uploads/photos/${stem}-400.webp` });
  const photos = path.join(ctx.uploadsDir, "photos");
  mkdirSync(photos, { recursive: true });
  const pictures = [400, 96].map((size) => path.join(photos, `${stem}-${size}.webp`));
  for (const file of pictures) writeFileSync(file, "RIFF-webp-bytes");
  const now = new Date().toISOString();
  await ctx.db.insertInto("follow").values({ followerId: member.memberId, followedId: other.memberId, createdAt: now }).execute();
  await ctx.db
    .insertInto("contactLink")
    .values([
      { memberId: member.memberId, otherId: other.memberId, status: "accepted", createdAt: now, updatedAt: now },
      { memberId: other.memberId, otherId: member.memberId, status: "accepted", createdAt: now, updatedAt: now },
    ])
    .execute();
  const post = await createPost(ctx, member, "My first training session");
  await reply(ctx, other, post.postId, "Well done!");
  const othersPost = await createPost(ctx, other, "Match day");
  await reply(ctx, member, othersPost.postId, "Good luck");
  await setLike(ctx, member, othersPost.postId, true);
  for (const [from, to, subject] of [
    [member.memberId, other.memberId, "Hello from me"],
    [other.memberId, member.memberId, "Hello back"],
  ] as const) {
    const m = await ctx.db
      .insertInto("message")
      .values({ senderId: from, recipientId: to, subject, body: `${subject}!`, createdAt: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    await ctx.db
      .insertInto("messageCopy")
      .values([
        { messageId: m.id, ownerId: from, box: "sent", isRead: 1, createdAt: now },
        { messageId: m.id, ownerId: to, box: "inbox", isRead: 0, createdAt: now },
      ])
      .execute();
  }
  return { member, pictures, postId: post.postId };
}

const notificationsOf = (memberId: number, kind: string) =>
  ctx.db.selectFrom("notification").select(["subject", "text", "link"]).where("memberId", "=", memberId).where("kind", "=", kind).execute();

describe("export", () => {
  it("prepares one zip off the request, notifies the member, and holds their data and pictures without secrets", async () => {
    const other = await createMember(ctx.db, { firstName: "Otto", lastName: "Other" });
    const { member } = await memberWithData(other);

    const asked = await dataRights.requestExport(ctx, member);
    expect(asked.status).toBe("pending");
    await expectError(dataRights.exportFile(ctx, member, asked.id), ErrorCodes.NotFound);
    // One at a time: a second request while the first is waiting is refused.
    await expectError(dataRights.requestExport(ctx, member), ErrorCodes.RateLimited, dataRightsTexts.exportInProgress);

    expect(await dataRights.processExports(ctx)).toBe(1);
    expect(await dataRights.processExports(ctx)).toBe(0);
    const [item] = await dataRights.listExports(ctx, member);
    expect(item).toMatchObject({ id: asked.id, status: "ready", downloadUrl: `/data-export/${asked.id}` });
    expect(await notificationsOf(member.memberId, "data.exportReady")).toEqual([
      { subject: dataRightsTexts.exportReadySubject, text: dataRightsTexts.exportReadyText, link: "/settings/account-setting?tab=data" },
    ]);

    const { file, downloadName } = await dataRights.exportFile(ctx, member, asked.id);
    expect(downloadName).toMatch(/^sideline-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const zip = unzipSync(new Uint8Array(await readFile(file)));
    expect(Object.keys(zip).sort()).toEqual(expect.arrayContaining(["sideline-data.json"]));
    expect(Object.keys(zip).filter((n) => n.startsWith("uploads/"))).toHaveLength(2);
    const json = strFromU8(zip["sideline-data.json"]!);
    const data = JSON.parse(json);
    expect(data.account).toMatchObject({ id: member.memberId, email: member.email });
    expect(json).not.toMatch(/passwordHash|answerHash|codeHash|argon2/);
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(data.sessions[0]).not.toHaveProperty("id");
    expect(data.posts.map((p: { description: string }) => p.description)).toEqual(["My first training session"]);
    expect(data.replies.map((r: { description: string }) => r.description)).toEqual(["Good luck"]);
    expect(data.likes).toHaveLength(1);
    expect(data.following.map((f: { followedId: number }) => f.followedId)).toEqual([other.memberId]);
    expect(data.contacts).toHaveLength(1);
    expect(data.messagesSent.map((m: { subject: string }) => m.subject)).toEqual(["Hello from me"]);
    expect(data.messagesReceived.map((m: { subject: string }) => m.subject)).toEqual(["Hello back"]);
    expect(data.notifications.length).toBeGreaterThan(0);
    expect(data.uploads).toHaveLength(2);
    expect(strFromU8(zip[data.uploads[0]]!)).toBe("RIFF-webp-bytes");
  });

  it("leaves out messages a moderator removed, and received ones the member deleted from their inbox (review of 2026-11-27, second pass)", async () => {
    const member = await createMember(ctx.db);
    const other = await createMember(ctx.db);
    const now = new Date().toISOString();
    /** A message with the copies named (the sender's "sent", the recipient's "inbox"), removed or not. */
    const message = async (from: TestMember, to: TestMember, subject: string, copies: Array<"sent" | "inbox">, removed = false) => {
      const m = await ctx.db
        .insertInto("message")
        .values({
          senderId: from.memberId,
          recipientId: to.memberId,
          subject,
          body: `${subject} body`,
          createdAt: now,
          removedAt: removed ? now : null,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      for (const box of copies)
        await ctx.db
          .insertInto("messageCopy")
          .values({ messageId: m.id, ownerId: box === "sent" ? from.memberId : to.memberId, box, isRead: 1, createdAt: now })
          .execute();
    };
    await message(other, member, "Kept in inbox", ["sent", "inbox"]);
    await message(other, member, "Removed abuse", ["sent", "inbox"], true);
    await message(other, member, "Deleted by me", ["sent"]);
    await message(member, other, "My sent words", ["inbox"]);
    await message(member, other, "My removed words", ["sent", "inbox"], true);

    const data = await collectMemberData(ctx.db, member.memberId);
    const subjects = (rows: unknown) => (rows as Array<{ subject: string }>).map((m) => m.subject);
    expect(subjects(data.messagesReceived)).toEqual(["Kept in inbox"]);
    expect(subjects(data.messagesSent)).toEqual(["My sent words"]);
    expect(JSON.stringify(data)).not.toMatch(/Removed abuse|Deleted by me|My removed words/);
  });

  it("lets only its owner download it, and not after it expired", async () => {
    const owner = await createMember(ctx.db);
    const stranger = await createMember(ctx.db);
    const { id } = await dataRights.requestExport(ctx, owner);
    await dataRights.processExports(ctx);
    await expectError(dataRights.exportFile(ctx, stranger, id), ErrorCodes.NotFound, dataRightsTexts.exportNotFound);
    await expectError(dataRights.exportFile(ctx, null, id), ErrorCodes.Unauthorized);
    const { file } = await dataRights.exportFile(ctx, owner, id);

    // Eight days on: the purge removes the file and the row; the owner gets NOT_FOUND too.
    expect(await dataRights.pruneExpiredExports(ctx, new Date(Date.now() + 8 * DAY))).toBeGreaterThanOrEqual(1);
    expect(existsSync(file)).toBe(false);
    await expectError(dataRights.exportFile(ctx, owner, id), ErrorCodes.NotFound);
    expect(await dataRights.listExports(ctx, owner)).toEqual([]);
  });
});

describe("deletion", () => {
  it("limits password attempts as sign-in attempts are: the 11th within 15 minutes is refused, even with the right password", async () => {
    const member = await createMember(ctx.db, { password: PASSWORD });
    const limited: AppContext = { ...ctx, limiter: await freshLimiter(ctx.db) };
    const from = { ip: "198.51.100.200", userAgent: "test" };
    for (let i = 0; i < 10; i++) {
      await expectError(dataRights.requestDeletion(limited, member, { password: `guess ${i}` }, from), ErrorCodes.BadInput);
    }
    await expectError(dataRights.requestDeletion(limited, member, { password: PASSWORD }, from), ErrorCodes.RateLimited);
    // Per member too: another address does not reset the member's count.
    await expectError(dataRights.requestDeletion(limited, member, { password: PASSWORD }, nextMeta()), ErrorCodes.RateLimited);
    expect(await validateSessionToken(ctx.db, member.token)).not.toBeNull();
  });

  it("needs the right password and writes nothing otherwise", async () => {
    const member = await createMember(ctx.db, { password: PASSWORD });
    await expectError(
      dataRights.requestDeletion(ctx, member, { password: "wrong one" }, nextMeta()),
      ErrorCodes.BadInput,
      dataRightsTexts.deleteWrongPassword,
    );
    await expectError(
      dataRights.requestDeletion(ctx, member, { password: "" }, nextMeta()),
      ErrorCodes.BadInput,
      dataRightsTexts.deletePasswordRequired,
    );
    const row = await ctx.db
      .selectFrom("member")
      .select(["status", "deletionDueAt"])
      .where("id", "=", member.memberId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: MemberStatus.Active, deletionDueAt: null });
    expect(await validateSessionToken(ctx.db, member.token)).not.toBeNull();
  });

  it("hides the account and ends its sessions for 14 days; signing in then cancels the deletion and says why", async () => {
    const member = await createMember(ctx.db, { password: PASSWORD });
    const { dueAt } = await dataRights.requestDeletion(ctx, member, { password: PASSWORD }, nextMeta());
    expect(Date.parse(dueAt) - Date.now()).toBeGreaterThan(14 * DAY - 60_000);
    const row = await ctx.db
      .selectFrom("member")
      .select(["status", "deletionDueAt"])
      .where("id", "=", member.memberId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: MemberStatus.DeletionPending, deletionDueAt: dueAt });
    expect(await validateSessionToken(ctx.db, member.token)).toBeNull();
    // Not due yet: the purge leaves it.
    expect(await dataRights.purgeDeletedAccounts(ctx)).toBe(0);

    const outcome = await login(ctx, { email: member.email, password: PASSWORD }, meta);
    expect(outcome.kind).toBe("active");
    await ctx.events.settled();
    const after = await ctx.db
      .selectFrom("member")
      .select(["status", "deletionDueAt"])
      .where("id", "=", member.memberId)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ status: MemberStatus.Active, deletionDueAt: null });
    expect(await notificationsOf(member.memberId, "account.deletionCancelled")).toEqual([
      {
        subject: dataRightsTexts.deletionCancelledSubject,
        text: dataRightsTexts.deletionCancelledText,
        link: "/settings/account-setting?tab=data",
      },
    ]);
    expect(await dataRights.purgeDeletedAccounts(ctx, new Date(Date.now() + 15 * DAY))).toBe(0);
  });

  it("purges only accounts still waiting for deletion (one a moderator suspended meanwhile stays)", async () => {
    const member = await createMember(ctx.db, { password: PASSWORD });
    await dataRights.requestDeletion(ctx, member, { password: PASSWORD }, nextMeta());
    await ctx.db.updateTable("member").set({ status: MemberStatus.Suspended }).where("id", "=", member.memberId).execute();
    expect(await dataRights.purgeDeletedAccounts(ctx, new Date(Date.now() + 15 * DAY))).toBe(0);
    expect(await ctx.db.selectFrom("member").select("id").where("id", "=", member.memberId).executeTakeFirst()).toBeDefined();
  });

  it("purges the account after the grace period: every row that names it and its files, others' data kept", async () => {
    const other = await createMember(ctx.db, { firstName: "Kept", lastName: "Member" });
    const { member, pictures } = await memberWithData(other);
    await dataRights.requestExport(ctx, member);
    await dataRights.processExports(ctx);
    const archive = (await dataRights.exportFile(ctx, member, (await dataRights.listExports(ctx, member))[0]!.id)).file;
    await ctx.db
      .insertInto("clientLog")
      .values({ memberId: member.memberId, level: "error", message: "x", url: "", stack: "", createdAt: new Date().toISOString() })
      .execute();
    const othersPost = await createPost(ctx, other, "Still here");
    await dataRights.requestDeletion(ctx, member, { password: PASSWORD }, nextMeta());

    expect(await dataRights.purgeDeletedAccounts(ctx, new Date(Date.now() + 15 * DAY))).toBe(1);
    const id = member.memberId;
    const left = async (table: string, column: string) =>
      Number(
        (
          await ctx.db
            .selectFrom(table as "member")
            .select((eb) => eb.fn.countAll().as("n"))
            .where(column as "id", "=", id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const references: Array<[string, string]> = [
      ["member", "id"],
      ["session", "memberId"],
      ["oneTimeCode", "memberId"],
      ["memberProfile", "memberId"],
      ["memberPrivacy", "memberId"],
      ["memberNotificationSettings", "memberId"],
      ["contactLink", "memberId"],
      ["contactLink", "otherId"],
      ["follow", "followerId"],
      ["follow", "followedId"],
      ["post", "memberId"],
      ["postReply", "memberId"],
      ["postLike", "memberId"],
      ["message", "senderId"],
      ["message", "recipientId"],
      ["messageCopy", "ownerId"],
      ["notification", "memberId"],
      ["notification", "actorId"],
      ["dataExport", "memberId"],
      ["clientLog", "memberId"],
    ];
    for (const [table, column] of references) expect({ table, column, n: await left(table, column) }).toEqual({ table, column, n: 0 });
    for (const file of [...pictures, archive]) expect(existsSync(file)).toBe(false);
    // The other member keeps their account and post; the replies under it by the purged member are gone.
    const kept = await ctx.db.selectFrom("post").select("id").where("id", "=", othersPost.postId).executeTakeFirst();
    expect(kept).toBeDefined();
    expect(await ctx.db.selectFrom("member").select("id").where("id", "=", other.memberId).executeTakeFirst()).toBeDefined();
  });
});

describe("export and purge are exclusive", () => {
  const archives = () => (existsSync(dataRights.exportsDir(ctx)) ? readdirSync(dataRights.exportsDir(ctx)) : []);

  it("builds no archive for a member whose deletion is pending", async () => {
    const member = await createMember(ctx.db, { password: PASSWORD });
    const { id } = await dataRights.requestExport(ctx, member);
    await dataRights.requestDeletion(ctx, member, { password: PASSWORD }, nextMeta());
    const before = archives();
    await dataRights.processExports(ctx);
    expect(archives()).toEqual(before);
    expect(await ctx.db.selectFrom("dataExport").select(["status", "fileName"]).where("id", "=", id).executeTakeFirst()).toEqual({
      status: "failed",
      fileName: null,
    });
  });

  it("removes an archive whose member the purge deleted while it was written", async () => {
    const member = await createMember(ctx.db, { password: PASSWORD });
    await dataRights.requestExport(ctx, member);
    const before = archives();
    // The worker claims the archive and writes its file...
    const now = new Date().toISOString();
    const claimed = await claimNextExport(ctx.db, now, now);
    expect(claimed?.memberId).toBe(member.memberId);
    const written = await dataRights.writeArchive(ctx, claimed!);
    expect(archives()).toContain(written.fileName);
    // ...meanwhile the member's deletion comes due and the purge runs (the file has no row name yet)...
    await dataRights.requestDeletion(ctx, member, { password: PASSWORD }, nextMeta());
    expect(await dataRights.purgeDeletedAccounts(ctx, new Date(Date.now() + 15 * DAY))).toBeGreaterThanOrEqual(1);
    // ...then the worker publishes it: no row any more, so the file goes.
    expect(await dataRights.publishArchive(ctx, claimed!, written)).toBe(false);
    expect(archives()).toEqual(before);
  });

  it("removes an archive finished just before the purge, by the name its row then carries", async () => {
    const member = await createMember(ctx.db, { password: PASSWORD });
    await dataRights.requestExport(ctx, member);
    const now = new Date().toISOString();
    const claimed = await claimNextExport(ctx.db, now, now);
    const written = await dataRights.writeArchive(ctx, claimed!);
    await dataRights.requestDeletion(ctx, member, { password: PASSWORD }, nextMeta());
    expect(await dataRights.publishArchive(ctx, claimed!, written)).toBe(true);
    await dataRights.purgeDeletedAccounts(ctx, new Date(Date.now() + 15 * DAY));
    expect(archives()).not.toContain(written.fileName);
  });
});

describe("the last admin", () => {
  it("refuses to delete or deactivate the last active admin, with a clear message; another admin lets them go", async () => {
    const only = await createMember(ctx.db, { password: PASSWORD, role: "admin" });
    await expectError(
      dataRights.requestDeletion(ctx, only, { password: PASSWORD }, nextMeta()),
      ErrorCodes.BadInput,
      dataRightsTexts.lastAdminDelete,
    );
    await expectError(
      setMemberStatus(ctx, only, only.memberId, MemberStatus.Deactivated),
      ErrorCodes.BadInput,
      dataRightsTexts.lastAdminDeactivate,
    );
    const row = await ctx.db.selectFrom("member").select("status").where("id", "=", only.memberId).executeTakeFirstOrThrow();
    expect(row.status).toBe(MemberStatus.Active);
    expect(await validateSessionToken(ctx.db, only.token)).not.toBeNull();

    const second = await createMember(ctx.db, { password: PASSWORD, role: "admin" });
    await dataRights.requestDeletion(ctx, only, { password: PASSWORD }, nextMeta());
    // Now the second is the last active one (the first is waiting for deletion).
    await expectError(
      setMemberStatus(ctx, second, second.memberId, MemberStatus.Deactivated),
      ErrorCodes.BadInput,
      dataRightsTexts.lastAdminDeactivate,
    );
  });
});

describe("query plans", () => {
  it("reads and deletes through indexes: the screen's list, the worker's claim, the purge's finds and deletes", async () => {
    const db = ctx.db;
    const now = new Date().toISOString();
    const queries = [
      db.selectFrom("dataExport").selectAll().where("memberId", "=", 1).orderBy("id", "desc").limit(5),
      db.selectFrom("dataExport").select("id").where("memberId", "=", 1).where("status", "in", ["pending", "building"]).limit(1),
      db
        .selectFrom("dataExport")
        .selectAll()
        .where((eb) => eb.or([eb("status", "=", "pending"), eb.and([eb("status", "=", "building"), eb("claimedAt", "<", now)])]))
        .orderBy("status", "desc")
        .orderBy("id")
        .limit(1),
      db.selectFrom("dataExport").select(["id", "fileName"]).where("expiresAt", "<=", now).orderBy("expiresAt").limit(500),
      db
        .selectFrom("member")
        .select(["id", "picturePath"])
        .where("deletionDueAt", "is not", null)
        .where("deletionDueAt", "<=", now)
        .where("status", "=", 5)
        .orderBy("deletionDueAt")
        .limit(50),
      db.deleteFrom("notification").where("actorId", "=", 1),
      db.deleteFrom("clientLog").where("memberId", "=", 1),
    ].map((q) => q.compile());
    for (const q of queries) {
      if (isPostgres(db)) {
        expect(await postgresPlan(db, q.sql.replace(/\$\d+/g, "?"), q.parameters), q.sql).not.toMatch(/Seq Scan/);
      } else {
        const plan = await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`EXPLAIN QUERY PLAN ${q.sql}`, [...q.parameters]));
        expect(plan.rows.map((r) => r.detail).join("\n"), q.sql).not.toMatch(/^SCAN /m);
      }
    }
  });
});
