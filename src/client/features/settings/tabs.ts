import { z } from "zod";

/** The tabs of the two settings screens, as they appear in ?tab= (shared by the route files). */
export const ACCOUNT_TABS = ["photo", "name", "email", "password", "security", "notifications", "devices", "deactivate"] as const;
export type AccountTab = (typeof ACCOUNT_TABS)[number];

export const PRIVACY_TABS = ["profile", "search"] as const;
export type PrivacyTab = (typeof PRIVACY_TABS)[number];

/**
 * settings/account-setting?tab&confirmEmail&code: the tab to open, and the e-mail link's new
 * address and code (the link opens the E-mail tab and confirms the change).
 */
export const accountSettingsSearch = z.object({
  tab: z.enum(ACCOUNT_TABS).optional().catch(undefined),
  confirmEmail: z.string().optional().catch(undefined),
  code: z.string().optional().catch(undefined),
});

export const privacySettingsSearch = z.object({ tab: z.enum(PRIVACY_TABS).optional().catch(undefined) });
