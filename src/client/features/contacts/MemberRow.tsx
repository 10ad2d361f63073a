import { Anchor, Avatar, Button, Group, Loader, Paper, ScrollArea, Skeleton, Stack, Text } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import type { MemberCard } from "../../../domains/contacts/contacts.schema.ts";
import { texts } from "../../../shared/texts.ts";
import { listMaxHeight } from "../../components/list-height.ts";

/** The name of a member as a link to their profile. */
export function ProfileLink({ member, size }: { member: Pick<MemberCard, "memberId" | "name">; size?: string }) {
  return (
    <Anchor
      renderRoot={(props) => <Link {...props} to="/members/view-profile/show-profile" search={{ memberID: member.memberId }} />}
      fw={600}
      size={size}
      style={{ overflowWrap: "anywhere" }}
    >
      {member.name}
    </Anchor>
  );
}

interface RowProps {
  member: MemberCard;
  /** "title": title (Unknown Title when empty) and place; "profile": status and sport, then city/state (search results). */
  details?: "title" | "profile";
  /** Links or buttons at the end of the row. */
  actions?: ReactNode;
  /** An action on this member is under way: a spinner instead of the actions. */
  busy?: boolean;
}

/** One member of a list: photo, name (a link to the profile), secondary text, actions. */
export function MemberRow({ member, details = "title", actions, busy }: RowProps) {
  return (
    <Paper component="li" withBorder p="sm" radius="md" aria-busy={busy || undefined}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap="sm" wrap="nowrap" style={{ flex: "1 1 220px", minWidth: 0 }}>
          <Avatar src={member.picturePath} alt="" size={48} radius="xl" />
          <Stack gap={0} style={{ minWidth: 0 }}>
            <ProfileLink member={member} />
            {details === "title" && (
              <Text size="sm" c="dimmed" lineClamp={1}>
                {member.title || texts.unknownTitle}
              </Text>
            )}
            {details === "title" && member.location && (
              <Text size="xs" c="dimmed">
                {member.location}
              </Text>
            )}
            {details === "profile" && (member.profileType || member.sport) && (
              <Text size="sm" c="dimmed">
                {[member.profileType, member.sport].filter(Boolean).join(" · ")}
              </Text>
            )}
            {details === "profile" && member.location && (
              <Text size="xs" c="dimmed">
                {member.location}
              </Text>
            )}
          </Stack>
        </Group>
        {busy ? (
          <Loader size="sm" aria-label={texts.loading} />
        ) : (
          actions && (
            <Group gap="xs" wrap="nowrap" ml="auto">
              {actions}
            </Group>
          )
        )}
      </Group>
    </Paper>
  );
}

interface ListProps {
  /** The accessible name of the list. */
  label: string;
  members: MemberCard[] | undefined;
  /** The scroll height of the list (spec section 9). */
  height: number;
  emptyText: string;
  renderRow: (member: MemberCard) => ReactNode;
  hasMore?: boolean;
  loadingMore?: boolean;
  onLoadMore?: () => void;
}

/** A list of member rows that scrolls inside its height, with skeletons while loading and "Load more". */
export function MemberList({ label, members, height, emptyText, renderRow, hasMore, loadingMore, onLoadMore }: ListProps) {
  if (!members) {
    return (
      <Stack gap="xs" aria-label={texts.loading} aria-busy>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={74} radius="md" />
        ))}
      </Stack>
    );
  }
  if (members.length === 0) return <Text c="dimmed">{emptyText}</Text>;
  return (
    <ScrollArea.Autosize mah={listMaxHeight(height)} type="auto" offsetScrollbars="present">
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: "none" }} aria-label={label}>
        {members.map(renderRow)}
      </Stack>
      {hasMore && (
        <Group justify="center" mt="sm">
          <Button variant="subtle" size="xs" loading={loadingMore} onClick={onLoadMore}>
            {texts.loadMore}
          </Button>
        </Group>
      )}
    </ScrollArea.Autosize>
  );
}
