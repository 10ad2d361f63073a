import { Anchor, Stack, Text } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { texts } from "../../../shared/texts.ts";
import { AuthFrame } from "../../components/AuthFrame.tsx";

export function ConfirmRegisterPage({ email }: { email?: string }) {
  return (
    <AuthFrame title={texts.confirmRegisterTitle}>
      <Stack>
        <Text>
          {texts.confirmRegisterBody} <strong>{email}</strong>.
        </Text>
        <Text size="sm" c="dimmed">
          {texts.confirmRegisterHint}
        </Text>
        <Anchor component={Link} to="/">
          {texts.backToLogin}
        </Anchor>
      </Stack>
    </AuthFrame>
  );
}
