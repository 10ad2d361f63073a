import { Avatar, Box, Group, Loader, Paper, ScrollArea, Skeleton, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { MemberCard } from "../../../domains/contacts/contacts.schema.ts";
import { texts } from "../../../shared/texts.ts";
import { ErrorAlert } from "../../components/ErrorAlert.tsx";
import { trpc } from "../../lib/trpc.ts";
import { useSuggestionsOnScreen } from "../../lib/suggestions-on-screen.ts";
import { useBusyMembers, useContactAction } from "./actions.ts";
import { RequestContactModal } from "./ConfirmModal.tsx";
import { ProfileLink } from "./MemberRow.tsx";
import { RelationActions } from "./RelationActions.tsx";

const SUGGESTIONS = 12;

/**
 * Members to connect with (search.suggestions), each with Add as Contact and Follow. After either,
 * the list reloads with a spinner on that member. "strip": a horizontal strip (Find Contacts);
 * "column": a list at most 600 px high (the right column's Suggested for you).
 */
export function Suggestions({ layout, label }: { layout: "strip" | "column"; label: string }) {
  if (layout === "strip") return <SuggestionsStrip label={label} />;
  return <SuggestionList layout={layout} label={label} />;
}

/** The strip a screen shows (Find Contacts, an empty feed): the stacked right column then leaves its own list out. */
function SuggestionsStrip({ label }: { label: string }) {
  useSuggestionsOnScreen();
  return <SuggestionList layout="strip" label={label} />;
}

function SuggestionList({ layout, label }: { layout: "strip" | "column"; label: string }) {
  const suggestions = useQuery(trpc.search.suggestions.queryOptions({ limit: SUGGESTIONS }));
  const [requesting, setRequesting] = useState<MemberCard | null>(null);
  const send = useContactAction();
  const busy = useBusyMembers();
  const strip = layout === "strip";

  let body;
  if (!suggestions.data) {
    body = suggestions.error ? (
      <ErrorAlert error={suggestions.error} />
    ) : (
      <Group gap="xs" wrap="nowrap">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={strip ? 150 : 64} width={strip ? 200 : "100%"} radius="md" />
        ))}
      </Group>
    );
  } else if (suggestions.data.length === 0) {
    body = (
      <Text size="sm" c="dimmed">
        {texts.suggestionsEmpty}
      </Text>
    );
  } else {
    const items = (
      <Box
        component="ul"
        aria-label={label}
        p={0}
        m={0}
        style={{ listStyle: "none", display: "flex", flexDirection: strip ? "row" : "column", gap: "var(--mantine-spacing-xs)" }}
      >
        {suggestions.data.map((member) => (
          <Paper
            key={member.memberId}
            component="li"
            withBorder
            p="sm"
            radius="md"
            w={strip ? 220 : undefined}
            style={{ flex: "none" }}
            aria-busy={busy.has(member.memberId) || undefined}
          >
            <Stack gap="xs" h="100%" justify="space-between">
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <Avatar src={member.picturePath} alt="" size={strip ? 44 : 36} radius="xl" />
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <ProfileLink member={member} size="sm" />
                  <Text size="xs" c="dimmed" lineClamp={2}>
                    {member.title || texts.unknownTitle}
                  </Text>
                  {member.location && (
                    <Text size="xs" c="dimmed">
                      {member.location}
                    </Text>
                  )}
                </Stack>
              </Group>
              <Group gap={6} wrap="wrap" mih={30}>
                {busy.has(member.memberId) ? (
                  <Loader size="sm" aria-label={texts.loading} />
                ) : (
                  <RelationActions member={member} onRequest={setRequesting} withFollow compact />
                )}
              </Group>
            </Stack>
          </Paper>
        ))}
      </Box>
    );
    body = strip ? (
      <ScrollArea type="auto" offsetScrollbars="present" scrollbars="x">
        {items}
      </ScrollArea>
    ) : (
      <ScrollArea.Autosize mah={600} type="auto" offsetScrollbars="present">
        {items}
      </ScrollArea.Autosize>
    );
  }
  return (
    <>
      <ErrorAlert error={send.error} />
      {body}
      <RequestContactModal
        member={requesting}
        onSend={(m) => send.mutate({ action: "sendRequest", memberId: m.memberId })}
        onClose={() => setRequesting(null)}
      />
    </>
  );
}
