import type { Context } from "hono";
import type { Actor, AppContext, RequestMeta } from "../../platform/context.ts";
import { badInput, forbidden, unauthorized } from "../../shared/errors.ts";
import type { AppEnv } from "../http/context.ts";
import { actionTable } from "./action-table.ts";
import { MAX_ROW_ID } from "../../shared/ids.ts";

/** What a legacy action handler receives: tolerant query, parsed body, path segments, the actor. */
export interface RestRequest {
  c: Context<AppEnv>;
  app: AppContext;
  actor: Actor | null;
  meta: RequestMeta;
  /** Query parameters with names trimmed and lower-cased, values trimmed. */
  query: Record<string, string>;
  /** The JSON body (or form fields), or {} when there is none. */
  body: Record<string, unknown>;
  /** Path segments after the action: /api/member/SavePosts/12/0 -> ["12", "0"]. */
  params: string[];
}

/**
 * Where an action reads the member id it names:
 * - "path": the first path segment, called `id` in errors;
 * - "pathOrField": the first path segment, else the `memberID` field;
 * - "pathOrQueryId": the first path segment, else `?memberID`, else `?id`, called `memberID` in errors;
 * - { field }: a field of the query or body.
 */
export type MemberIdSource = "path" | "pathOrField" | "pathOrQueryId" | { field: string };

/** A member id the action names that must be the caller's (403 with `refusal` otherwise). */
export interface Ownership {
  memberId: MemberIdSource;
  refusal: string;
}

export interface RestAction {
  methods: ReadonlyArray<"GET" | "POST" | "PUT" | "DELETE">;
  /** No session needed. */
  public?: boolean;
  /** Allowed with the restricted token of a deactivated login (reactivation only). */
  allowRestricted?: boolean;
  /** The dispatcher checks it before the handler runs: 400 for a missing or malformed id, 403 for someone else's. */
  own?: Ownership;
  /** Set on an action of the original Sideline does not serve (refusedAction): the reason, answered with 501. */
  refused?: string;
  /** The answer, or a promise of it. */
  handler: (req: RestRequest) => unknown;
}

export type Controller = Record<string, RestAction>;

/** The answer to a deactivated login's token, which can only reactivate or sign out. */
export const DEACTIVATED_REFUSAL = "This account is deactivated. Reactivate it first (member/SetMemberStatus with status 2).";

/**
 * An action of the original service that Sideline deliberately does not serve: with a session, 501
 * {message} giving the reason (docs/rest-api.md lists each with it).
 */
export function refusedAction(reason: string): RestAction {
  return { methods: ["GET", "POST", "PUT", "DELETE"], refused: reason, handler: (req) => req.c.json({ message: reason }, 501) };
}

/** A text answer (the legacy service answered some actions as plain text). */
export class TextAnswer {
  constructor(readonly text: string) {}
}

/** Legacy names of query parameters are matched case-insensitively (memberId, memberID). */
export function parseLegacyQuery(rawUrl: string): Record<string, string> {
  const out: Record<string, string> = {};
  const q = rawUrl.indexOf("?");
  if (q < 0) return out;
  for (const part of rawUrl.slice(q + 1).split("&")) {
    if (!part) continue;
    const eq = part.indexOf("=");
    const name = decodeLoosely(eq < 0 ? part : part.slice(0, eq))
      .trim()
      .toLowerCase();
    const value = eq < 0 ? "" : decodeLoosely(part.slice(eq + 1)).trim();
    if (name && !(name in out)) out[name] = value;
  }
  return out;
}

/** Clients of the original did not always URL-encode values: decode what decodes, keep the rest. */
function decodeLoosely(s: string): string {
  const spaced = s.replace(/\+/g, " ");
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced.replace(/%([0-9a-f]{2})/gi, (m, hex) => {
      try {
        return decodeURIComponent(`%${hex}`);
      } catch {
        return m;
      }
    });
  }
}

async function readBody(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  if (c.req.method === "GET" || c.req.method === "HEAD") return {};
  const type = c.req.header("content-type") ?? "";
  if (type.startsWith("multipart/form-data")) return {};
  const raw = await c.req.text();
  if (!raw.trim()) return {};
  if (type.startsWith("application/x-www-form-urlencoded")) return parseLegacyQuery(`?${raw}`);
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : { value: parsed };
  } catch {
    throw badInput("The request body is not valid JSON.");
  }
}

/**
 * One dispatcher for /api/{controller}/{action}/... and /services/...: case-insensitive names,
 * the session rules of each action, plain text or JSON answers.
 */
export function createRestDispatcher(controllers: Record<string, Controller>) {
  const table = actionTable(controllers);

  return async (c: Context<AppEnv>, rest: string): Promise<Response> => {
    const segments = rest.split("/").map((s) => decodeLoosely(s).trim());
    const [controller = "", action = "", ...params] = segments;
    const def = table.get(`${controller}/${action}`.toLowerCase());
    if (!def) return c.json({ message: `There is no action ${controller}/${action}.` }, 404);
    if (!def.methods.includes(c.req.method as never)) {
      return c.json({ message: `${controller}/${action} answers ${def.methods.join(", ")}.` }, 405, { Allow: def.methods.join(", ") });
    }
    const actor = c.get("actor");
    if (!def.public) {
      if (!actor) throw unauthorized("Sign in first: send Authorization: Bearer <accessToken>.");
      if (actor.scope !== "full" && !def.allowRestricted) {
        throw forbidden(DEACTIVATED_REFUSAL);
      }
    }
    const req: RestRequest = {
      c,
      app: c.get("app"),
      actor,
      meta: c.get("meta"),
      query: parseLegacyQuery(c.req.url),
      body: await readBody(c),
      params: params.filter((p) => p !== ""),
    };
    if (def.own) mustBeOwn(req, def.own);
    const answer = await def.handler(req);
    if (answer instanceof Response) return answer;
    if (answer instanceof TextAnswer) return c.text(answer.text);
    return c.json(answer ?? null);
  };
}

/** The signed-in actor of an action that is not public (the dispatcher has checked it). */
export function actorOf(req: RestRequest): Actor {
  if (!req.actor) throw unauthorized();
  return req.actor;
}

/**
 * The items of one page in the legacy shape; when a later page may follow, its cursor goes in the
 * `X-Next-Cursor` header (the answer stays a JSON array, as legacy clients expect).
 */
export function pageAnswer<T, R>(req: RestRequest, page: { items: T[]; nextCursor: string | null }, legacy: (item: T) => R): R[] {
  if (page.nextCursor) req.c.header("X-Next-Cursor", page.nextCursor);
  return page.items.map(legacy);
}

/** A value of the query or body as text: strings as they are, numbers as text, anything else missing. */
export const textOf = (v: unknown): string | undefined => (typeof v === "string" ? v : typeof v === "number" ? String(v) : undefined);

/** The member id an action names, read where `source` says: 400 when missing or malformed. */
export function memberIdFrom(req: RestRequest, source: MemberIdSource): number {
  const fromPath = req.params[0];
  switch (source) {
    case "path":
      return memberIdParam(fromPath, "id");
    case "pathOrField":
      return memberIdAt(req, 0, "id", "memberID");
    case "pathOrQueryId":
      return memberIdParam(fromPath ?? req.query.memberid ?? req.query.id, "memberID");
    default:
      return memberIdInField(req, source.field);
  }
}

/** The ownership rule of an action: the member id it names is the caller's, else 403. */
function mustBeOwn(req: RestRequest, rule: Ownership): void {
  if (memberIdFrom(req, rule.memberId) !== actorOf(req).memberId) throw forbidden(rule.refusal);
}

/** The member id in path segment `index` (called `pathName` in errors), else in the field `field`. */
export function memberIdAt(req: RestRequest, index: number, pathName: string, field: string): number {
  const fromPath = req.params[index];
  return fromPath !== undefined ? memberIdParam(fromPath, pathName) : memberIdInField(req, field);
}

/** A member id in the field `name` of the query or body: 400 when missing or malformed. */
export const memberIdInField = (req: RestRequest, name: string) => memberIdParam(textOf(fields(req, [name])[name]), name);

/** An empty value counts as not given (so the schema's default applies). */
export const blankToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);

/** An id as legacy clients send it (digits, spaces around them trimmed), or null when it is not one. */
export function idOf(value: string | undefined): number | null {
  const v = (value ?? "").trim();
  return /^\d{1,10}$/.test(v) && Number(v) <= MAX_ROW_ID ? Number(v) : null;
}

/** A member id from the path or query: digits only, else 400. */
export function memberIdParam(value: string | undefined, name = "memberID"): number {
  const id = idOf(value);
  if (id === null) throw badInput(`${name} must be a member id.`);
  return id;
}

/** The first value a client gave (not missing, not null): for fields legacy clients send under two names. */
export const firstGiven = (...values: unknown[]) => values.find((v) => v !== undefined && v !== null);

/**
 * The named values of a request, looked up case-insensitively in the query, then the body (legacy
 * clients use both), under the names the schemas use.
 */
export function fields<K extends string>(req: RestRequest, names: readonly K[]): Record<K, unknown> {
  const body = new Map(Object.entries(req.body).map(([k, v]) => [k.trim().toLowerCase(), v]));
  const out = {} as Record<K, unknown>;
  for (const name of names) {
    const key = name.toLowerCase();
    out[name] = key in req.query ? req.query[key] : body.get(key);
  }
  return out;
}
