import { Alert, Anchor, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { emailField, passwordField } from "../../../domains/accounts/accounts.schema.ts";
import { texts } from "../../../shared/texts.ts";
import { AuthFrame } from "../../components/AuthFrame.tsx";
import { ErrorAlert } from "../../components/ErrorAlert.tsx";
import { rule } from "../../lib/form.ts";
import { rememberMember } from "../../lib/session.ts";
import { trpc } from "../../lib/trpc.ts";
import { AuthSubmit, useAuthForm } from "./auth-form.tsx";

export function ReactivatePage() {
  const navigate = useNavigate();
  const form = useAuthForm({ email: "", password: "" }, { email: rule(emailField), password: rule(passwordField) });
  const reactivate = useMutation(
    trpc.account.reactivate.mutationOptions({
      onSuccess: (result) => {
        if (result.status === "active") {
          rememberMember(result.member);
          void navigate({ to: "/home" });
        }
      },
    }),
  );
  const wrong = reactivate.data?.status === "notfound";
  return (
    <AuthFrame title={texts.reactivateTitle}>
      <form noValidate onSubmit={form.onSubmit((values) => reactivate.mutate(values))}>
        <Stack>
          <Text size="sm" c="dimmed">
            {texts.reactivateIntro}
          </Text>
          {wrong && (
            <Alert color="red" role="alert" title={texts.incorrectCombination}>
              {texts.incorrectCombinationBody}
            </Alert>
          )}
          <ErrorAlert error={reactivate.error} />
          <TextInput label={texts.email} type="email" autoComplete="email" required {...form.getInputProps("email")} />
          <PasswordInput label={texts.password} autoComplete="current-password" required {...form.getInputProps("password")} />
          <AuthSubmit label={texts.reactivate} valid={form.isValid()} pending={reactivate.isPending} />
          <Anchor component={Link} to="/" size="sm">
            {texts.backToLogin}
          </Anchor>
        </Stack>
      </form>
    </AuthFrame>
  );
}
