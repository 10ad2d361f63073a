import { sql } from "kysely";
import pg from "pg";
import type { DB } from "./db/client.ts";
import { precompiled, textStatement } from "./db/precompiled.ts";
import { type Audience, type LiveBus, type LiveEvent, type LiveEventType, LocalLiveBus } from "./live.ts";
import type { Logger } from "./logger.ts";

/** The channel every process of one database listens on. */
export const LIVE_CHANNEL = "sideline_live";
/** NOTIFY refuses payloads of 8000 bytes or more (UTF-8): a larger event travels as its id only. */
const MAX_PAYLOAD = 7_000;
const RECONNECT_MS = [250, 1_000, 5_000];
/**
 * With a channel of noticesOn, each process sends an empty notice on this channel every
 * HEARTBEAT_MS and expects to hear one within DEAF_AFTER_MS: a listening connection cut without a
 * word (a NAT or proxy idle timeout: TCP keepalive notices it only after hours) or one that stopped
 * hearing (a pooler in transaction mode) would otherwise pass for listening.
 */
const HEARTBEAT_CHANNEL = "sideline_alive";
const HEARTBEAT_MS = 2_000;
const DEAF_AFTER_MS = 6_000;
/** Milliseconds of a monotonic clock of the process's own (not performance.now, which in-process caches' tests move). */
const monotonicMs = () => Number(process.hrtime.bigint() / 1_000_000n);
/** Per member with an open page here: how many of the latest told ids are remembered to tell each event once. */
const TOLD_REMEMBERED = 256;

/** What announce() sends: no member, no id; each process finds who hears it. */
interface Announcement {
  announced: LiveEventType;
  data: Record<string, unknown>;
}

/** A member's events after an id, oldest first (the live_event log): to fetch a large event, and to catch up after a reconnect. */
export type ReadEventsAfter = (memberId: number, afterId: number) => Promise<LiveEvent[]>;

/**
 * Live updates for several server processes sharing one PostgreSQL database. `publish` (called
 * after the commit that wrote the event to the log) sends it with NOTIFY; every process, this one
 * included, LISTENs on one dedicated connection and hands what it hears to its own open pages.
 * This process sends its NOTIFYs in publish order, one statement at a time, each taking every
 * notice published since the last (two statements at once could commit, and arrive, swapped);
 * events of one member published by two processes can still cross, so each event is told once by
 * its id, not dropped for being older than the newest. When the listening connection drops, it
 * reconnects and reads from the log what its pages missed meanwhile, from the newest id each member
 * was told. Announcements (a like count: no member, no log row) travel on the same channel; each
 * process tells its own pages' audience.
 */
export class PostgresLiveBus implements LiveBus {
  private readonly local = new LocalLiveBus();
  /** Per member with an open page here: the newest event id handed to its pages, and the latest ids told. */
  private readonly told = new Map<number, { newest: number; recent: Set<number> }>();
  /** The NOTIFYs of this process, one statement after another. */
  private sending: Promise<unknown> = Promise.resolve();
  /** Notices published and not yet taken by a statement. */
  private readonly unsent: Array<{ payload: string; about: Record<string, unknown> }> = [];
  /** Per member with an open page here: how many, and the newest id heard (any member's) when the first opened. */
  private readonly watchers = new Map<number, { pages: number; since: number }>();
  private newestHeard = 0;
  private client: pg.Client | undefined;
  private stopped = false;
  /** Per channel of noticesOn: notices heard, plus one per (re)connection. */
  private readonly notices = new Map<string, number>();
  /** monotonicMs() when the listening connection last heard anything (a heartbeat at least). */
  private lastHeardAt = 0;
  private heartbeat: ReturnType<typeof setInterval> | undefined;
  private readonly heartbeatMs: number;
  private readonly deafAfterMs: number;

  constructor(
    private readonly options: {
      url: string;
      db: DB;
      log: Logger;
      readEventsAfter: ReadEventsAfter;
      /** Tests: the heartbeat's period and how long a silence means deaf. */
      heartbeatMs?: number;
      deafAfterMs?: number;
    },
  ) {
    this.heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
    this.deafAfterMs = options.deafAfterMs ?? DEAF_AFTER_MS;
  }

  /** Connects the listener; resolves once it listens (throws when it cannot). */
  async start(): Promise<void> {
    await this.listen();
    if (this.notices.size > 0) {
      this.heartbeat = setInterval(() => this.beat(), this.heartbeatMs);
      this.heartbeat.unref();
    }
  }

  /** Sends this process's heartbeat; a listener that heard nothing for DEAF_AFTER_MS is replaced. */
  private beat(): void {
    sql`SELECT pg_notify(${HEARTBEAT_CHANNEL}, '')`.execute(this.options.db).catch(() => {});
    const client = this.client;
    if (client && !this.hearing()) {
      this.options.log.warn(`live updates: nothing heard for ${this.deafAfterMs / 1000} s; listening again`);
      void client.end().catch(() => {});
    }
  }

  private hearing(): boolean {
    return monotonicMs() - this.lastHeardAt <= this.deafAfterMs;
  }

  /**
   * Listens on `channel` too (call before start) and answers a counter of it for in-process
   * caches: a number that moves with every notice heard and with every reconnection (notices sent
   * while the connection was down are lost), and undefined while it is down or hears nothing, not
   * even the heartbeats.
   */
  noticesOn(channel: string): () => number | undefined {
    if (this.client) throw new Error("noticesOn must be called before start: the channel would not be listened to");
    this.notices.set(channel, 0);
    return () => (this.client && this.hearing() ? this.notices.get(channel) : undefined);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.heartbeat);
    const client = this.client;
    // Not listening from here on (noticesOn's counters answer undefined at once).
    this.client = undefined;
    await client?.end().catch(() => {});
  }

  publish(event: LiveEvent): void {
    const whole = JSON.stringify(event);
    const payload = Buffer.byteLength(whole) <= MAX_PAYLOAD ? whole : JSON.stringify({ id: event.id, memberId: event.memberId });
    this.notify(payload, { memberId: event.memberId });
  }

  /** Every process (this one too) hears it and tells its own audience (an Announcement on the channel). */
  announce(type: LiveEventType, data: Record<string, unknown>): void {
    const payload = JSON.stringify({ announced: type, data } satisfies Announcement);
    if (Buffer.byteLength(payload) <= MAX_PAYLOAD) this.notify(payload, { announced: type });
    else this.options.log.error("announcement too large to send", { type });
  }

  setAudience(type: LiveEventType, audience: Audience): void {
    this.local.setAudience(type, audience);
  }

  /**
   * Queues a notice; the queue goes out in one statement (one pg_notify per notice, in order: a
   * transaction's notices arrive in the order sent). A write unit's events, published one after
   * the other after its commit, and whatever other requests publish meanwhile, so share one round
   * trip. Sent after the commit, in a transaction of its own: NOTIFY holds an instance-wide lock
   * while its transaction commits, and this one writes nothing else, so it commits without
   * waiting for a disk flush (the writes' own commits never run under that lock).
   */
  private notify(payload: string, about: Record<string, unknown>): void {
    this.unsent.push({ payload, about });
    // A send already queued takes this one too.
    if (this.unsent.length > 1) return;
    this.sending = this.sending.then(() => {
      const batch = this.unsent.splice(0);
      return notifyAll(this.options.db, { channel: LIVE_CHANNEL, payloads: batch.map((n) => n.payload) }).catch((error: unknown) => {
        for (const { about } of batch) this.options.log.error("live event not announced", { ...about, error: String(error) });
      });
    });
  }

  subscribe(memberId: number, handler: (event: LiveEvent) => void): () => void {
    const watching = this.watchers.get(memberId);
    if (watching) watching.pages += 1;
    else this.watchers.set(memberId, { pages: 1, since: this.newestHeard });
    const unsubscribe = this.local.subscribe(memberId, handler);
    return () => {
      unsubscribe();
      const left = this.watchers.get(memberId);
      if (left && left.pages > 1) left.pages -= 1;
      else {
        this.watchers.delete(memberId);
        this.told.delete(memberId);
      }
    };
  }

  private async listen(): Promise<void> {
    // Keepalive probes: a connection lost without a word (a network cut) is noticed and replaced.
    const client = new pg.Client({ connectionString: this.options.url, keepAlive: true });
    client.on("notification", (message) => {
      if (this.client === client) this.lastHeardAt = monotonicMs();
      if (message.channel === LIVE_CHANNEL && message.payload) void this.heard(message.payload);
      else if (this.notices.has(message.channel)) this.notices.set(message.channel, this.notices.get(message.channel)! + 1);
    });
    client.on("error", () => {}); // followed by "end", which reconnects
    client.on("end", () => {
      if (this.client === client) void this.reconnect();
    });
    try {
      await client.connect();
      const channels = [LIVE_CHANNEL, ...(this.notices.size > 0 ? [HEARTBEAT_CHANNEL, ...this.notices.keys()] : [])];
      for (const channel of channels) await client.query(`LISTEN ${channel}`);
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    if (this.stopped) {
      // stop() came while this connection was being made.
      await client.end().catch(() => {});
      return;
    }
    for (const [channel, heard] of this.notices) this.notices.set(channel, heard + 1);
    this.lastHeardAt = monotonicMs();
    this.client = client;
  }

  private async reconnect(): Promise<void> {
    this.client = undefined;
    for (let attempt = 0; !this.stopped; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, RECONNECT_MS[Math.min(attempt, RECONNECT_MS.length - 1)]));
      if (this.stopped) return;
      try {
        await this.listen();
        if (this.stopped) return;
        this.options.log.info("live updates: listening again");
        await this.catchUp();
        return;
      } catch (error) {
        this.options.log.error("live updates: cannot listen", { error: String(error) });
      }
    }
  }

  /** After a gap in listening: what each member with an open page here missed, from the log. */
  private async catchUp(): Promise<void> {
    for (const [memberId, { since }] of this.watchers) {
      const after = this.told.get(memberId)?.newest ?? since;
      for (const event of await this.options.readEventsAfter(memberId, after)) this.tell(event);
    }
  }

  private async heard(payload: string): Promise<void> {
    try {
      const parsed = JSON.parse(payload) as LiveEvent | Announcement;
      if ("announced" in parsed) return await this.local.tellAudience(parsed.announced, parsed.data);
      const sent = parsed;
      this.newestHeard = Math.max(this.newestHeard, sent.id);
      if (!this.watchers.has(sent.memberId)) return;
      if (sent.type) return this.tell(sent);
      // Too large for NOTIFY: read it from the log.
      const [event] = (await this.options.readEventsAfter(sent.memberId, sent.id - 1)).filter((e) => e.id === sent.id);
      if (event) this.tell(event);
    } catch (error) {
      this.options.log.error("live event not delivered", { error: String(error) });
    }
  }

  private tell(event: LiveEvent): void {
    // Id 0: a passing update that is not in the log (a like count), outside the replay order.
    if (event.id !== 0) {
      let told = this.told.get(event.memberId);
      if (!told) this.told.set(event.memberId, (told = { newest: 0, recent: new Set() }));
      if (told.recent.has(event.id)) return;
      told.recent.add(event.id);
      if (told.recent.size > TOLD_REMEMBERED) told.recent.delete(told.recent.values().next().value!);
      told.newest = Math.max(told.newest, event.id);
    }
    this.local.publish(event);
  }
}

/** Sends the payloads on the channel in one statement, in the array's order (prepared once per connection). */
const notifyAll = precompiled((db, p: { channel: string; payloads: string[] }) =>
  textStatement(db, "SELECT pg_notify(?, n.payload) FROM unnest(?::text[]) WITH ORDINALITY AS n (payload, i) ORDER BY n.i", [
    p.channel,
    p.payloads,
  ]),
);
