import type { Generated } from "kysely";

/** The accounts domain's tables, added to the app's Database type (src/platform/db/database.ts). */
declare module "../../platform/db/database.ts" {
  interface Database {
    member: MemberTable;
    session: SessionTable;
    oneTimeCode: OneTimeCodeTable;
    clientLog: ClientLogTable;
  }
}

export interface MemberTable {
  id: Generated<number>;
  email: string;
  passwordHash: string;
  firstName: string;
  middleName: string;
  lastName: string;
  gender: string;
  birthDate: string;
  profileType: string;
  title: string;
  picturePath: string | null;
  status: number;
  welcomeBackPending: number;
  /** 'member' | 'moderator' | 'admin' */
  role: Generated<string>;
  /** When a suspension ends (ISO); null while suspended: indefinitely. */
  suspendedUntil: string | null;
  /** Why the member is suspended (set while status is Suspended). */
  suspendedReason: string | null;
  /** When an account whose deletion was asked for (status 5) is purged (ISO); null otherwise. */
  deletionDueAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface SessionTable {
  /** SHA-256 (hex) of the token; the token itself is never stored. */
  id: string;
  memberId: number;
  /** 'full', or 'reactivate' for the token a deactivated login receives. */
  scope: string;
  userAgent: string;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
}

export interface OneTimeCodeTable {
  id: Generated<number>;
  memberId: number;
  /** 'register' | 'reset' */
  purpose: string;
  /** SHA-256 (hex) of the code; unique so a code can be looked up by itself. */
  codeHash: string;
  expiresAt: string;
  usedAt: string | null;
  createdAt: string;
}

export interface ClientLogTable {
  id: Generated<number>;
  memberId: number | null;
  level: string;
  message: string;
  stack: string;
  url: string;
  createdAt: string;
}
