import type { AdminMember, AuditEntry } from "../../../domains/admin/admin.schema.ts";
import { MemberStatus, type Role } from "../../../shared/members.ts";
import { fillText, texts } from "../../../shared/texts.ts";
import { exactDate } from "../../lib/dates.ts";

export const ROLE_LABELS: Record<Role, string> = {
  member: texts.adminRoleMember,
  moderator: texts.adminRoleModerator,
  admin: texts.adminRoleAdmin,
};

export const ACTION_LABELS: Record<AuditEntry["action"], string> = {
  suspend: texts.adminActionSuspend,
  restore: texts.adminActionRestore,
  "reset-sessions": texts.adminActionResetSessions,
  "grant-role": texts.adminActionGrantRole,
};

/** A member's status as a word, and its badge colour. */
export function statusOf(m: AdminMember): { label: string; color: string } {
  switch (m.status) {
    case MemberStatus.Active:
      return { label: texts.adminStatusActive, color: "teal" };
    case MemberStatus.Suspended:
      return { label: texts.adminStatusSuspended, color: "red" };
    case MemberStatus.Deactivated:
      return { label: texts.adminStatusDeactivated, color: "gray" };
    default:
      return { label: texts.adminStatusPending, color: "yellow" };
  }
}

/** "Suspended until …: reason" or "Suspended indefinitely: reason" (null when not suspended). */
export function suspensionLine(m: AdminMember): string | null {
  if (m.status !== MemberStatus.Suspended) return null;
  const reason = m.suspendedReason ?? "";
  return m.suspendedUntil
    ? fillText(texts.adminSuspendedUntil, { until: exactDate(m.suspendedUntil), reason })
    : fillText(texts.adminSuspendedIndefinitely, { reason });
}
