/**
 * The texts of the moderators' screen /admin/reports (issue 17 point 2, decision 035), apart from
 * texts.ts: the login page imports texts.ts and has no room left (common brief).
 */
export const moderationTexts = {
  reportsTitle: "Reports",
  reportsEmpty: "There are no open reports.",
  reportsList: "Open reports",
  reportedBy: "reported by",
  reportedMember: "About",
  reportNoteLabel: "Details",
  targetMember: "The member's account",
  targetPost: "Post",
  targetReply: "Reply",
  targetMessage: "Message",
  dismiss: "Dismiss",
  remove: "Remove content",
  warn: "Warn",
  suspend: "Suspend",
  dismissTitle: "Dismiss this report?",
  removeTitle: "Remove this content?",
  warnTitle: "Warn {name}?",
  suspendTitle: "Suspend {name}?",
  dismissBody: "No action is taken. The reporter is told the report was reviewed.",
  removeBody: "The content is hidden everywhere. Every open report about it is closed and the reporters are told.",
  warnBody: "{name} receives a notification with your warning.",
  suspendBody: "{name} is signed out and cannot sign in until restored or the end date passes.",
  noteOptional: "Note (optional, kept in the audit log)",
  warningNote: "Warning text (optional)",
  suspendReason: "Reason",
  suspendEnd: "End date (optional)",
  reasonRequired: "Give a reason.",
  cancel: "Cancel",
  // The audit log's verbs for the moderation actions ("Ada Steward warned Bea Blocked").
  actionWarn: "warned",
  actionReportDismiss: "dismissed a report about",
  actionContentRemove: "removed content by",
} as const;
