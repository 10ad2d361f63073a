import { Button, Group } from "@mantine/core";
import { IconBrandApple, IconBrandGooglePlay } from "@tabler/icons-react";
import { texts } from "../../shared/texts.ts";

/** The two store badges of the login page; both open the preview. */
export function StoreBadges({ onOpen }: { onOpen: () => void }) {
  return (
    <Group justify="center" gap="sm">
      <Button variant="default" leftSection={<IconBrandApple size={18} />} onClick={onOpen} aria-label={texts.appStoreApple}>
        App Store
      </Button>
      <Button variant="default" leftSection={<IconBrandGooglePlay size={18} />} onClick={onOpen} aria-label={texts.appStoreGoogle}>
        Google Play
      </Button>
    </Group>
  );
}
