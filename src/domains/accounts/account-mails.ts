import type { MailMessage } from "../../platform/mailer.ts";
import { escapeHtml } from "../../shared/html.ts";

/** One layout for every e-mail: a greeting, paragraphs, one button-like link, a sign-off. */
export function layoutMail(opts: {
  /** The site's name (admins set it in site settings; "Sideline" by default). */
  site: string;
  to: string;
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  after?: string[];
}): MailMessage {
  const { site, to, subject, greeting, paragraphs, action, after = [] } = opts;
  const signOff = `— The ${site} team`;
  const textParts = [greeting, ...paragraphs, ...(action ? [`${action.label}: ${action.url}`] : []), ...after, signOff];
  const p = (s: string) => `<p style="margin:0 0 16px">${escapeHtml(s)}</p>`;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1a1b1e;max-width:560px;margin:24px auto;padding:0 16px">
<h1 style="font-size:20px;color:#1c7ed6">${escapeHtml(site)}</h1>
${p(greeting)}${paragraphs.map(p).join("")}
${action ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#1c7ed6;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p><p style="font-size:12px;color:#555">${escapeHtml(action.url)}</p>` : ""}
${after.map(p).join("")}${p(signOff)}
</body></html>`;
  return { to, subject, text: textParts.join("\n\n"), html, link: action?.url };
}

export function registrationMail(site: string, to: string, firstName: string, link: string): MailMessage {
  return layoutMail({
    site,
    to,
    subject: `Confirm your ${site} account`,
    greeting: `Hi ${firstName},`,
    paragraphs: [`Thanks for joining ${site}. Please confirm your e-mail address to complete your registration.`],
    action: { label: "Complete registration", url: link },
    after: ["The link works for 7 days. If you did not sign up, you can ignore this e-mail."],
  });
}

/**
 * The confirmation link again, when the address is registered a second time (or a reset is asked
 * for) before the first registration was confirmed. Nothing of that first registration changed:
 * whoever registered again does not choose the account's password.
 */
export function registrationReminderMail(site: string, to: string, firstName: string, link: string): MailMessage {
  return layoutMail({
    site,
    to,
    subject: `Confirm your ${site} account`,
    greeting: `Hi ${firstName},`,
    paragraphs: [
      "Someone, probably you, asked to register again with this e-mail address. Your account is still waiting for you to confirm the address; the details and the password of your first registration are kept.",
    ],
    action: { label: "Complete registration", url: link },
    after: [
      'The link works for 7 days. If you do not remember the password you chose, confirm first, then use "Forgot Password" on the login page. If you did not sign up, you can ignore this e-mail.',
    ],
  });
}

export function resetMail(site: string, to: string, firstName: string, code: string, link: string): MailMessage {
  return layoutMail({
    site,
    to,
    subject: `Your ${site} password reset code`,
    greeting: `Hi ${firstName},`,
    paragraphs: [`Your reset code is: ${code}`, "Enter it on the reset page, or open the link below. It works once, for one hour."],
    action: { label: "Reset your password", url: link },
    after: ["If you did not ask to reset your password, you can ignore this e-mail: your password stays as it is."],
  });
}

export function passwordChangedMail(site: string, to: string, firstName: string, loginUrl: string): MailMessage {
  return layoutMail({
    site,
    to,
    subject: `Your ${site} password was changed`,
    greeting: `Hi ${firstName},`,
    paragraphs: [
      `The password of your ${site} account was just changed, and every device signed in to it was signed out.`,
      "If this was not you, reset your password at once and check the e-mail account this message came to.",
    ],
    action: { label: "Log in", url: loginUrl },
  });
}
