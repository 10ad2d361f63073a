import { Anchor, Avatar, Button, Group, Modal, Skeleton, Stack, Text } from "@mantine/core";
import { IconHeart, IconHeartFilled } from "@tabler/icons-react";
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { Post } from "../../../domains/feed/feed.schema.ts";
import { fillText, texts } from "../../../shared/texts.ts";
import { ErrorAlert } from "../../components/ErrorAlert.tsx";
import { trpcClient, trpc } from "../../lib/trpc.ts";
import { ProfileLink } from "../contacts/MemberRow.tsx";
import { setCachedLikes } from "./likes-cache.ts";

/**
 * A post's Like button (pressed when the member likes it) and its count, which opens the list of
 * who liked. A click shows its effect at once (optimistic) and takes the server's count when the
 * answer comes; a failure puts the post back as it was.
 */
export function PostLikes({ post }: { post: Post }) {
  const queryClient = useQueryClient();
  const [showLikers, setShowLikers] = useState(false);
  const toggle = useMutation({
    mutationFn: (like: boolean) =>
      like ? trpcClient.feed.like.mutate({ postId: post.postId }) : trpcClient.feed.unlike.mutate({ postId: post.postId }),
    onMutate: async (like: boolean) => {
      await queryClient.cancelQueries({ queryKey: trpc.feed.page.pathKey() });
      const before = { postId: post.postId, likes: post.likes, liked: post.liked };
      setCachedLikes(queryClient, { postId: post.postId, likes: Math.max(post.likes + (like ? 1 : -1), 0), liked: like });
      return before;
    },
    onSuccess: (state) => setCachedLikes(queryClient, state),
    onError: (_error, _like, before) => before && setCachedLikes(queryClient, before),
  });
  const name = post.author.name;
  return (
    <>
      <Button
        variant="subtle"
        size="compact-sm"
        color={post.liked ? "red" : "gray"}
        leftSection={post.liked ? <IconHeartFilled size={16} aria-hidden /> : <IconHeart size={16} aria-hidden />}
        aria-pressed={post.liked}
        aria-label={fillText(post.liked ? texts.unlikePost : texts.likePost, { name })}
        onClick={() => toggle.mutate(!post.liked)}
      >
        {texts.like}
      </Button>
      {post.likes > 0 && (
        <Anchor component="button" type="button" size="xs" c="dimmed" aria-haspopup="dialog" onClick={() => setShowLikers(true)}>
          {post.likes === 1 ? texts.likesOne : fillText(texts.likesCount, { count: post.likes })}
        </Anchor>
      )}
      {toggle.error && <ErrorAlert error={toggle.error} />}
      <Modal opened={showLikers} onClose={() => setShowLikers(false)} title={fillText(texts.likersOf, { name })} size="sm">
        {showLikers && <LikersList postId={post.postId} />}
      </Modal>
    </>
  );
}

/** The members who like a post, newest first, a page at a time. */
function LikersList({ postId }: { postId: number }) {
  const likers = useInfiniteQuery(
    trpc.feed.likers.infiniteQueryOptions({ postId }, { getNextPageParam: (last) => last.nextCursor ?? undefined }),
  );
  if (likers.error) return <ErrorAlert error={likers.error} />;
  if (!likers.data) {
    return (
      <Stack gap="xs" aria-busy aria-label={texts.loading}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={36} radius="md" />
        ))}
      </Stack>
    );
  }
  const members = likers.data.pages.flatMap((page) => page.items);
  if (members.length === 0) return <Text c="dimmed">{texts.likersEmpty}</Text>;
  return (
    <Stack gap="xs">
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: "none" }} aria-label={texts.likersTitle}>
        {members.map((member) => (
          <Group component="li" key={member.memberId} gap="sm" wrap="nowrap">
            <Avatar src={member.picturePath} alt="" size={36} radius="xl" />
            <ProfileLink member={member} size="sm" />
          </Group>
        ))}
      </Stack>
      {likers.hasNextPage && (
        <Group justify="center">
          <Button variant="subtle" size="xs" loading={likers.isFetchingNextPage} onClick={() => void likers.fetchNextPage()}>
            {texts.loadMore}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
