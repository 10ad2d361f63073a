import { Button, Checkbox, Group, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMutation } from "@tanstack/react-query";
import {
  COMPANY_REQUIRED,
  type EmploymentEntry,
  type EmploymentInput,
  employmentInput,
} from "../../../domains/profiles/profiles.schema.ts";
import { MONTHS, yearRange } from "../../../shared/calendar.ts";
import { PROFILE_YEAR_FIRST, PROFILE_YEAR_LAST } from "../../../shared/limits.ts";
import { fillText, texts } from "../../../shared/texts.ts";
import { screenTexts } from "../../../shared/screen-texts.ts";
import { ErrorAlert } from "../../components/ErrorAlert.tsx";
import { selectProps } from "../../components/select-props.ts";
import { rule } from "../../lib/form.ts";
import { trpc, trpcClient } from "../../lib/trpc.ts";
import { EntriesTab } from "./EntriesTab.tsx";
import { refreshProfile } from "./refresh.ts";
import { StateSelect } from "./StateSelect.tsx";

const field = employmentInput.shape;
const monthOptions = MONTHS.map((name, i) => ({ value: String(i + 1), label: name }));
const yearOptions = yearRange(PROFILE_YEAR_FIRST, PROFILE_YEAR_LAST).map(String);
const jobName = (job: EmploymentEntry) => [job.title, job.companyName].filter(Boolean).join(", ");

/**
 * Work Experience (issue 16): the member's jobs with Add Job, Edit and Remove, as the Education tab
 * has schools; saved with the same services as the REST AddWorkExperience / UpdateMemberWorkExperience.
 */
export function WorkExperienceTab({ entries }: { entries: EmploymentEntry[] }) {
  return (
    <EntriesTab
      entries={entries}
      label={texts.workExperience}
      addLabel={screenTexts.addJob}
      emptyText={screenTexts.noWorkExperience}
      titles={{ add: screenTexts.addNewJob, update: screenTexts.updateJob, remove: screenTexts.removeJob }}
      nameOf={jobName}
      summary={(job) => (
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600} style={{ overflowWrap: "anywhere" }}>
            {jobName(job)}
          </Text>
          {(job.city || job.state) && (
            <Text size="sm" c="dimmed">
              {[job.city, job.state].filter(Boolean).join(", ")}
            </Text>
          )}
        </Stack>
      )}
      form={(entry, onDone) => <JobForm entry={entry} onDone={onDone} />}
      removeQuestion={(job) => fillText(screenTexts.removeJobConfirm, { job: jobName(job) })}
      remove={(job) => trpcClient.profiles.removeEmployment.mutate({ entryId: job.entryId })}
    />
  );
}

const text = (n: number | null | undefined) => (n ? String(n) : "");

function valuesOf(entry: EmploymentEntry | null) {
  return {
    companyName: entry?.companyName ?? "",
    title: entry?.title ?? "",
    city: entry?.city ?? "",
    state: entry?.state ?? "",
    startMonth: text(entry?.startMonth),
    startYear: text(entry?.startYear),
    endMonth: text(entry?.endMonth),
    endYear: text(entry?.endYear),
    currentlyWorksHere: entry?.currentlyWorksHere ?? false,
    description: entry?.description ?? "",
  };
}
type Values = ReturnType<typeof valuesOf>;

/** A month and a year select (a job's start or end), each optional. */
function MonthYear({ labels, month, year }: { labels: [string, string]; month: SelectBinding; year: SelectBinding }) {
  return (
    <>
      <Select label={labels[0]} placeholder={texts.select} data={monthOptions} clearable {...selectProps(month)} />
      <Select label={labels[1]} placeholder={texts.select} data={yearOptions} searchable clearable {...selectProps(year)} />
    </>
  );
}
type SelectBinding = { value?: unknown; onChange: (value: unknown) => void };

/** Add New Job / Update Job: company, title, place, from and until (or "I currently work here"), description. */
function JobForm({ entry, onDone }: { entry: EmploymentEntry | null; onDone: () => void }) {
  const form = useForm<Values>({
    mode: "controlled",
    initialValues: valuesOf(entry),
    validateInputOnBlur: true,
    validate: {
      companyName: (value) => (value.trim() ? rule(field.companyName)(value) : COMPANY_REQUIRED),
      title: rule(field.title),
      city: rule(field.city),
      description: rule(field.description),
    },
  });
  const done = { onSuccess: async () => (await refreshProfile(), onDone()) };
  const add = useMutation(trpc.profiles.addEmployment.mutationOptions(done));
  const update = useMutation(trpc.profiles.updateEmployment.mutationOptions(done));
  const pending = add.isPending || update.isPending;

  const submit = (v: Values) => {
    // The company by its name: the service finds it in the lookup, or keeps it as the member typed it.
    const job: EmploymentInput = { ...v, companyId: null };
    if (entry) update.mutate({ entryId: entry.entryId, job });
    else add.mutate(job);
  };
  const input = (key: keyof Values) => form.getInputProps(key);

  return (
    <form noValidate onSubmit={form.onSubmit(submit)}>
      <Stack>
        <ErrorAlert error={add.error ?? update.error} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={screenTexts.company} required maxLength={200} {...input("companyName")} />
          <TextInput label={screenTexts.jobTitle} required maxLength={100} {...input("title")} />
          <TextInput label={texts.city} maxLength={100} {...input("city")} />
          <StateSelect {...input("state")} />
          <MonthYear labels={[screenTexts.startMonth, screenTexts.startYear]} month={input("startMonth")} year={input("startYear")} />
          {!form.values.currentlyWorksHere && (
            <MonthYear labels={[screenTexts.endMonth, screenTexts.endYear]} month={input("endMonth")} year={input("endYear")} />
          )}
        </SimpleGrid>
        <Checkbox label={screenTexts.currentlyWorksHere} {...form.getInputProps("currentlyWorksHere", { type: "checkbox" })} />
        <Textarea label={screenTexts.jobDescription} autosize minRows={3} maxRows={8} {...input("description")} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {texts.cancel}
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? texts.saving : texts.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
