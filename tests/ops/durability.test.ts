/**
 * Durability of the real server process (issue 11, proof suite "Durability"):
 * - a crash (SIGKILL) in the middle of a write load loses no write the server acknowledged, and the
 *   SQLite file passes `PRAGMA integrity_check` when a server starts on it again;
 * - a shutdown (SIGTERM) lets the requests in flight finish with their answers, refuses new
 *   connections, ends the open live streams and exits within 10 s.
 *
 * What the crash test catches: a write answered before it is committed (a write-behind queue, a
 * transaction left open: seen failing with a BEGIN that never commits), and a file left corrupt by a
 * kill in the middle of a commit (journal_mode OFF or MEMORY). It cannot catch a power loss: after
 * a process crash the operating system still writes what SQLite handed it, so synchronous=OFF alone
 * loses nothing here (WAL + synchronous=NORMAL also survives a power loss, up to the last commits).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, get as httpGet, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type MailSink, startMailSink } from "#support/mail-sink.ts";
import { testEngine } from "#support/pg.ts";
import { api, bearer, openServerDb, qs, registerAndConfirm, registrationBody, type RunningServer, startServer } from "#support/server.ts";

let sink: MailSink;
const started: RunningServer[] = [];
const dirs: string[] = [];

beforeAll(async () => {
  sink = await startMailSink();
});
afterAll(async () => {
  for (const s of started) await s.stop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  await sink?.close();
});

async function start(options: Parameters<typeof startServer>[0] = {}) {
  const server = await startServer({ smtpUrl: sink.url, ...options });
  started.push(server);
  return server;
}

/** A data directory the test owns (kept across the servers started on it, removed at the end). */
function dataDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "sideline-ops-"));
  dirs.push(dir);
  return dir;
}

describe("a crash during a write load (SIGKILL)", () => {
  it("keeps every acknowledged write, and the database passes integrity_check after a restart", { timeout: 60_000 }, async () => {
    const dir = dataDir();
    const first = await start({ dataDir: dir });
    const author = await registerAndConfirm(first.baseUrl, sink);
    const url = first.baseUrl;
    // The web client's way in: the session cookie, from the site's origin.
    const cookieHeaders = { Cookie: `sideline_session=${author.accessToken}`, Origin: url, "Content-Type": "application/json" };

    const posts = new Map<number, string>();
    const members: string[] = [];
    let inFlight = 0;
    let running = true;
    let failedAfterKill = 0;
    let killed = false;

    /** One acknowledged write = a 2xx answer; everything else (refused, reset) is not counted. */
    async function attempt(send: () => Promise<Response>, record: (res: Response) => Promise<void>) {
      inFlight += 1;
      try {
        const res = await send();
        if (res.ok) await record(res);
        else await res.body?.cancel();
      } catch {
        if (killed) failedAfterKill += 1;
      } finally {
        inFlight -= 1;
      }
    }

    const restPoster = async (w: number) => {
      for (let i = 0; running; i++) {
        const text = `rest ${w}-${i}`;
        await attempt(
          () =>
            fetch(`${url}/api/member/SavePosts/${author.memberId}/0${qs({ postMsg: text })}`, {
              method: "POST",
              headers: bearer(author.accessToken),
            }),
          async (res) => void posts.set(Number((await res.json()).postID), text), // ids come as text, as in the original
        );
      }
    };
    const trpcPoster = async (w: number) => {
      for (let i = 0; running; i++) {
        const text = `trpc ${w}-${i}`;
        await attempt(
          () => fetch(`${url}/trpc/feed.post`, { method: "POST", headers: cookieHeaders, body: JSON.stringify({ text }) }),
          async (res) => void posts.set((await res.json()).result.data.postId, text),
        );
      }
    };
    // Registrations write several rows (member, settings, code) in one go, and hash a password.
    const registrar = async () => {
      while (running) {
        const body = registrationBody();
        await attempt(
          () =>
            fetch(`${url}/api/account/register`, {
              method: "POST",
              headers: { "Content-Type": "application/json" },
              body: JSON.stringify(body),
            }),
          async (res) => {
            if ((await res.text()) === "NewEmail") members.push(body.email);
          },
        );
      }
    };
    const workers = [restPoster(1), restPoster(2), restPoster(3), trpcPoster(1), trpcPoster(2), trpcPoster(3), registrar(), registrar()];

    // Let the load run until a good number of writes were acknowledged, then crash the process.
    const deadline = Date.now() + 20_000;
    while ((posts.size < 300 || members.length < 3) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(posts.size).toBeGreaterThanOrEqual(300);
    const inFlightAtKill = inFlight;
    killed = true;
    expect(await first.kill("SIGKILL")).toBe(-1);
    running = false;
    await Promise.all(workers);
    // It was a crash in the middle of the load: requests were on their way and got no answer.
    expect(inFlightAtKill).toBeGreaterThan(0);
    expect(failedAfterKill).toBeGreaterThan(0);

    // The same data directory, and on PostgreSQL the same database.
    const second = await start({ dataDir: dir, databaseUrl: first.databaseUrl });
    const db = openServerDb(second.database);
    let stored: Map<number, string>;
    try {
      if (testEngine() === "sqlite") {
        // The file is intact after the kill (PostgreSQL recovers from its own write-ahead log: nothing to check from outside).
        expect(await db.value("pragma integrity_check")).toBe("ok");
        expect(await db.rows("pragma foreign_key_check")).toEqual([]);
      }
      stored = new Map(
        (await db.rows<{ id: number; description: string }>("select id, description from post where member_id = ?", author.memberId)).map(
          (r) => [r.id, r.description],
        ),
      );
      const lost = [...posts].filter(([id, text]) => stored.get(id) !== text);
      expect(lost, `${lost.length} of ${posts.size} acknowledged posts are missing`).toEqual([]);
      const known = new Set((await db.rows<{ email: string }>("select email from member")).map((r) => r.email.toLowerCase()));
      expect(members.filter((e) => !known.has(e.toLowerCase()))).toEqual([]);
    } finally {
      await db.close();
    }
    // The restarted server serves the data: the session survived, and the feed shows the stored posts.
    const feed = await api(second.baseUrl).get(`/api/member/getRecentPosts/${author.memberId}${qs({ limit: 50 })}`, {
      headers: bearer(author.accessToken),
    });
    expect(feed.status, feed.text).toBe(200);
    expect(feed.json).toHaveLength(50);
    for (const p of feed.json) expect(p.description).toBe(stored.get(p.postID));
  });
});

describe("a shutdown (SIGTERM) with requests in flight", () => {
  const SLOW_MS = 5_000;
  let standIn: Server;
  let received = 0;

  beforeAll(async () => {
    // A slow assistant endpoint: message/UseChatGPT waits for it, so those requests stay in flight.
    standIn = createServer((req: IncomingMessage, res) => {
      req.resume();
      req.on("end", () => {
        received += 1;
        setTimeout(() => {
          res.writeHead(200, { "Content-Type": "application/json" });
          res.end(JSON.stringify({ choices: [{ message: { role: "assistant", content: "Slow but sure." } }] }));
        }, SLOW_MS);
      });
    });
    await new Promise<void>((resolve) => standIn.listen(0, "127.0.0.1", resolve));
  });
  afterAll(async () => {
    standIn.closeAllConnections();
    await new Promise<void>((resolve) => standIn.close(() => resolve()));
  });

  /** A fresh connection (no keep-alive pool): resolves with the status, or the connection error's code. */
  const freshGet = (url: string) =>
    new Promise<number | string>((resolve) => {
      httpGet(url, { agent: false }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      }).on("error", (e: NodeJS.ErrnoException) => resolve(e.code ?? String(e)));
    });

  it("answers the requests in flight, refuses new connections, ends live streams and exits within 10 s", { timeout: 40_000 }, async () => {
    const port = (standIn.address() as AddressInfo).port;
    const server = await start({ env: { ASSISTANT_BASE_URL: `http://127.0.0.1:${port}/v1`, ASSISTANT_MODEL: "stand-in" } });
    const m = await registerAndConfirm(server.baseUrl, sink);

    // An open page's live stream (never ends by itself).
    const events = await fetch(`${server.baseUrl}/trpc/live.events${qs({ input: "{}" })}`, {
      headers: { Cookie: `sideline_session=${m.accessToken}`, Accept: "text/event-stream" },
    });
    expect(events.status).toBe(200);
    const stream = events.body!.getReader();
    let signalled = 0;
    const liveEnded = (async () => {
      try {
        for (;;) if ((await stream.read()).done) return { how: "ended", afterMs: Date.now() - signalled };
      } catch {
        return { how: "reset", afterMs: Date.now() - signalled };
      }
    })();

    const slow = Array.from({ length: 4 }, (_, i) =>
      fetch(`${server.baseUrl}/api/message/UseChatGPT${qs({ message: `draft ${i}` })}`, { headers: bearer(m.accessToken) }).then(
        async (res) => ({ status: res.status, text: await res.text() }),
        (error: unknown) => ({ status: 0, text: String((error as Error).cause ?? error) }),
      ),
    );
    while (received < slow.length) await new Promise((r) => setTimeout(r, 20));

    signalled = Date.now();
    const exited = server.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 300));
    // No new connection is taken once the server is stopping.
    expect(await freshGet(`${server.baseUrl}/api/health`)).toBe("ECONNREFUSED");

    const answers = await Promise.all(slow);
    expect(answers).toEqual(Array.from({ length: slow.length }, () => ({ status: 200, text: "Slow but sure." })));
    expect(await exited).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(10_000);
    // The live stream was ended at once, cleanly (the page reconnects to the next server), so it did not hold the exit back.
    const live = await liveEnded;
    expect(live.how).toBe("ended");
    expect(live.afterMs).toBeLessThan(SLOW_MS);
    expect(server.output()).toMatch(/SIGTERM: stopping/);
  });
});
