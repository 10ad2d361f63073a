/**
 * What the server's configuration switches on, tested against real server processes: rate limits
 * (RATE_LIMITS on), cross-origin clients (CORS_ORIGINS), and refusing a bad configuration at start.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RATE_LIMIT_RULES } from "../../src/platform/rate-limit.ts";
import { serverTexts } from "../../src/shared/server-texts.ts";
import { type MailSink, startMailSink } from "#support/mail-sink.ts";
import {
  type Api,
  api,
  bearer,
  qs,
  registerAndConfirm,
  type RunningServer,
  runServerExpectingExit,
  startServer,
  uniqueEmail,
} from "#support/server.ts";

const CLIENT_ORIGIN = "http://client.example";

describe("a server with RATE_LIMITS on and CORS_ORIGINS set", () => {
  let sink: MailSink;
  let server: RunningServer;
  let c: Api;

  beforeAll(async () => {
    sink = await startMailSink();
    // TRUST_PROXY lets each test act as its own client address (X-Forwarded-For), so the limits of
    // one test do not spill into the next.
    server = await startServer({
      smtpUrl: sink.url,
      rateLimits: true,
      env: { CORS_ORIGINS: `${CLIENT_ORIGIN}, http://other-client.example`, TRUST_PROXY: "on" },
    });
    c = api(server.baseUrl);
  });

  afterAll(async () => {
    await server?.stop();
    await sink?.close();
  });

  describe("rate limits", () => {
    it("refuses the 11th login attempt from one client address in the window with 429 and a JSON message", async () => {
      const from = { "X-Forwarded-For": "203.0.113.11" };
      const { max } = RATE_LIMIT_RULES.login;
      // A new e-mail address each time: the per-account limits (account-security.test.ts) stay out of it.
      for (let i = 0; i < max; i++) {
        const res = await c.post("/api/account/login", { headers: from, body: { email: uniqueEmail("guess"), password: `guess-${i}` } });
        expect(res.status, `attempt ${i + 1}`).toBe(200);
        expect(res.json.memberID).toBe("");
      }
      const refused = await c.post("/api/account/login", { headers: from, body: { email: uniqueEmail("guess"), password: "guess-last" } });
      expect(refused.status).toBe(429);
      expect(refused.headers.get("content-type")).toMatch(/^application\/json/);
      expect(refused.json).toEqual({ message: serverTexts.tooManyRequests });
      // The same limit under the old base path and the other login action.
      expect((await c.post("/services/account/login", { headers: from, body: { email: uniqueEmail(), password: "x" } })).status).toBe(429);
      expect((await c.get(`/api/account/AuthenticateUser${qs({ email: uniqueEmail(), pwd: "x" })}`, { headers: from })).status).toBe(429);
      // Another client address is not affected.
      expect(
        (
          await c.post("/api/account/login", {
            headers: { "X-Forwarded-For": "203.0.113.15" },
            body: { email: uniqueEmail(), password: "p" },
          })
        ).status,
      ).toBe(200);
    });

    // Guesses at one account spread over many clients, and why they do not lock its owner out:
    // tests/rest/account-security.test.ts (finding 7 of issue 11).

    it("limits reset requests per client", async () => {
      const from = { "X-Forwarded-For": "203.0.113.12" };
      for (let i = 0; i < RATE_LIMIT_RULES.resetRequest.max; i++) {
        expect((await c.get(`/api/member/ResetPassword${qs({ email: uniqueEmail() })}`, { headers: from })).status).toBe(200);
      }
      const refused = await c.get(`/api/member/ResetPassword${qs({ email: uniqueEmail() })}`, { headers: from });
      expect(refused.status).toBe(429);
      expect(refused.json).toEqual({ message: serverTexts.tooManyRequests });
    });
  });

  describe("cross-origin clients", () => {
    it("answers a preflight from a listed origin, allowing Authorization and Content-Type, without cookies", async () => {
      for (const path of ["/api/account/login", "/services/member/SetMemberStatus"]) {
        const res = await c.request("OPTIONS", path, {
          headers: {
            Origin: CLIENT_ORIGIN,
            "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "authorization, content-type",
          },
        });
        expect(res.status, path).toBeLessThan(300);
        expect(res.headers.get("access-control-allow-origin")).toBe(CLIENT_ORIGIN);
        const allowed = (res.headers.get("access-control-allow-headers") ?? "").toLowerCase().split(/\s*,\s*/);
        expect(allowed).toEqual(expect.arrayContaining(["authorization", "content-type"]));
        const methods = (res.headers.get("access-control-allow-methods") ?? "").split(/\s*,\s*/);
        expect(methods).toEqual(expect.arrayContaining(["GET", "POST", "PUT", "DELETE"]));
        expect(res.headers.get("access-control-allow-credentials")).not.toBe("true");
      }
    });

    it("does not allow an origin that is not listed", async () => {
      const res = await c.request("OPTIONS", "/api/account/login", {
        headers: {
          Origin: "http://evil.example",
          "Access-Control-Request-Method": "POST",
          "Access-Control-Request-Headers": "authorization",
        },
      });
      expect(res.headers.get("access-control-allow-origin")).toBeNull();
    });

    it("lets a client at a listed origin sign in and call with its bearer token", async () => {
      const m = await registerAndConfirm(server.baseUrl, sink);
      const from = { Origin: CLIENT_ORIGIN, "X-Forwarded-For": "203.0.113.13" };
      const login = await c.post("/api/account/login", { headers: from, body: { email: m.email, password: m.password } });
      expect(login.status).toBe(200);
      expect(login.headers.get("access-control-allow-origin")).toBe(CLIENT_ORIGIN);
      expect(login.json.memberID).toBe(String(m.memberId));

      const call = await c.put(`/api/member/SetMemberStatus${qs({ memberId: m.memberId, status: 2 })}`, {
        headers: { ...from, ...bearer(login.json.accessToken) },
      });
      expect(call.status).toBe(200);
      expect(call.headers.get("access-control-allow-origin")).toBe(CLIENT_ORIGIN);

      // The feed's next-page cursor travels in a header that a cross-origin client may read.
      const feed = await c.get(`/api/member/getRecentPosts/${m.memberId}`, { headers: { ...from, ...bearer(login.json.accessToken) } });
      expect(feed.status).toBe(200);
      expect((feed.headers.get("access-control-expose-headers") ?? "").toLowerCase()).toContain("x-next-cursor");

      // An unlisted origin gets no CORS grant, and its cookie-less posts are still refused.
      const evil = await c.post("/api/account/login", {
        headers: { Origin: "http://evil.example", "X-Forwarded-For": "203.0.113.14" },
        body: { email: m.email, password: m.password },
      });
      expect(evil.status).toBe(403);
      expect(evil.headers.get("access-control-allow-origin")).toBeNull();
    });
  });
});

describe("a bad configuration", () => {
  it.each([
    ["PORT", { PORT: "abc" }],
    ["SMTP_URL", { SMTP_URL: "mail.example.org:25" }],
  ])("stops the server at start with a message naming %s", async (name, env) => {
    const { code, output } = await runServerExpectingExit({ env });
    expect(code).not.toBe(0);
    expect(code).not.toBeNull();
    expect(output).toMatch(new RegExp(`^\\s*${name}: `, "m"));
  });
});
