import { Button, Checkbox, Group, Select, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMutation, useQuery } from "@tanstack/react-query";
import { type EducationEntry, type EducationInput, educationInput } from "../../../domains/profiles/profiles.schema.ts";
import { INSTITUTION_TYPES } from "../../../domains/reference/reference.schema.ts";
import { PROFILE_YEAR_FIRST, PROFILE_YEAR_LAST } from "../../../shared/limits.ts";
import { yearRange } from "../../../shared/calendar.ts";
import { texts } from "../../../shared/texts.ts";
import { ErrorAlert } from "../../components/ErrorAlert.tsx";
import { rule } from "../../lib/form.ts";
import { trpc, trpcClient } from "../../lib/trpc.ts";
import { EntriesTab } from "./EntriesTab.tsx";
import { refreshProfile } from "./refresh.ts";
import { selectProps } from "../../components/select-props.ts";

const field = educationInput.shape;
const yearOptions = yearRange(PROFILE_YEAR_FIRST, PROFILE_YEAR_LAST).map(String);
const institutionOptions = INSTITUTION_TYPES.map((t) => ({ value: String(t.value), label: t.label }));

/** One school as the lists show it: name, then degree, major, year and competition level. */
export function SchoolSummary({ entry }: { entry: EducationEntry }) {
  const details = [entry.degree, entry.major, entry.yearClass ? String(entry.yearClass) : "", entry.competitionLevel].filter(Boolean);
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Text fw={600} style={{ overflowWrap: "anywhere" }}>
        {entry.schoolName}
      </Text>
      {details.length > 0 && (
        <Text size="sm" c="dimmed">
          {details.join(" · ")}
        </Text>
      )}
      {(entry.city || entry.state) && (
        <Text size="xs" c="dimmed">
          {[entry.city, entry.state].filter(Boolean).join(", ")}
        </Text>
      )}
    </Stack>
  );
}

/** Education (spec sections 2, 4, 5): the member's schools, with Add School, Edit and Remove. */
export function EducationTab({ entries }: { entries: EducationEntry[] }) {
  return (
    <EntriesTab
      entries={entries}
      label={texts.tabEducation}
      addLabel={texts.addSchool}
      emptyText={texts.noEducation}
      titles={{ add: texts.addNewSchool, update: texts.updateSchool, remove: texts.removeSchool }}
      nameOf={(entry) => entry.schoolName}
      summary={(entry) => <SchoolSummary entry={entry} />}
      form={(entry, onDone) => <SchoolForm entry={entry} onDone={onDone} />}
      removeQuestion={(entry) => texts.removeSchoolConfirm.replace("{school}", entry.schoolName)}
      remove={(entry) => trpcClient.profiles.removeSchool.mutate({ entryId: entry.entryId })}
    />
  );
}

/** The form's values for an entry; a school the member typed (pending, in no list yet) opens as typed text. */
function valuesOf(entry: EducationEntry | null) {
  const typed = entry?.pending === true;
  return {
    state: entry?.state ?? "",
    schoolType: String(entry?.schoolType ?? 3),
    schoolId: entry && !typed ? String(entry.schoolId) : "",
    notListed: typed,
    schoolName: typed ? entry.schoolName : "",
    degreeTypeId: entry?.degreeTypeId ? String(entry.degreeTypeId) : "",
    major: entry?.major ?? "",
    yearClass: entry?.yearClass ? String(entry.yearClass) : "",
    competitionLevel: entry?.competitionLevel ?? "",
    societies: entry?.societies ?? "",
  };
}

/** The Add New School / Update School form: state, institution type, then a school of that list or a new one. */
function SchoolForm({ entry, onDone }: { entry: EducationEntry | null; onDone: () => void }) {
  const states = useQuery(trpc.reference.states.queryOptions());
  const degrees = useQuery(trpc.reference.degreeTypes.queryOptions());
  const levels = useQuery(trpc.reference.competitionLevels.queryOptions());
  const form = useForm({
    mode: "controlled",
    initialValues: valuesOf(entry),
    validateInputOnBlur: true,
    validate: {
      state: rule(field.state),
      schoolId: (value, v) => (v.notListed || value ? null : texts.schoolRequired),
      schoolName: (value, v) => (!v.notListed ? null : value.trim() ? rule(field.schoolName)(value) : texts.schoolRequired),
      degreeTypeId: rule(field.degreeTypeId),
      major: rule(field.major),
      yearClass: rule(field.yearClass),
      competitionLevel: rule(field.competitionLevel),
    },
  });
  const { state, schoolType, notListed } = form.values;
  const schools = useQuery({
    ...trpc.reference.schools.queryOptions({ state, institutionType: Number(schoolType) }),
    enabled: /^[A-Z]{2}$/.test(state),
  });
  const done = { onSuccess: async () => (await refreshProfile(), onDone()) };
  const add = useMutation(trpc.profiles.addSchool.mutationOptions(done));
  const update = useMutation(trpc.profiles.updateSchool.mutationOptions(done));
  const pending = add.isPending || update.isPending;

  const submit = (v: typeof form.values) => {
    const school: EducationInput = {
      state: v.state,
      schoolType: Number(v.schoolType),
      schoolId: v.notListed ? null : Number(v.schoolId),
      schoolName: v.notListed ? v.schoolName : "",
      degreeTypeId: v.degreeTypeId,
      major: v.major,
      yearClass: v.yearClass,
      competitionLevel: v.competitionLevel,
      societies: v.societies,
    };
    if (entry) update.mutate({ entryId: entry.entryId, school });
    else add.mutate(school);
  };
  // A new state or type means a new list: the chosen school no longer applies.
  const setListKey = (key: "state" | "schoolType", value: string) => {
    form.setFieldValue(key, value);
    form.setFieldValue("schoolId", "");
  };

  return (
    <form noValidate onSubmit={form.onSubmit(submit)}>
      <Stack>
        <ErrorAlert error={add.error ?? update.error} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={texts.state}
            placeholder={texts.select}
            data={(states.data ?? []).map((s) => ({ value: s.code, label: s.name }))}
            searchable
            required
            allowDeselect={false}
            {...selectProps(form.getInputProps("state"))}
            onChange={(v: string | null) => setListKey("state", v ?? "")}
          />
          <Select
            label={texts.institutionType}
            data={institutionOptions}
            allowDeselect={false}
            value={schoolType}
            onChange={(v) => setListKey("schoolType", v ?? "3")}
          />
        </SimpleGrid>
        {notListed ? (
          <TextInput label={texts.schoolName} required {...form.getInputProps("schoolName")} />
        ) : (
          <Select
            label={texts.school}
            description={texts.schoolSearchHint}
            placeholder={texts.select}
            data={(schools.data ?? []).map((s) => ({ value: String(s.id), label: s.city ? `${s.name} (${s.city})` : s.name }))}
            searchable
            limit={100}
            required
            disabled={!state}
            allowDeselect={false}
            nothingFoundMessage={schools.isFetching ? texts.pleaseWait : "—"}
            {...selectProps(form.getInputProps("schoolId"))}
          />
        )}
        <Checkbox label={texts.schoolNotListed} {...form.getInputProps("notListed", { type: "checkbox" })} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={texts.degree}
            placeholder={texts.select}
            data={(degrees.data ?? []).map((d) => ({ value: String(d.id), label: d.name }))}
            required
            allowDeselect={false}
            {...selectProps(form.getInputProps("degreeTypeId"))}
          />
          <TextInput label={texts.major} required {...form.getInputProps("major")} />
          <Select
            label={texts.classYear}
            placeholder={texts.select}
            data={yearOptions}
            searchable
            required
            allowDeselect={false}
            {...selectProps(form.getInputProps("yearClass"))}
          />
          <Select
            label={texts.competitionLevel}
            placeholder={texts.select}
            data={(levels.data ?? []).map((l) => l.name)}
            required
            allowDeselect={false}
            {...selectProps(form.getInputProps("competitionLevel"))}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {texts.cancel}
          </Button>
          <Button type="submit" disabled={pending} loading={false}>
            {pending ? texts.saving : texts.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
