import { Alert, Anchor, Group, Stack, Text, TextInput } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { resetCodeField } from "../../../domains/accounts/accounts.schema.ts";
import { texts } from "../../../shared/texts.ts";
import { AuthFrame } from "../../components/AuthFrame.tsx";
import { ErrorAlert } from "../../components/ErrorAlert.tsx";
import { rule } from "../../lib/form.ts";
import { trpc } from "../../lib/trpc.ts";
import { AuthSubmit, useAuthForm } from "./auth-form.tsx";

export function ResetCodePage({ email, code }: { email: string; code: string }) {
  const navigate = useNavigate();
  const form = useAuthForm({ code }, { code: rule(resetCodeField) });
  const check = useMutation(
    trpc.account.isResetCodeExpired.mutationOptions({
      onSuccess: ({ expired }, input) => {
        if (!expired) void navigate({ to: "/changepwd", search: { email, code: String(input.code).trim().toUpperCase() } });
      },
    }),
  );
  const invalid = check.data?.expired === true;
  return (
    <AuthFrame title={texts.resetCodeTitle}>
      <form noValidate onSubmit={form.onSubmit((values) => check.mutate(values))}>
        <Stack>
          <Text>
            {texts.resetCodeSentTo} <strong>{email}</strong>.
          </Text>
          <Text size="sm" c="dimmed">
            {texts.resetCodeAdvice}
          </Text>
          {invalid && (
            <Alert color="red" role="alert">
              {texts.resetCodeInvalid}{" "}
              <Anchor renderRoot={(props) => <Link to="/forgotpwd" search={{ email }} {...props} />}>{texts.clickHere}</Anchor>{" "}
              {texts.toGetNewCode}
            </Alert>
          )}
          <ErrorAlert error={check.error} />
          <TextInput label={texts.resetCode} autoComplete="one-time-code" required {...form.getInputProps("code")} />
          <AuthSubmit label={texts.resetPassword} pendingLabel={texts.pleaseWait} valid={form.isValid()} pending={check.isPending} />
          <Group justify="space-between">
            <Anchor component={Link} to="/" size="sm">
              {texts.signIn}
            </Anchor>
          </Group>
        </Stack>
      </form>
    </AuthFrame>
  );
}
