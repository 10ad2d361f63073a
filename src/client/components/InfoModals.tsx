// Loaded on first open through LazyInfoModals.tsx: Modal (with its scroll area) stays out of the
// first load of the logged-out screens.
import { Button, Modal, Paper, Stack, Text, Title } from "@mantine/core";
import { TERMS_OF_USE } from "../../shared/terms.ts";
import { texts } from "../../shared/texts.ts";

export interface ModalProps {
  opened: boolean;
  onClose: () => void;
}

export function TermsModal({ opened, onClose }: ModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={texts.termsOfUse} size="lg">
      <Stack gap="md">
        {TERMS_OF_USE.map((section) => (
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
  return (
    <Modal opened={opened} onClose={onClose} title={texts.aboutTitle}>
      <Stack>
        <Text>{texts.aboutBody}</Text>
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
    <Modal opened={opened} onClose={onClose} title={texts.appPreviewTitle}>
      <Stack align="center">
        <Text>{texts.appPreviewBody}</Text>
        <Paper withBorder radius="xl" p="md" w={220} shadow="md" aria-label="App preview">
          <Stack gap="xs">
            <Text fw={700} c="sideline">
              {texts.appName}
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
