import { Box, Card, Center, Group, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { texts } from "../../shared/texts.ts";
import { siteName } from "../lib/site-name.ts";
import { ColorSchemeToggle } from "./ColorSchemeToggle.tsx";
import { Footer } from "./Footer.tsx";

/** Logged-out screens: the site's name (decision 043) and line, the routed page centred in a card. */
export function AuthFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack mih="100vh" justify="space-between" gap={0}>
      <Group component="header" justify="flex-end" p="sm">
        <ColorSchemeToggle />
      </Group>
      <Center px="md" style={{ flex: 1 }}>
        {/* All of the page between header and footer is its main landmark: name, line and the card. */}
        <Box component="main" w="100%" maw={460}>
          <Stack gap={4} align="center" mb="lg">
            <Title order={1} c="sideline" fz={36}>
              {siteName()}
            </Title>
            <Text c="dimmed" ta="center" size="sm">
              {texts.appTagline}
            </Text>
          </Stack>
          <Card shadow="sm">
            <Title order={2} size="h3" mb="md">
              {title}
            </Title>
            {children}
          </Card>
        </Box>
      </Center>
      <Footer />
    </Stack>
  );
}
