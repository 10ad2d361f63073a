import { EventEmitter } from "node:events";

/**
 * Domain events: what happened, for whoever reacts to it (notifications, e-mail, live updates).
 * One emitter for the whole process; publishers call `publish`, consumers `subscribe`. A later
 * multi-process deployment replaces this one class.
 */
export type DomainEvent =
  | { type: "contact.requested"; fromId: number; toId: number; at: string }
  | { type: "contact.accepted"; byId: number; requesterId: number; at: string }
  | { type: "member.followed"; followerId: number; followedId: number; at: string }
  | { type: "post.replied"; postId: number; postAuthorId: number; replyId: number; replierId: number; text: string; at: string }
  | { type: "message.sent"; messageId: number; senderId: number; recipientId: number; subject: string; at: string };

export type DomainEventType = DomainEvent["type"];
type Handler<T extends DomainEventType> = (event: Extract<DomainEvent, { type: T }>) => void | Promise<void>;

export class DomainEvents {
  private readonly emitter = new EventEmitter();
  private readonly running = new Set<Promise<void>>();
  constructor(private readonly onHandlerError: (error: unknown, event: DomainEvent) => void = () => {}) {
    // Every open page may subscribe (live updates): no listener limit.
    this.emitter.setMaxListeners(0);
  }

  publish(event: DomainEvent): void {
    this.emitter.emit(event.type, event);
  }

  /** Handlers run after the publisher's work; their failures are reported, never thrown back. */
  subscribe<T extends DomainEventType>(type: T, handler: Handler<T>): () => void {
    const wrapped = (event: Extract<DomainEvent, { type: T }>) => {
      const job: Promise<void> = Promise.resolve()
        .then(() => handler(event))
        .catch((error) => this.onHandlerError(error, event))
        .finally(() => this.running.delete(job));
      this.running.add(job);
    };
    this.emitter.on(type, wrapped);
    return () => this.emitter.off(type, wrapped);
  }

  /** Resolves when every handler started so far has finished (graceful stop, tests). */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }
}
