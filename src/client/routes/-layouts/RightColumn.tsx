import { Card, Stack, Title } from "@mantine/core";
import { texts } from "../../../shared/texts.ts";
import { Suggestions } from "../../features/contacts/Suggestions.tsx";
import { SiteGuide } from "../../components/SiteGuide.tsx";

/** The right column: Site Guide and Suggested for you (members to connect with), unless `withSuggestions` is false. */
export function RightColumn({ withSuggestions = true }: { withSuggestions?: boolean }) {
  return (
    <Stack gap="md">
      <SiteGuide />
      {withSuggestions && (
        <Card component="section" aria-labelledby="suggested-heading">
          <Title order={2} size="h5" id="suggested-heading" mb="xs">
            {texts.suggestedForYou}
          </Title>
          <Suggestions layout="column" label={texts.suggestedForYou} />
        </Card>
      )}
    </Stack>
  );
}
