import { SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMutation, useQuery } from "@tanstack/react-query";
import { type NameInfo, nameInput } from "../../../domains/settings/settings.schema.ts";
import { texts } from "../../../shared/texts.ts";
import { rule } from "../../lib/form.ts";
import { trpc } from "../../lib/trpc.ts";
import { SaveBar } from "../../components/SaveBar.tsx";
import { refreshMemberViews } from "./refresh.ts";
import { TabLoading } from "./TabLoading.tsx";

const field = nameInput.shape;

/** Name (spec sections 2, 3, 5): first, middle and last name. */
export function NameTab() {
  const name = useQuery(trpc.settings.name.queryOptions());
  if (!name.data) return <TabLoading error={name.error} />;
  return <NameForm name={name.data} />;
}

function NameForm({ name }: { name: NameInfo }) {
  const form = useForm({
    mode: "controlled",
    initialValues: name,
    validateInputOnBlur: true,
    validate: { firstName: rule(field.firstName), middleName: rule(field.middleName), lastName: rule(field.lastName) },
  });
  const save = useMutation(
    trpc.settings.saveName.mutationOptions({
      onSuccess: async (saved) => {
        form.setValues(saved);
        form.resetDirty(saved);
        await refreshMemberViews();
      },
    }),
  );
  return (
    <form noValidate onSubmit={form.onSubmit((values) => save.mutate(values))}>
      <Stack>
        <Text size="sm" c="dimmed">
          {texts.nameTabIntro}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput label={texts.firstName} autoComplete="given-name" required {...form.getInputProps("firstName")} />
          <TextInput label={texts.middleName} autoComplete="additional-name" {...form.getInputProps("middleName")} />
          <TextInput label={texts.lastName} autoComplete="family-name" required {...form.getInputProps("lastName")} />
        </SimpleGrid>
        <SaveBar saving={save.isPending} saved={save.isSuccess} error={save.error} />
      </Stack>
    </form>
  );
}
