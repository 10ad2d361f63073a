import { Stack, Textarea } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMutation } from "@tanstack/react-query";
import { type PersonalInfo, personalInfoInput } from "../../../domains/profiles/profiles.schema.ts";
import { texts } from "../../../shared/texts.ts";
import { SaveBar } from "../../components/SaveBar.tsx";
import { rule } from "../../lib/form.ts";
import { trpc } from "../../lib/trpc.ts";
import { refreshProfile } from "./refresh.ts";

const field = personalInfoInput.shape;
const areas = [
  { key: "aboutMe", label: texts.aboutMe },
  { key: "activities", label: texts.activities },
  { key: "interests", label: texts.interests },
  { key: "specialSkills", label: texts.specialSkills },
] as const;

/**
 * About Me (issue 16): about me, activities, interests and special skills, the personal section the
 * profile view shows. Saved with profiles.savePersonal (the same service as the REST
 * SaveMemberPersonalInfo); each field is checked on blur with the shared schema (at most 2000 characters).
 */
export function AboutMeForm({ personal }: { personal: PersonalInfo }) {
  const form = useForm({
    mode: "controlled",
    initialValues: personal,
    validateInputOnBlur: true,
    validate: Object.fromEntries(areas.map(({ key }) => [key, rule(field[key])])),
  });
  const save = useMutation(
    trpc.profiles.savePersonal.mutationOptions({
      onSuccess: async (saved) => {
        form.setValues(saved);
        form.resetDirty(saved);
        await refreshProfile();
      },
    }),
  );
  return (
    <form noValidate onSubmit={form.onSubmit((values) => save.mutate(values))}>
      <Stack>
        {areas.map(({ key, label }) => (
          <Textarea key={key} label={label} autosize minRows={3} maxRows={10} {...form.getInputProps(key)} />
        ))}
        <SaveBar saving={save.isPending} saved={save.isSuccess} error={save.error} />
      </Stack>
    </form>
  );
}
