/**
 * Texts of the data rights screens and messages (issue 17, point 5: export and deletion), apart
 * from texts.ts: every screen imports texts.ts, the login page included (its size budget).
 */
export const dataRightsTexts = {
  tabYourData: "Your data",
  exportTitle: "Download your data",
  exportIntro:
    "Get one zip file with everything Sideline holds about you: your account, profile, settings, contacts, posts, replies, likes, messages, notifications and pictures. It is prepared in the background; we notify you when it is ready. A download link works for 7 days.",
  exportRequest: "Download your data",
  exportRequested: "Your archive is being prepared. We will notify you when it is ready.",
  exportNone: "You have not asked for an archive yet.",
  exportPending: "Being prepared…",
  exportReady: "Ready",
  exportFailed: "Could not be prepared. Please ask again.",
  exportDownload: "Download",
  exportExpires: "Available until",
  exportAskedAt: "Asked for",
  exportInProgress: "An archive is already being prepared. Please wait until it is ready.",
  exportNotFound: "There is no such archive, or it has expired.",
  exportReadySubject: "Your data is ready to download",
  exportReadyText: "The archive of your Sideline data you asked for is ready. It can be downloaded for 7 days.",
  deleteTitle: "Delete account",
  deleteIntro:
    "Your account is deleted for good 14 days from now: your profile, posts, replies, likes, contacts, messages (sent and received), notifications and pictures. Until then nobody sees you, and signing in again cancels the deletion.",
  deletePassword: "Your password",
  deletePasswordRequired: "Enter your password to delete your account.",
  deleteWrongPassword: "The password is not correct.",
  deleteButton: "Delete my account",
  deleteConfirmTitle: "Delete your account?",
  deleteConfirmBody: "You will be signed out everywhere. Sign in within 14 days to keep your account.",
  deleteCancel: "Keep my account",
  deleting: "Deleting...",
  lastAdminDelete: "You are the last admin: make another member admin before you delete your account.",
  lastAdminDeactivate: "You are the last admin: make another member admin before you deactivate your account.",
  deletionCancelledSubject: "Your account will not be deleted",
  deletionCancelledText:
    "You signed in during the 14-day grace period, so the deletion of your account was cancelled. To delete it, ask again in Settings.",
} as const;
