import { Anchor, Avatar, Box, Button, Card, Group, Paper, Skeleton, Stack, Text, Title, VisuallyHidden } from "@mantine/core";
import { IconChevronLeft, IconChevronRight, IconMessageCircle, IconPencilPlus, IconRefresh } from "@tabler/icons-react";
import { type InfiniteData, useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useDeferredValue, useEffect, useId, useRef, useState } from "react";
import type { Author, FeedPage, Post, Reply } from "../../../domains/feed/feed.schema.ts";
import { POSTS_PER_PAGE } from "../../../shared/limits.ts";
import { texts } from "../../../shared/texts.ts";
import { ErrorAlert } from "../../components/ErrorAlert.tsx";
import { RelativeDate } from "../../components/RelativeDate.tsx";
import { trpc } from "../../lib/trpc.ts";
import { reportLabels } from "../../../shared/safety-texts.ts";
import { fillText } from "../../../shared/texts.ts";
import { useCurrentMember } from "../../lib/use-current-member.ts";
import { ReportLink } from "../safety/ReportLink.tsx";
import { EmptyFeed } from "./EmptyFeed.tsx";
import { PostLikes } from "./PostLikes.tsx";
import { type Composing, PostModal } from "./PostModal.tsx";

const feedInput = { limit: POSTS_PER_PAGE };
/** The pager's buttons keep their whole label on a phone (the page number gives way instead). */
const navButton = { root: { flexShrink: 0, paddingInline: 6 }, section: { marginInline: 2 } };
type Feed = InfiniteData<FeedPage, string | null | undefined>;

/** The author's name as a link to their profile. */
function AuthorLink({ author, size }: { author: Author; size?: string }) {
  return (
    <Anchor
      renderRoot={(props) => <Link {...props} to="/members/view-profile/show-profile" search={{ memberID: author.memberId }} />}
      fw={600}
      size={size}
      style={{ overflowWrap: "anywhere" }}
    >
      {author.name}
    </Anchor>
  );
}

function ReplyItem({ reply }: { reply: Reply }) {
  const me = useCurrentMember();
  return (
    <Group component="li" gap="xs" wrap="nowrap" align="flex-start">
      <Avatar src={reply.author.picturePath} alt="" size={30} radius="xl" />
      <Box style={{ minWidth: 0, flex: 1 }}>
        <Group gap={8} wrap="wrap" align="baseline">
          <AuthorLink author={reply.author} size="sm" />
          <RelativeDate iso={reply.createdAt} />
          {reply.author.memberId !== me.memberId && (
            <ReportLink target={{ kind: "reply", id: reply.replyId }} label={fillText(reportLabels.reply, { name: reply.author.name })} />
          )}
        </Group>
        <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
          {reply.text}
        </Text>
      </Box>
    </Group>
  );
}

/** One post (spec section 3): author photo and name, date, text, Reply, and the replies under it, oldest first. */
function PostItem({ post, onReply }: { post: Post; onReply: (post: Post) => void }) {
  const nameId = useId();
  const replyLabel = texts.replyTo.replace("{name}", post.author.name);
  const me = useCurrentMember();
  return (
    <Paper component="article" withBorder p={{ base: "sm", xs: "md" }} radius="md" aria-labelledby={nameId}>
      <Stack gap={8}>
        <Group gap="sm" wrap="nowrap">
          <Avatar src={post.author.picturePath} alt="" size={40} radius="xl" />
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Box id={nameId} component="span">
              <AuthorLink author={post.author} />
            </Box>
            <RelativeDate iso={post.createdAt} />
          </Stack>
        </Group>
        <Text style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>{post.text}</Text>
        <Group gap="xs">
          <Anchor component="button" type="button" size="sm" aria-label={replyLabel} onClick={() => onReply(post)}>
            <Group gap={4} wrap="nowrap" component="span">
              <IconMessageCircle size={16} aria-hidden />
              {texts.reply}
            </Group>
          </Anchor>
          {post.replies.length > 0 && (
            <Text size="xs" c="dimmed">
              {(post.replies.length === 1 ? texts.repliesOne : texts.repliesCount).replace("{count}", String(post.replies.length))}
            </Text>
          )}
          <PostLikes post={post} />
          {post.author.memberId !== me.memberId && (
            <ReportLink target={{ kind: "post", id: post.postId }} label={fillText(reportLabels.post, { name: post.author.name })} />
          )}
        </Group>
        {post.replies.length > 0 && (
          <Stack
            component="ul"
            gap="sm"
            p={0}
            m={0}
            pl="sm"
            ml={{ base: 4, xs: 20 }}
            aria-label={texts.repliesTo.replace("{name}", post.author.name)}
            style={{ listStyle: "none", borderLeft: "2px solid var(--mantine-color-default-border)" }}
          >
            {post.replies.map((reply) => (
              <ReplyItem key={reply.replyId} reply={reply} />
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

function PostSkeleton() {
  return (
    <Paper withBorder p={{ base: "sm", xs: "md" }} radius="md">
      <Group gap="sm" wrap="nowrap" mb="sm">
        <Skeleton circle height={40} />
        <Stack gap={6} style={{ flex: 1 }}>
          <Skeleton height={14} width="35%" />
          <Skeleton height={10} width="15%" />
        </Stack>
      </Group>
      <Skeleton height={12} mb={6} />
      <Skeleton height={12} width="70%" />
    </Paper>
  );
}

/**
 * Recent Posts (spec sections 2, 3, 5, 9): the member's feed, 5 posts a page, with Refresh and Add
 * New Post. Paging follows the server's keyset cursor: "Older posts" fetches the next page once
 * (the pages already fetched stay in the cache, so "Newer posts" goes back without a call); there is
 * no total, so there are no page numbers to jump to, only the page one is on.
 */
export function RecentPosts() {
  const queryClient = useQueryClient();
  const headingId = useId();
  const sectionRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLDivElement>(null); // the list: a ul (Stack types its ref as a div)
  const options = trpc.feed.page.infiniteQueryOptions(feedInput, { getNextPageParam: (last) => last.nextCursor ?? undefined });
  const key = options.queryKey;
  const feed = useInfiniteQuery(options);
  const [page, setPage] = useState(0);
  // Bumped by Newer/Older posts: the section's top comes into view and the list takes focus, so the
  // new page is read from its first post (not from where the reader was on the page before).
  const [focusList, setFocusList] = useState(0);
  const [refreshing, setRefreshing] = useState(false);
  const [composing, setComposing] = useState<Composing>(null);

  // The posts render from a deferred copy of the answer: React renders them in short slices that
  // yield to the browser, not in the one long task a query's synchronous update would take.
  const pages = useDeferredValue(feed.data)?.pages ?? [];
  const current = Math.min(page, Math.max(pages.length - 1, 0));
  const shown = pages[current];
  // A full last page carries a cursor even when nothing older exists: an empty page is no page.
  const next = pages[current + 1];
  const hasOlder = next ? next.items.length > 0 : !!feed.hasNextPage;

  useEffect(() => {
    if (!focusList) return;
    sectionRef.current?.scrollIntoView({ block: "start" });
    listRef.current?.focus({ preventScroll: true });
  }, [focusList]);

  /** Back to the first page, fetched again alone (not every page seen so far). */
  const reloadFirstPage = async () => {
    setPage(0);
    queryClient.setQueryData<Feed>(key, (data) => data && { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) });
    await queryClient.invalidateQueries({ queryKey: key, exact: true });
  };

  const refresh = async () => {
    setRefreshing(true);
    try {
      await reloadFirstPage();
    } finally {
      setRefreshing(false);
    }
  };

  const older = async () => {
    if (current >= pages.length - 1) {
      const result = await feed.fetchNextPage();
      if (!result.data?.pages[current + 1]?.items.length) return;
    }
    setPage(current + 1);
    setFocusList((n) => n + 1);
  };
  const newer = () => {
    setPage(Math.max(current - 1, 0));
    setFocusList((n) => n + 1);
  };

  const createPost = useMutation(
    trpc.feed.post.mutationOptions({
      onSuccess: (post) => {
        setComposing(null);
        // The new post at the top at once; the first page is then fetched again to stay exact.
        queryClient.setQueryData<Feed>(key, (data) =>
          data && data.pages[0]
            ? { pages: [{ ...data.pages[0], items: [post, ...data.pages[0].items] }], pageParams: data.pageParams.slice(0, 1) }
            : data,
        );
        void reloadFirstPage();
        // A first post is a step of the first hour, and ends the empty feed's suggestions.
        void queryClient.invalidateQueries(trpc.onboarding.pathFilter());
      },
    }),
  );
  const createReply = useMutation(
    trpc.feed.reply.mutationOptions({
      onSuccess: (reply) => {
        setComposing(null);
        queryClient.setQueryData<Feed>(
          key,
          (data) =>
            data && {
              ...data,
              pages: data.pages.map((p) => ({
                ...p,
                items: p.items.map((post) => (post.postId === reply.postId ? { ...post, replies: [...post.replies, reply] } : post)),
              })),
            },
        );
      },
    }),
  );

  const openComposer = (what: Composing) => {
    createPost.reset();
    createReply.reset();
    setComposing(what);
  };
  const submit = (text: string) => {
    if (composing?.kind === "reply") createReply.mutate({ postId: composing.post.postId, text });
    else createPost.mutate({ text });
  };

  let body;
  if (!shown) {
    body = feed.error ? (
      <ErrorAlert error={feed.error} />
    ) : (
      <Stack gap="sm" aria-busy>
        <VisuallyHidden>{texts.loading}</VisuallyHidden>
        <PostSkeleton />
        <PostSkeleton />
        <PostSkeleton />
      </Stack>
    );
  } else if (shown.items.length === 0 && current === 0) {
    body = <EmptyFeed onWrite={() => openComposer({ kind: "post" })} />;
  } else {
    body = (
      <Stack
        ref={listRef}
        component="ul"
        gap="sm"
        p={0}
        m={0}
        tabIndex={-1}
        aria-label={pages.length > 1 ? `${texts.recentPosts}, ${texts.pageN.replace("{n}", String(current + 1))}` : texts.recentPosts}
        aria-busy={feed.isFetching || undefined}
        style={{ listStyle: "none", outline: "none" }}
      >
        {shown.items.map((post) => (
          <li key={post.postId}>
            <PostItem post={post} onReply={(p) => openComposer({ kind: "reply", post: p })} />
          </li>
        ))}
      </Stack>
    );
  }

  return (
    // The scroll margin keeps the section's top below the fixed 60 px header.
    <Card ref={sectionRef} component="section" aria-labelledby={headingId} style={{ scrollMarginTop: 72 }}>
      <Group justify="space-between" gap="xs" mb="md">
        <Title order={2} size="h4" id={headingId}>
          {texts.recentPosts}
        </Title>
        <Group gap="xs">
          <Button
            variant="default"
            size="xs"
            leftSection={<IconRefresh size={16} aria-hidden />}
            loading={refreshing}
            onClick={() => void refresh()}
          >
            {texts.refresh}
          </Button>
          <Button size="xs" leftSection={<IconPencilPlus size={16} aria-hidden />} onClick={() => openComposer({ kind: "post" })}>
            {texts.addNewPost}
          </Button>
        </Group>
      </Group>
      {shown && feed.error && <ErrorAlert error={feed.error} />}
      {body}
      {shown && (current > 0 || hasOlder) && (
        <Group
          justify="space-between"
          wrap="nowrap"
          preventGrowOverflow={false}
          gap={4}
          mt="md"
          component="nav"
          aria-label={texts.postPages}
        >
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconChevronLeft size={14} aria-hidden />}
            disabled={current === 0}
            onClick={newer}
            styles={navButton}
          >
            {texts.newerPosts}
          </Button>
          <Text size="xs" c="dimmed" truncate>
            {texts.pageN.replace("{n}", String(current + 1))}
          </Text>
          <Button
            variant="subtle"
            size="compact-sm"
            rightSection={<IconChevronRight size={14} aria-hidden />}
            styles={navButton}
            disabled={!hasOlder}
            loading={feed.isFetchingNextPage}
            onClick={() => void older()}
          >
            {texts.olderPosts}
          </Button>
        </Group>
      )}
      <PostModal
        composing={composing}
        pending={createPost.isPending || createReply.isPending}
        error={composing?.kind === "reply" ? createReply.error : createPost.error}
        onSubmit={submit}
        onClose={() => setComposing(null)}
      />
    </Card>
  );
}
