import { layoutMail } from "../accounts/accounts.service.ts";
import type { MailMessage } from "../../platform/mailer.ts";

/**
 * A notification by e-mail: what happened, a link to it, and how to stop these e-mails (a link,
 * and the List-Unsubscribe headers of RFC 2369 / RFC 8058 that mail programs offer as a button).
 */
export function notificationMail(opts: {
  site: string;
  to: string;
  firstName: string;
  subject: string;
  text: string;
  action: { label: string; url: string };
  settingLabel: string;
  unsubscribeUrl: string;
}): MailMessage {
  const mail = layoutMail({
    site: opts.site,
    to: opts.to,
    subject: `${opts.subject} on ${opts.site}`,
    greeting: `Hi ${opts.firstName},`,
    paragraphs: [opts.text],
    action: opts.action,
    after: [
      `You get this e-mail because "${opts.settingLabel}" is on in your notification settings. To stop these e-mails, open: ${opts.unsubscribeUrl}`,
    ],
  });
  return {
    ...mail,
    headers: { "List-Unsubscribe": `<${opts.unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}
