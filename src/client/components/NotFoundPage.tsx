import { Anchor, Center, Stack, Text, Title } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { texts } from "../../shared/texts.ts";

export function NotFoundPage() {
  return (
    <Center mih="100vh" p="md" component="main">
      <NotFoundState />
    </Center>
  );
}

/** The not-found message and the way home, also shown inside the member layout (the /admin screens to members without the role). */
export function NotFoundState() {
  return (
    <Stack align="center" ta="center" py="md">
      <Title order={1}>{texts.errorTitle}</Title>
      <Text>{texts.notFoundPage}</Text>
      <Anchor component={Link} to="/home">
        {texts.returnToHome}
      </Anchor>
    </Stack>
  );
}
