import { Alert, Anchor, PasswordInput, Stack, Text } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { newPasswordField } from "../../../domains/accounts/accounts.schema.ts";
import { texts } from "../../../shared/texts.ts";
import { AuthFrame } from "../../components/AuthFrame.tsx";
import { ErrorAlert } from "../../components/ErrorAlert.tsx";
import { confirmPasswordRule, rule } from "../../lib/form.ts";
import { trpc } from "../../lib/trpc.ts";
import { AuthSubmit, useAuthForm } from "./auth-form.tsx";

export function ChangePasswordPage({ email, code }: { email: string; code: string }) {
  const navigate = useNavigate();
  const form = useAuthForm(
    { password: "", confirmPwd: "" },
    {
      password: rule(newPasswordField),
      confirmPwd: confirmPasswordRule,
    },
  );
  const change = useMutation(
    trpc.account.changePasswordWithCode.mutationOptions({
      onSuccess: ({ changed }) => {
        if (changed) void navigate({ to: "/resetpwd-confirm" });
      },
    }),
  );
  const failed = change.data?.changed === false;
  return (
    <AuthFrame title={texts.changePasswordTitle}>
      <form noValidate onSubmit={form.onSubmit(({ password }) => change.mutate({ email, code, password }))}>
        <Stack>
          <Text>
            {texts.email}: <strong>{email}</strong>
          </Text>
          <Text size="sm" c="dimmed">
            {texts.passwordGuidance}
          </Text>
          {failed && (
            <Alert color="red" role="alert">
              {texts.changePasswordFailed}
            </Alert>
          )}
          <ErrorAlert error={change.error} />
          <PasswordInput label={texts.newPassword} autoComplete="new-password" required {...form.getInputProps("password")} />
          <PasswordInput label={texts.reEnterPassword} autoComplete="new-password" required {...form.getInputProps("confirmPwd")} />
          <AuthSubmit label={texts.changePassword} valid={form.isValid()} pending={change.isPending} />
          <Anchor component={Link} to="/" size="sm">
            {texts.signInExisting}
          </Anchor>
        </Stack>
      </form>
    </AuthFrame>
  );
}
