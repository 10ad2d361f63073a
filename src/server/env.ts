import path from "node:path";
import { z } from "zod";
import type { DatabaseLocation } from "../platform/db/open.ts";

/**
 * The whole configuration, read from the environment once and checked. A bad value stops start-up
 * with a message that names it (see loadConfig).
 */
const flag = (fallback: boolean) =>
  z
    .enum(["on", "off", "true", "false", "1", "0"])
    .optional()
    .transform((v) => (v === undefined ? fallback : v === "on" || v === "true" || v === "1"));

/** A comma-separated list; empty entries dropped, absent means none. */
const commaList = z
  .string()
  .optional()
  .transform((v) =>
    v
      ? v
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean)
      : [],
  );

/** Every configuration variable (docs/operations.md lists each one; tests/docs/operations-doc.test.ts checks it). */
export const configSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  /** The built web client, relative to the project (npm run build writes it). */
  CLIENT_DIR: z.string().min(1).default("dist/client"),
  PUBLIC_URL: z.url({ message: "must be an absolute URL such as https://sideline.example.org" }).optional(),
  /** PostgreSQL instead of the embedded SQLite file (docs/operations.md). */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional(),
  /** Connections each server process keeps open to PostgreSQL. */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(10),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
    .optional(),
  MAIL_FROM: z.string().min(3).default("Sideline <no-reply@sideline.local>"),
  RATE_LIMITS: flag(true),
  /**
   * How many reverse proxies stand in front of the server: the client address is that many hops
   * from the right of X-Forwarded-For (on = 1, off = 0). Hops further left are the client's own
   * claim and never trusted.
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v) => (v === undefined || ["off", "false"].includes(v) ? "0" : ["on", "true"].includes(v) ? "1" : v))
    .pipe(
      z
        .string()
        .regex(/^(10|\d)$/, "must be on, off or the number of proxies (0-10)")
        .transform(Number),
    ),
  CORS_ORIGINS: commaList,
  SECRET_KEY: z.string().min(32, "must be at least 32 characters").optional(),
  /** YouTube Data API v3 key for the Videos tab; without it video lists are empty. */
  YOUTUBE_API_KEY: z.string().min(1).optional(),
  YOUTUBE_API_BASE_URL: z
    .url({ message: "must be an absolute URL such as https://www.googleapis.com/youtube/v3" })
    .default("https://www.googleapis.com/youtube/v3"),
  /** RSS/Atom feeds imported as Recent News, hourly while the server runs (comma-separated URLs). */
  NEWS_FEEDS: commaList.pipe(z.array(z.url({ protocol: /^https?$/, message: "must list http(s) feed URLs, separated by commas" }))),
  /** An OpenAI-compatible chat-completions endpoint for the message assistant; without it the assistant is off. */
  ASSISTANT_BASE_URL: z
    .url({ protocol: /^https?$/, message: "must be an absolute http(s) URL such as https://api.openai.com/v1" })
    .optional(),
  /** Sent as a bearer token; local endpoints may need none. */
  ASSISTANT_API_KEY: z.string().min(1).optional(),
  ASSISTANT_MODEL: z.string().min(1).default("gpt-4o-mini"),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
  /** The operator's address: advertising enquiries (common/SendAdvertisementInfo) are mailed there. */
  OPERATOR_EMAIL: z.email({ message: "must be an e-mail address such as ops@sideline.example.org" }).optional(),
  /** The member with this e-mail address becomes an admin when the server starts (when they exist): the first admin. */
  FIRST_ADMIN_EMAIL: z.email({ message: "must be the e-mail address of a member such as admin@club.example.org" }).optional(),
});

export type Config = Omit<z.infer<typeof configSchema>, "PUBLIC_URL"> & { PUBLIC_URL: string };

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty strings mean "not set", as in most .env files.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = configSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const cfg = parsed.data;
  const host = cfg.HOST === "0.0.0.0" || cfg.HOST === "::" ? "localhost" : cfg.HOST;
  const publicUrl = (cfg.PUBLIC_URL ?? `http://${host}:${cfg.PORT}`).replace(/\/+$/, "");
  return { ...cfg, PUBLIC_URL: publicUrl };
}

/** Where the configured database lives: PostgreSQL at DATABASE_URL, else DATA_DIR/sideline.db. */
export function databaseLocation(config: Config): DatabaseLocation {
  return {
    databaseUrl: config.DATABASE_URL,
    sqliteFile: path.join(path.resolve(config.DATA_DIR), "sideline.db"),
    poolMax: config.DATABASE_POOL_MAX,
  };
}
