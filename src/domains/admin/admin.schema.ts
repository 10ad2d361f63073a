import { z } from "zod";
import { memberIdField } from "../../shared/ids.ts";
import { ROLES, type Role } from "../../shared/members.ts";
import { adminTexts } from "../../shared/admin-texts.ts";

/** Members on one page of the admin members screen. */
export const ADMIN_PAGE_SIZE = 25;
export const SUSPEND_REASON_MAX = 500;

export const roleField = z.enum(ROLES, "role must be member, moderator or admin.");
const cursorField = z.string().max(200).optional();

export const adminMembersInput = z.object({
  /** The beginning of a first name, a last name, "first last", or an e-mail address. */
  query: z.string().trim().toLowerCase().max(100).optional(),
  role: roleField.optional(),
  suspendedOnly: z.boolean().optional(),
  cursor: cursorField,
});
export type AdminMembersInput = z.infer<typeof adminMembersInput>;

export const adminMemberInput = z.object({ memberId: memberIdField });

/** Why, for the audit log: optional on restore, sign out everywhere and role changes (blank: none). */
const optionalReason = z
  .string()
  .trim()
  .max(SUSPEND_REASON_MAX)
  .nullish()
  .transform((v) => v || null);
export const memberActionInput = adminMemberInput.extend({ reason: optionalReason });

export const suspendInput = z.object({
  memberId: memberIdField,
  reason: z.string(adminTexts.adminReasonRequired).trim().min(1, adminTexts.adminReasonRequired).max(SUSPEND_REASON_MAX),
  /** When the suspension ends (ISO date-time); absent or null: no end. */
  until: z.iso.datetime({ offset: true, message: "until must be a date and time." }).nullish(),
});
export type SuspendInput = z.infer<typeof suspendInput>;

export const grantRoleInput = z.object({ memberId: memberIdField, role: roleField, reason: optionalReason });

export const auditInput = z.object({ cursor: cursorField });

export interface AdminMember {
  memberId: number;
  name: string;
  email: string;
  picturePath: string;
  role: Role;
  status: number;
  /** Set while suspended (status 4): why, and until when (null: no end). */
  suspendedReason: string | null;
  suspendedUntil: string | null;
  createdAt: string;
}

/** The last three: a moderator's answer to a report (decision 035; the detail names the report). */
export type MemberAction = "suspend" | "restore" | "reset-sessions" | "grant-role" | "report-dismiss" | "content-remove" | "warn";
/** What admins do to the site's content (decision 039). */
export type ContentAction =
  | "news-add"
  | "news-edit"
  | "news-remove"
  | "feed-add"
  | "feed-remove"
  | "guide-add"
  | "guide-edit"
  | "guide-remove"
  | "guide-order"
  | "name-approve"
  | "name-reject"
  | "enquiry-handled"
  | "settings-update"
  | "invite-create"
  | "invite-remove";
export type ContentTargetKind = "news" | "feed" | "guide" | "school" | "company" | "enquiry" | "settings" | "invite";

export interface AuditEntry {
  id: number;
  at: string;
  /** null: the system (create-admin, FIRST_ADMIN_EMAIL). */
  actor: { memberId: number; name: string } | null;
  action: MemberAction | ContentAction;
  /** A member, or content an admin changed (decision 039): its id and a label written with the entry. */
  target: { kind: "member"; memberId: number; name: string } | { kind: ContentTargetKind; id: string; name: string };
  reason: string | null;
  detail: Record<string, unknown>;
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}
