import { Alert, Anchor, Checkbox, Group, PasswordInput, Select, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { z } from "zod";
import { birthDateError, emailField, newPasswordField, type RegisterInput } from "../../../domains/accounts/accounts.schema.ts";
import { GENDERS, PROFILE_TYPES } from "../../../shared/members.ts";
import { REGISTRATION_YEAR_FIRST, REGISTRATION_YEAR_LAST } from "../../../shared/limits.ts";
import { personNameField } from "../../../shared/names.ts";
import { texts } from "../../../shared/texts.ts";
import { adminContentTexts } from "../../../shared/admin-content-texts.ts";
import { AuthFrame } from "../../components/AuthFrame.tsx";
import { ErrorAlert } from "../../components/ErrorAlert.tsx";
import { TermsModal } from "../../components/LazyInfoModals.tsx";
import { BirthDateSelects } from "../../components/BirthDateSelects.tsx";
import { confirmPasswordRule, rule } from "../../lib/form.ts";
import { trpc } from "../../lib/trpc.ts";
import { useSiteInfo } from "../../lib/use-site-info.ts";
import { AuthSubmit, useAuthForm } from "./auth-form.tsx";

const required = (message: string) => rule(z.string().trim().min(1, message));

export function RegisterPage() {
  const navigate = useNavigate();
  const [termsOpen, terms] = useDisclosure(false);
  // By invitation (decision 039): the code comes in the invite link (/register?code=…) or is typed here.
  const inviteOnly = useSiteInfo()?.registration === "invite-only";
  const [inviteCode, setInviteCode] = useState(() => new URLSearchParams(location.search).get("code") ?? "");
  const form = useAuthForm(
    {
      firstName: "",
      lastName: "",
      email: "",
      password: "",
      confirmPwd: "",
      gender: "",
      month: "",
      day: "",
      year: "",
      profileType: "",
      accepted: false,
    },
    {
      // The server's rule and messages (plain words, at most 50 characters).
      firstName: rule(personNameField(texts.firstNameIsRequired)),
      lastName: rule(personNameField(texts.lastNameIsRequired)),
      email: rule(emailField),
      password: rule(newPasswordField),
      confirmPwd: confirmPasswordRule,
      gender: required(texts.genderRequired),
      // The three date selects share one message, kept on `year`.
      year: (_, values) => birthDateError(values.month, values.day, values.year),
      profileType: required(texts.profileTypeRequired),
      accepted: (value) => (value ? null : texts.termsRequired),
    },
  );
  const register = useMutation(
    trpc.account.register.mutationOptions({
      onSuccess: ({ result }, variables) => {
        if (result === "NewEmail") void navigate({ to: "/confirm-register", search: { email: variables.email as string } });
      },
    }),
  );
  const existing = register.data?.result === "ExistingEmail";
  const onDatePart = (part: "month" | "day" | "year", value: string) => {
    form.setFieldValue(part, value);
    if (form.isTouched("year") || part === "year") form.validateField("year");
  };

  return (
    <AuthFrame title={texts.registerTitle}>
      <form
        noValidate
        // The rules above ensured that each select holds one of its options.
        onSubmit={form.onSubmit(({ accepted: _accepted, ...values }) => register.mutate({ ...values, code: inviteCode } as RegisterInput))}
      >
        <Stack>
          {existing && (
            <Alert color="red" role="alert">
              {texts.existingEmail}
            </Alert>
          )}
          <ErrorAlert error={register.error} />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput label={texts.firstName} autoComplete="given-name" required {...form.getInputProps("firstName")} />
            <TextInput label={texts.lastName} autoComplete="family-name" required {...form.getInputProps("lastName")} />
          </SimpleGrid>
          <TextInput label={texts.email} type="email" autoComplete="email" required {...form.getInputProps("email")} />
          <PasswordInput label={texts.password} autoComplete="new-password" required {...form.getInputProps("password")} />
          <PasswordInput label={texts.reEnterPassword} autoComplete="new-password" required {...form.getInputProps("confirmPwd")} />
          <Select
            label={texts.gender}
            placeholder={texts.select}
            data={[...GENDERS]}
            required
            allowDeselect={false}
            {...form.getInputProps("gender")}
          />
          <BirthDateSelects
            years={{ first: REGISTRATION_YEAR_FIRST, last: REGISTRATION_YEAR_LAST }}
            month={form.values.month}
            day={form.values.day}
            year={form.values.year}
            error={form.errors.year}
            onChange={onDatePart}
            onYearBlur={() => form.validateField("year")}
          />
          <Select
            label={texts.profileType}
            placeholder={texts.select}
            data={[...PROFILE_TYPES]}
            required
            allowDeselect={false}
            {...form.getInputProps("profileType")}
          />
          {inviteOnly && (
            <TextInput
              label={adminContentTexts.inviteCodeLabel}
              description={adminContentTexts.registrationNeedsInvite}
              autoComplete="off"
              required
              value={inviteCode}
              onChange={(e) => setInviteCode(e.currentTarget.value)}
            />
          )}
          <Checkbox
            {...form.getInputProps("accepted", { type: "checkbox" })}
            label={
              <Text size="sm" span>
                {texts.acceptTermsPrefix}{" "}
                <Anchor component="button" type="button" size="sm" onClick={terms.open}>
                  {texts.termsOfUse}
                </Anchor>
              </Text>
            }
          />
          <AuthSubmit label={texts.createAccount} valid={form.isValid()} pending={register.isPending} fullWidth />
          <Group justify="space-between">
            <Anchor component={Link} to="/" size="sm">
              {texts.signIn}
            </Anchor>
            <Anchor component={Link} to="/forgotpwd" size="sm">
              {texts.recoverPassword}
            </Anchor>
          </Group>
        </Stack>
      </form>
      <TermsModal opened={termsOpen} onClose={terms.close} />
    </AuthFrame>
  );
}
