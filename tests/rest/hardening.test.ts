/**
 * Findings of the hostile review that concern the HTTP edge, against the real Bun server with rate
 * limits on and one trusted proxy: pattern backtracking in the legacy profile adapter, the body
 * limit, X-Forwarded-For, client logs, and the REST logout.
 */
import { connect } from "node:net";
import { beforeAll, describe, expect, it } from "vitest";
import { REQUEST_BODY_MAX_BYTES } from "../../src/shared/limits.ts";
import { serverTexts } from "../../src/shared/server-texts.ts";
import { serverHarness } from "#support/harness.ts";
import { bearer, qs, type RegisteredMember, registerAndConfirm, uniqueEmail } from "#support/server.ts";

// Rate limits on as in production. Each member registered here counts against the register limit
// of 127.0.0.1 (5 an hour): this file registers at most four.
const h = serverHarness({ rateLimits: true, env: { TRUST_PROXY: "1" } });
const FOREIGN = "http://evil.example";

let m: RegisteredMember;
beforeAll(async () => {
  m = await registerAndConfirm(h.server.baseUrl, h.sink);
});

/** The time one request takes, in ms, with its answer. */
async function timed<T>(request: () => Promise<T>): Promise<{ ms: number; res: T }> {
  const started = performance.now();
  const res = await request();
  return { ms: performance.now() - started, res };
}

describe("finding 1: no pattern backtracks over member text", () => {
  it.each([
    ["height", `6'1${" ".repeat(60_000)}x`],
    ["weight", `180${" ".repeat(60_000)}x`],
  ])("a %s of 60,000 spaces and a stray letter is refused at once, and the server stays responsive", async (field, value) => {
    // Before the fix, the height took ~5 s of pure CPU here, and every other request waited.
    const save = h.c.post(`/api/member/SaveMemberGeneralInfo/${m.memberId}`, { headers: bearer(m.accessToken), body: { [field]: value } });
    const health = await timed(() => h.c.get("/api/health"));
    const { ms, res } = await timed(() => save);
    expect(res.status).toBe(400);
    expect(ms).toBeLessThan(1_000);
    expect(health.ms).toBeLessThan(1_000);
  });

  it("still reads the legacy height and weight notations", async () => {
    const res = await h.c.post(`/api/member/SaveMemberGeneralInfo/${m.memberId}`, {
      headers: bearer(m.accessToken),
      body: {
        firstName: "Ada",
        lastName: "Stone",
        sex: "Female",
        titleDesc: "Coach",
        sport: "Rowing",
        currentStatus: "Athlete (Amateur)",
        dobMonth: "3",
        dobDay: "9",
        dobYear: "1990",
        height: ` 6' 1" `,
        weight: "180 lbs",
      },
    });
    expect(res.status, res.text).toBe(200);
    expect(await h.db.value("select height_inches from member_profile where member_id = ?", m.memberId)).toBe(73);
    expect(await h.db.value("select weight_lbs from member_profile where member_id = ?", m.memberId)).toBe(180);
  });
});

describe("finding 2: JSON and form bodies stop at 64 KB", () => {
  const big = "x".repeat(REQUEST_BODY_MAX_BYTES + 1);

  it.each([
    ["the public REST login", "/api/account/login", { email: uniqueEmail(), password: big }],
    ["the public client log", "/api/common/Logs", { message: big }],
  ])("answers 413 with a clear message on %s and stores nothing", async (_label, path, body) => {
    const logs = await h.db.value<number>("select count(*) from client_log");
    const res = await h.c.post(path, { headers: { Origin: h.server.baseUrl }, body });
    expect(res.status).toBe(413);
    expect(res.json).toEqual({ message: serverTexts.requestBodyTooLarge });
    expect(await h.db.value<number>("select count(*) from client_log")).toBe(logs);
  });

  it("answers tRPC in its own error envelope, and a form body the same way", async () => {
    const trpc = await h.c.post("/trpc/account.login", {
      headers: { Origin: h.server.baseUrl },
      body: { email: uniqueEmail(), password: big },
    });
    expect(trpc.status).toBe(413);
    expect(trpc.json.error).toMatchObject({
      message: serverTexts.requestBodyTooLarge,
      data: { code: "PAYLOAD_TOO_LARGE", httpStatus: 413 },
    });
    const form = await h.c.post("/api/account/login", {
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      rawBody: `email=a%40b.c&password=${big}`,
    });
    expect(form.status).toBe(413);
  });

  it("refuses a declared 100 MB body before reading it: the answer comes while the body is still unsent", async () => {
    const { port } = new URL(h.server.baseUrl);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), "127.0.0.1", () => {
        socket.write(
          `POST /api/account/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100000000\r\n\r\n{"email":"`,
        );
      });
      let text = "";
      socket.setEncoding("utf8").on("data", (chunk: string) => {
        text += chunk;
        if (text.includes("\r\n\r\n")) {
          socket.destroy();
          resolve(text);
        }
      });
      socket.on("error", reject);
      setTimeout(() => reject(new Error(`no answer within 5 s: ${text}`)), 5_000).unref();
    });
    expect(answer).toMatch(/^HTTP\/1\.1 413/);
  });

  it("refuses a chunked body (no Content-Length) once it passes the limit", async () => {
    const message = `chunked ${Math.random()}`;
    const chunk = new TextEncoder().encode(" ".repeat(16 * 1024));
    let chunks = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (chunks++ === 0) controller.enqueue(new TextEncoder().encode(`{"message":"${message}","stack":"`));
        else if (chunks > 64)
          controller.close(); // 1 MB in all
        else controller.enqueue(chunk);
      },
    });
    const res = await fetch(`${h.server.baseUrl}/api/common/Logs`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: h.server.baseUrl },
      body,
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(await h.db.rows("select id from client_log where message = ?", message)).toEqual([]);
  });
});

describe("finding 8: X-Forwarded-For is read from the right, behind the configured proxies", () => {
  it("a client that makes up addresses on the left still meets its own address's limit", async () => {
    // The reset-code check allows 10 attempts per address in 15 minutes.
    const answers: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await h.c.get(`/api/member/IsResetCodeExpired${qs({ code: "ZZZZZZZZ" })}`, {
        headers: { "X-Forwarded-For": `198.51.100.${i}, 203.0.113.77` },
      });
      answers.push(res.status);
    }
    expect(answers.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(answers[10]).toBe(429);
    // Another client behind the same proxy is not affected.
    const other = await h.c.get(`/api/member/IsResetCodeExpired${qs({ code: "ZZZZZZZZ" })}`, {
      headers: { "X-Forwarded-For": "203.0.113.78" },
    });
    expect(other.status).toBe(200);
  });
});

describe("finding 14: client logs", () => {
  const logRows = (message: string) => h.db.rows("select member_id from client_log where message = ?", message);

  it("accepts a log without a session only from the site's own pages", async () => {
    const message = `anonymous ${Math.random()}`;
    const noOrigin = await h.c.get(`/api/common/Logs${qs({ message })}`);
    expect(noOrigin.status).toBe(403);
    expect(noOrigin.json).toEqual({ message: serverTexts.clientLogForeignOrigin });
    expect((await h.c.post("/api/common/logs", { headers: { Origin: FOREIGN }, body: { message } })).status).toBe(403);
    expect((await h.c.get(`/api/common/Logs${qs({ message })}`, { headers: { Referer: `${FOREIGN}/page` } })).status).toBe(403);
    expect((await h.c.post("/trpc/account.logClientError", { body: { message } })).status).toBe(403);
    expect(await logRows(message)).toEqual([]);

    expect((await h.c.post("/api/common/logs", { headers: { Origin: h.server.baseUrl }, body: { message } })).status).toBe(200);
    expect((await h.c.post("/trpc/account.logClientError", { headers: { Origin: h.server.baseUrl }, body: { message } })).status).toBe(200);
    // With a session, a legacy client may log from anywhere.
    expect((await h.c.post("/api/common/logs", { headers: { ...bearer(m.accessToken), Origin: FOREIGN }, body: { message } })).status).toBe(
      200,
    );
    expect(await logRows(message)).toEqual([{ member_id: null }, { member_id: null }, { member_id: m.memberId }]);
  });

  it("caps each log's size and the rate per address", async () => {
    const message = `long ${"m".repeat(5_000)}`;
    const from = { Origin: h.server.baseUrl, "X-Forwarded-For": "203.0.113.90" };
    const res = await h.c.post("/api/common/logs", {
      headers: from,
      body: { message, stack: "s".repeat(20_000), url: `/${"u".repeat(2_000)}` },
    });
    expect(res.status).toBe(200);
    const [row] = await h.db.rows<{ m: number; s: number; u: number }>(
      "select length(message) m, length(stack) s, length(url) u from client_log where message like 'long mmm%'",
    );
    expect(row).toEqual({ m: 2_000, s: 8_000, u: 500 });
    let status = 200;
    for (let i = 0; i < 30 && status === 200; i++) {
      status = (await h.c.post("/api/common/logs", { headers: from, body: { message: `burst ${i}` } })).status;
    }
    expect(status).toBe(429);
  });
});

describe("finding 15: account/logout ends the bearer token's session", () => {
  it("revokes the token it is called with, and only that one", async () => {
    const member = await registerAndConfirm(h.server.baseUrl, h.sink);
    const second = await h.c.post("/api/account/login", { body: { email: member.email, password: member.password } });
    const otherDevice = second.json.accessToken as string;
    const me = (token: string) => h.c.get(`/api/member/GetMemberGeneralInfoV2/${member.memberId}`, { headers: bearer(token) });
    expect((await me(member.accessToken)).status).toBe(200);

    const out = await h.c.post("/api/account/logout", { headers: bearer(member.accessToken) });
    expect(out.status).toBe(200);
    expect(out.json).toEqual({ signedOut: true });
    expect((await me(member.accessToken)).status).toBe(401);
    expect((await h.c.post("/api/account/logout", { headers: bearer(member.accessToken) })).status).toBe(401);
    expect((await me(otherDevice)).status).toBe(200);
    expect((await h.c.post("/api/account/logout")).status).toBe(401);
    expect((await h.c.get("/api/account/logout", { headers: bearer(otherDevice) })).status).toBe(405);
  });
});

describe("ids past the 32-bit range (PostgreSQL's integer columns) are bad input, never a database error", () => {
  const TOO_BIG = [2_147_483_648, 4_294_967_296, 9_007_199_254_740_991];
  const trpcGet = (procedure: string, input: unknown) =>
    h.c.get(`/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`, { headers: bearer(m.accessToken) });
  const trpcPost = (procedure: string, body: unknown) =>
    h.c.post(`/trpc/${procedure}`, { headers: { ...bearer(m.accessToken), Origin: h.server.baseUrl }, body });

  it.each(TOO_BIG)("tRPC answers 400 for the id %d", async (id) => {
    expect((await trpcGet("profiles.view", { memberId: id })).status).toBe(400);
    expect((await trpcPost("contacts.follow", { memberId: id })).status).toBe(400);
    expect((await trpcPost("contacts.drop", { memberId: id })).status).toBe(400);
    expect((await trpcPost("feed.reply", { postId: id, text: "hi" })).status).toBe(400);
    expect((await trpcGet("messages.list", { cursor: String(id) })).status).toBe(400);
    expect((await trpcGet("notifications.list", { cursor: String(id) })).status).toBe(400);
  });

  it.each(TOO_BIG)("REST answers 400 for the id %d in a path or a body", async (id) => {
    const headers = bearer(m.accessToken);
    expect((await h.c.post(`/api/contact/FollowMember`, { headers, body: { memberID: m.memberId, contactID: id } })).status).toBe(400);
    expect((await h.c.get(`/api/member/GetMemberGeneralInfoV2/${id}`, { headers })).status).toBe(400);
  });
});
