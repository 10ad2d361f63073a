import { optionalEnum, optionalString } from "../../lib/search-params.ts";

/** The tabs of the two settings screens, as they appear in ?tab= (shared by the route files). */
export const ACCOUNT_TABS = ["photo", "name", "email", "password", "security", "notifications", "devices", "deactivate"] as const;
export type AccountTab = (typeof ACCOUNT_TABS)[number];

export const PRIVACY_TABS = ["profile", "search", "blocked"] as const;
export type PrivacyTab = (typeof PRIVACY_TABS)[number];

/**
 * settings/account-setting?tab&confirmEmail&code: the tab to open, and the e-mail link's new
 * address and code (the link opens the E-mail tab and confirms the change).
 */
export function accountSettingsSearch(search: Record<string, unknown>): { tab?: AccountTab; confirmEmail?: string; code?: string } {
  return {
    tab: optionalEnum(search.tab, ACCOUNT_TABS),
    confirmEmail: optionalString(search.confirmEmail),
    code: optionalString(search.code),
  };
}

export function privacySettingsSearch(search: Record<string, unknown>): { tab?: PrivacyTab } {
  return { tab: optionalEnum(search.tab, PRIVACY_TABS) };
}
