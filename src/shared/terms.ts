/** The Terms of Use shown in the registration and complete-registration modals. */
export const TERMS_OF_USE: ReadonlyArray<{ heading: string; paragraphs: string[] }> = [
  {
    heading: "Basic terms",
    paragraphs: [
      "You must be at least 15 years old to use Sideline.",
      "You are responsible for your account and for everything that happens under it. Keep your password private.",
      "You are responsible for what you post, and you must not use Sideline for anything unlawful, misleading or abusive.",
    ],
  },
  {
    heading: "General terms",
    paragraphs: [
      "Sideline is offered as it is. The operator of this site may change or end the service, and may suspend accounts that break these terms.",
      "Be respectful: no harassment, spam, impersonation, or collecting other members' details without their consent.",
    ],
  },
  {
    heading: "Copyright",
    paragraphs: [
      "Sideline respects the intellectual property of others and asks members to do the same. Post only what you own or have the right to share.",
    ],
  },
  {
    heading: "User content",
    paragraphs: [
      "You own what you post. By posting it you allow Sideline to store and show it to the members your privacy settings allow.",
      "You decide who sees your profile, contact details and posts in your privacy settings.",
    ],
  },
];
