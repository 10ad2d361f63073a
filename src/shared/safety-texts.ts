/**
 * The texts of blocking and reporting (issue 17 point 3, decision 035), apart from texts.ts: every
 * screen imports texts.ts, the login page included, and it has no room left (common brief).
 */
export const safetyTexts = {
  // Reasons, in the order the report dialog lists them (keys: moderation.schema REPORT_REASONS).
  reasonSpam: "Spam",
  reasonHarassment: "Harassment or bullying",
  reasonInappropriate: "Inappropriate content",
  reasonImpersonation: "Impersonation",
  reasonMinorAtRisk: "A minor at risk",
  reasonOther: "Other",
  reasonRequired: "Choose a reason.",
  noteTooLong: "Keep the details to 1000 characters or fewer.",
  alreadyReported: "You have already reported this. A moderator will look at it.",
  tooManyReports: "You have sent many reports in the last hour. Please try again later.",
  cannotReportOwn: "You cannot report your own account or content.",
  nothingToReport: "There is nothing to report there.",
  reportAction: "Report",
  reportTitle: "Report",
  reportReason: "Reason",
  reportNote: "Details (optional)",
  reportSend: "Send report",
  reportSending: "Sending...",
  reportDone: "Thank you. A moderator will look at your report.",
  memberMenu: "More actions",
  block: "Block",
  unblock: "Unblock",
  blockTitle: "Block {name}?",
  blockBody:
    "You will no longer be contacts or follow each other. Neither of you will find the other, see their profile, posts or replies, or be able to message them.",
  blockConfirm: "Block",
  cancel: "Cancel",
  blockDone: "{name} is blocked.",
  blockedTitle: "Blocked members",
  blockedEmpty: "You have not blocked anyone.",
  blockedSince: "Blocked {date}",
  unblockDone: "{name} is unblocked.",
  notBlocked: "You have not blocked this member.",
  // Moderation (the service's messages and its notifications).
  reportNotOpen: "This report is not open.",
  memberNotRemovable: "A member is not content: warn or suspend them instead.",
  warningSubject: "A warning from the moderators",
  warningText: "A moderator reviewed a report about you: {note}",
  warningDefault: "please respect the community's rules.",
  outcomeSubject: "Your report was reviewed",
  outcomeDismissed: "A moderator reviewed your report and took no action.",
  outcomeRemoved: "A moderator reviewed your report and removed the content.",
  outcomeWarned: "A moderator reviewed your report and warned the member.",
  outcomeSuspended: "A moderator reviewed your report and suspended the member.",
} as const;

/** Accessible names of the Report actions ({name}: the author). */
export const reportLabels = {
  post: "Report the post by {name}",
  reply: "Report the reply by {name}",
  message: "Report this message",
} as const;
