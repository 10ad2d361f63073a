// Loaded on first open through LazyInfoModals.tsx: Modal (with its scroll area) stays out of the
// first load of the logged-out screens.
import { Button, Modal, Paper, Stack, Text, Title } from "@mantine/core";
import { TERMS_OF_USE } from "../../shared/terms.ts";
import { texts } from "../../shared/texts.ts";
import { siteName, withSiteName } from "../lib/site-name.ts";
import { useSiteInfo } from "../lib/use-site-info.ts";

export interface ModalProps {
  opened: boolean;
  onClose: () => void;
}

// The instance's own name and texts (decision 039); until loaded or when empty, the built-in ones.
/** Paragraphs of an admin's text: separated by blank lines. */
const paragraphsOf = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);

export function TermsModal({ opened, onClose }: ModalProps) {
  const own = useSiteInfo()?.termsText;
  return (
    <Modal opened={opened} onClose={onClose} title={texts.termsOfUse} size="lg">
      <Stack gap="md">
        {own &&
          paragraphsOf(own).map((p) => (
            <Text key={p} size="sm" style={{ whiteSpace: "pre-line" }}>
              {p}
            </Text>
          ))}
        {!own &&
          TERMS_OF_USE.map((section) => (
            <div key={section.heading}>
              <Title order={4} mb={4}>
                {section.heading}
              </Title>
              {section.paragraphs.map((p) => (
                <Text key={p} size="sm" mb={6}>
                  {p}
                </Text>
              ))}
            </div>
          ))}
        <Button onClick={onClose} variant="light">
          {texts.close}
        </Button>
      </Stack>
    </Modal>
  );
}

export function AboutModal({ opened, onClose }: ModalProps) {
  const site = useSiteInfo();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={site ? texts.aboutTitle.replace(texts.appName, site.siteName) : withSiteName(texts.aboutTitle)}
    >
      <Stack>
        {site?.aboutText ? (
          paragraphsOf(site.aboutText).map((p) => (
            <Text key={p} style={{ whiteSpace: "pre-line" }}>
              {p}
            </Text>
          ))
        ) : (
          <Text>{texts.aboutBody}</Text>
        )}
        <Text size="sm" c="dimmed">
          {texts.footerText}
        </Text>
        <Button onClick={onClose} variant="light">
          {texts.close}
        </Button>
      </Stack>
    </Modal>
  );
}

/** The mobile app preview: apps are announced as coming soon. */
export function AppPreviewModal({ opened, onClose }: ModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={withSiteName(texts.appPreviewTitle)}>
      <Stack align="center">
        <Text>{texts.appPreviewBody}</Text>
        <Paper withBorder radius="xl" p="md" w={220} shadow="md" aria-label="App preview">
          <Stack gap="xs">
            <Text fw={700} c="sideline">
              {siteName()}
            </Text>
            {["Recent News", "Recent Posts", "My Contacts", "Messages"].map((item) => (
              <Paper key={item} withBorder p="xs" radius="md">
                <Text size="sm">{item}</Text>
              </Paper>
            ))}
          </Stack>
        </Paper>
        <Text fw={600}>{texts.comingSoon}</Text>
        <Button onClick={onClose} variant="light">
          {texts.close}
        </Button>
      </Stack>
    </Modal>
  );
}
