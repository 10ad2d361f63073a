import { z } from "zod";

/** Who may register: anyone, whoever has an invite code an admin made, or nobody. */
export const REGISTRATION_MODES = ["open", "invite-only", "closed"] as const;
export type RegistrationMode = (typeof REGISTRATION_MODES)[number];

/** The instance as its admins describe it. Empty about/terms texts: the built-in ones are shown. */
export interface SiteInfo {
  siteName: string;
  aboutText: string;
  termsText: string;
  registration: RegistrationMode;
}

export const DEFAULT_SITE_INFO: SiteInfo = { siteName: "Sideline", aboutText: "", termsText: "", registration: "open" };

export const SITE_NAME_MAX = 60;
export const SITE_TEXT_MAX = 20_000;

export const siteSettingsInput = z.object({
  siteName: z.string().trim().min(1, "A site name is required.").max(SITE_NAME_MAX).optional(),
  aboutText: z.string().trim().max(SITE_TEXT_MAX).optional(),
  termsText: z.string().trim().max(SITE_TEXT_MAX).optional(),
  registration: z.enum(REGISTRATION_MODES, "registration must be open, invite-only or closed.").optional(),
});
export type SiteSettingsInput = z.infer<typeof siteSettingsInput>;

export interface InviteCode {
  code: string;
  createdAt: string;
  usedByEmail: string | null;
  usedAt: string | null;
}
