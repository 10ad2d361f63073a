import { Anchor, Group, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { texts } from "../../shared/texts.ts";
import { siteName } from "../lib/site-name.ts";
import { AboutModal } from "./LazyInfoModals.tsx";

/** The spec's footer: the site's line, an about link, the copyright with the current year. */
export function Footer() {
  const [aboutOpen, about] = useDisclosure(false);
  return (
    <Group component="footer" justify="center" gap="md" py="md" px="sm" wrap="wrap">
      <Text size="sm" c="dimmed" ta="center">
        {texts.footerText}
      </Text>
      <Anchor component="button" type="button" size="sm" onClick={about.open}>
        {texts.about}
      </Anchor>
      <Text size="sm" c="dimmed">
        © {new Date().getFullYear()} {siteName()}
      </Text>
      <AboutModal opened={aboutOpen} onClose={about.close} />
    </Group>
  );
}
