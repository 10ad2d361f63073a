import type { DB } from "./db/client.ts";
import type { DomainEvents } from "./events.ts";
import type { LiveBus } from "./live.ts";
import type { Logger } from "./logger.ts";
import type { Mailer } from "./mailer.ts";
import type { VideoProvider } from "./ports/videos.ts";
import type { Assistant } from "./ports/assistant.ts";
import type { RateLimiter } from "./rate-limit.ts";
import type { LinkSigner, SecretBox } from "./secret-box.ts";
import type { WriteUnit } from "./write-unit.ts";

/** What every service receives first: the database and the few infrastructure pieces. */
export interface AppContext {
  db: DB;
  mailer: Mailer;
  limiter: RateLimiter;
  log: Logger;
  /** What happened (contact requests, follows ...), for notifications and live updates. */
  events: DomainEvents;
  /** Live updates to members' open pages (messages, notifications, unread counts). */
  live: LiveBus;
  /** Base URL for links in e-mails, without a trailing slash. */
  publicUrl: string;
  /** DATA_DIR/uploads: uploaded pictures, served under /uploads/ (needed by the media service). */
  uploadsDir?: string;
  /** The video channel provider (YouTube); without it every video list is empty. */
  videos?: VideoProvider;
  /** The message assistant (ASSISTANT_BASE_URL); without it "Ask the assistant" answers the failure text. */
  assistant?: Assistant;
  /** Encryption with the server's key (common/EncryptString, DecryptString). */
  secretBox?: SecretBox;
  /** Signs links that act without a session (unsubscribe links of notification e-mails). */
  linkSigner?: LinkSigner;
  /** OPERATOR_EMAIL: where advertising enquiries are mailed; without it they are only stored. */
  operatorEmail?: string;
  /** Aborts when the server starts to stop: open live streams end, so the shutdown waits only for ordinary requests. */
  shutdown?: AbortSignal;
  /** Set inside a write unit (write-unit.ts): `db` is then its transaction. */
  unit?: WriteUnit;
}

/** Facts about the request that services need for rate limits and the sessions list. */
export interface RequestMeta {
  ip: string;
  userAgent: string;
  /** The request came from a page of this site (its Origin is the site's own); absent means no. */
  fromOwnPage?: boolean;
}

/** The signed-in member as services see it: taken from the session, never from input. */
export interface Actor {
  memberId: number;
  sessionId: string;
  /** 'full', or 'reactivate' for the restricted session of a deactivated login. */
  scope: "full" | "reactivate";
}
