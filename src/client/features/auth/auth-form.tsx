import { Button } from "@mantine/core";
import { type FormValidateInput, useForm } from "@mantine/form";

/** A logged-out screen's form: controlled, each field checked as soon as it loses focus. */
export function useAuthForm<Values extends Record<string, unknown>>(initialValues: Values, validate: FormValidateInput<Values>) {
  return useForm<Values>({ mode: "controlled", initialValues, validateInputOnBlur: true, validate });
}

interface AuthSubmitProps {
  label: string;
  /** Shown instead of the label while the form is sent (then without a spinner). */
  pendingLabel?: string;
  valid: boolean;
  pending: boolean;
  fullWidth?: boolean;
}

/** A logged-out screen's submit button: usable once every field is valid, and not while the form is sent. */
export function AuthSubmit({ label, pendingLabel, valid, pending, fullWidth }: AuthSubmitProps) {
  return (
    <Button type="submit" fullWidth={fullWidth} disabled={!valid || pending} loading={pendingLabel === undefined && pending}>
      {pending && pendingLabel !== undefined ? pendingLabel : label}
    </Button>
  );
}
