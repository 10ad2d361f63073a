import { Card, Group, Stack, Title } from "@mantine/core";
import type { ReactNode } from "react";

/** The frame of a contacts screen: a card with the screen's heading, optional extras next to it, and its content. */
export function ContactsPage({ title, aside, children }: { title: string; aside?: ReactNode; children: ReactNode }) {
  return (
    <Card p={{ base: "sm", sm: "lg" }}>
      <Stack gap="md">
        <Group justify="space-between" align="baseline" gap="xs">
          <Title order={1} size="h2">
            {title}
          </Title>
          {aside}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}
