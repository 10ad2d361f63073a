import { Anchor, Stack, Text, Title } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { texts } from "../../../shared/texts.ts";

/** What a member without the role sees at an /admin address: the not-found state (the server refuses the data anyway). */
export function AdminForbidden() {
  return (
    <Stack align="center" ta="center" py="xl">
      <Title order={1}>{texts.errorTitle}</Title>
      <Text>{texts.notFoundPage}</Text>
      <Anchor component={Link} to="/home">
        {texts.returnToHome}
      </Anchor>
    </Stack>
  );
}
