import { Anchor, Fieldset, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { useForm } from "@mantine/form";
import { useMutation } from "@tanstack/react-query";
import { type ContactInfo, contactInfoInput } from "../../../domains/profiles/profiles.schema.ts";
import { minorsTexts } from "../../../shared/minors-texts.ts";
import { texts } from "../../../shared/texts.ts";
import { rule } from "../../lib/form.ts";
import { trpc } from "../../lib/trpc.ts";
import { refreshProfile } from "./refresh.ts";
import { SaveBar } from "../../components/SaveBar.tsx";
import { StateSelect } from "./StateSelect.tsx";

const field = contactInfoInput.shape;

/** The form's values: the fields without the account e-mail and the "show" flags (decision 037: each detail's level is set in Privacy Settings). */
function valuesOf({
  email: _email,
  showAddress: _showAddress,
  showEmail: _showEmail,
  showCellPhone: _showCellPhone,
  showHomePhone: _showHomePhone,
  ...contact
}: ContactInfo) {
  return contact;
}
type Values = ReturnType<typeof valuesOf>;
type TextKey = { [K in keyof Values]: Values[K] extends string ? K : never }[keyof Values];

const textFields: Array<{ key: TextKey; label: string; type?: string; autoComplete?: string }> = [
  { key: "otherEmail", label: texts.otherEmail, type: "email", autoComplete: "email" },
  { key: "cellPhone", label: texts.cellPhone, type: "tel", autoComplete: "tel" },
  { key: "homePhone", label: texts.homePhone, type: "tel", autoComplete: "tel" },
  { key: "otherPhone", label: texts.otherPhone, type: "tel" },
  { key: "facebook", label: texts.facebook },
  { key: "instagram", label: texts.instagram },
  { key: "twitter", label: texts.twitter },
  { key: "website", label: texts.website, type: "url", autoComplete: "url" },
];

/** Contact Info. (spec sections 2, 3): the fields; who may see each detail is its level in Privacy Settings (one control, decision 037). */
export function ContactInfoForm({ contact }: { contact: ContactInfo }) {
  const form = useForm({
    mode: "controlled",
    initialValues: valuesOf(contact),
    validateInputOnBlur: true,
    validate: Object.fromEntries(
      (Object.keys(field) as Array<keyof typeof field>).filter((k) => !k.startsWith("show")).map((k) => [k, rule(field[k])]),
    ),
  });
  const save = useMutation(
    trpc.profiles.saveContact.mutationOptions({
      onSuccess: async (saved) => {
        form.setValues(valuesOf(saved));
        form.resetDirty(valuesOf(saved));
        await refreshProfile();
      },
    }),
  );

  return (
    <form noValidate onSubmit={form.onSubmit((values) => save.mutate(values))}>
      <Stack>
        <TextInput label={texts.accountEmail} description={texts.accountEmailHint} value={contact.email} readOnly variant="filled" />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {textFields.map((f) => (
            <TextInput key={f.key} label={f.label} type={f.type} autoComplete={f.autoComplete} {...form.getInputProps(f.key)} />
          ))}
        </SimpleGrid>
        <TextInput label={texts.address} autoComplete="street-address" {...form.getInputProps("address")} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={texts.neighborhood} {...form.getInputProps("neighborhood")} />
          <TextInput label={texts.city} autoComplete="address-level2" {...form.getInputProps("city")} />
          <StateSelect {...form.getInputProps("state")} />
          <TextInput label={texts.zip} autoComplete="postal-code" {...form.getInputProps("zip")} />
        </SimpleGrid>
        <Fieldset legend={texts.whatMembersSee} variant="filled">
          <Stack gap="xs">
            <Text size="sm">{minorsTexts.contactDetailsHint}</Text>
            <Anchor renderRoot={(root) => <Link {...root} to="/settings/privacy-setting" search={{ tab: "profile" }} />} size="sm">
              {minorsTexts.contactDetailsLink}
            </Anchor>
          </Stack>
        </Fieldset>
        <SaveBar saving={save.isPending} saved={save.isSuccess} error={save.error} />
      </Stack>
    </form>
  );
}
