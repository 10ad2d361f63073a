/**
 * The admin service on a real database (SQLite, and PostgreSQL in its pass): who may do what,
 * the members list and its filters, suspension (sessions end, sign-in refused, hidden from search,
 * an ended one lifts itself), restore, signing out everywhere, roles taking effect at once, the
 * last admin, the first admin, and the audit log.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeTestContext, openTestContext, type TestContext } from "#support/service-context.ts";
import { createMember, type TestMember } from "#support/members.ts";
import { expectError } from "#support/domain-errors.ts";
import type { AppContext } from "../../platform/context.ts";
import { ErrorCodes } from "../../shared/errors.ts";
import { MemberStatus } from "../../shared/members.ts";
import { adminTexts } from "../../shared/admin-texts.ts";
import { liftSuspensionIfUnchanged } from "../accounts/accounts.repository.ts";
import { login } from "../accounts/accounts.service.ts";
import { validateSessionToken } from "../accounts/sessions.ts";
import { searchMembers } from "../search/search.service.ts";
import { CompiledQuery } from "kysely";
import { isPostgres } from "../../platform/db/dialect.ts";
import { adminMembersInput, suspendInput } from "./admin.schema.ts";
import { listMembersQuery } from "./admin.repository.ts";
import * as admin from "./admin.service.ts";

let t: TestContext | undefined;
let ctx: AppContext;
let adminA: TestMember;
let moderator: TestMember;
let plain: TestMember;
const meta = { ip: "203.0.113.7", userAgent: "test" };
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString();

beforeAll(async () => {
  t = await openTestContext("admin");
  ctx = t.ctx;
  adminA = await createMember(ctx.db, { firstName: "Ada", lastName: "Admin", role: "admin" });
  moderator = await createMember(ctx.db, { firstName: "Mo", lastName: "Derator", role: "moderator" });
  plain = await createMember(ctx.db, { firstName: "Plain", lastName: "Member" });
});
afterAll(() => closeTestContext(t));

describe("who may do what", () => {
  it("refuses members everything, moderators roles and the audit log", async () => {
    await expectError(admin.listMembers(ctx, plain, {}), ErrorCodes.Forbidden);
    await expectError(admin.suspend(ctx, plain, { memberId: moderator.memberId, reason: "x" }), ErrorCodes.Forbidden);
    await expectError(admin.grantRole(ctx, moderator, plain.memberId, "admin"), ErrorCodes.Forbidden);
    await expectError(admin.listAudit(ctx, moderator, undefined), ErrorCodes.Forbidden);
    expect((await admin.listMembers(ctx, moderator, {})).items.length).toBeGreaterThan(0);
  });

  it("lets a moderator act on plain members only, and nobody on their own account", async () => {
    await expectError(admin.suspend(ctx, moderator, { memberId: adminA.memberId, reason: "x" }), ErrorCodes.Forbidden);
    await expectError(admin.resetSessions(ctx, adminA, adminA.memberId), ErrorCodes.Forbidden);
    expect((await admin.viewMember(ctx, moderator, adminA.memberId)).member.role).toBe("admin");
  });
});

describe("members list", () => {
  it("finds by the beginning of a name, 'first last' or an e-mail, and filters by role and suspension", async () => {
    const zed = await createMember(ctx.db, { firstName: "Zedekiah", lastName: "Quarry", email: "zq-list@example.com" });
    const names = async (input: Parameters<typeof admin.listMembers>[2]) =>
      (await admin.listMembers(ctx, adminA, input)).items.map((m) => m.memberId);
    expect(await names({ query: "zedek" })).toEqual([zed.memberId]);
    expect(await names({ query: "quar" })).toEqual([zed.memberId]);
    expect(await names({ query: "zedekiah qu" })).toEqual([zed.memberId]);
    expect(await names({ query: "zq-list@" })).toEqual([zed.memberId]);
    expect(await names({ query: "zedekiah x" })).toEqual([]);
    expect(await names({ role: "moderator" })).toEqual([moderator.memberId]);
    expect(await names({ role: "admin" })).toContain(adminA.memberId);
    expect(await names({ role: "member" })).not.toContain(adminA.memberId);
    expect(await names({ suspendedOnly: true, query: "zedek" })).toEqual([]);
  });

  it("folds names as member search does: accents and case do not matter, either way, suspended members included", async () => {
    const zoe = await createMember(ctx.db, { firstName: "Zoë", lastName: "Ångström-Núñez", email: "zoe-fold@example.com" });
    const plainZoe = await createMember(ctx.db, { firstName: "Zoe", lastName: "Plainfold" });
    const names = async (query: string) =>
      (await admin.listMembers(ctx, moderator, adminMembersInput.parse({ query }))).items.map((m) => m.memberId).sort();
    expect(await names("zoë")).toEqual([zoe.memberId, plainZoe.memberId].sort());
    expect(await names("ZOE")).toEqual([zoe.memberId, plainZoe.memberId].sort());
    expect(await names("angst")).toEqual([zoe.memberId]);
    expect(await names("ÅNGSTRÖM")).toEqual([zoe.memberId]);
    expect(await names("ångström-nu")).toEqual([zoe.memberId]);
    // The beginning of a name, as before: a later word of it does not match.
    expect(await names("nunez")).toEqual([]);
    expect(await names("zoe ang")).toEqual([zoe.memberId]);
    expect(await names("zoe plain")).toEqual([plainZoe.memberId]);
    expect(await names("zoe-fold@")).toEqual([zoe.memberId]);
    await admin.suspend(ctx, moderator, { memberId: zoe.memberId, reason: "Test" });
    expect(await names("angstrom")).toEqual([zoe.memberId]);
    // A renamed member is found by the new name only (the index follows the row).
    await ctx.db.updateTable("member").set({ firstName: "Chloé" }).where("id", "=", plainZoe.memberId).execute();
    expect(await names("chloe")).toEqual([plainZoe.memberId]);
    expect(await names("zoe")).toEqual([zoe.memberId]);
  });

  it("reads a page of a name search through indexes, not by scanning members", async () => {
    const plans: string[] = [];
    for (const query of ["zoe", "zoe ang"]) {
      const compiled = listMembersQuery(ctx.db, { query, limit: 26 });
      if (isPostgres(ctx.db)) {
        await ctx.db.executeQuery(CompiledQuery.raw("SET enable_seqscan = off"));
        const plan = await ctx.db.executeQuery<{ "QUERY PLAN": string }>(
          CompiledQuery.raw(`EXPLAIN ${compiled.sql}`, [...compiled.parameters]),
        );
        await ctx.db.executeQuery(CompiledQuery.raw("SET enable_seqscan = on"));
        plans.push(plan.rows.map((r) => r["QUERY PLAN"]).join("\n"));
      } else {
        const plan = await ctx.db.executeQuery<{ detail: string }>(
          CompiledQuery.raw(`EXPLAIN QUERY PLAN ${compiled.sql}`, [...compiled.parameters]),
        );
        plans.push(plan.rows.map((r) => r.detail).join("\n"));
      }
    }
    for (const plan of plans) expect(plan).not.toMatch(/^SCAN member\b|Seq Scan on member/m);
  });

  it("pages newest first with a cursor, and refuses a cursor it did not make", async () => {
    for (let i = 0; i < 27; i++) await createMember(ctx.db, { firstName: "Pager", lastName: `P${i}` });
    const first = await admin.listMembers(ctx, adminA, { query: "pager" });
    expect(first.items).toHaveLength(25);
    const second = await admin.listMembers(ctx, adminA, { query: "pager", cursor: first.nextCursor! });
    expect(second.items).toHaveLength(2);
    expect(second.nextCursor).toBeNull();
    const ids = [...first.items, ...second.items].map((m) => m.memberId);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    await expectError(admin.listMembers(ctx, adminA, { cursor: "abc" }), ErrorCodes.BadInput);
  });
});

describe("suspension", () => {
  it("needs a reason and a future end, if any", async () => {
    expect(suspendInput.safeParse({ memberId: plain.memberId, reason: "  " }).success).toBe(false);
    await expectError(
      admin.suspend(ctx, adminA, { memberId: plain.memberId, reason: "spam", until: "2000-01-01T00:00:00Z" }),
      ErrorCodes.BadInput,
      adminTexts.adminEndInPast,
    );
  });

  it("ends every session at once, refuses sign-in saying until when, hides the member; restore undoes it", async () => {
    const viewer = await createMember(ctx.db, { firstName: "Vera", lastName: "Viewer" });
    const target = await createMember(ctx.db, { firstName: "Suzette", lastName: "Spammer", password: "Secret-pass-1" });
    expect((await searchMembers(ctx, viewer, "suzette", 10)).map((c) => c.memberId)).toEqual([target.memberId]);
    expect(await validateSessionToken(ctx.db, target.token)).not.toBeNull();

    const until = tomorrow();
    const shown = await admin.suspend(ctx, moderator, { memberId: target.memberId, reason: "Spam in messages", until });
    expect(shown).toMatchObject({ status: MemberStatus.Suspended, suspendedReason: "Spam in messages", suspendedUntil: until });
    expect(await validateSessionToken(ctx.db, target.token)).toBeNull();
    const refused = await login(ctx, { email: target.email, password: "Secret-pass-1" }, meta);
    expect(refused).toMatchObject({ kind: "suspended", until, reason: "Spam in messages" });
    // Only the member (the right password) learns the reason.
    expect(await login(ctx, { email: target.email, password: "Wrong-pass-1" }, meta)).toEqual({ kind: "notfound" });
    expect(await searchMembers(ctx, viewer, "suzette", 10)).toEqual([]);
    expect((await admin.listMembers(ctx, adminA, { suspendedOnly: true })).items.map((m) => m.memberId)).toContain(target.memberId);

    await admin.restore(ctx, moderator, target.memberId);
    expect((await login(ctx, { email: target.email, password: "Secret-pass-1" }, meta)).kind).toBe("active");
    expect((await searchMembers(ctx, viewer, "suzette", 10)).map((c) => c.memberId)).toEqual([target.memberId]);
  });

  it("without an end holds indefinitely; one past its end lifts itself at sign-in", async () => {
    const target = await createMember(ctx.db, { firstName: "Ivo", lastName: "Indefinite", password: "Secret-pass-1" });
    await admin.suspend(ctx, adminA, { memberId: target.memberId, reason: "Abuse" });
    expect(await login(ctx, { email: target.email, password: "Secret-pass-1" }, meta)).toMatchObject({ kind: "suspended", until: null });
    // The end passes (written as the clock would have it later).
    await ctx.db.updateTable("member").set({ suspendedUntil: "2001-01-01T00:00:00.000Z" }).where("id", "=", target.memberId).execute();
    expect((await admin.viewMember(ctx, adminA, target.memberId)).member.status).toBe(MemberStatus.Active);
    // The answer tells the member as they now are (the legacy login sends this status with the token).
    expect(await login(ctx, { email: target.email, password: "Secret-pass-1" }, meta)).toMatchObject({
      kind: "active",
      member: { status: MemberStatus.Active },
    });
    const row = await ctx.db
      .selectFrom("member")
      .select(["status", "suspendedReason"])
      .where("id", "=", target.memberId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: MemberStatus.Active, suspendedReason: null });
  });

  it("lifts only the ended suspension it read: a new one set meanwhile stays", async () => {
    const target = await createMember(ctx.db, { firstName: "Nell", lastName: "Newsuspension", password: "Secret-pass-1" });
    await admin.suspend(ctx, adminA, { memberId: target.memberId, reason: "First" });
    const ended = "2001-01-01T00:00:00.000Z";
    await ctx.db.updateTable("member").set({ suspendedUntil: ended }).where("id", "=", target.memberId).execute();
    // A sign-in read the ended suspension; before it writes, a moderator suspends the member again.
    await admin.suspend(ctx, moderator, { memberId: target.memberId, reason: "Second", until: tomorrow() });
    expect(await liftSuspensionIfUnchanged(ctx.db, target.memberId, ended, new Date().toISOString())).toBe(false);
    expect(await admin.viewMember(ctx, adminA, target.memberId)).toMatchObject({
      member: { status: MemberStatus.Suspended, suspendedReason: "Second" },
    });
    expect(await login(ctx, { email: target.email, password: "Secret-pass-1" }, meta)).toMatchObject({
      kind: "suspended",
      reason: "Second",
    });
  });
});

describe("sessions and roles", () => {
  it("signs a member out everywhere", async () => {
    const target = await createMember(ctx.db, { firstName: "Sam", lastName: "Sessions" });
    await admin.resetSessions(ctx, moderator, target.memberId);
    expect(await validateSessionToken(ctx.db, target.token)).toBeNull();
  });

  it("gives a role that counts from the next request, and keeps the last admin", async () => {
    const target = await createMember(ctx.db, { firstName: "Rolf", lastName: "Role" });
    expect((await validateSessionToken(ctx.db, target.token))?.actor.role).toBe("member");
    await admin.grantRole(ctx, adminA, target.memberId, "moderator");
    expect((await validateSessionToken(ctx.db, target.token))?.actor.role).toBe("moderator");
    await admin.grantRole(ctx, adminA, target.memberId, "member");
    expect((await validateSessionToken(ctx.db, target.token))?.actor.role).toBe("member");

    const admins = await admin.listMembers(ctx, adminA, { role: "admin" });
    expect(admins.items.map((m) => m.memberId)).toEqual([adminA.memberId]);
    await expectError(admin.grantRole(ctx, adminA, adminA.memberId, "member"), ErrorCodes.BadInput, adminTexts.adminLastAdmin);
  });

  it("counts only active admins as the ones who keep the site run: a suspended one does not", async () => {
    const other = await createMember(ctx.db, { firstName: "Otis", lastName: "OtherAdmin" });
    await admin.grantRole(ctx, adminA, other.memberId, "admin");
    await admin.suspend(ctx, adminA, { memberId: other.memberId, reason: "Compromised account" });
    await expectError(admin.grantRole(ctx, adminA, adminA.memberId, "member"), ErrorCodes.BadInput, adminTexts.adminLastAdmin);
    await admin.restore(ctx, adminA, other.memberId);
    await admin.grantRole(ctx, adminA, other.memberId, "member");
  });
});

describe("first admin and the audit log", () => {
  it("makes the member with that address an admin as the system; a missing one is a clear 404", async () => {
    const first = await createMember(ctx.db, { firstName: "Fay", lastName: "First" });
    await expectError(admin.createAdmin(ctx, "nobody-here@example.com", "create-admin"), ErrorCodes.NotFound, adminTexts.adminNoSuchMember);
    expect(await admin.createAdmin(ctx, first.email.toUpperCase(), "create-admin")).toEqual({ memberId: first.memberId, changed: true });
    expect(await admin.createAdmin(ctx, first.email, "create-admin")).toEqual({ memberId: first.memberId, changed: false });
    const [entry] = (await admin.listAudit(ctx, adminA, undefined)).items;
    expect(entry).toMatchObject({
      actor: null,
      action: "grant-role",
      target: { memberId: first.memberId, name: "Fay First" },
      detail: { from: "member", to: "admin", via: "create-admin" },
    });
  });

  it("refuses a member who is not active (an unconfirmed sign-up of the operator's address), and FIRST_ADMIN_EMAIL's once an admin exists", async () => {
    const pending = await createMember(ctx.db, { firstName: "Pat", lastName: "Pending", status: MemberStatus.AwaitingConfirmation });
    await expectError(admin.createAdmin(ctx, pending.email, "FIRST_ADMIN_EMAIL"), ErrorCodes.BadInput, adminTexts.adminMemberNotActive);
    const late = await createMember(ctx.db, { firstName: "Lou", lastName: "Late" });
    expect(await admin.createAdmin(ctx, late.email, "FIRST_ADMIN_EMAIL", { onlyIfNoAdmin: true })).toEqual({
      memberId: late.memberId,
      changed: false,
    });
    expect((await admin.viewMember(ctx, adminA, late.memberId)).member.role).toBe("member");
  });

  it("lists every action newest first with who, what, whom, why and when", async () => {
    const target = await createMember(ctx.db, { firstName: "Otto", lastName: "Audited" });
    await admin.suspend(ctx, moderator, { memberId: target.memberId, reason: "Harassment" });
    await admin.restore(ctx, adminA, target.memberId);
    const { items } = await admin.listAudit(ctx, adminA, undefined);
    expect(items.slice(0, 2)).toMatchObject([
      {
        action: "restore",
        actor: { memberId: adminA.memberId, name: "Ada Admin" },
        target: { memberId: target.memberId, name: "Otto Audited" },
      },
      { action: "suspend", actor: { memberId: moderator.memberId, name: "Mo Derator" }, reason: "Harassment", detail: { until: null } },
    ]);
    expect(items[0]!.id).toBeGreaterThan(items[1]!.id);
    expect((await admin.viewMember(ctx, adminA, target.memberId)).history.map((h) => h.action)).toEqual(["restore", "suspend"]);
  });

  it("records the optional reason of a restore, a sign out everywhere and a role change", async () => {
    const target = await createMember(ctx.db, { firstName: "Rhea", lastName: "Reasons" });
    await admin.suspend(ctx, moderator, { memberId: target.memberId, reason: "Spam" });
    await admin.restore(ctx, moderator, target.memberId, "Appeal accepted");
    await admin.resetSessions(ctx, moderator, target.memberId, "Lost phone");
    await admin.grantRole(ctx, adminA, target.memberId, "moderator", "Runs the club's page");
    await admin.grantRole(ctx, adminA, target.memberId, "member");
    const history = (await admin.viewMember(ctx, adminA, target.memberId)).history;
    expect(history.map((h) => [h.action, h.reason])).toEqual([
      ["grant-role", null],
      ["grant-role", "Runs the club's page"],
      ["reset-sessions", "Lost phone"],
      ["restore", "Appeal accepted"],
      ["suspend", "Spam"],
    ]);
  });

  it("shows a moderator what moderators do to plain members: no role changes, nothing about admins", async () => {
    const target = await createMember(ctx.db, { firstName: "Hal", lastName: "History" });
    await admin.grantRole(ctx, adminA, target.memberId, "moderator", "Trial");
    await admin.grantRole(ctx, adminA, target.memberId, "member", "Trial over");
    await admin.suspend(ctx, moderator, { memberId: target.memberId, reason: "Spam" });
    expect((await admin.viewMember(ctx, moderator, target.memberId)).history.map((h) => h.action)).toEqual(["suspend"]);
    expect((await admin.viewMember(ctx, adminA, target.memberId)).history.map((h) => h.action)).toEqual([
      "suspend",
      "grant-role",
      "grant-role",
    ]);
    const other = await createMember(ctx.db, { firstName: "Ann", lastName: "OtherAdmin" });
    await admin.grantRole(ctx, adminA, other.memberId, "admin");
    const seen = await admin.viewMember(ctx, moderator, other.memberId);
    expect(seen.member.role).toBe("admin");
    expect(seen.history).toEqual([]);
    await admin.grantRole(ctx, adminA, other.memberId, "member");
  });
});
