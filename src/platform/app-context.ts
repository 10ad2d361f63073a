import { randomBytes } from "node:crypto";
import type { AppContext } from "./context.ts";
import type { DB } from "./db/client.ts";
import { type DomainEvent, DomainEvents } from "./events.ts";
import { type LiveBus, LocalLiveBus } from "./live.ts";
import type { Logger } from "./logger.ts";
import type { Mailer } from "./mailer.ts";
import { type Assistant, unconfiguredAssistant } from "./ports/assistant.ts";
import { noVideos, type VideoProvider } from "./ports/videos.ts";
import { isPostgres } from "./db/dialect.ts";
import { MemoryRateLimiter, type RateLimiter } from "./rate-limit.ts";
import { TableRateLimiter } from "./rate-limit-table.ts";
import { createLinkSigner, createSecretBox } from "./secret-box.ts";

export interface AppContextOptions {
  db: DB;
  log: Logger;
  mailer: Mailer;
  /** Base URL for links in e-mails, without a trailing slash. */
  publicUrl: string;
  /** DATA_DIR/uploads. */
  uploadsDir: string;
  /** Counts and refuses by the rules of rate-limit.ts (the server unless RATE_LIMITS=off); off elsewhere. */
  rateLimits?: boolean;
  /**
   * The server's key material (loadKeyMaterial), for the secret box and the link signer. Without it a
   * random key: what this context seals or signs is readable by this process only (scripts, tests).
   */
  keyMaterial?: Uint8Array;
  /** Without it every video list is empty (noVideos). */
  videos?: VideoProvider;
  /** Without it "Ask the assistant" answers the failure text (unconfiguredAssistant). */
  assistant?: Assistant;
  /** OPERATOR_EMAIL; without it advertising enquiries are only stored. */
  operatorEmail?: string;
  /** Aborts when the server starts to stop; without it the context never stops (scripts, tests). */
  shutdown?: AbortSignal;
  /** Live updates across processes (PostgreSQL); without it this process's own pages only (LocalLiveBus). */
  live?: LiveBus;
  /** Where failures of event handlers go; without it they are dropped. */
  onEventHandlerError?: (error: unknown, event: DomainEvent) => void;
}

/** The one way to build an AppContext (server, scripts, tests): what is not configured gets its null implementation. */
export function createAppContext(options: AppContextOptions): AppContext {
  const keyMaterial = options.keyMaterial ?? randomBytes(32);
  return {
    db: options.db,
    mailer: options.mailer,
    limiter: createRateLimiter(options.db, options.rateLimits ?? false),
    log: options.log,
    events: new DomainEvents(options.onEventHandlerError),
    live: options.live ?? new LocalLiveBus(),
    publicUrl: options.publicUrl,
    uploadsDir: options.uploadsDir,
    videos: options.videos ?? noVideos,
    assistant: options.assistant ?? unconfiguredAssistant,
    secretBox: createSecretBox(keyMaterial),
    linkSigner: createLinkSigner(keyMaterial),
    operatorEmail: options.operatorEmail ?? null,
    shutdown: options.shutdown ?? new AbortController().signal,
  };
}

/** Counts in memory for the one process SQLite serves; in the database for PostgreSQL's several. */
export function createRateLimiter(db: DB, enabled: boolean): RateLimiter {
  return isPostgres(db) ? new TableRateLimiter(db, enabled) : new MemoryRateLimiter(enabled);
}
