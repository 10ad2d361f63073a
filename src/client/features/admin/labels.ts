import type { AdminMember, AuditEntry } from "../../../domains/admin/admin.schema.ts";
import { MemberStatus, type Role } from "../../../shared/members.ts";
import { fillText } from "../../../shared/texts.ts";
import { adminTexts } from "../../../shared/admin-texts.ts";
import { moderationTexts } from "../../../shared/moderation-texts.ts";
import { adminContentTexts } from "../../../shared/admin-content-texts.ts";
import { exactDate } from "../../lib/dates.ts";

export const ROLE_LABELS: Record<Role, string> = {
  member: adminTexts.adminRoleMember,
  moderator: adminTexts.adminRoleModerator,
  admin: adminTexts.adminRoleAdmin,
};

export const ACTION_LABELS: Record<AuditEntry["action"], string> = {
  suspend: adminTexts.adminActionSuspend,
  restore: adminTexts.adminActionRestore,
  "reset-sessions": adminTexts.adminActionResetSessions,
  "grant-role": adminTexts.adminActionGrantRole,
  warn: moderationTexts.actionWarn,
  "report-dismiss": moderationTexts.actionReportDismiss,
  "content-remove": moderationTexts.actionContentRemove,
  "news-add": adminContentTexts.actionNewsAdd,
  "news-edit": adminContentTexts.actionNewsEdit,
  "news-remove": adminContentTexts.actionNewsRemove,
  "feed-add": adminContentTexts.actionFeedAdd,
  "feed-remove": adminContentTexts.actionFeedRemove,
  "guide-add": adminContentTexts.actionGuideAdd,
  "guide-edit": adminContentTexts.actionGuideEdit,
  "guide-remove": adminContentTexts.actionGuideRemove,
  "guide-order": adminContentTexts.actionGuideOrder,
  "name-approve": adminContentTexts.actionNameApprove,
  "name-reject": adminContentTexts.actionNameReject,
  "enquiry-handled": adminContentTexts.actionEnquiryHandled,
  "settings-update": adminContentTexts.actionSettingsUpdate,
  "invite-create": adminContentTexts.actionInviteCreate,
  "invite-remove": adminContentTexts.actionInviteRemove,
};

/** A member's status as a word, and its badge colour. */
export function statusOf(m: AdminMember): { label: string; color: string } {
  switch (m.status) {
    case MemberStatus.Active:
      return { label: adminTexts.adminStatusActive, color: "teal" };
    case MemberStatus.Suspended:
      return { label: adminTexts.adminStatusSuspended, color: "red" };
    case MemberStatus.Deactivated:
      return { label: adminTexts.adminStatusDeactivated, color: "gray" };
    case MemberStatus.DeletionPending:
      return { label: adminTexts.adminStatusDeletionPending, color: "gray" };
    default:
      return { label: adminTexts.adminStatusPending, color: "yellow" };
  }
}

/** "Suspended until …: reason" or "Suspended indefinitely: reason" (null when not suspended). */
export function suspensionLine(m: AdminMember): string | null {
  if (m.status !== MemberStatus.Suspended) return null;
  const reason = m.suspendedReason ?? "";
  return m.suspendedUntil
    ? fillText(adminTexts.adminSuspendedUntil, { until: exactDate(m.suspendedUntil), reason })
    : fillText(adminTexts.adminSuspendedIndefinitely, { reason });
}
