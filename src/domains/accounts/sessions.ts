import type { DB } from "../../platform/db/client.ts";
import { MemberStatus, roleOf } from "../../shared/members.ts";
import { DAY, HOUR, isoIn, isoNow, MINUTE } from "../../platform/clock.ts";
import type { Actor } from "../../platform/context.ts";
import { newToken, sha256Hex } from "../../platform/crypto.ts";
import * as repo from "./accounts.repository.ts";
import { sessionCache } from "./session-cache.ts";

/**
 * Sessions in the way lucia-auth.com teaches: a random token goes to the client (cookie or bearer),
 * the database keeps only its SHA-256. 30 days, sliding: a session used in its second half is
 * extended. The restricted 'reactivate' session of a deactivated login lives one hour.
 */
export const SESSION_TTL_MS = 30 * DAY;
const RENEW_WHEN_LEFT_MS = 15 * DAY;
const REACTIVATE_TTL_MS = HOUR;
const LAST_SEEN_PRECISION_MS = 5 * MINUTE;

export interface IssuedSession {
  token: string;
  sessionId: string;
  expiresAt: string;
}

export async function createSession(db: DB, memberId: number, scope: Actor["scope"], userAgent: string): Promise<IssuedSession> {
  const token = newToken();
  const sessionId = sha256Hex(token);
  const now = isoNow();
  const expiresAt = isoIn(scope === "full" ? SESSION_TTL_MS : REACTIVATE_TTL_MS);
  await repo.insertSession(db, {
    id: sessionId,
    memberId,
    scope,
    userAgent: userAgent.slice(0, 300),
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
  });
  return { token, sessionId, expiresAt };
}

export interface ValidSession {
  actor: Actor;
  /** Set when the expiry moved, so the cookie can be renewed too. */
  renewedExpiresAt?: string;
}

/**
 * The actor a token stands for, or null when it is unknown, expired or its member may not sign in.
 * A known token is answered from memory (see session-cache.ts); the database is written at most
 * every few minutes per session (last seen) and when the expiry slides.
 */
export async function validateSessionToken(db: DB, token: string): Promise<ValidSession | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const sessionId = sha256Hex(token);
  const now = Date.now();
  let row = sessionCache.get(db, sessionId);
  if (!row) {
    const startedAt = sessionCache.begin();
    const read = await repo.findSessionWithMember(db, sessionId);
    if (!read) return null;
    row = sessionCache.put(db, read, startedAt);
  }
  const scope = row.scope === "reactivate" ? "reactivate" : "full";
  const memberMayUseIt =
    scope === "full" ? row.status === MemberStatus.Active : row.status === MemberStatus.Active || row.status === MemberStatus.Deactivated;
  if (row.expiresAtMs <= now || !memberMayUseIt) {
    await repo.deleteSession(db, sessionId);
    return null;
  }
  const result: ValidSession = {
    actor: { memberId: row.memberId, sessionId, scope, role: roleOf(row.role), birthDate: row.birthDate },
  };
  const renew = scope === "full" && row.expiresAtMs - now < RENEW_WHEN_LEFT_MS;
  if (renew || now - row.lastSeenAtMs > LAST_SEEN_PRECISION_MS) {
    const patch: { lastSeenAt: string; expiresAt?: string } = { lastSeenAt: isoNow() };
    if (renew) patch.expiresAt = result.renewedExpiresAt = isoIn(SESSION_TTL_MS);
    await repo.touchSession(db, sessionId, patch);
  }
  return result;
}

const TOKEN_SHAPE = /^[a-z2-7]{16,64}$/;

/**
 * Whether a full session still stands (not signed out, not expired, its member active): for
 * long-lived requests such as the live stream, which must stop once the session ends.
 */
export async function isSessionActive(db: DB, sessionId: string): Promise<boolean> {
  const row = await repo.findSessionWithMember(db, sessionId);
  return !!row && row.scope === "full" && row.status === MemberStatus.Active && Date.parse(row.expiresAt) > Date.now();
}
