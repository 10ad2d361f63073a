import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { trpc } from "../../lib/trpc.ts";

/** The four member lists of the signed-in member. */
export type ListKind = "contacts" | "requests" | "following" | "followers";

/** Members per page; the rest come with "Load more". */
export const PAGE_SIZE = 30;

function optionsFor(kind: ListKind, search: string) {
  const input = { search: search || undefined, limit: PAGE_SIZE };
  const opts = { getNextPageParam: (page: { nextCursor: string | null }) => page.nextCursor ?? undefined };
  switch (kind) {
    case "contacts":
      return trpc.contacts.contacts.infiniteQueryOptions(input, opts);
    case "requests":
      return trpc.contacts.requests.infiniteQueryOptions(input, opts);
    case "following":
      return trpc.contacts.following.infiniteQueryOptions(input, opts);
    case "followers":
      return trpc.contacts.followers.infiniteQueryOptions(input, opts);
  }
}

/** One of the lists, page by page (keyset cursor), flattened; total counts every member of the list. */
export function useMemberPages(kind: ListKind, search = "") {
  // While a new search loads, the previous answer stays on screen (no flash of skeletons); other
  // members change these lists too, so each visit checks again.
  const query = useInfiniteQuery({ ...optionsFor(kind, search), placeholderData: keepPreviousData, staleTime: 0 });
  return {
    query,
    members: query.data?.pages.flatMap((p) => p.items),
    total: query.data?.pages[0]?.total ?? 0,
  };
}
