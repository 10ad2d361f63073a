import { Anchor, Center, Stack, Text, Title } from "@mantine/core";
import { createLazyFileRoute, Link } from "@tanstack/react-router";
import { texts } from "../../shared/texts.ts";
import { useLogout } from "../lib/session.ts";

export const Route = createLazyFileRoute("/errors")({ component: ErrorPage });

/** The error page of spec section 8: the text depends on errType. */
function ErrorPage() {
  const { errType } = Route.useSearch();
  const logout = useLogout();
  return (
    <Center mih="100vh" p="md" component="main">
      <Stack align="center" maw={520}>
        <Title order={1} ta="center">
          {texts.errorTitle}
        </Title>
        {errType === "http" && <Text ta="center">{texts.errorHttp}</Text>}
        {errType === "BadToken" && (
          <Text ta="center">
            {texts.errorBadToken}{" "}
            <Anchor component="button" type="button" onClick={() => logout.mutate()}>
              {texts.errorBadTokenLink}
            </Anchor>
          </Text>
        )}
        {errType !== "http" && errType !== "BadToken" && <Text ta="center">{texts.errorGeneral}</Text>}
        <Anchor component={Link} to="/home">
          {texts.returnToHome}
        </Anchor>
      </Stack>
    </Center>
  );
}
