/**
 * The message assistant against a stand-in chat-completions endpoint on 127.0.0.1 (never the real
 * internet): the request it sends, the reply it returns, and that every failure answers the generic
 * failure text without the key or the member's text in the log.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { closeTestContext, openTestContext, type TestContext } from "#support/service-context.ts";
import { createCallerFactory } from "../../platform/trpc/init.ts";
import { DomainError, ErrorCodes } from "../../shared/errors.ts";
import { texts } from "../../shared/texts.ts";
import { serverTexts } from "../../shared/server-texts.ts";
import type { Actor } from "../../platform/context.ts";
import type { Logger } from "../../platform/logger.ts";
import { unconfiguredAssistant } from "../../platform/ports/assistant.ts";
import { createRateLimiter } from "../../platform/app-context.ts";
import { freshLimiter } from "#support/limiter.ts";
import { type AssistantOptions, createAssistant } from "./assistant.ts";
import { assistantRouter } from "./assistant.router.ts";
import { ASSISTANT_FAILURE, ASSISTANT_REQUIRED, assistInput } from "./assistant.schema.ts";
import { assist } from "./assistant.service.ts";

const KEY = "sk-test-Qw7Zr4";
const MODEL = "test-model-1";
const NOTES = "tryout saturday 10am, bring boots, ask Sam if he can drive";

type Behaviour = "ok" | "status500" | "garbage" | "slow" | "empty";
let behaviour: Behaviour = "ok";
let server: Server;
let baseUrl: string;
interface Hit {
  path: string;
  auth: string | undefined;
  body: { model?: string; messages?: Array<{ role: string; content: string }>; temperature?: number; max_tokens?: number };
}
const hits: Hit[] = [];

const completion = (content: string) => ({
  id: "chatcmpl-1",
  object: "chat.completion",
  model: MODEL,
  choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
});

beforeAll(async () => {
  server = createServer((req, res) => {
    let data = "";
    req.on("data", (chunk) => (data += chunk));
    req.on("end", () => {
      const hit: Hit = { path: req.url ?? "", auth: req.headers.authorization, body: JSON.parse(data || "{}") };
      hits.push(hit);
      const send = (status: number, body: string) => {
        if (res.destroyed) return;
        res.writeHead(status, { "Content-Type": "application/json" });
        res.end(body);
      };
      // The request a real endpoint needs; anything else is refused as a real one would.
      const msgs = hit.body.messages ?? [];
      const wellFormed =
        req.method === "POST" &&
        hit.path === "/v1/chat/completions" &&
        hit.auth === `Bearer ${KEY}` &&
        hit.body.model === MODEL &&
        msgs[0]?.role === "system" &&
        msgs[1]?.role === "user" &&
        msgs.length === 2;
      if (!wellFormed) return send(400, JSON.stringify({ error: { message: "bad request" } }));
      if (behaviour === "status500") return send(500, JSON.stringify({ error: { message: `internal error for key ${KEY}` } }));
      if (behaviour === "garbage") return send(200, "<html>{not json");
      if (behaviour === "empty") return send(200, JSON.stringify(completion("   ")));
      const reply = JSON.stringify(completion(`  Hi Sam, could you drive me to the tryout on Saturday at 10am?  `));
      if (behaviour === "slow") setTimeout(() => send(200, reply), 600);
      else send(200, reply);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

let lines: string[] = [];
const capture = (level: string) => (m: string, f?: Record<string, unknown>) => void lines.push(`${level} ${m} ${JSON.stringify(f ?? {})}`);
const log: Logger = { debug: capture("debug"), info: capture("info"), warn: capture("warn"), error: capture("error") };

let t: TestContext | undefined;
beforeAll(async () => {
  t = await openTestContext("assistant");
  t.ctx.log = log;
});
afterAll(() => closeTestContext(t));

beforeEach(() => {
  behaviour = "ok";
  hits.length = 0;
  lines = [];
  t!.ctx.limiter = createRateLimiter(t!.db, false);
  t!.ctx.assistant = assistant();
});

const assistant = (options: Partial<AssistantOptions> = {}) => createAssistant({ baseUrl, apiKey: KEY, model: MODEL, log, ...options });
let nextId = 1;
const member = (): Actor => ({ memberId: nextId++, sessionId: "session", scope: "full", role: "member" });
const logged = () => lines.join("\n");

describe("assist", () => {
  it("polishes the member's text by default: one POST with model, system and user messages; the reply trimmed", async () => {
    const input = assistInput.parse({ message: `  ${NOTES}  ` });
    expect(input).toEqual({ message: NOTES, mode: "polish" });
    expect(await assist(t!.ctx, member(), input)).toEqual({
      ok: true,
      text: "Hi Sam, could you drive me to the tryout on Saturday at 10am?",
    });
    expect(hits).toHaveLength(1);
    const { body } = hits[0]!;
    expect(body).toMatchObject({ model: MODEL, temperature: 0.7, max_tokens: 400 });
    expect(body.messages![0]!.content).toMatch(/Sideline, a social network for sport/);
    expect(body.messages![0]!.content).toMatch(/keep its meaning and its language/);
    expect(body.messages![1]).toEqual({ role: "user", content: NOTES });
  });

  it("drafts from notes in draft mode", async () => {
    const reply = await assist(t!.ctx, member(), assistInput.parse({ message: NOTES, mode: "draft" }));
    expect(reply.ok).toBe(true);
    expect(hits[0]!.body.messages![0]!.content).toMatch(/notes/);
    expect(hits[0]!.body.messages![0]!.content).toMatch(/message text only/);
  });

  it("answers the failure text without calling anything when the assistant is not configured", async () => {
    expect(ASSISTANT_FAILURE).toBe(texts.somethingWrong);
    t!.ctx.assistant = unconfiguredAssistant;
    expect(await assist(t!.ctx, member(), { message: NOTES, mode: "polish" })).toEqual({ ok: false, text: ASSISTANT_FAILURE });
    t!.ctx.assistant = createAssistant({ model: MODEL, log });
    expect(t!.ctx.assistant.configured).toBe(false);
    expect(await assist(t!.ctx, member(), { message: NOTES, mode: "draft" })).toEqual({ ok: false, text: ASSISTANT_FAILURE });
    expect(hits).toHaveLength(0);
    expect(logged()).toMatch(/not configured/);
  });

  it.each<[Behaviour, RegExp]>([
    ["status500", /status 500/],
    ["garbage", /not JSON/],
    ["empty", /empty message/],
  ])("answers the failure text when the endpoint answers %s, logging the reason only", async (b, reason) => {
    behaviour = b;
    expect(await assist(t!.ctx, member(), { message: NOTES, mode: "polish" })).toEqual({ ok: false, text: ASSISTANT_FAILURE });
    expect(hits).toHaveLength(1);
    expect(logged()).toMatch(reason);
    expect(logged()).not.toContain(KEY);
    expect(logged()).not.toContain("tryout");
  });

  it("answers the failure text when the endpoint is too slow", async () => {
    behaviour = "slow";
    t!.ctx.assistant = assistant({ timeoutMs: 150 });
    const started = Date.now();
    expect(await assist(t!.ctx, member(), { message: NOTES, mode: "polish" })).toEqual({ ok: false, text: ASSISTANT_FAILURE });
    expect(Date.now() - started).toBeLessThan(550);
    expect(logged()).toMatch(/no answer within 150 ms/);
  });

  it("answers the failure text when the endpoint refuses the key or cannot be reached", async () => {
    t!.ctx.assistant = assistant({ apiKey: "sk-wrong" });
    expect((await assist(t!.ctx, member(), { message: NOTES, mode: "polish" })).ok).toBe(false);
    expect(logged()).toMatch(/status 400/);
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    t!.ctx.assistant = assistant({ baseUrl: `http://127.0.0.1:${port}/v1` });
    expect(await assist(t!.ctx, member(), { message: NOTES, mode: "polish" })).toEqual({ ok: false, text: ASSISTANT_FAILURE });
    expect(logged()).toMatch(/request failed/);
    expect(logged()).not.toContain("sk-wrong");
  });

  it("limits each member to 20 calls an hour: the 21st throws RATE_LIMITED, other members go on", async () => {
    t!.ctx.limiter = await freshLimiter(t!.db);
    const busy = member();
    for (let i = 0; i < 20; i++) expect((await assist(t!.ctx, busy, { message: NOTES, mode: "polish" })).ok).toBe(true);
    const error = await assist(t!.ctx, busy, { message: NOTES, mode: "polish" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe(ErrorCodes.RateLimited);
    expect(hits).toHaveLength(20);
    expect((await assist(t!.ctx, member(), { message: NOTES, mode: "polish" })).ok).toBe(true);
  });

  it("never logs the API key or the member's text, whatever happens", async () => {
    // A logger at debug level sees everything the assistant writes.
    for (const b of ["ok", "status500", "garbage", "empty"] as const) {
      behaviour = b;
      await assist(t!.ctx, member(), { message: NOTES, mode: "draft" });
    }
    expect(lines.length).toBeGreaterThanOrEqual(4);
    expect(logged()).not.toContain(KEY);
    expect(logged()).not.toContain(NOTES);
    expect(logged()).not.toContain("Hi Sam");
  });
});

describe("assistant.assist procedure", () => {
  const createCaller = createCallerFactory(assistantRouter);
  const caller = (actor: Actor | null) =>
    createCaller({ app: t!.ctx, actor, meta: { ip: "127.0.0.1", userAgent: "test" }, startSession() {}, endSession() {} });

  it("needs a signed-in member, checks the input, and answers the reply", async () => {
    await expect(caller(null).assist({ message: NOTES })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    const empty = await caller(member())
      .assist({ message: "   " })
      .catch((e: unknown) => e);
    expect(empty).toBeInstanceOf(TRPCError);
    expect((empty as TRPCError).code).toBe("BAD_REQUEST");
    expect((empty as TRPCError).message).toContain(ASSISTANT_REQUIRED);
    await expect(caller(member()).assist({ message: "x".repeat(2001) })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(caller(member()).assist({ message: NOTES, mode: "draft" })).resolves.toMatchObject({ ok: true });
  });

  it("available answers whether an assistant is configured (the compose modal offers it only then), to members only", async () => {
    await expect(caller(null).available()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    await expect(caller(member()).available()).resolves.toEqual({ available: true });
    t!.ctx.assistant = unconfiguredAssistant;
    await expect(caller(member()).available()).resolves.toEqual({ available: false });
  });

  it("turns RATE_LIMITED into TOO_MANY_REQUESTS with the catalogue's text", async () => {
    t!.ctx.limiter = await freshLimiter(t!.db);
    const busy = caller(member());
    for (let i = 0; i < 20; i++) await busy.assist({ message: NOTES });
    await expect(busy.assist({ message: NOTES })).rejects.toMatchObject({
      code: "TOO_MANY_REQUESTS",
      message: serverTexts.tooManyRequests,
    });
  });
});
