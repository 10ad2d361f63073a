import { afterAll, beforeAll } from "vitest";
import { type MailSink, startMailSink } from "./mail-sink.ts";
import { type Api, api, openServerDb, type RunningServer, type ServerDb, type ServerOptions, startServer } from "./server.ts";

export interface Harness {
  sink: MailSink;
  server: RunningServer;
  /** HTTP helpers against the server's base URL. */
  c: Api;
  /** The server's database, to check what was (not) written. */
  db: ServerDb;
}

/**
 * One real server (with a real SMTP peer) for the test file that calls this at its top level:
 * started before its tests, stopped after them. Its fields are set once beforeAll has run.
 */
export function serverHarness(options: Omit<ServerOptions, "smtpUrl"> = {}): Harness {
  const h = {} as Harness;
  beforeAll(async () => {
    h.sink = await startMailSink();
    h.server = await startServer({ ...options, smtpUrl: h.sink.url });
    h.c = api(h.server.baseUrl);
    h.db = openServerDb(h.server.database);
  });
  afterAll(async () => {
    await h.db?.close();
    await h.server?.stop();
    await h.sink?.close();
  });
  return h;
}
