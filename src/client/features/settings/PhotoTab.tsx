import { Avatar, Group, Stack, Text } from "@mantine/core";
import { texts } from "../../../shared/texts.ts";
import { useCurrentMember } from "../../lib/use-current-member.ts";
import { ChangePhoto } from "../profiles/ChangePhoto.tsx";

/**
 * Change Photo: the current picture and the profile screen's photo picker (same checks and
 * messages, spec section 5), here with a preview of the chosen image. The navbar follows an upload.
 */
export function PhotoTab() {
  const member = useCurrentMember();
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {texts.photoTabIntro}
      </Text>
      <Group gap="lg" align="flex-start" wrap="wrap">
        <Avatar src={member.picturePath} alt={texts.currentPhoto} size={112} radius={112} />
        <div style={{ flex: "1 1 240px", minWidth: 0 }}>
          <ChangePhoto withPreview />
        </div>
      </Group>
    </Stack>
  );
}
