import { Button, Group, Select, Stack, Text, Textarea } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useDisclosure } from "@mantine/hooks";
import { useMutation } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { IconUserOff } from "@tabler/icons-react";
import { DEACTIVATION_EXPLANATION_MAX_LENGTH, DEACTIVATION_REASONS, deactivateInput } from "../../../domains/settings/settings.schema.ts";
import { texts } from "../../../shared/texts.ts";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { rule } from "../../lib/form.ts";
import { forgetSession } from "../../lib/session.ts";
import { trpc } from "../../lib/trpc.ts";
import { selectProps } from "../../components/select-props.ts";

const reasons = DEACTIVATION_REASONS.map((r) => ({ value: String(r.id), label: r.text }));

/**
 * Deactivate (spec sections 3, 4): a reason ('select' by default; not required) and an
 * explanation, then Deactivate and the confirm dialog. Yes shows "Deactivating..."; once done the
 * session is forgotten and the landing page shows.
 */
export function DeactivateForm() {
  const navigate = useNavigate();
  const [confirming, confirm] = useDisclosure(false);
  const form = useForm({
    mode: "controlled",
    initialValues: { reason: "", explanation: "" },
    validate: { explanation: rule(deactivateInput.shape.explanation) },
  });
  const deactivate = useMutation(
    trpc.settings.deactivate.mutationOptions({
      onSuccess: () => {
        confirm.close();
        forgetSession();
        void navigate({ to: "/" });
      },
    }),
  );
  const yes = () => deactivate.mutate({ reason: form.values.reason || "select", explanation: form.values.explanation });
  return (
    <>
      <form noValidate onSubmit={form.onSubmit(() => confirm.open())}>
        <Stack>
          <Text size="sm" c="dimmed">
            {texts.deactivateIntro}
          </Text>
          <Select
            label={texts.deactivationReason}
            placeholder={texts.select}
            data={reasons}
            allowDeselect={false}
            {...selectProps(form.getInputProps("reason"))}
          />
          <Textarea
            label={texts.deactivationExplanation}
            autosize
            minRows={3}
            maxRows={8}
            maxLength={DEACTIVATION_EXPLANATION_MAX_LENGTH}
            {...form.getInputProps("explanation")}
          />
          <Group>
            <Button type="submit" color="red" variant="light" leftSection={<IconUserOff size={16} aria-hidden />}>
              {texts.deactivate}
            </Button>
          </Group>
        </Stack>
      </form>
      <ConfirmDialog
        opened={confirming}
        title={texts.deactivateConfirm}
        message={texts.deactivateConfirmBody}
        danger
        pending={deactivate.isPending}
        busyLabel={texts.deactivating}
        error={deactivate.error}
        onConfirm={yes}
        onClose={confirm.close}
      />
    </>
  );
}
