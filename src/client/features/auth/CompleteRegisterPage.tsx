import { Alert, Anchor, Button, Checkbox, Stack, Text, Title } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useMutation, useQuery } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { texts } from "../../../shared/texts.ts";
import { AuthFrame } from "../../components/AuthFrame.tsx";
import { ErrorAlert } from "../../components/ErrorAlert.tsx";
import { AboutModal, TermsModal } from "../../components/LazyInfoModals.tsx";
import { rememberMember } from "../../lib/session.ts";
import { withSiteName } from "../../lib/site-name.ts";
import { trpc } from "../../lib/trpc.ts";

export function CompleteRegisterPage({ email, code }: { email: string; code: string }) {
  const navigate = useNavigate();
  const [accepted, setAccepted] = useState(false);
  const [termsOpen, terms] = useDisclosure(false);
  const [aboutOpen, about] = useDisclosure(false);
  const hasLink = email !== "" && code !== "";
  const check = useQuery({ ...trpc.account.checkRegistrationCode.queryOptions({ email, code }), enabled: hasLink, staleTime: Infinity });
  const complete = useMutation(
    trpc.account.completeRegistration.mutationOptions({
      onSuccess: (result) => {
        if (result.status === "active") {
          rememberMember(result.member);
          void navigate({ to: "/home" });
        }
      },
    }),
  );
  const notFound = !hasLink || check.data?.valid === false || complete.data?.status === "notfound";

  // A bad or used link: the error takes the form's place (no thanks, no live form beside it).
  if (notFound) {
    return (
      <AuthFrame title={texts.welcomeBack}>
        <Stack>
          <Alert color="red" role="alert" title={texts.newUserNotFound}>
            {texts.newUserNotFoundBody}
          </Alert>
          <Anchor component={Link} to="/" size="sm">
            {texts.backToLogin}
          </Anchor>
        </Stack>
      </AuthFrame>
    );
  }

  return (
    <AuthFrame title={texts.welcomeBack}>
      <Stack>
        <Text>{texts.completeThanks}</Text>
        <ErrorAlert error={complete.error ?? check.error} />
        <Title order={3} size="h5">
          {texts.termsOfUse}
        </Title>
        <Text size="sm">
          {texts.completeAcknowledge}{" "}
          <Anchor component="button" type="button" size="sm" onClick={terms.open}>
            {texts.termsOfUse}
          </Anchor>{" "}
          (
          <Anchor component="button" type="button" size="sm" onClick={about.open}>
            {withSiteName(texts.aboutTitle)}
          </Anchor>
          ).
        </Text>
        <Checkbox
          name="termsCheck"
          checked={accepted}
          onChange={(e) => setAccepted(e.currentTarget.checked)}
          label={`${texts.acceptTermsPrefix} ${texts.termsOfUse}`}
        />
        <Button onClick={() => complete.mutate({ email, code })} disabled={!accepted || complete.isPending} loading={complete.isPending}>
          {texts.completeSubmit}
        </Button>
        <Anchor component={Link} to="/" size="sm">
          {texts.backToLogin}
        </Anchor>
      </Stack>
      <TermsModal opened={termsOpen} onClose={terms.close} />
      <AboutModal opened={aboutOpen} onClose={about.close} />
    </AuthFrame>
  );
}
