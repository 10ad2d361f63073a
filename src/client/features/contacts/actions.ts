import { useMutation, useMutationState } from "@tanstack/react-query";
import { queryClient, trpc, trpcClient } from "../../lib/trpc.ts";

/** What a member can do with another member from a list row, a profile or a suggestion. */
export type ContactAction = "sendRequest" | "accept" | "reject" | "drop" | "follow" | "unfollow";
interface Vars {
  action: ContactAction;
  memberId: number;
}

const ACTION_KEY = ["contacts", "action"];

/**
 * After a contact change: reload every list, relationship, suggestion and search answer, the
 * viewed profiles (what a contact may see differs) and the first hour's progress.
 */
export function refreshContacts(): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries(trpc.contacts.pathFilter()),
    queryClient.invalidateQueries(trpc.search.pathFilter()),
    queryClient.invalidateQueries(trpc.profiles.view.pathFilter()),
    // A first contact is a step of the first hour.
    queryClient.invalidateQueries(trpc.onboarding.pathFilter()),
  ]);
}

/**
 * One mutation for every contact action. It stays pending until the lists have reloaded, so the
 * row it was started from can show a spinner until then (useBusyMembers).
 */
export function useContactAction() {
  return useMutation({
    mutationKey: ACTION_KEY,
    mutationFn: async ({ action, memberId }: Vars): Promise<void> => {
      await trpcClient.contacts[action].mutate({ memberId });
    },
    onSuccess: () => refreshContacts(),
  });
}

/** The members with an action under way (their rows show a spinner). */
export function useBusyMembers(): Set<number> {
  const ids = useMutationState({
    filters: { mutationKey: ACTION_KEY, status: "pending" },
    select: (m) => (m.state.variables as Vars | undefined)?.memberId ?? 0,
  });
  return new Set(ids);
}
