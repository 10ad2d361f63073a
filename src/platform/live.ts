import { EventEmitter } from "node:events";
import { isoNow } from "./clock.ts";

/**
 * The publish side of live updates: a member's open pages hear what concerns them (a new message,
 * a notification, a change made in another tab). Events are first written to the live_event log
 * (domains/live), so a page that reconnects replays what it missed; the bus only tells the pages
 * connected now. This in-process bus serves one server process; a deployment of several processes
 * replaces it with one that fans out (PostgreSQL LISTEN/NOTIFY, Redis) behind the same interface.
 */
export interface LiveEvent {
  /**
   * Monotonic per site: the live_event row's id. 0 for an event told without being logged (a like
   * count: a page that reconnects reloads it anyway); a stream sends it under the id it sent last.
   */
  id: number;
  memberId: number;
  type: LiveEventType;
  data: Record<string, unknown>;
  at: string;
}

export type LiveEventType =
  "message.received" | "messages.changed" | "notification.created" | "notifications.changed" | "post.likes" | "stream.ready";

/**
 * Who hears an announcement on one server process: among the members with a page open there, the
 * ones it concerns, each with what they are told. It handles its own failures (it answers none).
 */
export type Audience = (
  data: Record<string, unknown>,
  connected: number[],
) => Promise<Array<{ memberId: number; data: Record<string, unknown> }>>;

export interface LiveBus {
  publish: (event: LiveEvent) => void;
  /** Calls the handler for each event of this member until the returned function is called. */
  subscribe: (memberId: number, handler: (event: LiveEvent) => void) => () => void;
  /**
   * A change for whoever it concerns among the pages open on every server process sharing the
   * database, this one included, without a log row (id 0): each process asks the type's audience
   * (setAudience) about the members connected to it. A process with no audience for it tells no one.
   */
  announce: (type: LiveEventType, data: Record<string, unknown>) => void;
  /** The audience of announcements of this type on this process (set once at start). */
  setAudience: (type: LiveEventType, audience: Audience) => void;
}

export class LocalLiveBus implements LiveBus {
  private readonly emitter = new EventEmitter();
  private readonly audiences = new Map<LiveEventType, Audience>();
  constructor() {
    // One listener per open page: no limit.
    this.emitter.setMaxListeners(0);
  }

  publish(event: LiveEvent): void {
    this.emitter.emit(`member:${event.memberId}`, event);
  }

  subscribe(memberId: number, handler: (event: LiveEvent) => void): () => void {
    const channel = `member:${memberId}`;
    this.emitter.on(channel, handler);
    return () => this.emitter.off(channel, handler);
  }

  announce(type: LiveEventType, data: Record<string, unknown>): void {
    void this.tellAudience(type, data);
  }

  setAudience(type: LiveEventType, audience: Audience): void {
    this.audiences.set(type, audience);
  }

  /** An announcement heard (made here, or on another process): its audience among the pages open here hears it. */
  async tellAudience(type: LiveEventType, data: Record<string, unknown>): Promise<void> {
    const audience = this.audiences.get(type);
    // The members with a page subscribed here: the emitter's channels (a channel goes when its last page does).
    const connected = this.emitter.eventNames().map((channel) => Number(String(channel).slice("member:".length)));
    if (!audience || connected.length === 0) return;
    const at = isoNow();
    for (const told of await audience(data, connected)) this.publish({ id: 0, memberId: told.memberId, type, data: told.data, at });
  }
}
