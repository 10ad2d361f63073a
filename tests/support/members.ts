/**
 * Members for service tests, written straight to the database: a service test is about the service
 * under test, not about registration. No test framework is imported here.
 */
import type { Insertable } from "kysely";
import type { Actor } from "../../src/platform/context.ts";
import type { DB } from "../../src/platform/db/client.ts";
import type { MemberTable } from "../../src/domains/accounts/accounts.tables.ts";
import { createSession } from "../../src/domains/accounts/sessions.ts";
import { hashPassword } from "../../src/platform/crypto.ts";
import { MemberStatus, roleOf } from "../../src/shared/members.ts";

let seq = 0;

/** Member columns a test may set (name, status, profile type, title, picture, ...), and how it signs in. */
export interface TestMemberOptions extends Partial<Omit<Insertable<MemberTable>, "id" | "passwordHash">> {
  /** A password the test signs in or confirms with: stored as its hash (slow: only when needed). */
  password?: string;
  /** The user agent of the member's session ("test"). */
  userAgent?: string;
}

/** The member's signed-in session (the Actor), its token as a client holds it, and the stored e-mail. */
export type TestMember = Actor & { email: string; token: string };

/**
 * An active member (unless `status` says otherwise), written straight to the database, signed in
 * once. Options are merged into the member row last.
 */
export async function createMember(db: DB, options: TestMemberOptions = {}): Promise<TestMember> {
  const { password, userAgent = "test", ...given } = options;
  // An option passed as undefined keeps its default.
  const columns = Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined));
  const now = new Date().toISOString();
  const values = {
    email: `member-${++seq}-${Math.random().toString(36).slice(2, 8)}@example.com`,
    passwordHash: password === undefined ? "x" : await hashPassword(password),
    firstName: "Pat",
    middleName: "",
    lastName: "Player",
    gender: "Female",
    birthDate: "1990-01-01",
    profileType: "Coach",
    title: "Coach",
    picturePath: null,
    status: MemberStatus.Active,
    welcomeBackPending: 0,
    createdAt: now,
    updatedAt: now,
    ...columns,
  } as Insertable<MemberTable> & { email: string; role?: string };
  const row = await db.insertInto("member").values(values).returning("id").executeTakeFirstOrThrow();
  // A signed-in session, as the live stream checks that its session still stands.
  const session = await createSession(db, row.id, "full", userAgent);
  return {
    memberId: row.id,
    sessionId: session.sessionId,
    scope: "full",
    role: roleOf(values.role ?? "member"),
    // As a session check reads it (decision 051).
    birthDate: values.birthDate,
    email: values.email,
    token: session.token,
  };
}

/** Makes two members accepted contacts (both rows), without events. */
export async function makeContacts(db: DB, a: Actor, b: Actor): Promise<void> {
  const at = new Date().toISOString();
  await db
    .insertInto("contactLink")
    .values([
      { memberId: a.memberId, otherId: b.memberId, status: "accepted", createdAt: at, updatedAt: at },
      { memberId: b.memberId, otherId: a.memberId, status: "accepted", createdAt: at, updatedAt: at },
    ])
    .execute();
}
