import { Accordion, Alert, Button, Group, Loader, Paper, Stack, Text } from "@mantine/core";
import { IconSparkles } from "@tabler/icons-react";
import { useMutation, useQuery } from "@tanstack/react-query";
import type { AssistMode } from "../../../domains/assistant/assistant.schema.ts";
import { texts } from "../../../shared/texts.ts";
import { ErrorAlert } from "../../components/ErrorAlert.tsx";
import { trpc } from "../../lib/trpc.ts";

/**
 * "Ask the assistant" in Compose New Message (spec sections 7, 8: UseChatGPT): the message text goes
 * to the assistant, which drafts a message from notes or polishes a text. Its answer can replace the
 * message text; when it fails its failure text shows instead.
 */
export function AssistantPanel({ text, onUse }: { text: string; onUse: (text: string) => void }) {
  // Offered only when the server has an assistant configured (an unconfigured one could only fail).
  const offered = useQuery({ ...trpc.assistant.available.queryOptions(), staleTime: Infinity }).data?.available === true;
  return offered ? <AssistantAccordion text={text} onUse={onUse} /> : null;
}

function AssistantAccordion({ text, onUse }: { text: string; onUse: (text: string) => void }) {
  const assist = useMutation(trpc.assistant.assist.mutationOptions());
  const ask = (mode: AssistMode) => assist.mutate({ message: text.trim(), mode });
  const reply = assist.isPending ? undefined : assist.data;
  const empty = text.trim() === "";
  return (
    <Accordion variant="contained" chevronPosition="right">
      <Accordion.Item value="assistant">
        <Accordion.Control icon={<IconSparkles size={16} aria-hidden />}>{texts.askAssistant}</Accordion.Control>
        <Accordion.Panel>
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {texts.assistantIntro}
            </Text>
            <Group gap="xs">
              <Button size="xs" variant="light" disabled={empty || assist.isPending} onClick={() => ask("draft")}>
                {texts.assistantDraft}
              </Button>
              <Button size="xs" variant="light" disabled={empty || assist.isPending} onClick={() => ask("polish")}>
                {texts.assistantPolish}
              </Button>
            </Group>
            {assist.isPending && (
              <Group gap="xs" role="status">
                <Loader size="xs" aria-hidden />
                <Text size="sm">{texts.assistantWorking}</Text>
              </Group>
            )}
            <ErrorAlert error={assist.error} />
            {reply && !reply.ok && (
              <Alert color="red" role="alert">
                {reply.text}
              </Alert>
            )}
            {reply?.ok && (
              <Paper withBorder p="sm" radius="md" aria-live="polite">
                <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                  {reply.text}
                </Text>
                <Group justify="flex-end" mt="xs">
                  <Button
                    size="xs"
                    onClick={() => {
                      onUse(reply.text);
                      assist.reset();
                    }}
                  >
                    {texts.assistantUse}
                  </Button>
                </Group>
              </Paper>
            )}
          </Stack>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
