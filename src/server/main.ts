import path from "node:path";
import { createLogger } from "../platform/logger.ts";
import { createMailerThread } from "../platform/mailer.ts";
import { createAppContext } from "../platform/app-context.ts";
import { eventsAfter, pruneLiveEvents } from "../domains/live/live.service.ts";
import { pruneClientLogs } from "../domains/accounts/accounts.service.ts";
import { pruneNotifications, registerNotificationHandlers } from "../domains/notifications/notifications.service.ts";
import { pruneInBatches, type RetentionJob } from "../platform/retention.ts";
import { startSearchUpkeep } from "../domains/search/search.upkeep.ts";
import { startTimelineWorker } from "../domains/feed/timeline.worker.ts";
import { registerLiveLikes } from "../domains/feed/feed.service.ts";
import { loadKeyMaterial } from "../platform/secret-box.ts";
import { createYoutubeProvider } from "../domains/videos/youtube.ts";
import { createAssistant } from "../domains/assistant/assistant.ts";
import { createHttpApp } from "./app.ts";
import { openDatabase } from "../platform/db/open.ts";
import { migrateToLatest } from "../platform/db/migrator.ts";
import { isPostgres } from "../platform/db/dialect.ts";
import { runOncePer } from "../platform/db/job-lock.ts";
import { trustChangeNotices } from "../platform/db/client.ts";
import { scheduleJob } from "../platform/scheduled-job.ts";
import { PostgresLiveBus } from "../platform/live-postgres.ts";
import { pruneRateLimitHits } from "../platform/rate-limit-table.ts";
import { ConfigError, databaseLocation, loadConfig } from "./env.ts";
import { loadEmbeddedLibvips, shippedFiles } from "./shipped-files.ts";
import { createAdmin } from "../domains/admin/admin.service.ts";
import { endAdultFollowsOfMinors } from "../domains/contacts/contacts.service.ts";
import { processExports, pruneExpiredExports, purgeDeletedAccounts } from "../domains/datarights/datarights.service.ts";
import type { AppContext } from "../platform/context.ts";
import { SESSION_CHANGES_CHANNEL } from "../domains/accounts/session-cache.ts";
import { LIST_CHANGES_CHANNEL } from "../domains/contacts/list-cache.ts";
import { DomainError } from "../shared/errors.ts";

/** How long a shutdown waits for requests in flight (then closes them): well inside the usual 10 s before a SIGKILL. */
const DRAIN_MS = 7_000;
/** Scheduled jobs: once per period between all the processes of one database (runOncePer). */
const NEWS_IMPORT_EVERY_MS = 60 * 60_000;
const PRUNE_EVERY_MS = 10 * 60_000;
const MINOR_FOLLOWS_EVERY_MS = 24 * 60 * 60_000;
/** Waiting data archives are looked for this often (each process; an archive is claimed by one). */
const EXPORTS_EVERY_MS = 5_000;

/** Starts the server (`npm start`, `sideline serve`) and stops it cleanly on SIGTERM or SIGINT. */
export async function serve() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const log = createLogger(config.LOG_LEVEL);
  const dataDir = path.resolve(config.DATA_DIR);
  // Without it only picture uploads fail (a 500 each, logged): no reason to refuse to start.
  await loadEmbeddedLibvips(dataDir).catch((error) =>
    log.error("the image library could not be loaded: picture uploads will fail", { error: String(error) }),
  );
  const where = databaseLocation(config);
  const db = await openDatabase(where);
  const applied = await migrateToLatest(db);
  if (applied.length) log.info(`database migrated: ${applied.join(", ")}`);

  // Mail is built and sent on a thread of its own (docs/decisions/013).
  const mailer = createMailerThread({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    outboxDir: path.join(dataDir, "mail"),
    log,
    logLevel: config.LOG_LEVEL,
  });
  const shutdown = new AbortController();
  // Several processes on one PostgreSQL database hear each other's live events (LISTEN/NOTIFY).
  const live = where.databaseUrl
    ? new PostgresLiveBus({ url: where.databaseUrl, db, log, readEventsAfter: (memberId, afterId) => eventsAfter(db, memberId, afterId) })
    : undefined;
  // Session checks and member list pages answered from memory on PostgreSQL too, while this
  // process hears every change (decisions 045, 046).
  if (live) for (const channel of [SESSION_CHANGES_CHANNEL, LIST_CHANGES_CHANNEL]) trustChangeNotices(db, channel, live.noticesOn(channel));
  await live?.start();
  const app = createAppContext({
    live,
    db,
    mailer,
    log,
    publicUrl: config.PUBLIC_URL,
    uploadsDir: path.join(dataDir, "uploads"),
    rateLimits: config.RATE_LIMITS,
    keyMaterial: loadKeyMaterial({ secretKey: config.SECRET_KEY, dataDir }),
    videos: config.YOUTUBE_API_KEY
      ? createYoutubeProvider({ apiKey: config.YOUTUBE_API_KEY, baseUrl: config.YOUTUBE_API_BASE_URL, log })
      : undefined,
    assistant: config.ASSISTANT_BASE_URL
      ? createAssistant({ baseUrl: config.ASSISTANT_BASE_URL, apiKey: config.ASSISTANT_API_KEY, model: config.ASSISTANT_MODEL, log })
      : undefined,
    operatorEmail: config.OPERATOR_EMAIL,
    shutdown: shutdown.signal,
    onEventHandlerError: (error, event) => log.error("event handler failed", { event: event.type, error: String(error) }),
  });
  if (config.FIRST_ADMIN_EMAIL) await promoteFirstAdmin(app, config.FIRST_ADMIN_EMAIL);
  registerNotificationHandlers(app);
  registerLiveLikes(app);
  // The home feed's fan-out queue and horizon (decision 011), drained between requests.
  const timeline = startTimelineWorker({ db, log, signal: shutdown.signal });
  if (!config.ASSISTANT_BASE_URL) log.info("No ASSISTANT_BASE_URL: the message assistant answers 'Something went wrong. Try again later!'");
  if (!config.YOUTUBE_API_KEY) log.info("No YOUTUBE_API_KEY: the Videos tab lists no playlists (it links to the channel).");
  const http = createHttpApp({ config, app, ...shippedFiles(config.CLIENT_DIR) });

  const server = Bun.serve({
    port: config.PORT,
    hostname: config.HOST,
    // Live updates stream over SSE with a ping every 5 s; Bun's default idle timeout is 10 s.
    idleTimeout: 30,
    // On PostgreSQL several processes may listen on one port (SO_REUSEPORT, Linux): the kernel
    // spreads the connections among them (docs/operations.md). SQLite serves one process.
    reusePort: Boolean(where.databaseUrl),
    fetch: (req, srv) => http.fetch(req, { server: srv }),
  });
  log.info(`Sideline is listening on ${config.PUBLIC_URL} (port ${server.port}, data in ${dataDir})`);
  if (!config.SMTP_URL) log.info(`No SMTP_URL: e-mails are written to ${path.join(dataDir, "mail")}`);

  // The news feeds (NEWS_FEEDS and the admins' list, decision 039): imported shortly after start and
  // then hourly, off the request path. No feed: nothing is fetched.
  const newsImport = scheduleJob("news import", { everyMs: NEWS_IMPORT_EVERY_MS, firstAfterMs: 5_000, log }, async () => {
    const { importListedFeeds } = await import("../domains/news/feed-import.ts");
    await runOncePer(db, "news import", NEWS_IMPORT_EVERY_MS, () => importListedFeeds(app, config.NEWS_FEEDS));
  });

  // Retention (docs/performance.md, "Storage"): notifications (read 30 days, unread 90), live events
  // (a day) and client logs (seven days) past their time go in small batches, a minute after start
  // and then every ten minutes; a stop interrupts a run between two batches.
  const retentionJobs: RetentionJob[] = [
    { name: "read notifications", deleteBatch: (now, limit) => pruneNotifications(app, true, now, limit) },
    { name: "unread notifications", deleteBatch: (now, limit) => pruneNotifications(app, false, now, limit) },
    { name: "live events", deleteBatch: (now, limit) => pruneLiveEvents(app, now, limit) },
    { name: "client logs", deleteBatch: (now) => pruneClientLogs(app, now) },
    // Data rights (decision 036): archives past their 7 days, accounts past their 14-day grace period.
    { name: "data exports", deleteBatch: (now, limit) => pruneExpiredExports(app, now, limit) },
    { name: "deleted accounts", deleteBatch: (now, limit) => purgeDeletedAccounts(app, now, limit) },
    ...(isPostgres(db)
      ? [{ name: "rate-limit events", deleteBatch: (now: Date, limit: number) => pruneRateLimitHits(db, now, limit) }]
      : []),
  ];
  const retention = scheduleJob("retention run", { everyMs: PRUNE_EVERY_MS, firstAfterMs: 60_000, log }, () =>
    runOncePer(db, "retention", PRUNE_EVERY_MS, () =>
      pruneInBatches(retentionJobs, { log, signal: shutdown.signal }).then((deleted) => log.debug("retention run", deleted)),
    ),
  );

  // An adult's follow of a minor who is not their contact ends (decision 040, third pass: a follow
  // made between two minors outlives the follower's 18th birthday): daily, once across processes,
  // looked at shortly after start too (a server restarted more often than daily still runs it; a
  // start within a day of the last run walks nothing).
  const minorFollows = scheduleJob("ending follows of minors", { everyMs: MINOR_FOLLOWS_EVERY_MS, firstAfterMs: 10_000, log }, () =>
    runOncePer(db, "minor follows", MINOR_FOLLOWS_EVERY_MS, () =>
      endAdultFollowsOfMinors(app, { signal: shutdown.signal }).then(
        (ended) => ended && log.info(`follows of minors by adults ended: ${ended}`),
      ),
    ),
  );

  // Data archives members asked for, prepared off the request path (decision 036).
  const exports = scheduleJob("data exports", { everyMs: EXPORTS_EVERY_MS, firstAfterMs: EXPORTS_EVERY_MS, log }, () =>
    processExports(app, shutdown.signal),
  );

  // Typo tables and suggestion lists kept up to date off the request path (decision 012).
  const searchUpkeep = startSearchUpkeep(app, shutdown.signal, { dbFile: where.databaseUrl ? undefined : where.sqliteFile });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal}: stopping`);
    // Stop taking connections and end the open live streams (their pages reconnect to the next
    // server); requests in flight finish with their answers. Whatever is still open after 7 s is
    // closed, so the process is gone within 10 s of the signal and the queued e-mails still go out.
    shutdown.abort();
    // A news import does not watch the signal (each fetch has its own time limit): not waited for.
    void newsImport.stop();
    await Promise.all([retention, minorFollows, exports].map((job) => job.stop()));
    const drained = await Promise.race([
      server.stop().then(() => true),
      new Promise<false>((resolve) => setTimeout(resolve, DRAIN_MS, false)),
    ]);
    if (!drained) log.warn(`requests still open after ${DRAIN_MS} ms are closed`);
    await server.stop(true);
    await app.events.settled();
    await timeline.stopped;
    await searchUpkeep.stopped;
    await mailer.flush();
    await live?.stop();
    await db.destroy();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}

if (import.meta.main) await serve();

/** FIRST_ADMIN_EMAIL: that member becomes an admin (audited as the system); a missing member is only logged. */
async function promoteFirstAdmin(app: AppContext, email: string): Promise<void> {
  try {
    const { changed } = await createAdmin(app, email, "FIRST_ADMIN_EMAIL", { onlyIfNoAdmin: true });
    if (changed) app.log.info(`FIRST_ADMIN_EMAIL: ${email} is now an admin`);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    app.log.warn(`FIRST_ADMIN_EMAIL: ${error.message} (${email}); sign up with it and restart, or run npm run create-admin`);
  }
}
