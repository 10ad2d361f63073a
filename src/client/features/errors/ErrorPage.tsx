import { Anchor, Center, Stack, Text, Title } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { texts } from "../../../shared/texts.ts";
import { useLogout } from "../../lib/session.ts";

/** The error page of spec section 8: the text depends on errType. */
export function ErrorPage({ errType }: { errType?: string }) {
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
