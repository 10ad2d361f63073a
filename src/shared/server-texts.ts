/**
 * Texts only the server writes: e-mail subjects and bodies, and answers to requests no screen makes
 * (rate limits, bodies too large, a foreign client log), and labels the REST adapters send. Apart
 * from texts.ts, which every screen loads with the login page (its first-load budget, issue 12).
 */
export const serverTexts = {
  clientLogForeignOrigin: "Error reports without a session are accepted only from this site's own pages.",
  requestBodyTooLarge: "The request is too large: at most 64 KB is accepted.",
  uploadFileUnreadable: "The chosen image could not be read: it may be damaged or too large in pixels. Please choose another file.",
  tooManyRequests: "Too many attempts. Please wait a few minutes and try again.",
  tooManyLiveStreams: "Too many live connections are open for your account. Close a tab or window and try again.",
  relationYou: "You",
  relationFollowsYou: "Follows you",
  emailInUse: "This e-mail address is already in use.",
  emailUnchanged: "This is already the e-mail address of your account.",
  notifyContactRequestedSubject: "New contact request",
  notifyContactRequestedText: "{name} wants to add you as a contact.",
  notifyContactAcceptedSubject: "Contact request accepted",
  notifyContactAcceptedText: "{name} accepted your contact request.",
  notifyFollowedSubject: "New follower",
  notifyFollowedText: "{name} is now following you.",
  notifyMessageSubject: "New message",
  notifyMessageText: "{name} sent you a message: {subject}",
  notifyReplySubject: "New reply to your post",
  notifyReplyText: "{name} replied to your post: {text}",
} as const;
