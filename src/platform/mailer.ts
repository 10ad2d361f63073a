import { mkdirSync, writeFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Transporter } from "nodemailer";
import { Worker } from "node:worker_threads";
import type { Logger, LogLevel } from "./logger.ts";
import type { FromMailThread, ToMailThread } from "./mail-worker.ts";

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

/** A message, or a function that writes it when its turn to be sent comes (off the request path). */
export type MailJob = MailMessage | (() => MailMessage);

export interface Mailer {
  /** Queues a message and returns at once: mail is rendered and sent off the request path. */
  send: (message: MailJob, onDone?: () => void) => void;
  /** Resolves when every queued message has been handed over (for graceful stop and tests). */
  flush: () => Promise<void>;
}

/** A mailer that sends nothing, for measurements whose paths send no mail. */
export const discardingMailer: Mailer = { send: () => {}, flush: () => Promise.resolve() };

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  log: Logger;
  /**
   * Write outbox files synchronously: on the mail thread, whose only work this is, a small file
   * written in place costs less than handing it to the runtime's I/O pool and back (measured).
   */
  outboxSync?: boolean;
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
  // The queue: a request only appends to it. The drain starts on a later turn of the event loop
  // and keeps at most DELIVERIES_AT_ONCE messages in the making, so a burst of notifications is
  // rendered and handed over a few at a time between requests, not all at once on their path.
  const queue: Array<{ job: MailJob; onDone?: () => void }> = [];
  // The outbox folder is made once (and again only after a failed write: someone removed it).
  const outboxReady = { made: false };
  let inFlight = 0;
  let drainScheduled = false;
  let idle: { promise: Promise<void>; resolve: () => void } | undefined;

  async function deliver(job: MailJob, attempt = 1): Promise<void> {
    let message: MailMessage | undefined;
    try {
      message = typeof job === "function" ? job() : job;
      const info = await (
        await transportOf()
      ).sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: message.headers,
      });
      if (!options.smtpUrl) await writeOutbox(options, message, (info as unknown as { message: Buffer }).message, outboxReady);
    } catch (error) {
      if (message && attempt < 3) {
        await new Promise((r) => setTimeout(r, 500 * attempt));
        return deliver(message, attempt + 1);
      }
      options.log.error("mail could not be sent", { subject: message?.subject, error: String(error) });
    }
  }

  function drain() {
    drainScheduled = false;
    while (inFlight < DELIVERIES_AT_ONCE && queue.length > 0) {
      inFlight += 1;
      const next = queue.shift()!;
      void deliver(next.job).finally(() => {
        inFlight -= 1;
        next.onDone?.();
        if (queue.length > 0) scheduleDrain();
        else if (inFlight === 0) idle?.resolve();
      });
    }
  }
  function scheduleDrain() {
    if (drainScheduled) return;
    drainScheduled = true;
    setImmediate(drain);
  }

  return {
    send(job, onDone) {
      queue.push({ job, onDone });
      scheduleDrain();
    },
    async flush() {
      while (queue.length > 0 || inFlight > 0) {
        if (!idle) {
          let resolve!: () => void;
          const promise = new Promise<void>((r) => (resolve = r)).finally(() => (idle = undefined));
          idle = { promise, resolve };
        }
        scheduleDrain();
        await idle.promise;
      }
    },
  };
}

/**
 * The same mailer on a thread of its own (mail-worker.ts), for the server under Bun: the request
 * only queues; the queue renders each message on a later turn of the event loop (a notification's
 * text: microseconds) and posts it to the mail thread, where nodemailer builds and sends it. Should
 * the thread fail, what it had not acknowledged and everything after is sent on this thread.
 */
export function createMailerThread(options: MailerOptions & { logLevel: LogLevel }): Mailer {
  const { log, ...data } = options;
  const fallback = createMailer(options);
  const unacknowledged = new Map<number, { message: MailMessage; onDone?: () => void }>();
  const flushes = new Map<number, () => void>();
  let nextId = 1;
  let worker: Worker | null = new Worker(new URL("./mail-worker.ts", import.meta.url), { workerData: data });
  worker.unref();
  worker.on("message", (m: FromMailThread) => {
    if (m.type === "sent") {
      unacknowledged.get(m.id)?.onDone?.();
      unacknowledged.delete(m.id);
    } else flushes.get(m.token)?.();
  });
  const failed = (error: unknown) => {
    if (!worker) return;
    log.error("mail thread failed: mail is sent on the server's thread", { error: String(error) });
    worker = null;
    for (const { message, onDone } of unacknowledged.values()) fallback.send(message, onDone);
    unacknowledged.clear();
    for (const done of flushes.values()) done();
  };
  worker.on("error", failed);
  worker.on("exit", (code) => failed(`exit ${code}`));

  const queue: Array<{ job: MailJob; onDone?: () => void }> = [];
  let scheduled = false;
  const post = () => {
    scheduled = false;
    for (const { job, onDone } of queue.splice(0)) {
      let message: MailMessage;
      try {
        message = typeof job === "function" ? job() : job;
      } catch (error) {
        log.error("mail could not be written", { error: String(error) });
        onDone?.();
        continue;
      }
      if (!worker) {
        fallback.send(message, onDone);
        continue;
      }
      const id = nextId++;
      unacknowledged.set(id, { message, onDone });
      worker.postMessage({ type: "send", id, message } satisfies ToMailThread);
    }
  };
  return {
    send(job, onDone) {
      queue.push({ job, onDone });
      if (!scheduled) {
        scheduled = true;
        setImmediate(post);
      }
    },
    async flush() {
      post();
      const thread = worker;
      if (thread) {
        const token = nextId++;
        await new Promise<void>((resolve) => {
          flushes.set(token, resolve);
          thread.postMessage({ type: "flush", token } satisfies ToMailThread);
        });
        flushes.delete(token);
      }
      await fallback.flush();
    },
  };
}

/** Messages rendered and handed to the transport at once (the rest wait in the queue). */
const DELIVERIES_AT_ONCE = 8;

async function writeOutbox(options: MailerOptions, message: MailMessage, raw: Buffer, outbox: { made: boolean }) {
  const safeTo = message.to.replace(/[^a-z0-9@._-]/gi, "_");
  const file = path.join(options.outboxDir, `${new Date().toISOString().replace(/[:.]/g, "-")}-${safeTo}.eml`);
  try {
    if (!outbox.made) {
      if (options.outboxSync) mkdirSync(options.outboxDir, { recursive: true });
      else await mkdir(options.outboxDir, { recursive: true });
      outbox.made = true;
    }
    if (options.outboxSync) writeFileSync(file, raw);
    else await writeFile(file, raw);
  } catch (error) {
    outbox.made = false;
    throw error;
  }
  // Outbox mode is the local, no-set-up mode: the link is printed so a developer can follow it.
  options.log.info(`mail to ${message.to}: "${message.subject}" saved to ${file}${message.link ? `\n  link: ${message.link}` : ""}`);
}
