import { type BrowserContext, type BrowserContextOptions, expect, type Page, test as base } from "@playwright/test";
import type { RegisteredMember } from "../../support/server.ts";
import { baseUrl, loginThroughUi, memberViaApi } from "./journey.ts";

type Credentials = Pick<RegisteredMember, "email" | "password">;

/** A member signed in through tRPC (the session cookie), for the preconditions a journey starts from. */
export interface TrpcCaller {
  mutation: (procedure: string, input: unknown) => Promise<unknown>;
}

/** Signs `member` in through tRPC's account.login and calls procedures with its session cookie. */
export async function trpcAs(base: string, member: Credentials): Promise<TrpcCaller> {
  let cookie = "";
  const mutation = async (procedure: string, input: unknown): Promise<unknown> => {
    const res = await fetch(`${base}/trpc/${procedure}`, {
      method: "POST",
      // The Origin of the site itself: the server's CSRF check accepts a cookie session with it.
      headers: { "content-type": "application/json", origin: base, cookie },
      body: JSON.stringify(input),
    });
    const text = await res.text();
    expect(res.status, `${procedure}: ${text}`).toBe(200);
    const session = res.headers.getSetCookie().map((c) => c.split(";")[0]);
    if (session.length > 0) cookie = session.join("; ");
    return (JSON.parse(text) as { result: { data: unknown } }).result.data;
  };
  await mutation("account.login", { email: member.email, password: member.password });
  return { mutation };
}

const callers = new WeakMap<Credentials, Promise<TrpcCaller>>();

/** One tRPC session per member for the whole test file (one login, however many calls). */
export function callerFor(member: Credentials, base = baseUrl()): Promise<TrpcCaller> {
  let caller = callers.get(member);
  if (!caller) {
    caller = trpcAs(base, member);
    callers.set(member, caller);
  }
  return caller;
}

/** `by` follows `whom` through tRPC, as from another device. */
export async function followAs(by: RegisteredMember, whom: RegisteredMember): Promise<void> {
  await (await callerFor(by)).mutation("contacts.follow", { memberId: whom.memberId });
}

/** A message sent through tRPC (messages.send), as from another device. */
export async function messageAs(from: RegisteredMember, to: RegisteredMember, subject: string, body: string): Promise<void> {
  await (await callerFor(from)).mutation("messages.send", { toMemberId: to.memberId, subject, body });
}

export interface SignInOptions {
  /** Options of the member's own browser context (viewport, colour scheme). */
  context?: BrowserContextOptions;
  /** Called with the new page before it logs in (to watch its console from the start). */
  beforeLogin?: (page: Page) => void;
}

interface Fixtures {
  /** A new active member (registered and confirmed by e-mail); `overrides` set registration fields. */
  member: (overrides?: Record<string, string>) => Promise<RegisteredMember>;
  /** A page signed in through the login screen as `member`, in a browser context of its own (closed after the test). */
  signedIn: (member: Credentials, options?: SignInOptions) => Promise<Page>;
  /** Makes two members contacts through tRPC: `a` asks, `b` accepts. */
  contacts: (a: RegisteredMember, b: RegisteredMember) => Promise<void>;
}

/** The journeys' test: `member`, `signedIn` and `contacts` set up what a journey starts from. */
export const test = base.extend<Fixtures>({
  member: async ({ baseURL }, provide) => {
    await provide((overrides = {}) => memberViaApi(overrides, baseURL ?? baseUrl()));
  },
  signedIn: async ({ browser }, provide) => {
    const opened: BrowserContext[] = [];
    await provide(async (member, options = {}) => {
      const context = await browser.newContext(options.context);
      opened.push(context);
      const page = await context.newPage();
      options.beforeLogin?.(page);
      await loginThroughUi(page, member.email, member.password);
      return page;
    });
    await Promise.all(opened.map((context) => context.close()));
  },
  contacts: async ({ baseURL }, provide) => {
    const base = baseURL ?? baseUrl();
    await provide(async (a, b) => {
      await (await callerFor(a, base)).mutation("contacts.sendRequest", { memberId: b.memberId });
      await (await callerFor(b, base)).mutation("contacts.accept", { memberId: a.memberId });
    });
  },
});

export { expect };
