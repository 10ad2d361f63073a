import { Alert, Anchor, Button, Card, Group, Modal, Stack, Text, TextInput, Title } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconMail, IconMailOpened, IconPencilPlus, IconSearch, IconTrash } from "@tabler/icons-react";
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery } from "@tanstack/react-query";
import { Fragment, type ReactNode, useEffect, useRef, useState } from "react";
import { type MessageItem, MESSAGES_PER_PAGE, type MessageView, unreadText } from "../../../domains/messages/messages.schema.ts";
import { fillText, texts } from "../../../shared/texts.ts";
import { ErrorAlert } from "../../components/ErrorAlert.tsx";
import { trpc } from "../../lib/trpc.ts";
import { type Composing, ComposeModal } from "./ComposeModal.tsx";
import { MessageList } from "./MessageList.tsx";
import { MessageModal } from "./MessageModal.tsx";
import { useRefreshMessages } from "./shared.tsx";

const VIEWS: { view: MessageView; label: string }[] = [
  { view: "all", label: texts.showAll },
  { view: "unread", label: texts.showUnread },
  { view: "sent", label: texts.showSent },
];

/** A link-like button of the toolbar's second line (Select All / None, Show All / Unread / Sent). */
function LinkButton({ label, pressed, onClick }: { label: string; pressed?: boolean; onClick: () => void }) {
  return (
    <Anchor
      component="button"
      type="button"
      size="sm"
      fw={pressed ? 700 : 500}
      underline={pressed ? "always" : "hover"}
      aria-pressed={pressed}
      onClick={onClick}
    >
      {label}
    </Anchor>
  );
}

/** Links separated by slashes, as the spec writes them ("Select All/None", "Show All/Unread"). */
function LinkGroup({ label, children }: { label: string; children: ReactNode[] }) {
  return (
    <Group gap={6} role="group" aria-label={label} wrap="nowrap">
      {children.map((child, i) => (
        <Fragment key={i}>
          {i > 0 && (
            <Text span c="dimmed" size="sm" aria-hidden>
              /
            </Text>
          )}
          {child}
        </Fragment>
      ))}
    </Group>
  );
}

interface Props {
  /** A contact to write to at once (the profile's "Send a Message"). */
  composeTo?: number;
  /** Called once composeTo has been taken over. */
  onComposeTaken?: () => void;
}

/**
 * Messenger (spec sections 2, 4, 9): the unread text, search, the toolbar (Compose, Mark read, Mark
 * unread, Delete), Select All / None and Show All / Unread / Sent, and the list. Other members' new
 * messages arrive through the live-updates stream, which invalidates these queries.
 */
export function MessengerPage({ composeTo, onComposeTaken }: Props) {
  const refresh = useRefreshMessages();
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [view, setView] = useState<MessageView>("all");
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [opened, setOpened] = useState<MessageItem | null>(null);
  const [composing, setComposing] = useState<Composing>(null);
  const [deleting, setDeleting] = useState<number[] | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const unread = useQuery({ ...trpc.messages.unreadCount.queryOptions(), staleTime: 0 });
  const list = useInfiniteQuery({
    ...trpc.messages.list.infiniteQueryOptions(
      { view, search: debounced || undefined, limit: MESSAGES_PER_PAGE },
      { getNextPageParam: (page) => page.nextCursor ?? undefined },
    ),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const items = list.error && !list.data ? [] : list.data?.pages.flatMap((p) => p.items);
  // Only what is on the list counts as selected (a message deleted elsewhere drops out).
  const selectedIds = (items ?? []).filter((i) => selected.has(i.messageId)).map((i) => i.messageId);
  const nothing = selectedIds.length === 0;

  const markRead = useMutation(trpc.messages.markRead.mutationOptions({ onSettled: () => refresh() }));
  const remove = useMutation(
    trpc.messages.remove.mutationOptions({
      onSuccess: (_count, { messageIds }) => setSelected((s) => new Set([...s].filter((id) => !messageIds.includes(id)))),
      onSettled: () => refresh(),
    }),
  );
  const open = useMutation(
    trpc.messages.open.mutationOptions({
      onSuccess: (item) => {
        setOpened((current) => (current?.messageId === item.messageId ? item : current));
        void refresh();
      },
    }),
  );

  // A new search or view starts with nothing selected.
  useEffect(() => setSelected(new Set()), [view, debounced]);

  // "Send a Message" from a profile: Compose opens with that contact.
  const taken = useRef(onComposeTaken);
  taken.current = onComposeTaken;
  useEffect(() => {
    if (composeTo === undefined) return;
    setComposing({ key: Date.now(), to: composeTo });
    taken.current?.();
  }, [composeTo]);

  const startCompose = () => {
    setNotice(null);
    setComposing({ key: Date.now() });
  };
  const openMessage = (item: MessageItem) => {
    setNotice(null);
    setOpened(item);
    open.mutate({ messageId: item.messageId });
  };
  const toggle = (messageId: number, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(messageId);
      else next.delete(messageId);
      return next;
    });

  const count = unread.data;
  return (
    <Card p={{ base: "sm", sm: "lg" }}>
      <Stack gap="md">
        <Group justify="space-between" align="baseline" gap="xs">
          <Title order={1} size="h2">
            {texts.messagesTitle}
          </Title>
          {count !== undefined && (
            <Text size="sm" fw={count > 0 ? 700 : undefined} c={count > 0 ? undefined : "dimmed"} role="status">
              {unreadText(count)}
            </Text>
          )}
        </Group>
        <TextInput
          label={texts.searchMessagesLabel}
          placeholder={texts.searchMessagesPlaceholder}
          leftSection={<IconSearch size={16} aria-hidden />}
          maxLength={100}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
        />
        <Group gap="xs" wrap="wrap" role="toolbar" aria-label={texts.messagesTitle}>
          <Button size="xs" leftSection={<IconPencilPlus size={16} aria-hidden />} onClick={startCompose}>
            {texts.composeMessage}
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconMailOpened size={16} aria-hidden />}
            disabled={nothing || view === "sent"}
            loading={markRead.isPending && markRead.variables.read}
            onClick={() => markRead.mutate({ messageIds: selectedIds, read: true })}
          >
            {texts.markRead}
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconMail size={16} aria-hidden />}
            disabled={nothing || view === "sent"}
            loading={markRead.isPending && !markRead.variables.read}
            onClick={() => markRead.mutate({ messageIds: selectedIds, read: false })}
          >
            {texts.markUnread}
          </Button>
          <Button
            size="xs"
            variant="light"
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
            disabled={nothing}
            loading={remove.isPending}
            onClick={() => setDeleting(selectedIds)}
          >
            {texts.deleteMessages}
          </Button>
        </Group>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <LinkGroup label={texts.selectAll}>
            {[
              <LinkButton key="all" label={texts.selectAll} onClick={() => setSelected(new Set((items ?? []).map((i) => i.messageId)))} />,
              <LinkButton key="none" label={texts.selectNone} onClick={() => setSelected(new Set())} />,
            ]}
          </LinkGroup>
          <LinkGroup label={texts.showAll}>
            {VIEWS.map((v) => (
              <LinkButton key={v.view} label={v.label} pressed={view === v.view} onClick={() => setView(v.view)} />
            ))}
          </LinkGroup>
        </Group>
        {notice && (
          <Alert color="turf" role="status" withCloseButton closeButtonLabel={texts.close} onClose={() => setNotice(null)}>
            {notice}
          </Alert>
        )}
        <ErrorAlert error={list.error ?? markRead.error ?? remove.error ?? open.error} />
        <MessageList
          items={items}
          selected={selected}
          busy={list.isFetching && !list.isFetchingNextPage}
          hasMore={!!list.hasNextPage}
          loadingMore={list.isFetchingNextPage}
          onLoadMore={() => void list.fetchNextPage()}
          onSelect={toggle}
          onOpen={openMessage}
          onDelete={(item) => setDeleting([item.messageId])}
        />
      </Stack>
      <ConfirmDelete
        ids={deleting}
        onConfirm={(messageIds) => {
          setNotice(null);
          remove.mutate({ messageIds });
        }}
        onClose={() => setDeleting(null)}
      />
      <MessageModal message={opened} onClose={() => setOpened(null)} />
      <ComposeModal
        composing={composing}
        onClose={() => setComposing(null)}
        onSent={() => {
          setComposing(null);
          setNotice(texts.messageSent);
        }}
      />
    </Card>
  );
}

/** "Delete messages": the member's copies go; the other member keeps theirs. */
function ConfirmDelete({ ids, onConfirm, onClose }: { ids: number[] | null; onConfirm: (ids: number[]) => void; onClose: () => void }) {
  const [shown, setShown] = useState<number[]>([]);
  useEffect(() => {
    if (ids) setShown(ids);
  }, [ids]);
  return (
    <Modal opened={ids !== null} onClose={onClose} title={texts.confirmDeleteTitle}>
      <Stack>
        <Text>{fillText(texts.confirmDeleteBody, { count: (ids ?? shown).length })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {texts.cancel}
          </Button>
          <Button
            color="red"
            data-autofocus
            onClick={() => {
              if (ids) onConfirm(ids);
              onClose();
            }}
          >
            {texts.deleteMessages}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
