import {
  ActionIcon,
  Avatar,
  Box,
  Button,
  Checkbox,
  Group,
  Paper,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
  VisuallyHidden,
} from "@mantine/core";
import { IconMail, IconMailOpened, IconTrash } from "@tabler/icons-react";
import type { KeyboardEvent, MouseEvent } from "react";
import { type MessageItem, previewOf } from "../../../domains/messages/messages.schema.ts";
import { fillText, texts } from "../../../shared/texts.ts";
import { RelativeDate } from "../../components/RelativeDate.tsx";
import { isUnread, otherParty, PartyLink } from "./shared.tsx";
import { listMaxHeight } from "../../components/list-height.ts";

/** Spec section 9: the message list scrolls inside 400 px. */
const LIST_HEIGHT = 400;

const stop = (e: MouseEvent | KeyboardEvent) => e.stopPropagation();

interface RowProps {
  item: MessageItem;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  onOpen: () => void;
  onDelete: () => void;
}

/**
 * One message (spec section 2): checkbox, read/unread icon, the other member's photo and name (a link
 * to the profile), date, subject and the start of the text; a delete icon. Unread rows are bold.
 * A click anywhere else on the row (or Enter on the subject) opens the message.
 */
function MessageRow({ item, selected, onSelect, onOpen, onDelete }: RowProps) {
  const party = otherParty(item);
  const unread = isUnread(item);
  const stateLabel = unread ? texts.messageUnreadIcon : texts.messageReadIcon;
  return (
    <Paper
      component="li"
      withBorder
      p="xs"
      radius="md"
      onClick={onOpen}
      data-unread={unread || undefined}
      bg={unread ? "var(--mantine-primary-color-light)" : undefined}
      style={{ cursor: "pointer" }}
    >
      <Group gap="xs" wrap="nowrap" align="center">
        <Checkbox
          aria-label={fillText(texts.selectMessage, { name: party.name })}
          checked={selected}
          onChange={(e) => onSelect(e.currentTarget.checked)}
          onClick={stop}
        />
        <Tooltip label={stateLabel} openDelay={300}>
          <Box
            component="span"
            role="img"
            aria-label={stateLabel}
            c={unread ? "var(--mantine-primary-color-filled)" : "dimmed"}
            style={{ display: "inline-flex" }}
          >
            {unread ? <IconMail size={18} aria-hidden /> : <IconMailOpened size={18} aria-hidden />}
          </Box>
        </Tooltip>
        {/* The sender's photo at every width: smaller on phones. */}
        <Avatar src={party.picturePath} alt="" size={40} radius="xl" visibleFrom="xs" />
        <Avatar src={party.picturePath} alt="" size={28} radius="xl" hiddenFrom="xs" />
        <Box style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs" wrap="nowrap" justify="space-between">
            <PartyLink party={party} fw={unread ? 700 : 500} size="sm" />
            <RelativeDate iso={item.sentAt} style={{ flexShrink: 0 }} fw={unread ? 700 : undefined} />
          </Group>
          <UnstyledButton
            onClick={(e: MouseEvent) => {
              e.stopPropagation();
              onOpen();
            }}
            display="block"
            w="100%"
          >
            {/* 24 px high, like the sender's link above it: the least target size (WCAG 2.5.8). */}
            <Text size="sm" fw={unread ? 700 : 400} lh="24px" truncate="end">
              {item.subject}
            </Text>
          </UnstyledButton>
          <Text size="xs" c="dimmed" truncate="end">
            {previewOf(item.body)}
          </Text>
        </Box>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={texts.deleteMessage}
          onClick={(e: MouseEvent) => {
            e.stopPropagation();
            onDelete();
          }}
        >
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </Group>
    </Paper>
  );
}

function RowSkeleton() {
  return (
    <Paper withBorder p="xs" radius="md">
      <Group gap="sm" wrap="nowrap">
        <Skeleton height={18} width={18} radius="sm" />
        <Skeleton circle height={40} />
        <Stack gap={6} style={{ flex: 1 }}>
          <Skeleton height={12} width="30%" />
          <Skeleton height={12} width="60%" />
          <Skeleton height={10} width="85%" />
        </Stack>
      </Group>
    </Paper>
  );
}

interface ListProps {
  items: MessageItem[] | undefined;
  selected: ReadonlySet<number>;
  busy: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  onSelect: (messageId: number, selected: boolean) => void;
  onOpen: (item: MessageItem) => void;
  onDelete: (item: MessageItem) => void;
}

/** The list of messages, newest first, scrolling inside 400 px; "Load more messages" at its end. */
export function MessageList({ items, selected, busy, hasMore, loadingMore, onLoadMore, onSelect, onOpen, onDelete }: ListProps) {
  if (!items) {
    return (
      <Stack gap="xs" aria-busy>
        <VisuallyHidden>{texts.loading}</VisuallyHidden>
        <RowSkeleton />
        <RowSkeleton />
        <RowSkeleton />
      </Stack>
    );
  }
  if (items.length === 0) {
    return (
      <Text c="dimmed" py="md" ta="center">
        {texts.noMessages}
      </Text>
    );
  }
  return (
    // Vertical scrolling only, and the rows as wide as the list (not as wide as their text), so long subjects truncate.
    <ScrollArea.Autosize
      mah={listMaxHeight(LIST_HEIGHT)}
      type="auto"
      scrollbars="y"
      offsetScrollbars="present"
      styles={{ content: { display: "block", minWidth: 0 } }}
    >
      <Stack
        component="ul"
        gap={6}
        p={0}
        m={0}
        style={{ listStyle: "none" }}
        aria-label={texts.messagesTitle}
        aria-busy={busy || undefined}
      >
        {items.map((item) => (
          <MessageRow
            key={item.messageId}
            item={item}
            selected={selected.has(item.messageId)}
            onSelect={(on) => onSelect(item.messageId, on)}
            onOpen={() => onOpen(item)}
            onDelete={() => onDelete(item)}
          />
        ))}
      </Stack>
      {hasMore && (
        <Group justify="center" mt="sm" mb={4}>
          <Button variant="subtle" size="xs" loading={loadingMore} onClick={onLoadMore}>
            {texts.messagesLoadMore}
          </Button>
        </Group>
      )}
    </ScrollArea.Autosize>
  );
}
