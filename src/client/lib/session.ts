import { useMutation } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import type { SessionMember } from "../../domains/accounts/accounts.schema.ts";
import { queryClient, trpc } from "./trpc.ts";

/** The signed-in member, from the cache or the server (null when signed out). */
export function loadCurrentMember(): Promise<SessionMember | null> {
  return queryClient.ensureQueryData(trpc.account.me.queryOptions());
}

/** The signed-in member as far as this tab knows without asking (undefined: not asked yet). */
export function cachedMember(): SessionMember | null | undefined {
  return queryClient.getQueryData(trpc.account.me.queryKey());
}

/** After a login: remember who is signed in, so guards let them through without a round trip. */
export function rememberMember(member: SessionMember): void {
  queryClient.setQueryData(trpc.account.me.queryKey(), member);
}

/** After logout or a lost session: forget every cached answer of the previous member. */
export function forgetSession(): void {
  queryClient.clear();
  queryClient.setQueryData(trpc.account.me.queryKey(), null);
}

/** True once this tab has signed out (forgetSession ran): a 401 then is expected, not a lost session. */
export function isSignedOut(): boolean {
  return queryClient.getQueryData(trpc.account.me.queryKey()) === null;
}

/** A `return` path is followed only when it stays on this site. */
export function safeReturnPath(path: string | undefined): string | null {
  return path && path.startsWith("/") && !path.startsWith("//") && !path.startsWith("/\\") ? path : null;
}

/** Signing out: the server ends the session, the client forgets it and shows the landing page. */
export function useLogout() {
  const navigate = useNavigate();
  return useMutation(
    trpc.account.logout.mutationOptions({
      onSettled: () => {
        forgetSession();
        void navigate({ to: "/" });
      },
    }),
  );
}
