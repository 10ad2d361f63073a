/**
 * Members for service tests, written straight to the database: a service test is about the service
 * under test, not about registration. No test framework is imported here.
 */
import type { Insertable } from "kysely";
import type { Actor } from "../../src/platform/context.ts";
import type { DB } from "../../src/platform/db/client.ts";
import type { MemberTable } from "../../src/domains/accounts/accounts.tables.ts";
import { MemberStatus } from "../../src/shared/members.ts";

let seq = 0;

/** Member columns a test may set beyond name and status (profile type, title, picture, ...). */
export type MemberOverrides = Partial<Omit<Insertable<MemberTable>, "id">>;

/**
 * An active (or given status) member and a session of theirs (the Actor). `overrides` is merged
 * into the member row last; the returned `email` is the one stored.
 */
export async function insertTestMember(
  db: DB,
  first = "Pat",
  last = "Player",
  status: number = MemberStatus.Active,
  overrides: MemberOverrides = {},
): Promise<Actor & { email: string }> {
  const now = new Date().toISOString();
  const values = {
    email: `member-${++seq}-${Math.random().toString(36).slice(2, 8)}@example.com`,
    passwordHash: "x",
    firstName: first,
    middleName: "",
    lastName: last,
    gender: "Female",
    birthDate: "1990-01-01",
    profileType: "Coach",
    title: "Coach",
    picturePath: null,
    status,
    welcomeBackPending: 0,
    createdAt: now,
    updatedAt: now,
    ...overrides,
  };
  const row = await db.insertInto("member").values(values).returning("id").executeTakeFirstOrThrow();
  // A signed-in session, as the live stream checks that its session still stands.
  const sessionId = `s-${row.id}`;
  const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
  await db
    .insertInto("session")
    .values({ id: sessionId, memberId: row.id, scope: "full", userAgent: "test", createdAt: now, lastSeenAt: now, expiresAt })
    .execute();
  return { memberId: row.id, sessionId, scope: "full", email: values.email };
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
