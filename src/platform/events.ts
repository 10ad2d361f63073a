import type { AppContext } from "./context.ts";

/**
 * Domain events: what happened, for whoever reacts to it (notifications, e-mail, live updates).
 * One bus for the whole process; publishers call `publish`, consumers `subscribe`. A later
 * multi-process deployment replaces this one class.
 */
export type DomainEvent =
  | { type: "contact.requested"; fromId: number; toId: number; at: string }
  | { type: "contact.accepted"; byId: number; requesterId: number; at: string }
  | { type: "member.followed"; followerId: number; followedId: number; at: string }
  | { type: "post.replied"; postId: number; postAuthorId: number; replyId: number; replierId: number; text: string; at: string }
  | { type: "message.sent"; messageId: number; senderId: number; recipientId: number; subject: string; at: string }
  | { type: "account.deletionCancelled"; memberId: number; at: string };

export type DomainEventType = DomainEvent["type"];
/**
 * A reaction to an event. `scope` is the context of the write unit the event was published in
 * (its transaction: the handler's writes commit or roll back with the action's); absent for an
 * event published outside a unit, when the handler uses the context it was registered with.
 */
type Handler<T extends DomainEventType> = (event: Extract<DomainEvent, { type: T }>, scope?: AppContext) => void | Promise<void>;
type AnyHandler = (event: DomainEvent, scope?: AppContext) => void | Promise<void>;

export class DomainEvents {
  private readonly handlers = new Map<DomainEventType, AnyHandler[]>();
  private readonly running = new Set<Promise<void>>();
  constructor(private readonly onHandlerError: (error: unknown, event: DomainEvent) => void = () => {}) {}

  /** Handlers run after the publisher's work (a microtask later); their failures are reported, never thrown back. */
  publish(event: DomainEvent): void {
    for (const handler of this.handlers.get(event.type) ?? []) {
      const job: Promise<void> = Promise.resolve()
        .then(() => handler(event))
        .catch((error) => this.onHandlerError(error, event))
        .finally(() => this.running.delete(job));
      this.running.add(job);
    }
  }

  /**
   * Runs the handlers of an event published inside a write unit, one after the other, in the
   * unit's transaction (see write-unit.ts). Failures are reported, never thrown back, as with publish.
   */
  async dispatchWithin(event: DomainEvent, scope: AppContext): Promise<void> {
    for (const handler of this.handlers.get(event.type) ?? []) {
      try {
        await handler(event, scope);
      } catch (error) {
        this.onHandlerError(error, event);
      }
    }
  }

  /** This bus as a write unit sees it: published events are collected into `events` (see write-unit.ts). */
  collectingInto(events: DomainEvent[]): DomainEvents {
    const view = Object.create(this) as DomainEvents;
    view.publish = (event) => void events.push(event);
    return view;
  }

  subscribe<T extends DomainEventType>(type: T, handler: Handler<T>): () => void {
    const list = [...(this.handlers.get(type) ?? []), handler as AnyHandler];
    this.handlers.set(type, list);
    return () =>
      this.handlers.set(
        type,
        (this.handlers.get(type) ?? []).filter((h) => h !== handler),
      );
  }

  /** Resolves when every handler started so far has finished (graceful stop, tests). */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }
}
