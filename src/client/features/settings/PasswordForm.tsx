import { Alert, PasswordInput, Stack, Text } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMutation } from "@tanstack/react-query";
import { IconShieldCheck } from "@tabler/icons-react";
import { passwordChangeInput } from "../../../domains/settings/settings.schema.ts";
import { texts } from "../../../shared/texts.ts";
import { rule } from "../../lib/form.ts";
import { queryClient, trpc } from "../../lib/trpc.ts";
import { SaveBar } from "../../components/SaveBar.tsx";

const field = passwordChangeInput.shape;
const empty = { currentPassword: "", newPassword: "", confirmPassword: "" };

/**
 * Password (spec sections 3, 5): current, new (5-12 characters as guidance, at least 5) and
 * re-entered. The server checks the current password; on success every other device is signed out
 * and this one stays. Save waits for valid input.
 */
export function PasswordForm() {
  const form = useForm({
    mode: "controlled",
    initialValues: empty,
    validateInputOnBlur: true,
    validate: {
      currentPassword: rule(field.currentPassword),
      newPassword: rule(field.newPassword),
      confirmPassword: (value, values) =>
        !value ? texts.pleaseReEnterPassword : value !== values.newPassword ? texts.reEnterMustMatch : null,
    },
  });
  const change = useMutation(
    trpc.settings.changePassword.mutationOptions({
      onSuccess: async () => {
        form.reset();
        await queryClient.invalidateQueries(trpc.settings.sessions.queryFilter());
      },
      onError: (error) => {
        if (error.message === texts.currentPasswordWrong) form.setFieldError("currentPassword", error.message);
      },
    }),
  );
  // The wrong-password answer shows under its field, not twice.
  const otherError = change.error?.message === texts.currentPasswordWrong ? null : change.error;
  return (
    <form noValidate onSubmit={form.onSubmit((values) => change.mutate(values))}>
      <Stack>
        <Text size="sm" c="dimmed">
          {texts.passwordTabIntro}
        </Text>
        <PasswordInput label={texts.currentPassword} autoComplete="current-password" required {...form.getInputProps("currentPassword")} />
        <PasswordInput
          label={texts.newPassword}
          description={texts.passwordGuidance}
          autoComplete="new-password"
          required
          {...form.getInputProps("newPassword")}
        />
        <PasswordInput label={texts.reEnterPassword} autoComplete="new-password" required {...form.getInputProps("confirmPassword")} />
        {change.isSuccess && (
          <Alert color="teal" icon={<IconShieldCheck size={18} aria-hidden />} role="status">
            {texts.passwordChangedOtherDevices}
          </Alert>
        )}
        <SaveBar saving={change.isPending} saved={change.isSuccess} error={otherError} disabled={!form.isValid()} />
      </Stack>
    </form>
  );
}
