/**
 * The mail thread (see createMailerThread in mailer.ts): messages arrive rendered; nodemailer turns
 * them into MIME and hands them to SMTP or the outbox here, on a thread of its own, so that work
 * (about 1.4 ms of CPU a message, measured) never takes the server's thread.
 */
import { parentPort, workerData } from "node:worker_threads";
import { createLogger, type LogLevel } from "./logger.ts";
import { createMailer, type MailerOptions, type MailMessage } from "./mailer.ts";

export type ToMailThread = { type: "send"; id: number; message: MailMessage } | { type: "flush"; token: number };
export type FromMailThread = { type: "sent"; id: number } | { type: "flushed"; token: number };

const data = workerData as Omit<MailerOptions, "log"> & { logLevel: LogLevel };
const mailer = createMailer({ ...data, log: createLogger(data.logLevel), outboxSync: true });
const port = parentPort!;

port.on("message", (m: ToMailThread) => {
  if (m.type === "send") {
    // Acknowledged once handed over (or given up after the retries, which are logged here).
    mailer.send(m.message, () => port.postMessage({ type: "sent", id: m.id } satisfies FromMailThread));
  } else {
    void mailer.flush().then(() => port.postMessage({ type: "flushed", token: m.token } satisfies FromMailThread));
  }
});
