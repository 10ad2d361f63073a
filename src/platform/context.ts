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
import type { Role } from "../shared/members.ts";

/**
 * What every service receives first: the database and the few infrastructure pieces. Built by
 * createAppContext (app-context.ts); a provider that is not configured is there as its null implementation.
 */
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
  /** DATA_DIR/uploads: uploaded pictures, served under /uploads/. */
  uploadsDir: string;
  /** The video channel provider (YouTube, or noVideos whose lists are empty). */
  videos: VideoProvider;
  /** The message assistant (ASSISTANT_BASE_URL, or unconfiguredAssistant whose answers fail). */
  assistant: Assistant;
  /** Encryption with the server's key (common/EncryptString, DecryptString). */
  secretBox: SecretBox;
  /** Signs links that act without a session (unsubscribe links of notification e-mails). */
  linkSigner: LinkSigner;
  /** OPERATOR_EMAIL: where advertising enquiries are mailed; null: they are only stored. */
  operatorEmail: string | null;
  /** Aborts when the server starts to stop: open live streams end, so the shutdown waits only for ordinary requests. */
  shutdown: AbortSignal;
  /** Set only inside a write unit (write-unit.ts), marking `db` as its transaction; absent outside one. */
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
  /** 'member', 'moderator' or 'admin' (member.role), read with the session. */
  role: Role;
  /**
   * The member's birth date (YYYY-MM-DD), read with the session: whether the actor is a minor needs
   * no read of its own (decision 051). Absent for an actor made without a session check (tests).
   */
  birthDate?: string;
}
