import { z } from "zod";
import { rowIdField } from "../../shared/ids.ts";
import { safetyTexts } from "../../shared/safety-texts.ts";

// Shared by the client and the server: no server imports.

export const REPORT_REASONS = ["spam", "harassment", "inappropriate", "impersonation", "minor-at-risk", "other"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_TARGETS = ["member", "post", "reply", "message"] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];
export const REPORT_NOTE_MAX = 1000;
export const REPORTS_PAGE_SIZE = 25;

export const reportInput = z.object({
  targetKind: z.enum(REPORT_TARGETS, "targetKind must be member, post, reply or message."),
  /** A member id, a post id, a reply id, or the id of the reporter's copy of a received message. */
  targetId: rowIdField("targetId must be an id."),
  reason: z.enum(REPORT_REASONS, safetyTexts.reasonRequired),
  note: z.string().trim().max(REPORT_NOTE_MAX, safetyTexts.noteTooLong).optional(),
});
export type ReportInput = z.infer<typeof reportInput>;

export const openReportsInput = z.object({ cursor: z.string().max(20).optional() });
export const reportIdInput = z.object({
  reportId: rowIdField("reportId must be a report id."),
  /** Why (kept in the audit log; a warning's text for the member). */
  note: z.string().trim().max(REPORT_NOTE_MAX, safetyTexts.noteTooLong).optional(),
});
export type ReportIdInput = z.infer<typeof reportIdInput>;

export const suspendFromReportInput = z.object({
  reportId: rowIdField("reportId must be a report id."),
  reason: z.string().trim().min(1, "Give a reason.").max(500),
  until: z.iso.datetime({ offset: true, message: "until must be a date and time." }).nullish(),
});
export type SuspendFromReportInput = z.infer<typeof suspendFromReportInput>;

/** An open report as the moderators' queue shows it. */
export interface OpenReport {
  reportId: number;
  createdAt: string;
  reason: ReportReason;
  note: string | null;
  reporter: { memberId: number; name: string };
  reported: { memberId: number; name: string };
  /** The reported thing; `text` is the content (null for a member). */
  target: { kind: ReportTarget; id: number; text: string | null };
}

export interface OpenReportPage {
  items: OpenReport[];
  nextCursor: string | null;
}
