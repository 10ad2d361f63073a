/**
 * Texts of the admin content screens (news, site guide, typed names, enquiries, settings) and the
 * answers of the rules they set (registration closed or invite-only). Apart from texts.ts, which
 * the login page loads (its first-load budget, issue 12).
 */
export const adminContentTexts = {
  registrationClosed: "Registration is closed on this site. Please ask its administrators for an account.",
  registrationNeedsInvite: "Registration on this site is by invitation: please enter the invite code you received.",
  inviteCodeNotValid: "This invite code is not valid or has already been used.",
  noSuchNewsItem: "There is no such news item.",
  noSuchSiteGuideItem: "There is no such site guide item.",
  noSuchEnquiry: "There is no such enquiry.",
  noSuchFeed: "There is no such feed.",
  feedExists: "This feed is in the list already.",
  noSuchPendingName: "There is no such name awaiting review.",
  siteGuideOrderMismatch: "The order must list every site guide item once.",
} as const;
