import { Alert, Anchor, Button, Divider, Group, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useDisclosure } from "@mantine/hooks";
import { useMutation } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { fillText, texts } from "../../../shared/texts.ts";
import { AuthFrame } from "../../components/AuthFrame.tsx";
import { ErrorAlert } from "../../components/ErrorAlert.tsx";
import { AppPreviewModal } from "../../components/LazyInfoModals.tsx";
import { StoreBadges } from "../../components/StoreBadges.tsx";
import { type RevalidatingForm, useDeferredRules } from "../../lib/deferred-rules.ts";
import { rememberMember, safeReturnPath } from "../../lib/session.ts";
import { withSiteName } from "../../lib/site-name.ts";
import { trpc } from "../../lib/trpc.ts";

export function LoginPage({ returnPath }: { returnPath?: string }) {
  const navigate = useNavigate();
  const [outcome, setOutcome] = useState<"notfound" | "deactivated" | "suspended" | null>(null);
  const [suspension, setSuspension] = useState<{ until: string | null; reason: string | null } | null>(null);
  const [previewOpen, preview] = useDisclosure(false);
  // The field rules come with zod after the page is shown (lib/deferred-rules.ts).
  const rules = useDeferredRules(
    ["email", "password"],
    () => import("../../../domains/accounts/accounts.schema.ts").then((m) => ({ email: m.emailField, password: m.passwordField })),
    (): RevalidatingForm<"email" | "password"> => form,
  );
  const form = useForm({
    mode: "controlled",
    initialValues: { email: "", password: "" },
    validateInputOnBlur: true,
    validate: { email: rules.email, password: rules.password },
  });
  const login = useMutation(
    trpc.account.login.mutationOptions({
      onSuccess: (result) => {
        if (result.status === "active") {
          rememberMember(result.member);
          void navigate({ to: safeReturnPath(returnPath) ?? "/home" });
        } else {
          setOutcome(result.status);
          setSuspension(result.status === "suspended" ? result : null);
        }
      },
    }),
  );

  return (
    <AuthFrame title={texts.login}>
      <form
        noValidate
        onSubmit={form.onSubmit((values) => {
          setOutcome(null);
          login.mutate(values);
        })}
      >
        <Stack>
          {outcome === "notfound" && (
            <Alert color="red" role="alert">
              {texts.loginNotFound}
            </Alert>
          )}
          {outcome === "deactivated" && (
            <Alert color="orange" role="alert">
              {texts.loginDeactivated}{" "}
              <Anchor component={Link} to="/reactivate">
                {texts.clickHere}
              </Anchor>
              .
            </Alert>
          )}
          {outcome === "suspended" && (
            <Alert color="red" role="alert">
              {suspension?.until ? fillText(texts.loginSuspendedUntil, { until: suspensionEnd(suspension.until) }) : texts.loginSuspended}
              {suspension?.reason && (
                <Text component="q" display="block" mt={4} fs="italic" style={{ overflowWrap: "anywhere" }}>
                  {suspension.reason}
                </Text>
              )}
            </Alert>
          )}
          <ErrorAlert error={login.error} />
          <TextInput label={texts.email} type="email" autoComplete="email" required {...form.getInputProps("email")} />
          <PasswordInput label={texts.password} autoComplete="current-password" required {...form.getInputProps("password")} />
          <Button type="submit" fullWidth disabled={!form.isValid() || login.isPending} loading={false}>
            {login.isPending ? texts.loggingIn : texts.login}
          </Button>
          <Group justify="space-between">
            <Anchor component={Link} to="/forgotpwd" size="sm">
              {texts.forgotPassword}
            </Anchor>
            <Text size="sm">
              {withSiteName(texts.noAccountYet)}{" "}
              <Anchor component={Link} to="/register">
                {texts.signUp}
              </Anchor>
            </Text>
          </Group>
          <Divider label={texts.comingSoon} labelPosition="center" />
          <StoreBadges onOpen={preview.open} />
        </Stack>
      </form>
      <AppPreviewModal opened={previewOpen} onClose={preview.close} />
    </AuthFrame>
  );
}

/**
 * When a suspension ends, as the browser's locale writes a date and time. Formatted here rather
 * than with lib/dates.ts, which would add a chunk to the login page's first load (its budget).
 */
const suspensionEnd = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: "full", timeStyle: "short" });
