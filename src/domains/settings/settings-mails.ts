import { layoutMail } from "../accounts/accounts.service.ts";
import type { MailMessage } from "../../platform/mailer.ts";

/** After a change in account settings: this device stays signed in, every other one was signed out. */
export function passwordChangedInSettingsMail(site: string, to: string, firstName: string, resetUrl: string): MailMessage {
  return layoutMail({
    site,
    to,
    subject: `Your ${site} password was changed`,
    greeting: `Hi ${firstName},`,
    paragraphs: [
      `The password of your ${site} account was just changed in your account settings. The device it was changed on stays signed in; every other device was signed out.`,
      "If this was not you, reset your password at once and check the e-mail account this message came to.",
    ],
    action: { label: "Reset your password", url: resetUrl },
  });
}

/** To the new address: the code (and link) that makes it the account's address. */
export function emailChangeCodeMail(site: string, to: string, firstName: string, code: string, link: string): MailMessage {
  return layoutMail({
    site,
    to,
    subject: `Confirm your new ${site} e-mail address`,
    greeting: `Hi ${firstName},`,
    paragraphs: [
      `You asked to use this address for your ${site} account.`,
      `Your confirmation code is: ${code}`,
      "Enter it in your account settings, or open the link below. It works once, for 24 hours. Until then your account keeps its current address.",
    ],
    action: { label: "Confirm this address", url: link },
    after: ["If you did not ask for this, you can ignore this e-mail: nothing changes."],
  });
}

/** To the old address, when a change is asked for: nothing has changed yet. */
export function emailChangeRequestedMail(site: string, to: string, firstName: string, newEmail: string, settingsUrl: string): MailMessage {
  return layoutMail({
    site,
    to,
    subject: `A change of your ${site} e-mail address was requested`,
    greeting: `Hi ${firstName},`,
    paragraphs: [
      `Someone signed in to your ${site} account asked to change its e-mail address to ${newEmail}. Nothing changes until the code sent to that address is entered.`,
      "If this was not you, change your password and sign out the devices you do not know in your account settings.",
    ],
    action: { label: "Open account settings", url: settingsUrl },
  });
}

/** To the old address, once the new one is confirmed. */
export function emailChangedMail(site: string, to: string, firstName: string, newEmail: string): MailMessage {
  return layoutMail({
    site,
    to,
    subject: `Your ${site} e-mail address was changed`,
    greeting: `Hi ${firstName},`,
    paragraphs: [
      `The e-mail address of your ${site} account is now ${newEmail}. You log in with it from now on, and this address gets no more mail from us.`,
      "If this was not you, contact the operator of the site at once.",
    ],
  });
}
