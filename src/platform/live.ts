import { EventEmitter } from "node:events";

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

export interface LiveBus {
  publish: (event: LiveEvent) => void;
  /** Calls the handler for each event of this member until the returned function is called. */
  subscribe: (memberId: number, handler: (event: LiveEvent) => void) => () => void;
}

export class LocalLiveBus implements LiveBus {
  private readonly emitter = new EventEmitter();
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
}
