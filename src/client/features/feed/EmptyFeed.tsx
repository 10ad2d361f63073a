import { Avatar, Badge, Box, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { IconPencilPlus, IconUsersPlus } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useId } from "react";
import type { SuggestedPost } from "../../../domains/feed/feed.schema.ts";
import { texts } from "../../../shared/texts.ts";
import { screenTexts } from "../../../shared/screen-texts.ts";
import { RelativeDate } from "../../components/RelativeDate.tsx";
import { trpc } from "../../lib/trpc.ts";
import { ProfileLink } from "../contacts/MemberRow.tsx";
import { Suggestions } from "../contacts/Suggestions.tsx";

/**
 * An empty feed (issue 16): the next steps (write a post, find contacts), then posts of members
 * who share the member's sport or state, each labelled as a suggestion with its reason
 * (feed.suggested: only where the author's privacy allows), and members to follow or add.
 */
export function EmptyFeed({ onWrite }: { onWrite: () => void }) {
  const suggested = useQuery(trpc.feed.suggested.queryOptions());
  const postsHeading = useId();
  const peopleHeading = useId();
  const posts = suggested.data ?? [];
  return (
    <Stack gap="lg">
      <Stack gap="xs" align="center" py="sm" ta="center">
        <Text c="dimmed">{texts.feedEmpty}</Text>
        <Group gap="xs" justify="center">
          <Button size="xs" leftSection={<IconPencilPlus size={16} aria-hidden />} onClick={onWrite}>
            {screenTexts.writeAPost}
          </Button>
          <Button
            component={Link}
            to="/contacts/find-contacts"
            size="xs"
            variant="default"
            leftSection={<IconUsersPlus size={16} aria-hidden />}
          >
            {texts.findContacts}
          </Button>
        </Group>
      </Stack>
      {posts.length > 0 && (
        <Box component="section" aria-labelledby={postsHeading}>
          <Title order={3} size="h5" id={postsHeading}>
            {screenTexts.suggestedPostsTitle}
          </Title>
          <Text size="sm" mb="sm">
            {screenTexts.suggestedPostsIntro}
          </Text>
          <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: "none" }} aria-label={screenTexts.suggestedPostsTitle}>
            {posts.map((post) => (
              <SuggestedPostItem key={post.postId} post={post} />
            ))}
          </Stack>
        </Box>
      )}
      {/* A group, not a second landmark: the right column's "Suggested for you" is the region of that name. */}
      <Box role="group" aria-labelledby={peopleHeading}>
        <Title order={3} size="h5" id={peopleHeading} mb="xs">
          {texts.suggestedForYou}
        </Title>
        <Suggestions layout="strip" label={texts.suggestedForYou} />
      </Box>
    </Stack>
  );
}

/** A suggested post: its author, why it is suggested, when, and the text (replies come with a contact or a follow). */
function SuggestedPostItem({ post }: { post: SuggestedPost }) {
  return (
    <Paper component="li" withBorder p="sm" radius="md">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Avatar src={post.author.picturePath} alt="" size={40} radius="xl" />
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Group gap={8} wrap="wrap" align="baseline">
            <ProfileLink member={post.author} />
            <RelativeDate iso={post.createdAt} />
          </Group>
          <Badge variant="light" tt="none" fw={500} w="fit-content">
            {post.reason === "sport" ? screenTexts.suggestedBecauseSport : screenTexts.suggestedBecauseState}
          </Badge>
          <Text style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>{post.text}</Text>
        </Stack>
      </Group>
    </Paper>
  );
}
