import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./env.ts";

function configErrorOf(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error("loadConfig accepted a bad configuration");
}

describe("loadConfig", () => {
  it("fills defaults and derives the public URL from host and port", () => {
    const cfg = loadConfig({ PORT: "4321", HOST: "127.0.0.1" });
    expect(cfg.PORT).toBe(4321);
    expect(cfg.PUBLIC_URL).toBe("http://127.0.0.1:4321");
    expect(cfg.RATE_LIMITS).toBe(true);
    expect(cfg.CORS_ORIGINS).toEqual([]);
    expect(cfg.LOG_LEVEL).toBe("info");
  });

  it("reads flags, lists and an explicit public URL (trailing slash dropped); empty strings are unset", () => {
    const cfg = loadConfig({
      RATE_LIMITS: "off",
      CORS_ORIGINS: " http://a.example , http://b.example,",
      PUBLIC_URL: "https://sideline.example.org/",
      SMTP_URL: "smtp://127.0.0.1:2525",
      PORT: "",
    });
    expect(cfg.RATE_LIMITS).toBe(false);
    expect(cfg.CORS_ORIGINS).toEqual(["http://a.example", "http://b.example"]);
    expect(cfg.PUBLIC_URL).toBe("https://sideline.example.org");
    expect(cfg.SMTP_URL).toBe("smtp://127.0.0.1:2525");
    expect(cfg.PORT).toBe(3000);
  });

  it.each([
    [undefined, 0],
    ["off", 0],
    ["on", 1],
    ["true", 1],
    ["2", 2],
  ])("reads TRUST_PROXY=%s as %i trusted proxies", (value, proxies) => {
    expect(loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).TRUST_PROXY).toBe(proxies);
  });

  it.each([["yes"], ["-1"], ["11"], ["1.5"]])("rejects TRUST_PROXY=%s with a message naming it", (value) => {
    expect(configErrorOf({ TRUST_PROXY: value }).message).toMatch(/TRUST_PROXY/);
  });

  it.each([["abc"], ["70000"], ["-1"], ["80.5"]])("rejects PORT=%s with a message naming PORT", (port) => {
    const error = configErrorOf({ PORT: port });
    expect(error.message).toMatch(/^\s*PORT: /m);
  });

  it("rejects an SMTP_URL that is not smtp(s):// with a message naming SMTP_URL", () => {
    const error = configErrorOf({ SMTP_URL: "http://mail.example.org" });
    expect(error.message).toMatch(/^\s*SMTP_URL: must start with smtp:\/\/ or smtps:\/\//m);
    expect(error.message).not.toMatch(/PORT/);
  });

  it("checks the media settings: a short SECRET_KEY and a relative YOUTUBE_API_BASE_URL are named", () => {
    const error = configErrorOf({ SECRET_KEY: "too-short", YOUTUBE_API_BASE_URL: "/youtube/v3" });
    expect(error.message).toMatch(/SECRET_KEY: must be at least 32 characters/);
    expect(error.message).toMatch(/YOUTUBE_API_BASE_URL: must be an absolute URL/);
    const ok = loadConfig({ YOUTUBE_API_KEY: "k", SECRET_KEY: "x".repeat(32) });
    expect(ok.YOUTUBE_API_BASE_URL).toBe("https://www.googleapis.com/youtube/v3");
    expect(ok.YOUTUBE_API_KEY).toBe("k");
  });

  it("reads FIRST_ADMIN_EMAIL (optional) and names it when it is not an e-mail address", () => {
    expect(loadConfig({}).FIRST_ADMIN_EMAIL).toBeUndefined();
    expect(loadConfig({ FIRST_ADMIN_EMAIL: "admin@club.example.org" }).FIRST_ADMIN_EMAIL).toBe("admin@club.example.org");
    expect(configErrorOf({ FIRST_ADMIN_EMAIL: "nope" }).message).toMatch(/^\s*FIRST_ADMIN_EMAIL: must be the e-mail address/m);
  });

  it("reads OPERATOR_EMAIL (optional) and names it when it is not an e-mail address", () => {
    expect(loadConfig({}).OPERATOR_EMAIL).toBeUndefined();
    expect(loadConfig({ OPERATOR_EMAIL: "ops@sideline.example.org" }).OPERATOR_EMAIL).toBe("ops@sideline.example.org");
    expect(configErrorOf({ OPERATOR_EMAIL: "not-an-address" }).message).toMatch(/^\s*OPERATOR_EMAIL: must be an e-mail address/m);
  });

  it("reads NEWS_FEEDS as a list of http(s) URLs and names it when one is not", () => {
    expect(loadConfig({ NEWS_FEEDS: "https://a.example/rss, http://b.example/atom" }).NEWS_FEEDS).toEqual([
      "https://a.example/rss",
      "http://b.example/atom",
    ]);
    expect(loadConfig({}).NEWS_FEEDS).toEqual([]);
    expect(configErrorOf({ NEWS_FEEDS: "https://a.example/rss,ftp://b.example" }).message).toMatch(
      /NEWS_FEEDS\.1: must list http\(s\) feed URLs/,
    );
  });

  it("reads the assistant settings (all optional; the model defaults to gpt-4o-mini)", () => {
    const none = loadConfig({});
    expect(none.ASSISTANT_BASE_URL).toBeUndefined();
    expect(none.ASSISTANT_API_KEY).toBeUndefined();
    expect(none.ASSISTANT_MODEL).toBe("gpt-4o-mini");
    const cfg = loadConfig({ ASSISTANT_BASE_URL: "http://127.0.0.1:11434/v1", ASSISTANT_API_KEY: "sk-x", ASSISTANT_MODEL: "llama3" });
    expect(cfg.ASSISTANT_BASE_URL).toBe("http://127.0.0.1:11434/v1");
    expect(cfg.ASSISTANT_API_KEY).toBe("sk-x");
    expect(cfg.ASSISTANT_MODEL).toBe("llama3");
  });

  it.each([["api.openai.com/v1"], ["/v1"], ["ftp://models.example/v1"], ["not a url"]])(
    "rejects ASSISTANT_BASE_URL=%s with a message naming ASSISTANT_BASE_URL",
    (url) => {
      const error = configErrorOf({ ASSISTANT_BASE_URL: url });
      expect(error.message).toMatch(/^\s*ASSISTANT_BASE_URL: must be an absolute http\(s\) URL/m);
      expect(error.message).not.toMatch(/ASSISTANT_API_KEY|ASSISTANT_MODEL/);
    },
  );

  it("names every bad variable at once", () => {
    const error = configErrorOf({ PORT: "abc", SMTP_URL: "mail.example.org", RATE_LIMITS: "maybe" });
    expect(error.message).toMatch(/PORT: /);
    expect(error.message).toMatch(/SMTP_URL: /);
    expect(error.message).toMatch(/RATE_LIMITS: /);
  });

  it("takes a PostgreSQL DATABASE_URL with its pool size, and refuses any other URL", () => {
    const config = loadConfig({ DATABASE_URL: "postgres://sideline@db/sideline", DATABASE_POOL_MAX: "4" });
    expect(config.DATABASE_URL).toBe("postgres://sideline@db/sideline");
    expect(config.DATABASE_POOL_MAX).toBe(4);
    expect(loadConfig({}).DATABASE_POOL_MAX).toBe(10);
    expect(configErrorOf({ DATABASE_URL: "mysql://x" }).message).toMatch(/DATABASE_URL: must start with postgres:\/\//);
  });
});
