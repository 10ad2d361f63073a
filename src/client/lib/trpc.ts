import { QueryCache, QueryClient } from "@tanstack/react-query";
import {
  createTRPCClient,
  httpBatchLink,
  httpLink,
  httpSubscriptionLink,
  isNonJsonSerializable,
  splitLink,
  TRPCClientError,
} from "@trpc/client";
import { createTRPCOptionsProxy } from "@trpc/tanstack-react-query";
import type { AppRouter } from "../../server/trpc/root.ts";

/** True when the server said the session is gone (expired, signed out elsewhere). */
export function isUnauthorized(error: unknown): boolean {
  return error instanceof TRPCClientError && (error as TRPCClientError<AppRouter>).data?.code === "UNAUTHORIZED";
}

/** True when the request never reached the server (offline, server down). */
export function isNetworkError(error: unknown): boolean {
  return error instanceof TRPCClientError && !error.data;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, retry: (count, error) => count < 2 && isNetworkError(error), refetchOnWindowFocus: true },
    mutations: { retry: false },
  },
  queryCache: new QueryCache({
    onError: (error) => {
      if (isUnauthorized(error)) window.dispatchEvent(new CustomEvent("sideline:session-lost"));
    },
  }),
});

export const trpcClient = createTRPCClient<AppRouter>({
  // The session travels in an HttpOnly cookie; same-origin fetches (and EventSource) send it.
  // Subscriptions (the live stream) go over server-sent events; the link passes the last tracked
  // event id back on reconnect. FormData (the photo upload) cannot be batched: it goes alone
  // through httpLink, everything else is batched.
  links: [
    splitLink({
      condition: (op) => op.type === "subscription",
      true: httpSubscriptionLink({ url: "/trpc" }),
      false: splitLink({
        condition: (op) => isNonJsonSerializable(op.input),
        true: httpLink({ url: "/trpc" }),
        false: httpBatchLink({ url: "/trpc" }),
      }),
    }),
  ],
});

/** Query and mutation options for every procedure: trpc.account.me.queryOptions(), ... */
export const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });
