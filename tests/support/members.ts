/**
 * Members for service tests, written straight to the database: a service test is about the service
 * under test, not about registration. No test framework is imported here.
 */
import type { Actor } from "../../src/domains/platform/context.ts";
import type { DB } from "../../src/server/db/client.ts";
import { MemberStatus } from "../../src/shared/limits.ts";

let seq = 0;

/** An active (or given status) member; the Actor of their session. */
export async function insertTestMember(db: DB, first = "Pat", last = "Player", status: number = MemberStatus.Active): Promise<Actor & { email: string }> {
  const now = new Date().toISOString();
  const email = `member-${++seq}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const row = await db
    .insertInto("member")
    .values({
      email, passwordHash: "x", firstName: first, middleName: "", lastName: last, gender: "Female", birthDate: "1990-01-01",
      profileType: "Coach", title: "Coach", picturePath: null, status, welcomeBackPending: 0, createdAt: now, updatedAt: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { memberId: row.id, sessionId: `s-${row.id}`, scope: "full", email };
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
