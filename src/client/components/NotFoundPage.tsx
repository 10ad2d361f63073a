import { Anchor, Center, Stack, Text, Title } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { texts } from "../../shared/texts.ts";

export function NotFoundPage() {
  return (
    <Center mih="100vh" p="md" component="main">
      <Stack align="center" ta="center">
        <Title order={1}>{texts.errorTitle}</Title>
        <Text>{texts.notFoundPage}</Text>
        <Anchor component={Link} to="/home">
          {texts.returnToHome}
        </Anchor>
      </Stack>
    </Center>
  );
}
