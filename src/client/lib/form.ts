import type { KeyboardEvent } from "react";
import type { ZodType } from "zod";
import { texts } from "../../shared/texts.ts";

/**
 * A Mantine form rule from one of the shared zod field schemas: the first message, or null.
 * Forms validate field by field (so each message shows as soon as its field is touched); the
 * server parses the whole input with the same schemas.
 */
export function rule(schema: ZodType) {
  return (value: unknown): string | null => {
    const result = schema.safeParse(value);
    return result.success ? null : (result.error.issues[0]?.message ?? null);
  };
}

/** The re-enter-password rule: required, and equal to the form's `password`. */
export function confirmPasswordRule(value: string, values: { password: string }): string | null {
  if (!value) return texts.reEnterRequired;
  return value !== values.password ? texts.reEnterMustMatch : null;
}

/** A text area's key handler: Ctrl+Enter (Cmd+Enter) sends, as in most messaging tools. */
export function sendOnCtrlEnter(submit: () => void) {
  return (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      submit();
    }
  };
}
