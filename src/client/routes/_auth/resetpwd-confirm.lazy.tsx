import { Anchor, Stack, Text } from "@mantine/core";
import { createLazyFileRoute, Link } from "@tanstack/react-router";
import { texts } from "../../../shared/texts.ts";
import { AuthFrame } from "../../components/AuthFrame.tsx";

export const Route = createLazyFileRoute("/_auth/resetpwd-confirm")({ component: ResetConfirmPage });

function ResetConfirmPage() {
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
