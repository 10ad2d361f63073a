import { Box, Button, Card, Group, Paper, SegmentedControl, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { keepPreviousData, useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useEffectEvent, useRef, useState } from "react";
import { formatSentDate, type NotificationItem } from "../../../domains/notifications/notifications.schema.ts";
import { texts } from "../../../shared/texts.ts";
import { ErrorAlert } from "../../components/ErrorAlert.tsx";
import { SmartLink } from "../../components/SmartLink.tsx";
import { trpc } from "../../lib/trpc.ts";

type View = "all" | "unread";

/**
 * Notifications (spec section 2): subject, text and sent date (dd/MM/yyyy h:mm:ss a) of each, newest
 * first, as a table on wide screens and cards on phones. Opening the screen marks them all read once
 * the first page is in (the navbar badge goes to 0), but the ones that were new stay bold for this
 * visit, and the Unread view keeps showing them.
 */
export function NotificationsPage() {
  const [view, setView] = useState<View>("all");
  const queryClient = useQueryClient();
  const query = useInfiniteQuery({
    ...trpc.notifications.list.infiniteQueryOptions({ view }, { getNextPageParam: (page) => page.nextCursor ?? undefined }),
    placeholderData: keepPreviousData,
    // Notifications arrive all the time (the live stream refreshes an open screen): check on each visit.
    staleTime: 0,
  });

  // Every notification seen unread during this visit, newest first: marked read on the server, still new here.
  const [fresh, setFresh] = useState<ReadonlyMap<number, NotificationItem>>(new Map());
  const loaded = query.isPlaceholderData ? undefined : query.data?.pages.flatMap((p) => p.items);
  const unreadLoaded = loaded?.filter((n) => !n.read) ?? [];

  const markAllRead = useMutation(
    trpc.notifications.markAllRead.mutationOptions({
      // The badge follows at once; the live stream refreshes the rest (notifications.changed).
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.notifications.unreadCount.queryKey() }),
    }),
  );
  // One markAllRead at a time; unread ones arriving meanwhile get one more after it.
  const marking = useRef(false);
  const markAgain = useRef(false);
  const mark = () => {
    if (marking.current) {
      markAgain.current = true;
      return;
    }
    marking.current = true;
    // Up to the newest one shown: one that arrives meanwhile stays new until it is shown too.
    markAllRead.mutate(
      { upToId: newestShown.current },
      {
        onSettled: () => {
          marking.current = false;
          if (markAgain.current) {
            markAgain.current = false;
            mark();
          }
        },
      },
    );
  };
  const newestShown = useRef<number | undefined>(undefined);
  newestShown.current = loaded?.reduce<number | undefined>(
    (max, n) => (max === undefined || n.notificationId > max ? n.notificationId : max),
    undefined,
  );
  const unreadKey = unreadLoaded.map((n) => n.notificationId).join(",");
  // On screen means seen: keep them shown as new and mark them read (again when one arrives while
  // the screen is open).
  const showAndMark = useEffectEvent(() => {
    setFresh((prev) => {
      const next = new Map(prev);
      for (const n of unreadLoaded) next.set(n.notificationId, n);
      return next;
    });
    mark();
  });
  // The unread ids say everything that matters: a new array of the same ids changes nothing.
  useEffect(() => {
    if (unreadKey) showAndMark();
  }, [unreadKey]);

  const items = loaded && (view === "all" ? loaded : mergeNewestFirst(loaded, [...fresh.values()]));
  const isNew = (n: NotificationItem) => !n.read || fresh.has(n.notificationId);

  return (
    <Card p={{ base: "sm", sm: "lg" }}>
      <Stack gap="md">
        <Group justify="space-between" align="center" gap="xs">
          <Title order={1} size="h2">
            {texts.notificationsTitle}
          </Title>
          <SegmentedControl
            size="xs"
            aria-label={texts.notificationsTitle}
            value={view}
            onChange={(v) => setView(v)}
            data={[
              { value: "all", label: texts.showAll },
              { value: "unread", label: texts.showUnread },
            ]}
          />
        </Group>
        <ErrorAlert error={query.error ?? markAllRead.error} />
        {!items && !query.error && <ListSkeleton />}
        {items && items.length === 0 && <Text c="dimmed">{texts.noMessages}</Text>}
        {items && items.length > 0 && <NotificationList items={items} isNew={isNew} />}
        {query.hasNextPage && (
          <Group justify="center">
            <Button variant="default" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
              {texts.notificationsLoadMore}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

/** The server's list plus the ones that were new during this visit (now read on the server), newest first. */
function mergeNewestFirst(server: NotificationItem[], fresh: NotificationItem[]): NotificationItem[] {
  const byId = new Map<number, NotificationItem>();
  for (const n of fresh) byId.set(n.notificationId, n);
  for (const n of server) byId.set(n.notificationId, n);
  return [...byId.values()].sort((a, b) => b.notificationId - a.notificationId);
}

function Subject({ item }: { item: NotificationItem }) {
  return item.link ? (
    <SmartLink href={item.link} fw="inherit" fz="inherit" underline="hover">
      {item.subject}
    </SmartLink>
  ) : (
    <>{item.subject}</>
  );
}

function Sent({ iso }: { iso: string }) {
  return <time dateTime={iso}>{formatSentDate(iso)}</time>;
}

function NewMark({ isNew }: { isNew: boolean }) {
  if (!isNew) return null;
  return (
    <>
      <Box
        component="span"
        display="inline-block"
        w={8}
        h={8}
        mr={8}
        bg="blue"
        style={{ borderRadius: "50%", verticalAlign: "middle" }}
        aria-hidden
      />
      <VisuallyHidden>{texts.messageUnreadIcon}: </VisuallyHidden>
    </>
  );
}

/** A table from the small breakpoint up, stacked cards on phones (one or the other, not both in the page). */
function NotificationList({ items, isNew }: { items: NotificationItem[]; isNew: (n: NotificationItem) => boolean }) {
  const wide = useMediaQuery("(min-width: 48em)", true, { getInitialValueInEffect: false });
  if (!wide) {
    return (
      <Stack component="ul" gap="xs" p={0} m={0} aria-label={texts.notificationsTitle} style={{ listStyle: "none" }}>
        {items.map((n) => (
          <Paper key={n.notificationId} component="li" withBorder p="sm" radius="md" data-new={isNew(n) || undefined}>
            <Stack gap={4}>
              <Text fw={isNew(n) ? 700 : 500}>
                <NewMark isNew={isNew(n)} />
                <Subject item={n} />
              </Text>
              <Text size="sm" fw={isNew(n) ? 600 : 400} style={{ overflowWrap: "anywhere" }}>
                {n.text}
              </Text>
              <Text size="xs" c="dimmed">
                {texts.notificationSent}: <Sent iso={n.sentAt} />
              </Text>
            </Stack>
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table highlightOnHover verticalSpacing="sm" aria-label={texts.notificationsTitle}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{texts.notificationSubject}</Table.Th>
            <Table.Th>{texts.notificationText}</Table.Th>
            <Table.Th style={{ whiteSpace: "nowrap" }}>{texts.notificationSent}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((n) => (
            <Table.Tr key={n.notificationId} fw={isNew(n) ? 700 : undefined} data-new={isNew(n) || undefined}>
              <Table.Td>
                <NewMark isNew={isNew(n)} />
                <Subject item={n} />
              </Table.Td>
              <Table.Td style={{ overflowWrap: "anywhere" }}>{n.text}</Table.Td>
              <Table.Td style={{ whiteSpace: "nowrap" }}>
                <Sent iso={n.sentAt} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function ListSkeleton() {
  return (
    <Stack gap="xs" aria-label={texts.loading} aria-busy>
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} height={44} radius="sm" />
      ))}
    </Stack>
  );
}
