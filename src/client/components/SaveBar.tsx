import { Button, Group, Loader, Text } from "@mantine/core";
import { IconCircleCheck } from "@tabler/icons-react";
import { texts } from "../../shared/texts.ts";
import { ErrorAlert } from "./ErrorAlert.tsx";

interface Props {
  /** The save mutation's state: idle, pending, success or error. */
  saving: boolean;
  saved: boolean;
  error: unknown;
  /** Also keeps the button disabled (forms whose Save waits for valid input). */
  disabled?: boolean;
}

/**
 * The save states of the profile forms (spec section 4): Save, then "Saving..." (disabled, with a
 * spinner), then "Saved sucessfully." until the next save starts (a new mutation resets it).
 */
export function SaveBar({ saving, saved, error, disabled }: Props) {
  return (
    <>
      <ErrorAlert error={error} />
      <Group gap="md">
        <Button type="submit" disabled={saving || disabled} leftSection={saving ? <Loader size={14} color="gray" /> : undefined}>
          {saving ? texts.saving : texts.save}
        </Button>
        {saved && (
          <Group gap={6} c="teal" role="status">
            <IconCircleCheck size={18} aria-hidden />
            <Text size="sm" c="inherit">
              {texts.savedSuccessfully}
            </Text>
          </Group>
        )}
      </Group>
    </>
  );
}
