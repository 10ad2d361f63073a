import { useEffect, useEffectEvent, useRef, useState } from "react";
import type { ZodType } from "zod";
import { rule } from "./form.ts";

/** What a rule answers while its schema loads: an error (the form is not valid yet) that shows no text. */
export const RULE_PENDING = "";

type Rule = (value: unknown) => string | null;

/** What the hook needs of the Mantine form it serves. */
export interface RevalidatingForm<K extends string> {
  errors: Record<string, unknown>;
  validateField: (field: K) => unknown;
}

/**
 * Mantine form rules from shared zod schemas that load after the first paint, for the screen a
 * visitor lands on (the login page): zod is about 25 KB gzip that the page does not need to show.
 * Until the schemas arrive every rule answers RULE_PENDING, so the form counts as invalid (its
 * submit button stays disabled) without showing a message; once they arrive, the fields checked
 * meanwhile are checked again and show their real message.
 */
export function useDeferredRules<K extends string>(
  fields: readonly K[],
  load: () => Promise<Record<K, ZodType>>,
  /** The form these rules are given to (read once the schemas are loaded). */
  getForm: () => RevalidatingForm<K>,
): Record<K, Rule> {
  const loaded = useRef<Record<K, Rule> | null>(null);
  // The form of the latest render (its `errors` are a snapshot per render).
  const latestForm = useRef(getForm);
  latestForm.current = getForm;
  const [, setReady] = useState(false);
  const [rules] = useState(
    () =>
      Object.fromEntries(
        fields.map((field) => [field, (value: unknown) => (loaded.current ? loaded.current[field](value) : RULE_PENDING)]),
      ) as Record<K, Rule>,
  );
  // Loaded once per mount: a screen's fields and loader do not change.
  const loadRules = useEffectEvent((stillMounted: () => boolean) => {
    void load().then((schemas) => {
      if (!stillMounted()) return;
      loaded.current = Object.fromEntries(fields.map((field) => [field, rule(schemas[field])])) as Record<K, Rule>;
      const form = latestForm.current();
      for (const field of fields) if (form.errors[field] === RULE_PENDING) form.validateField(field);
      setReady(true);
    });
  });
  useEffect(() => {
    let mounted = true;
    loadRules(() => mounted);
    return () => {
      mounted = false;
    };
  }, []);
  return rules;
}
