import { sql } from "kysely";
import type { DB } from "../../platform/db/client.ts";
import type { ReferenceStatus } from "./reference.tables.ts";

/**
 * Names members typed for a school or company missing from the shared lists (pending: on their
 * own entries only), for the admins' review. No role check here: the admin domain calls these in
 * its write unit, after checking the role, with the audit entry.
 */
export type TypedNameKind = "school" | "company";

export interface PendingName {
  kind: TypedNameKind;
  id: number;
  name: string;
  /** School: state and type (1 public high school, 2 private high school, 3 college); company: null. */
  state: string | null;
  schoolType: number | null;
  addedByMemberId: number | null;
}

const PENDING = sql.lit<ReferenceStatus>("pending");

/** Pending names of a kind, oldest first (keyset on id; the partial indexes *_pending_idx). */
export async function listPending(db: DB, kind: TypedNameKind, limit: number, afterId?: number): Promise<PendingName[]> {
  if (kind === "school") {
    let q = db.selectFrom("school").select(["id", "name", "state", "type", "addedByMemberId"]).where("status", "=", PENDING);
    if (afterId !== undefined) q = q.where("id", ">", afterId);
    const rows = await q.orderBy("id").limit(limit).execute();
    return rows.map((r) => ({ kind, id: r.id, name: r.name, state: r.state, schoolType: r.type, addedByMemberId: r.addedByMemberId }));
  }
  let q = db.selectFrom("company").select(["id", "name", "addedByMemberId"]).where("status", "=", PENDING);
  if (afterId !== undefined) q = q.where("id", ">", afterId);
  const rows = await q.orderBy("id").limit(limit).execute();
  return rows.map((r) => ({ kind, id: r.id, name: r.name, state: null, schoolType: null, addedByMemberId: r.addedByMemberId }));
}

export async function findPending(db: DB, kind: TypedNameKind, id: number): Promise<PendingName | undefined> {
  return (await listPending(db, kind, 1, id - 1)).find((p) => p.id === id);
}

/** True when the shared list has this name already (for a school: in the same state and of the same type). */
export async function approvedExists(db: DB, name: PendingName): Promise<boolean> {
  const row =
    name.kind === "school"
      ? await db
          .selectFrom("school")
          .select("id")
          .where("state", "=", name.state!)
          .where("type", "=", name.schoolType!)
          .where("name", "=", name.name)
          .where("status", "=", "approved")
          .executeTakeFirst()
      : await db.selectFrom("company").select("id").where("name", "=", name.name).where("status", "=", "approved").executeTakeFirst();
  return !!row;
}

/** Approved: in the shared list for everyone. Rejected: stays on its typer's entries, out of the list and the queue. */
export async function setStatus(db: DB, kind: TypedNameKind, id: number, status: "approved" | "rejected"): Promise<void> {
  await db.updateTable(kind).set({ status }).where("id", "=", id).where("status", "=", PENDING).execute();
}
