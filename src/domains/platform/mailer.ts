import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Transporter } from "nodemailer";
import type { Logger } from "./logger.ts";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one link that matters in this message: printed on the console in outbox mode. */
  link?: string;
  /** Extra headers (List-Unsubscribe of notification e-mails). */
  headers?: Record<string, string>;
}

export interface Mailer {
  /** Queues a message and returns at once: mail is sent off the request path. */
  send(message: MailMessage): void;
  /** Resolves when every queued message has been handed over (for graceful stop and tests). */
  flush(): Promise<void>;
}

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  log: Logger;
}

/**
 * nodemailer over SMTP when SMTP_URL is set; otherwise an outbox of .eml files under
 * DATA_DIR/mail/ with the message's link printed on the console, so a local run needs no set-up.
 */
export function createMailer(options: MailerOptions): Mailer {
  // nodemailer is loaded with the first message, not at start-up (it takes a good 100 ms to load).
  let transport: Promise<Transporter> | undefined;
  const transportOf = () =>
    (transport ??= import("nodemailer").then(({ default: nodemailer }) =>
      options.smtpUrl
        ? nodemailer.createTransport(options.smtpUrl)
        : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" }),
    ));
  const pending = new Set<Promise<void>>();

  async function deliver(message: MailMessage, attempt = 1): Promise<void> {
    try {
      const info = await (await transportOf()).sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: message.headers,
      });
      if (!options.smtpUrl) writeOutbox(options, message, (info as unknown as { message: Buffer }).message);
    } catch (error) {
      if (attempt < 3) {
        await new Promise((r) => setTimeout(r, 500 * attempt));
        return deliver(message, attempt + 1);
      }
      options.log.error("mail could not be sent", { subject: message.subject, error: String(error) });
    }
  }

  return {
    send(message) {
      const job = deliver(message).finally(() => pending.delete(job));
      pending.add(job);
    },
    async flush() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}

function writeOutbox(options: MailerOptions, message: MailMessage, raw: Buffer) {
  mkdirSync(options.outboxDir, { recursive: true });
  const safeTo = message.to.replace(/[^a-z0-9@._-]/gi, "_");
  const file = path.join(options.outboxDir, `${new Date().toISOString().replace(/[:.]/g, "-")}-${safeTo}.eml`);
  writeFileSync(file, raw);
  // Outbox mode is the local, no-set-up mode: the link is printed so a developer can follow it.
  options.log.info(`mail to ${message.to}: "${message.subject}" saved to ${file}${message.link ? `\n  link: ${message.link}` : ""}`);
}
