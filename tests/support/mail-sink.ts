/**
 * A real SMTP peer for tests: the server under test sends its mail here (SMTP_URL) and tests read it.
 * Used by vitest (service and REST tests) and by the Playwright journeys, so it imports no test
 * framework.
 */
import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface SinkMessage {
  /** The envelope recipient, lower-cased (one message per recipient). */
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The List-Unsubscribe header ("" when none): notification e-mails carry one. */
  listUnsubscribe: string;
}

export interface WaitOptions {
  /** How long to wait before failing loudly (default 10 s). */
  timeoutMs?: number;
  /** Only a message whose subject matches. */
  subject?: string | RegExp;
}

export interface MailSink {
  port: number;
  /** smtp://127.0.0.1:PORT, for SMTP_URL or createMailer({ smtpUrl }). */
  url: string;
  /** Every message received, oldest first. */
  messages: SinkMessage[];
  /** Messages received for one address, oldest first. */
  messagesTo: (to: string) => SinkMessage[];
  /**
   * The oldest message to `to` that no earlier waitForMail call returned; waits (polling) until one
   * arrives, and throws after the timeout. Successive calls return successive messages.
   */
  waitForMail: (to: string, options?: WaitOptions) => Promise<SinkMessage>;
  close: () => Promise<void>;
}

export async function startMailSink(): Promise<MailSink> {
  const messages: SinkMessage[] = [];
  const taken = new Set<SinkMessage>();

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    // The message is stored before the client gets its 250, so once the sender's sendMail (or a
    // mailer's flush) has resolved, the message is already in `messages`.
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const recipients = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
          for (const to of recipients) {
            messages.push({
              to,
              subject: parsed.subject ?? "",
              text: parsed.text ?? "",
              html: typeof parsed.html === "string" ? parsed.html : "",
              listUnsubscribe: String(parsed.headerLines.find((h) => h.key === "list-unsubscribe")?.line ?? "").replace(
                /^list-unsubscribe:\s*/i,
                "",
              ),
            });
          }
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  // Errors after start (a client dropping its connection) must not crash the test process.
  server.on("error", () => {});
  const port = (server.server.address() as AddressInfo).port;

  const messagesTo = (to: string) => messages.filter((m) => m.to === to.toLowerCase());

  const matches = (m: SinkMessage, to: string, subject?: string | RegExp) =>
    m.to === to.toLowerCase() &&
    !taken.has(m) &&
    (subject === undefined || (typeof subject === "string" ? m.subject === subject : subject.test(m.subject)));

  async function waitForMail(to: string, options: WaitOptions = {}): Promise<SinkMessage> {
    const { timeoutMs = 10_000, subject } = options;
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = messages.find((m) => matches(m, to, subject));
      if (found) {
        taken.add(found);
        return found;
      }
      if (Date.now() > deadline) {
        const seen = messages.map((m) => `${m.to}: ${m.subject}`).join("\n  ") || "(none)";
        throw new Error(
          `No mail to ${to}${subject ? ` with subject ${String(subject)}` : ""} within ${timeoutMs} ms. Received:\n  ${seen}`,
        );
      }
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    messagesTo,
    waitForMail,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first http(s) URL in a text, or throws. */
export function firstLink(text: string): string {
  const match = text.match(/https?:\/\/[^\s<>"')]+/);
  if (!match) throw new Error(`No link in this mail text:\n${text}`);
  return match[0];
}

/** The 8-character code of a reset mail ("Your reset code is: XXXXXXXX"), or throws. */
export function resetCodeOf(text: string): string {
  const match = text.match(/Your reset code is: ([A-Z0-9]{8})\b/);
  if (!match?.[1]) throw new Error(`No reset code in this mail text:\n${text}`);
  return match[1];
}

/** The e-mail and code of a registration mail's complete-register link. */
export function registrationCodeOf(text: string): { email: string; code: string; link: string } {
  const link = firstLink(text);
  const url = new URL(link);
  const email = url.searchParams.get("email");
  const code = url.searchParams.get("code");
  if (!url.pathname.endsWith("/complete-register") || !email || !code) {
    throw new Error(`Not a complete-register link: ${link}`);
  }
  return { email, code, link };
}
