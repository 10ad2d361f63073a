import { Anchor, Stack, Text } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { texts } from "../../../shared/texts.ts";
import { AuthFrame } from "../../components/AuthFrame.tsx";

export function ResetConfirmPage() {
  return (
    <AuthFrame title={texts.resetDoneTitle}>
      <Stack>
        <Text>{texts.resetDoneBody}</Text>
        <Anchor component={Link} to="/">
          {texts.loginNow}
        </Anchor>
      </Stack>
    </AuthFrame>
  );
}
