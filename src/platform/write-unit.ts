import type { AppContext } from "./context.ts";
import type { DB } from "./db/client.ts";
import type { DomainEvent } from "./events.ts";

/**
 * A write unit: everything one action writes, in one SQLite transaction. Before, a message took five
 * write transactions (the message and its copies, two live events, the notification, its live
 * event), each taking the write lock and appending to the WAL on its own. Inside a unit:
 * - `scope.db` is the transaction: the action's statements and its handlers' commit or roll back together;
 * - domain events published on `scope.events` are collected, and their handlers (notifications) run
 *   just before commit, in the same transaction, one after the other (ctx.events.dispatchWithin);
 * - live events (live.emit) are written together, in one statement, after the handlers;
 * - live pushes (`scope.live.publish`) and e-mail (`scope.mailer.send`) wait for the commit, so no
 *   page hears of, and no mailbox gets, something that was then rolled back;
 * - rate limits (`scope.limiter`) count through the transaction (PostgreSQL: no second connection
 *   while the unit holds one; a count rolls back with the unit).
 * A unit opened inside a unit is the same unit. Inside a unit nothing may use the outer `ctx.db`:
 * it waits for the connection the unit holds (Kysely's mutex), that is forever.
 * PostgreSQL: the same shape (one transaction per action, side effects after commit).
 */
export interface WriteUnit {
  /** Events published in the unit, for their handlers before commit. */
  readonly events: DomainEvent[];
  /** Writes gathered during the unit and made in one go at its end, after the handlers (live events). */
  readonly beforeCommit: Array<(scope: AppContext) => Promise<void>>;
  /** Side effects that must wait for the commit (live pushes, e-mail), in order. */
  readonly afterCommit: Array<() => void>;
  /**
   * The database the unit's transaction was opened on, as a key for what a process keeps per
   * database (the scope's `db` is a new object in every unit). Never to be queried: see above.
   */
  readonly outerDb: DB;
}

export async function inWriteUnit<T>(ctx: AppContext, work: (scope: AppContext) => Promise<T>): Promise<T> {
  if (ctx.unit) return work(ctx);
  const unit: WriteUnit = { events: [], beforeCommit: [], afterCommit: [], outerDb: ctx.db };
  const value = await ctx.db.transaction().execute(async (trx) => {
    const scope: AppContext = {
      ...ctx,
      db: trx,
      unit,
      limiter: ctx.limiter.within(trx),
      events: ctx.events.collectingInto(unit.events),
      live: {
        publish: (event) => void unit.afterCommit.push(() => ctx.live.publish(event)),
        subscribe: (memberId, handler) => ctx.live.subscribe(memberId, handler),
        announce: (type, data) => void unit.afterCommit.push(() => ctx.live.announce(type, data)),
        setAudience: (type, audience) => ctx.live.setAudience(type, audience),
      },
      mailer: {
        send: (message) => void unit.afterCommit.push(() => ctx.mailer.send(message)),
        flush: () => ctx.mailer.flush(),
      },
    };
    const result = await work(scope);
    // Handlers may publish events of their own: the list may grow while it is read.
    for (let i = 0; i < unit.events.length; i++) await ctx.events.dispatchWithin(unit.events[i]!, scope);
    for (const write of unit.beforeCommit) await write(scope);
    return result;
  });
  for (const effect of unit.afterCommit) effect();
  return value;
}
