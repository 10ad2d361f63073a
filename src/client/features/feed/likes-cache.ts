import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import type { FeedPage, LikeState } from "../../../domains/feed/feed.schema.ts";
import { trpc } from "../../lib/trpc.ts";

type Feed = InfiniteData<FeedPage, string | null | undefined>;

/**
 * Writes a post's likes into every cached feed page that shows it: an optimistic like, the server's
 * answer, a live "post.likes" event (`liked` only when it is the member's own change).
 */
export function setCachedLikes(queryClient: QueryClient, change: Pick<LikeState, "postId" | "likes"> & { liked?: boolean }): void {
  queryClient.setQueriesData<Feed>(
    { queryKey: trpc.feed.page.pathKey() },
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => ({
          ...page,
          items: page.items.map((post) =>
            post.postId === change.postId ? { ...post, likes: change.likes, liked: change.liked ?? post.liked } : post,
          ),
        })),
      },
  );
}
