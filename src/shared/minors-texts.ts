/**
 * The texts of minors' rules and of the one control per contact detail (issue 17 point 4, decision
 * 037), apart from texts.ts: every screen imports texts.ts, the login page included.
 */
export const minorsTexts = {
  birthDateAcrossAdulthood: "This birth date would change whether you are under 18. To correct it, please ask the site's administrators.",
  findableByAdults: "Adults who are not my contacts may find me in search, suggestions and members' lists",
  findableByAdultsHint:
    "You are under 18: unless you turn this on, only your contacts and other members under 18 find you or see you in lists.",
  contactDetailsHint:
    "Who sees your e-mail, phones and address is set for each of them in Privacy Settings; each is Private until you change it.",
  contactDetailsLink: "Choose who sees your contact details",
  privacyAddress: "Address",
  privacyHomePhone: "Home Phone",
  tooManyContactRequests: "You have sent many contact requests in the last hour. Please try again later.",
} as const;
