import type { CompiledQuery } from "kysely";
import type { DB } from "../../platform/db/client.ts";

/** Runs a compiled read-only query somewhere and answers its rows. */
export type Reader = <R>(query: CompiledQuery<R>) => Promise<R[]>;

/**
 * A reader on a worker thread with its own read-only connection (Bun only; null elsewhere, e.g.
 * under vitest on Node, where the caller reads on its own connection). `close` terminates the
 * worker; reads pending then fail.
 */
export function workerReader(file: string): { read: Reader; close: () => void } | null {
  if (typeof Bun === "undefined") return null;
  const worker = new Worker(new URL("./search.reader.worker.ts", import.meta.url).href);
  worker.postMessage({ file });
  let next = 0;
  let closed = false;
  const pending = new Map<number, { resolve: (rows: unknown[]) => void; reject: (e: Error) => void }>();
  worker.onmessage = (event: MessageEvent<{ id: number; rows?: unknown[]; error?: string }>) => {
    const p = pending.get(event.data.id);
    if (!p) return;
    pending.delete(event.data.id);
    if (event.data.error !== undefined) p.reject(new Error(event.data.error));
    else p.resolve(event.data.rows ?? []);
  };
  const read: Reader = <R>(query: CompiledQuery<R>) =>
    new Promise<R[]>((resolve, reject) => {
      // A terminated worker answers nothing: a read after close would wait for ever.
      if (closed) return reject(new Error("reader closed"));
      const id = ++next;
      pending.set(id, { resolve: resolve as (rows: unknown[]) => void, reject });
      worker.postMessage({ id, sql: query.sql, parameters: query.parameters });
    });
  const close = () => {
    closed = true;
    worker.terminate();
    for (const p of pending.values()) p.reject(new Error("reader closed"));
    pending.clear();
  };
  return { read, close };
}

/**
 * A reader on the database's own connections (PostgreSQL: a pooled connection; the query runs in
 * the server's process, so the Bun thread only waits). Closing it has nothing to end.
 */
export function poolReader(db: DB): { read: Reader; close: () => void } {
  const read: Reader = async <R>(query: CompiledQuery<R>) => (await db.executeQuery(query)).rows;
  return { read, close: () => {} };
}

let background: Reader | undefined;

/**
 * The reader of the server's background work (search.upkeep sets it while it runs), for the reads a
 * request must not make on the server's thread (a member's first suggestions: 40-75 ms at 100,000
 * members); undefined elsewhere (tests, scripts: the caller reads on its own connection).
 */
export const backgroundReader = (): Reader | undefined => background;
export function setBackgroundReader(reader: Reader | undefined): void {
  background = reader;
}
