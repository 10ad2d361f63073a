/**
 * A Mantine Select bound to a form field that holds "" for "nothing chosen": the select sees null,
 * and clearing it stores "" again (the shared schemas read "" as empty).
 */
export function selectProps<P extends { value?: unknown; onChange: (value: unknown) => void }>(props: P) {
  return {
    ...props,
    value: typeof props.value === "string" && props.value !== "" ? props.value : null,
    onChange: (value: string | null) => props.onChange(value ?? ""),
  };
}
