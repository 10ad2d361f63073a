/**
 * Session checks answered from memory (session-cache.ts) on a real SQLite file: a known token
 * costs no statement and no write, and every way a session ends or its member loses the right to
 * use it takes effect at the very next check: the paths of this process (logout, refresh, sign out
 * one or every other device, password change and reset, deactivation), expiry, a write this
 * process makes without telling the cache, another connection's commit, and a lookup racing a
 * logout. On PostgreSQL (its pass) the cache is off until a listener hears the session change
 * notices (decision 045): the blocks before the last run with every check reading the row, and the
 * same answers hold; the last block starts a real listener and runs the cache on PostgreSQL.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type MailSink, resetCodeOf, startMailSink } from "#support/mail-sink.ts";
import { createMember } from "#support/members.ts";
import { testEngine } from "#support/pg.ts";
import { openServerDb } from "#support/server.ts";
import { closeTestContext, openTestContext, type TestContext } from "#support/service-context.ts";
import { type DB, statementsRun, trustChangeNotices } from "../../platform/db/client.ts";
import { isPostgres } from "../../platform/db/dialect.ts";
import { MemberStatus } from "../../shared/members.ts";
import { DAY, MINUTE } from "../../platform/clock.ts";
import { PostgresLiveBus } from "../../platform/live-postgres.ts";
import { silentLogger } from "../../platform/logger.ts";
import type { Actor, AppContext, RequestMeta } from "../../platform/context.ts";
import { deactivateInput, passwordChangeInput } from "../settings/settings.schema.ts";
import * as settings from "../settings/settings.service.ts";
import * as repo from "./accounts.repository.ts";
import * as accounts from "./accounts.service.ts";
import { mayChangeCachedSessions, mayTakeAccessAway, SESSION_CHANGES_CHANNEL, sessionCache } from "./session-cache.ts";
import { createSession, validateSessionToken } from "./sessions.ts";

const meta: RequestMeta = { ip: "203.0.113.9", userAgent: "vitest" };

let t: TestContext | undefined;
let db: DB;
let ctx: AppContext;
let sink: MailSink;

beforeAll(async () => {
  sink = await startMailSink();
  t = await openTestContext("session-cache", { smtpUrl: sink.url });
  ({ db, ctx } = t);
});

afterAll(async () => {
  await closeTestContext(t);
  await sink?.close();
});

afterEach(() => {
  vi.useRealTimers();
});

interface Signed extends Actor {
  email: string;
  password: string;
  token: string;
}

/** An active member with a real password, signed in (the token is what a client holds). */
async function signedIn(): Promise<Signed> {
  const password = `pw-${Math.random().toString(36).slice(2, 10)}`;
  const m = await createMember(db, { firstName: "Cache", lastName: "Keeper", password, userAgent: meta.userAgent });
  return { ...m, password };
}

async function signInAgain(m: Signed): Promise<Signed> {
  const session = await createSession(db, m.memberId, "full", meta.userAgent);
  return { ...m, sessionId: session.sessionId, scope: "full", role: "member" as const, token: session.token };
}

/**
 * Whether the cache is on: SQLite's data_version shows other connections' commits; PostgreSQL's
 * notices only once a listener hears them (the last block of this file).
 */
let listening = false;
const caching = () => !isPostgres(db) || listening;

/**
 * Checks the token until it is cached, then proves a further check runs no statement at all; on
 * PostgreSQL, that the cache holds nothing and the check reads the row.
 */
async function checkedFromMemory(m: Signed): Promise<void> {
  expect(await validateSessionToken(db, m.token)).not.toBeNull();
  const before = statementsRun(db);
  expect((await validateSessionToken(db, m.token))?.actor).toEqual({
    memberId: m.memberId,
    sessionId: m.sessionId,
    scope: "full",
    role: "member",
    // createMember's; read with the session (decision 051).
    birthDate: m.birthDate,
  });
  if (caching()) {
    expect(statementsRun(db) - before).toBe(0);
  } else {
    expect(sessionCache.get(db, m.sessionId)).toBeUndefined();
    expect(statementsRun(db) - before).toBeGreaterThan(0);
  }
}

const lastSeenOf = (sessionId: string) => db.selectFrom("session").select("lastSeenAt").where("id", "=", sessionId).executeTakeFirst();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Three sessions cached; another connection ends one, deactivates a member and renews one: each is seen. */
async function anotherConnectionsCommitIsSeen() {
  const [gone, banned, renewed] = [await signedIn(), await signedIn(), await signedIn()];
  for (const s of [gone, banned, renewed]) await checkedFromMemory(s);
  const other = openServerDb(t!.database);
  try {
    await other.run("delete from session where id = ?", gone.sessionId);
    await other.run("update member set status = ? where id = ?", MemberStatus.Deactivated, banned.memberId);
    await other.run("update session set expires_at = ? where id = ?", new Date(Date.now() + 10 * DAY).toISOString(), renewed.sessionId);
  } finally {
    await other.close();
  }
  // A millisecond for SQLite's check; PostgreSQL's notice arrives within a few.
  await sleep(isPostgres(db) ? 50 : 5);
  expect(await validateSessionToken(db, gone.token)).toBeNull();
  expect(await validateSessionToken(db, banned.token)).toBeNull();
  // In the second half of its 30 days: extended, and the new expiry handed back for the cookie.
  expect((await validateSessionToken(db, renewed.token))?.renewedExpiresAt).toBeDefined();
}

/** Another connection corrects a member's birth date (an operator making an adult a minor), and nothing else: seen. */
async function anotherConnectionsBirthDateIsSeen() {
  const corrected = await signedIn();
  await checkedFromMemory(corrected);
  const other = openServerDb(t!.database);
  try {
    await other.run("update member set birth_date = ? where id = ?", MINOR_BIRTH_DATE, corrected.memberId);
  } finally {
    await other.close();
  }
  await sleep(isPostgres(db) ? 50 : 5);
  expect((await validateSessionToken(db, corrected.token))?.actor.birthDate).toBe(MINOR_BIRTH_DATE);
}

/** A birth date under 18 whatever the day the tests run. */
const MINOR_BIRTH_DATE = `${new Date().getUTCFullYear() - 10}-01-01`;

/** A cached entry answers for ten seconds after its read, then is read again. */
async function entriesAgeOut() {
  const m = await signedIn();
  await checkedFromMemory(m);
  const readBy = performance.now();
  const clock = vi.spyOn(performance, "now");
  try {
    clock.mockReturnValue(readBy + 9_000);
    expect(sessionCache.get(db, m.sessionId)).toBeDefined();
    clock.mockReturnValue(readBy + 10_001);
    expect(sessionCache.get(db, m.sessionId)).toBeUndefined();
  } finally {
    clock.mockRestore();
  }
  await checkedFromMemory(m);
}

describe("a known token", () => {
  it("is checked without a statement, and last seen is written at most every five minutes", async () => {
    const m = await signedIn();
    await checkedFromMemory(m);
    const seen = (await lastSeenOf(m.sessionId))!.lastSeenAt;
    for (let i = 0; i < 5; i++) await validateSessionToken(db, m.token);
    expect((await lastSeenOf(m.sessionId))!.lastSeenAt).toBe(seen);

    // Six minutes on, the next check writes last seen once, and the ones after it nothing.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 6 * MINUTE);
    expect(await validateSessionToken(db, m.token)).not.toBeNull();
    const written = (await lastSeenOf(m.sessionId))!.lastSeenAt;
    expect(Date.parse(written)).toBeGreaterThan(Date.parse(seen) + 5 * MINUTE);
    await checkedFromMemory(m);
    expect((await lastSeenOf(m.sessionId))!.lastSeenAt).toBe(written);
  });

  it.skipIf(testEngine() === "postgres")("answers from memory for ten seconds after its read", entriesAgeOut);

  it("past its expiry is refused at the next check and its row deleted", async () => {
    const m = await signedIn();
    await checkedFromMemory(m);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 31 * DAY);
    expect(await validateSessionToken(db, m.token)).toBeNull();
    expect(await lastSeenOf(m.sessionId)).toBeUndefined();
  });
});

describe("every way a session ends in this process takes effect at the next check", () => {
  const change = (current: string, next: string) =>
    passwordChangeInput.parse({ currentPassword: current, newPassword: next, confirmPassword: next });

  it.each([
    ["logout", (m: Signed) => accounts.logout(ctx, m)],
    ["refreshLogin (the old token)", (m: Signed) => accounts.refreshSession(ctx, m, meta)],
    ["deactivation (settings)", (m: Signed) => settings.deactivate(ctx, m, deactivateInput.parse({}))],
    ["deactivation (SetMemberStatus 3)", (m: Signed) => accounts.setMemberStatus(ctx, m, m.memberId, MemberStatus.Deactivated)],
  ])("%s", async (_, end) => {
    const m = await signedIn();
    await checkedFromMemory(m);
    await end(m);
    expect(await validateSessionToken(db, m.token)).toBeNull();
  });

  it("signing one device out, and signing out every other device", async () => {
    const m = await signedIn();
    const [phone, laptop] = [await signInAgain(m), await signInAgain(m)];
    for (const s of [m, phone, laptop]) await checkedFromMemory(s);

    const listed = await settings.listSessions(ctx, m);
    const phoneId = listed.find((s) => !s.current)!.id;
    await settings.signOutSession(ctx, m, phoneId);
    const remaining = await Promise.all([m, phone, laptop].map((s) => validateSessionToken(db, s.token)));
    expect(remaining.filter((r) => r === null)).toHaveLength(1);

    expect(await settings.signOutOtherSessions(ctx, m)).toBe(1);
    expect(await validateSessionToken(db, phone.token)).toBeNull();
    expect(await validateSessionToken(db, laptop.token)).toBeNull();
    expect(await validateSessionToken(db, m.token)).not.toBeNull();
  });

  it("a password change ends the other devices; a reset by code ends them all", async () => {
    const m = await signedIn();
    const phone = await signInAgain(m);
    for (const s of [m, phone]) await checkedFromMemory(s);
    await settings.changePassword(ctx, m, change(m.password, "changed-pw-1"), meta);
    expect(await validateSessionToken(db, phone.token)).toBeNull();
    await checkedFromMemory(m);

    await accounts.requestPasswordReset(ctx, m.email, meta);
    await t!.mailer.flush();
    const code = resetCodeOf((await sink.waitForMail(m.email, { subject: "Your Sideline password reset code" })).text);
    expect(await accounts.changePasswordWithCode(ctx, { email: m.email, code, password: "after-reset-1" }, meta)).toBe(true);
    expect(await validateSessionToken(db, m.token)).toBeNull();
  });

  it("a lookup racing a logout never brings the session back", async () => {
    for (let i = 0; i < 20; i++) {
      const m = await signedIn();
      // The first check reads the row while the logout deletes it.
      const [first] = await Promise.all([validateSessionToken(db, m.token), accounts.logout(ctx, m)]);
      expect(first === null || first.actor.sessionId === m.sessionId).toBe(true);
      expect(await validateSessionToken(db, m.token)).toBeNull();
    }
  });
});

describe("writes the cache was not told about", () => {
  it("a direct write of this process to a member's status, birth date or a session empties the cache", async () => {
    const m = await signedIn();
    await checkedFromMemory(m);
    await db.updateTable("member").set({ status: MemberStatus.Deactivated }).where("id", "=", m.memberId).execute();
    expect(await validateSessionToken(db, m.token)).toBeNull();

    const corrected = await signedIn();
    await checkedFromMemory(corrected);
    await db.updateTable("member").set({ birthDate: MINOR_BIRTH_DATE }).where("id", "=", corrected.memberId).execute();
    expect((await validateSessionToken(db, corrected.token))?.actor.birthDate).toBe(MINOR_BIRTH_DATE);

    const other = await signedIn();
    await checkedFromMemory(other);
    await db.deleteFrom("session").where("id", "=", other.sessionId).execute();
    expect(await validateSessionToken(db, other.token)).toBeNull();
  });

  it("other member columns (a new picture) leave it alone", async () => {
    const m = await signedIn();
    await checkedFromMemory(m);
    await db.updateTable("member").set({ picturePath: "/uploads/new.webp" }).where("id", "=", m.memberId).execute();
    await checkedFromMemory(m);
  });

  it("another connection's commit is seen by the next check", anotherConnectionsCommitIsSeen);

  it("another connection's correction of a birth date is seen by the next check", anotherConnectionsBirthDateIsSeen);

  it("are recognised from the statement's text", () => {
    const yes = [
      'delete from "session" where "id" = ?',
      'update "session" set "last_seen_at" = ? where "id" = ?',
      'update "member" set "status" = ?, "updated_at" = ? where "id" = ?',
      'update "member" set "first_name" = ?, "birth_date" = ? where "id" = ?',
      "UPDATE member SET status = status",
      'delete from "member" where "id" = ?',
      'insert into "session" ("id") values (?) on conflict do update set "expires_at" = ?',
      "replace into session (id) values (?)",
      "with gone as (select id from member) delete from session where member_id in gone",
    ];
    const no = [
      'insert into "session" ("id", "member_id") values (?, ?)',
      'update "member" set "picture_path" = ? where "id" = ?',
      'update "member_profile" set "status" = ? where "member_id" = ?',
      'select * from "session" inner join "member" on "member"."id" = "session"."member_id"',
      'delete from "session" where "id" = ? /* drops its own session-cache entries */',
      'insert into "notification" ("member_id") select "id" from "member" where "status" = 2',
    ];
    expect(yes.filter((s) => !mayChangeCachedSessions(s))).toEqual([]);
    expect(no.filter((s) => mayChangeCachedSessions(s))).toEqual([]);
  });

  it("those that may take a right away are recognised, marked or not (their commit empties the cache on PostgreSQL)", () => {
    const yes = [
      'delete from "session" where "id" = ? /* drops its own session-cache entries */',
      'update "member" set "status" = ?, "updated_at" = ? where "id" = ? /* drops its own session-cache entries */',
      'update "member" set "role" = ? where "id" = ?',
      'update "member" set "birth_date" = ? where "id" = ? /* drops its own session-cache entries */',
      'delete from "member" where "id" = ?',
      'update "session" set "scope" = ? where "id" = ?',
      "with gone as (select id from member) delete from session where member_id in gone",
    ];
    const no = [
      'update "session" set "last_seen_at" = ?, "expires_at" = ? where "id" = ? /* drops its own session-cache entries */',
      'insert into "session" ("id", "member_id") values (?, ?)',
      'update "member" set "picture_path" = ? where "id" = ?',
      'delete from "session_other" where "id" = ?',
      'select * from "session" inner join "member" on "member"."id" = "session"."member_id"',
    ];
    expect(yes.filter((s) => !mayTakeAccessAway(s))).toEqual([]);
    expect(no.filter((s) => mayTakeAccessAway(s))).toEqual([]);
  });
});

describe("the cache itself", () => {
  it("does not keep a row whose read began before a drop", async () => {
    const m = await signedIn();
    sessionCache.clear();
    expect(sessionCache.get(db, m.sessionId)).toBeUndefined();
    const startedAt = sessionCache.begin();
    const row = {
      sessionId: m.sessionId,
      memberId: m.memberId,
      scope: "full",
      expiresAt: new Date(Date.now() + DAY).toISOString(),
      lastSeenAt: new Date().toISOString(),
      status: MemberStatus.Active,
      role: "member",
      birthDate: "1990-01-01",
    };
    sessionCache.dropMember(m.memberId);
    sessionCache.put(db, row, startedAt);
    expect(sessionCache.get(db, m.sessionId)).toBeUndefined();
    sessionCache.put(db, row, sessionCache.begin());
    // Kept where the cache is on; on PostgreSQL nothing is ever kept.
    if (caching()) expect(sessionCache.get(db, m.sessionId)).toMatchObject(row);
    else expect(sessionCache.get(db, m.sessionId)).toBeUndefined();
  });
});

describe.runIf(testEngine() === "postgres")("on PostgreSQL, while this process hears the session change notices", () => {
  let bus: PostgresLiveBus;
  let heard: () => number | undefined;
  beforeAll(async () => {
    bus = new PostgresLiveBus({ url: t!.database, db, log: silentLogger, readEventsAfter: () => Promise.resolve([]) });
    heard = bus.noticesOn(SESSION_CHANGES_CHANNEL);
    trustChangeNotices(db, SESSION_CHANGES_CHANNEL, heard);
    await bus.start();
    listening = true;
  });
  afterAll(async () => {
    listening = false;
    await bus?.stop();
  });
  // The notices of the test before (its writes, a renewal) land first: one would empty the cache mid-test.
  beforeEach(() => sleep(25));

  it("a known token is checked without a statement", async () => {
    const m = await signedIn();
    await checkedFromMemory(m);
    await accounts.logout(ctx, m);
    expect(await validateSessionToken(db, m.token)).toBeNull();
  });

  it("another connection's commit is heard and seen by the next check", anotherConnectionsCommitIsSeen);

  it("another connection's correction of a birth date is heard (migration 2026-11-29-530)", anotherConnectionsBirthDateIsSeen);

  it("answers from memory for ten seconds after its read", entriesAgeOut);

  it("a check between a deactivation's statement and its commit is not answered from memory once the commit completes", async () => {
    const m = await signedIn();
    await checkedFromMemory(m);
    // The notices stand still here (as when the commit's has not arrived yet): only this process's own count can tell.
    const still = heard();
    expect(still).toBeDefined();
    trustChangeNotices(db, SESSION_CHANGES_CHANNEL, () => still);
    try {
      await db.transaction().execute(async (tx) => {
        await repo.updateMember(tx, m.memberId, { status: MemberStatus.Deactivated });
        // Another pooled connection reads the member as committed (still active) and may keep it.
        expect(await validateSessionToken(db, m.token)).not.toBeNull();
        expect(await validateSessionToken(db, m.token)).not.toBeNull();
      });
      expect(await validateSessionToken(db, m.token)).toBeNull();
    } finally {
      trustChangeNotices(db, SESSION_CHANGES_CHANNEL, heard);
    }
  });

  it("hears an operator's TRUNCATE of the sessions (every device signed out)", async () => {
    const m = await signedIn();
    await checkedFromMemory(m);
    const other = openServerDb(t!.database);
    try {
      await other.run("truncate session");
    } finally {
      await other.close();
    }
    await sleep(50);
    expect(await validateSessionToken(db, m.token)).toBeNull();
  });

  it("reads every row again once the notices are no longer heard", async () => {
    const m = await signedIn();
    await checkedFromMemory(m);
    listening = false;
    await bus.stop();
    await checkedFromMemory(m);
  });
});
