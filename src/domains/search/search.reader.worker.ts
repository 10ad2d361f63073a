/**
 * A worker thread (Bun) that runs read-only statements on its own connection to the database file,
 * so the background work's heavy reads (a member's suggestion candidates, tens of milliseconds at
 * 100,000 members) never block the server's thread. First message: { file }; then { id, sql,
 * parameters } in and { id, rows } or { id, error } out. The server terminates it on shutdown.
 */
import { Database } from "bun:sqlite";

let db: Database | undefined;

self.onmessage = (event: MessageEvent<{ file?: string; id?: number; sql?: string; parameters?: unknown[] }>) => {
  const { file, id, sql, parameters } = event.data;
  if (file) {
    db = new Database(file, { readonly: true });
    db.run("PRAGMA busy_timeout = 5000");
    return;
  }
  try {
    const rows = db!.prepare(sql!).all(...((parameters ?? []) as never[]));
    postMessage({ id, rows });
  } catch (error) {
    postMessage({ id, error: String(error) });
  }
};
