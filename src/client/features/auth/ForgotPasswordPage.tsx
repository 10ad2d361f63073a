import { Anchor, Group, Stack, Text, TextInput } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { emailField } from "../../../domains/accounts/accounts.schema.ts";
import { texts } from "../../../shared/texts.ts";
import { AuthFrame } from "../../components/AuthFrame.tsx";
import { ErrorAlert } from "../../components/ErrorAlert.tsx";
import { rule } from "../../lib/form.ts";
import { trpc } from "../../lib/trpc.ts";
import { AuthSubmit, useAuthForm } from "./auth-form.tsx";

export function ForgotPasswordPage({ email }: { email?: string }) {
  const navigate = useNavigate();
  const form = useAuthForm({ email: email ?? "" }, { email: rule(emailField) });
  const request = useMutation(
    trpc.account.requestPasswordReset.mutationOptions({
      onSuccess: (_, { email }) => void navigate({ to: "/resetpwd", search: { email: email as string } }),
    }),
  );
  return (
    <AuthFrame title={texts.forgotTitle}>
      <form noValidate onSubmit={form.onSubmit((values) => request.mutate(values))}>
        <Stack>
          <Text size="sm" c="dimmed">
            {texts.forgotIntro}
          </Text>
          <ErrorAlert error={request.error} />
          <TextInput label={texts.email} type="email" autoComplete="email" required {...form.getInputProps("email")} />
          <AuthSubmit label={texts.resetPassword} valid={form.isValid()} pending={request.isPending} />
          <Group justify="space-between">
            <Anchor component={Link} to="/register" size="sm">
              {texts.createNewAccount}
            </Anchor>
            <Anchor component={Link} to="/" size="sm">
              {texts.backToLogin}
            </Anchor>
          </Group>
        </Stack>
      </form>
    </AuthFrame>
  );
}
