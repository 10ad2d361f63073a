/**
 * Server-wide security rules over HTTP against the real Bun server: security headers, sessions by
 * cookie and the cross-site request forgery guard (Origin check, XSRF-TOKEN pair), 401 without a
 * session.
 */
import { createHash } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { bearer, cookiesOf, qs, type RegisteredMember, registerAndConfirm } from "#support/server.ts";
import { serverHarness } from "#support/harness.ts";

const h = serverHarness();

const FOREIGN = "http://evil.example";
/** tRPC mutations without input are still posted as JSON, as the tRPC client does. */
const JSON_TYPE = { "Content-Type": "application/json" };

/** Passwords, tokens and cookies this file used: none may appear in the server's output. */
const used: string[] = [];

interface BrowserSession {
  member: RegisteredMember;
  session: string;
  xsrf: string;
  /** The Cookie header a browser would send. */
  cookie: string;
}

/** Signs in the way the web client does (tRPC account.login from the site's origin) and keeps the cookies. */
async function browserLogin(): Promise<BrowserSession> {
  const member = await registerAndConfirm(h.server.baseUrl, h.sink);
  const res = await h.c.post("/trpc/account.login", {
    headers: { Origin: h.server.baseUrl },
    body: { email: member.email, password: member.password },
  });
  expect(res.status).toBe(200);
  expect(res.json.result.data).toMatchObject({ status: "active", member: { memberId: member.memberId } });
  const cookies = cookiesOf(res.headers);
  const session = cookies.sideline_session ?? "";
  const xsrf = cookies["XSRF-TOKEN"] ?? "";
  expect(session).toMatch(/^[a-z2-7]{32}$/);
  expect(xsrf).not.toBe("");
  const line = res.headers.getSetCookie().find((l) => l.startsWith("sideline_session="))!;
  expect(line).toMatch(/HttpOnly/i);
  expect(line).toMatch(/SameSite=Lax/i);
  used.push(member.password, member.accessToken, session, xsrf);
  return { member, session, xsrf, cookie: `sideline_session=${session}; XSRF-TOKEN=${xsrf}` };
}

const DAY = 86_400_000;
const logRows = (message: string) => h.db.rows("select member_id from client_log where message = ?", message);

describe("security headers", () => {
  it.each([
    ["a JSON answer", "GET", "/api/health"],
    ["a text answer", "GET", `/api/member/IsResetCodeExpired${qs({ code: "ZZZZZZZZ" })}`],
    ["a 400", "GET", "/api/member/IsResetCodeExpired"],
    ["a 401", "GET", `/api/member/SetMemberStatus${qs({ memberId: 1, status: 2 })}`],
    ["a 404", "GET", "/api/nothing/here"],
    ["a tRPC answer", "GET", "/trpc/account.me"],
    ["the web client's page", "GET", "/"],
  ])("are on %s", async (_label, method, path) => {
    const res = await h.c.request(method, path);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toMatch(/(^|;\s*)frame-ancestors 'none'(;|$)/);
    expect(res.headers.get("content-security-policy")).toMatch(/(^|;\s*)default-src 'none'(;|$)/);
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
  });
});

describe("sessions by cookie and the cross-site request forgery guard", () => {
  let browser: BrowserSession;
  beforeAll(async () => {
    browser = await browserLogin();
  });

  it("the session cookie authenticates reads from any page (GET is never blocked)", async () => {
    const res = await h.c.get("/trpc/account.me", { headers: { Cookie: browser.cookie, Origin: FOREIGN } });
    expect(res.status).toBe(200);
    expect(res.json.result.data).toMatchObject({ memberId: browser.member.memberId, email: browser.member.email });
    const anonymous = await h.c.get("/trpc/account.me");
    expect(anonymous.json.result.data).toBeNull();
  });

  it("refuses a non-GET with the session cookie from a foreign origin (403) and writes nothing", async () => {
    const message = `forged ${Math.random()}`;
    const res = await h.c.post("/api/common/logs", { headers: { Cookie: browser.cookie, Origin: FOREIGN }, body: { message } });
    expect(res.status).toBe(403);
    expect(typeof res.json.message).toBe("string");
    expect(await logRows(message)).toEqual([]);

    const trpc = await h.c.post("/trpc/account.dismissWelcomeBack", { headers: { Cookie: browser.cookie, Origin: FOREIGN, ...JSON_TYPE } });
    expect(trpc.status).toBe(403);
  });

  it("refuses a non-GET with the session cookie and no Origin at all", async () => {
    const message = `no origin ${Math.random()}`;
    const res = await h.c.post("/api/common/logs", { headers: { Cookie: browser.cookie }, body: { message } });
    expect(res.status).toBe(403);
    expect(await logRows(message)).toEqual([]);
  });

  it("lets the same request through from the site's own origin", async () => {
    const message = `same origin ${Math.random()}`;
    const res = await h.c.post("/api/common/logs", { headers: { Cookie: browser.cookie, Origin: h.server.baseUrl }, body: { message } });
    expect(res.status).toBe(200);
    // The legacy REST service authenticates by bearer token only: the cookie names no one there.
    expect(await logRows(message)).toEqual([{ member_id: null }]);
    const trpc = await h.c.post("/trpc/account.dismissWelcomeBack", {
      headers: { Cookie: browser.cookie, Origin: h.server.baseUrl, ...JSON_TYPE },
    });
    expect(trpc.status).toBe(200);
    const viaTrpc = `${message} trpc`;
    const logged = await h.c.post("/trpc/account.logClientError", {
      headers: { Cookie: browser.cookie, Origin: h.server.baseUrl },
      body: { message: viaTrpc },
    });
    expect(logged.status, logged.text).toBe(200);
    expect(await logRows(viaTrpc)).toEqual([{ member_id: browser.member.memberId }]);
  });

  it("lets it through with the X-XSRF-TOKEN header equal to the XSRF-TOKEN cookie, and not with another value", async () => {
    const message = `xsrf pair ${Math.random()}`;
    const ok = await h.c.post("/api/common/logs", {
      headers: { Cookie: browser.cookie, Origin: FOREIGN, "X-XSRF-TOKEN": browser.xsrf },
      body: { message },
    });
    expect(ok.status).toBe(200);
    expect(await logRows(message)).toEqual([{ member_id: null }]);

    const wrong = await h.c.post("/api/common/logs", {
      headers: { Cookie: browser.cookie, Origin: FOREIGN, "X-XSRF-TOKEN": `${browser.xsrf}x` },
      body: { message: `${message} wrong` },
    });
    expect(wrong.status).toBe(403);
    expect(await logRows(`${message} wrong`)).toEqual([]);
  });

  it("a cross-site link to a state-changing legacy GET does nothing: /api ignores the session cookie", async () => {
    const victim = await browserLogin();
    const link = `/api/member/SetMemberStatus?memberId=${victim.member.memberId}&status=3`;
    const res = await h.c.get(link, { headers: { Cookie: victim.cookie } });
    expect(res.status).toBe(401);
    const services = await h.c.get(link.replace("/api/", "/services/"), { headers: { Cookie: victim.cookie } });
    expect(services.status).toBe(401);
    // Still active and still signed in.
    const me = await h.c.get("/trpc/account.me", { headers: { Cookie: victim.cookie } });
    expect(me.json.result.data).toMatchObject({ memberId: victim.member.memberId, status: 2 });
  });

  it("needs neither for a request with a bearer token", async () => {
    const message = `bearer ${Math.random()}`;
    const res = await h.c.post("/api/common/logs", {
      headers: { ...bearer(browser.member.accessToken), Origin: FOREIGN },
      body: { message },
    });
    expect(res.status).toBe(200);
    expect(await logRows(message)).toEqual([{ member_id: browser.member.memberId }]);
  });

  it("refuses a sign-in posted from a foreign origin (no login forgery)", async () => {
    const res = await h.c.post("/trpc/account.login", {
      headers: { Origin: FOREIGN },
      body: { email: browser.member.email, password: browser.member.password },
    });
    expect(res.status).toBe(403);
    expect(res.headers.getSetCookie().some((l) => l.startsWith("sideline_session="))).toBe(false);
  });

  it("a session used in the second half of its 30 days is extended, and the browser gets the renewed cookie", async () => {
    const other = await browserLogin();
    const sessionId = createHash("sha256").update(other.session).digest("hex");
    const inTenDays = new Date(Date.now() + 10 * DAY).toISOString();
    expect((await h.db.run("update session set expires_at = ? where id = ?", inTenDays, sessionId)).changes).toBe(1);

    const res = await h.c.get("/trpc/account.me", { headers: { Cookie: other.cookie } });
    expect(res.json.result.data).toMatchObject({ memberId: other.member.memberId });
    const renewed = res.headers.getSetCookie().find((l) => l.startsWith(`sideline_session=${other.session};`));
    expect(renewed).toBeDefined();
    const cookieExpiry = Date.parse(/Expires=([^;]+)/i.exec(renewed!)?.[1] ?? "");
    const stored = Date.parse(await h.db.value<string>("select expires_at from session where id = ?", sessionId));
    expect(stored).toBeGreaterThan(Date.now() + 29 * DAY);
    // The cookie carries the stored expiry (to the second: cookie dates have no milliseconds).
    expect(Math.abs(cookieExpiry - stored)).toBeLessThan(1000);
  });

  it("signing out ends the cookie's session", async () => {
    const other = await browserLogin();
    // As the web client's httpBatchLink sends a mutation without input.
    const out = await h.c.post("/trpc/account.logout?batch=1", { headers: { Cookie: other.cookie, Origin: h.server.baseUrl }, body: {} });
    expect(out.status).toBe(200);
    expect(out.json).toEqual([{ result: { data: { ok: true } } }]);
    expect(out.headers.getSetCookie().some((l) => /^sideline_session=;/.test(l))).toBe(true);
    const me = await h.c.get("/trpc/account.me", { headers: { Cookie: other.cookie } });
    expect(me.json.result.data).toBeNull();
  });
});

describe("no session", () => {
  it("answers 401 on member-only calls, REST and tRPC", async () => {
    const rest = await h.c.get(`/api/member/SetMemberStatus${qs({ memberId: 1, status: 2 })}`);
    expect(rest.status).toBe(401);
    expect(typeof rest.json.message).toBe("string");
    const trpc = await h.c.post("/trpc/account.dismissWelcomeBack", { headers: { Origin: h.server.baseUrl, ...JSON_TYPE } });
    expect(trpc.status).toBe(401);
    const badCookie = await h.c.post("/trpc/account.dismissWelcomeBack", {
      headers: { Origin: h.server.baseUrl, Cookie: `sideline_session=${"d".repeat(32)}`, ...JSON_TYPE },
    });
    expect(badCookie.status).toBe(401);
    // An unknown session cookie is cleared.
    expect(badCookie.headers.getSetCookie().some((l) => /^sideline_session=;/.test(l))).toBe(true);
  });
});

describe("server output", () => {
  it("never contains the passwords, session tokens or XSRF tokens used", async () => {
    const own = await browserLogin();
    await h.c.get("/trpc/account.me", { headers: { Cookie: own.cookie } });
    expect(used.length).toBeGreaterThan(0);
    const output = h.server.output();
    expect(output).toContain("POST /trpc/account.login 200");
    expect(used.filter((secret) => output.includes(secret))).toEqual([]);
  });
});
