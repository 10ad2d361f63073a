import { type BrowserContext, type BrowserContextOptions, expect, type Page, test as base } from "@playwright/test";
import { baseUrl, type JourneyMember, loginThroughUi, memberViaTrpc, trpcMutation } from "./journey.ts";

type Credentials = Pick<JourneyMember, "email" | "password">;

/** A member signed in through tRPC (the session cookie), for the preconditions a journey starts from. */
export interface TrpcCaller {
  mutation: (procedure: string, input: unknown) => Promise<unknown>;
}

/** Signs `member` in through tRPC's account.login and calls procedures with its session cookie. */
export async function trpcAs(base: string, member: Credentials): Promise<TrpcCaller> {
  let cookie = "";
  const mutation = async (procedure: string, input: unknown): Promise<unknown> => {
    const answer = await trpcMutation(base, procedure, input, cookie);
    cookie = answer.cookie;
    return answer.data;
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
export async function followAs(by: JourneyMember, whom: JourneyMember): Promise<void> {
  await (await callerFor(by)).mutation("contacts.follow", { memberId: whom.memberId });
}

/** A message sent through tRPC (messages.send), as from another device. */
export async function messageAs(from: JourneyMember, to: JourneyMember, subject: string, body: string): Promise<void> {
  await (await callerFor(from)).mutation("messages.send", { toMemberId: to.memberId, subject, body });
}

/** Deactivates `member` through tRPC (settings.deactivate), as from its own Account Settings. */
export async function deactivateAs(member: Credentials): Promise<void> {
  await (await callerFor(member)).mutation("settings.deactivate", {});
}

export interface SignInOptions {
  /** Options of the member's own browser context (viewport, colour scheme). */
  context?: BrowserContextOptions;
  /** Called with the new page before it logs in (to watch its console from the start). */
  beforeLogin?: (page: Page) => void;
}

interface Fixtures {
  /** A new active member (registered and confirmed by e-mail); `overrides` set registration fields. */
  member: (overrides?: Record<string, string>) => Promise<JourneyMember>;
  /** A page signed in through the login screen as `member`, in a browser context of its own (closed after the test). */
  signedIn: (member: Credentials, options?: SignInOptions) => Promise<Page>;
  /** Makes two members contacts through tRPC: `a` asks, `b` accepts. */
  contacts: (a: JourneyMember, b: JourneyMember) => Promise<void>;
}

/** The journeys' test: `member`, `signedIn` and `contacts` set up what a journey starts from. */
export const test = base.extend<Fixtures>({
  member: async ({ baseURL }, provide) => {
    await provide((overrides = {}) => memberViaTrpc(overrides, baseURL ?? baseUrl()));
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
