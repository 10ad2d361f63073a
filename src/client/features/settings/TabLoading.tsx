import { Skeleton, Stack } from "@mantine/core";
import { texts } from "../../../shared/texts.ts";
import { ErrorAlert } from "../../components/ErrorAlert.tsx";

/** What a settings tab shows while its values load (or the reason they did not). */
export function TabLoading({ error, rows = 3 }: { error?: unknown; rows?: number }) {
  if (error) return <ErrorAlert error={error} />;
  return (
    <Stack aria-busy="true" aria-label={texts.pleaseWait} gap="sm">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} height={36} />
      ))}
    </Stack>
  );
}
