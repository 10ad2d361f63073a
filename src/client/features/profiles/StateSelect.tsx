import type { ReactNode } from "react";
import { Select } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { texts } from "../../../shared/texts.ts";
import { selectProps } from "../../components/select-props.ts";
import { trpc } from "../../lib/trpc.ts";

/** The optional State select of the profile forms (reference.states), bound to a form field holding "" for none. */
export function StateSelect(props: { value?: unknown; onChange: (value: unknown) => void; error?: ReactNode }) {
  const states = useQuery(trpc.reference.states.queryOptions());
  return (
    <Select
      label={texts.state}
      placeholder={texts.select}
      data={(states.data ?? []).map((s) => ({ value: s.code, label: s.name }))}
      searchable
      clearable
      {...selectProps(props)}
    />
  );
}
