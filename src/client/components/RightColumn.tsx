import { Card, Stack, Text, Title } from "@mantine/core";
import { texts } from "../../shared/texts.ts";

/** The right column: Site Guide and Suggested for you (their content arrives with home and contacts). */
export function RightColumn() {
  return (
    <Stack gap="md">
      <Card component="section" aria-labelledby="site-guide-heading">
        <Title order={2} size="h5" id="site-guide-heading" mb="xs">
          {texts.siteGuide}
        </Title>
        <Text size="sm" c="dimmed">
          {texts.siteGuideEmpty}
        </Text>
      </Card>
      <Card component="section" aria-labelledby="suggested-heading">
        <Title order={2} size="h5" id="suggested-heading" mb="xs">
          {texts.suggestedForYou}
        </Title>
        <Text size="sm" c="dimmed">
          {texts.suggestionsEmpty}
        </Text>
      </Card>
    </Stack>
  );
}
