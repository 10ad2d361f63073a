import { Checkbox, Divider, Group, Select, SimpleGrid, Stack, Textarea, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMutation, useQuery } from "@tanstack/react-query";
import {
  type BasicInfo,
  type BasicInfoInput,
  basicInfoInput,
  formatHeight,
  HAND_FOOT,
  HEIGHT_OPTIONS,
  isAthleteStatus,
  LOOKING_FOR,
  type LookingFor,
  profileBirthDateError,
  WEIGHT_OPTIONS,
} from "../../../domains/profiles/profiles.schema.ts";
import { GENDERS, PROFILE_TYPES } from "../../../shared/members.ts";
import { PROFILE_YEAR_FIRST, PROFILE_YEAR_LAST } from "../../../shared/limits.ts";
import { texts } from "../../../shared/texts.ts";
import { rule } from "../../lib/form.ts";
import { trpc } from "../../lib/trpc.ts";
import { BirthDateSelects } from "../../components/BirthDateSelects.tsx";
import { refreshProfile } from "./refresh.ts";
import { SaveBar } from "../../components/SaveBar.tsx";
import { selectProps } from "../../components/select-props.ts";

const field = basicInfoInput.in.shape;
const heightOptions = HEIGHT_OPTIONS.map((inches) => ({ value: String(inches), label: formatHeight(inches) }));
const weightOptions = WEIGHT_OPTIONS.map((lbs) => ({ value: String(lbs), label: `${lbs} ${texts.lbs}` }));

/** The form's values: selects hold strings ("" for none), Looking For is the list of ticked boxes. */
function valuesOf(b: BasicInfo) {
  const [year = "", month = "", day = ""] = (b.birthDate ?? "").split("-");
  return {
    firstName: b.firstName,
    middleName: b.middleName,
    lastName: b.lastName,
    title: b.title,
    sport: b.sport,
    currentStatus: b.currentStatus,
    bio: b.bio,
    gender: b.gender ?? "",
    showGender: b.showGender,
    birthMonth: month ? String(Number(month)) : "",
    birthDay: day ? String(Number(day)) : "",
    birthYear: year ? String(Number(year)) : "",
    showBirthDate: b.showBirthDate,
    lookingFor: LOOKING_FOR.filter((k) => b.lookingFor[k]) as string[],
    preferredHandFoot: b.preferredHandFoot,
    preferredPosition: b.preferredPosition,
    secondaryPosition: b.secondaryPosition,
    heightInches: b.heightInches === null ? "" : String(b.heightInches),
    weightLbs: b.weightLbs === null ? "" : String(b.weightLbs),
    otherSportingInterest: b.otherSportingInterest,
    // Not on this form, kept as they are.
    currentCity: b.currentCity,
    hometown: b.hometown,
  };
}
type Values = ReturnType<typeof valuesOf>;

function inputOf({ lookingFor, ...v }: Values): BasicInfoInput {
  const looking = (k: LookingFor) => lookingFor.includes(k);
  return {
    ...v,
    currentStatus: v.currentStatus as BasicInfoInput["currentStatus"],
    gender: v.gender as BasicInfoInput["gender"],
    preferredHandFoot: v.preferredHandFoot as BasicInfoInput["preferredHandFoot"],
    lookingForEmployment: looking("Employment"),
    lookingForNetworking: looking("Networking"),
    lookingForPartnership: looking("Partnership"),
    lookingForRecruitment: looking("Recruitment"),
  };
}

/** Basic Info. (spec sections 2, 4, 5): athlete fields only for the athlete statuses. */
export function BasicInfoForm({ basic }: { basic: BasicInfo }) {
  const sports = useQuery(trpc.reference.sports.queryOptions());
  const interests = useQuery(trpc.reference.otherSportingInterests.queryOptions());
  const form = useForm({
    mode: "controlled",
    initialValues: valuesOf(basic),
    validateInputOnBlur: true,
    validate: {
      firstName: rule(field.firstName),
      middleName: rule(field.middleName),
      lastName: rule(field.lastName),
      title: rule(field.title),
      sport: rule(field.sport),
      currentStatus: rule(field.currentStatus),
      bio: rule(field.bio),
      gender: rule(field.gender),
      birthYear: (_, v) => profileBirthDateError(v.birthMonth, v.birthDay, v.birthYear),
      preferredPosition: rule(field.preferredPosition),
      secondaryPosition: rule(field.secondaryPosition),
    },
  });
  const save = useMutation(
    trpc.profiles.saveBasic.mutationOptions({
      onSuccess: async (saved) => {
        // What the server kept (athlete fields cleared for other statuses) becomes the form.
        form.setValues(valuesOf(saved));
        form.resetDirty(valuesOf(saved));
        await refreshProfile();
      },
    }),
  );
  const athlete = isAthleteStatus(form.values.currentStatus);
  const onDatePart = (part: "month" | "day" | "year", value: string) => {
    const key = part === "month" ? "birthMonth" : part === "day" ? "birthDay" : "birthYear";
    form.setFieldValue(key, value);
    if (form.isTouched("birthYear") || part === "year") form.validateField("birthYear");
  };

  return (
    <form noValidate onSubmit={form.onSubmit((values) => save.mutate(inputOf(values)))}>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput label={texts.firstName} autoComplete="given-name" required {...form.getInputProps("firstName")} />
          <TextInput label={texts.middleName} autoComplete="additional-name" {...form.getInputProps("middleName")} />
          <TextInput label={texts.lastName} autoComplete="family-name" required {...form.getInputProps("lastName")} />
        </SimpleGrid>
        <TextInput label={texts.title} required {...form.getInputProps("title")} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={texts.mainSport}
            placeholder={texts.select}
            data={(sports.data ?? []).map((s) => s.name)}
            searchable
            required
            allowDeselect={false}
            nothingFoundMessage="—"
            {...selectProps(form.getInputProps("sport"))}
          />
          <Select
            label={texts.currentStatus}
            placeholder={texts.select}
            data={[...PROFILE_TYPES]}
            required
            allowDeselect={false}
            {...selectProps(form.getInputProps("currentStatus"))}
          />
        </SimpleGrid>
        <Textarea label={texts.bio} autosize minRows={3} maxRows={8} {...form.getInputProps("bio")} />
        <Group align="flex-end" gap="lg" wrap="wrap">
          <Select
            label={texts.gender}
            placeholder={texts.select}
            data={[...GENDERS]}
            required
            allowDeselect={false}
            w={200}
            {...selectProps(form.getInputProps("gender"))}
          />
          <Checkbox label={texts.showGender} mb={8} {...form.getInputProps("showGender", { type: "checkbox" })} />
        </Group>
        <BirthDateSelects
          years={{ first: PROFILE_YEAR_FIRST, last: PROFILE_YEAR_LAST }}
          month={form.values.birthMonth}
          day={form.values.birthDay}
          year={form.values.birthYear}
          error={form.errors.birthYear}
          onChange={onDatePart}
          onYearBlur={() => form.validateField("birthYear")}
        />
        <Checkbox label={texts.showBirthDate} {...form.getInputProps("showBirthDate", { type: "checkbox" })} />
        <Checkbox.Group label={texts.lookingFor} {...form.getInputProps("lookingFor")}>
          <Group gap="lg" mt={6}>
            {LOOKING_FOR.map((k) => (
              <Checkbox key={k} value={k} label={k} />
            ))}
          </Group>
        </Checkbox.Group>
        <Divider />
        {athlete ? (
          <Stack gap="sm" role="group" aria-label={texts.athleteDetails}>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <Select
                label={texts.preferredHandFoot}
                placeholder={texts.select}
                data={[...HAND_FOOT]}
                clearable
                {...selectProps(form.getInputProps("preferredHandFoot"))}
              />
              <TextInput label={texts.preferredPosition} {...form.getInputProps("preferredPosition")} />
              <TextInput label={texts.secondaryPosition} {...form.getInputProps("secondaryPosition")} />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 2, sm: 3 }}>
              <Select
                label={texts.height}
                placeholder={texts.select}
                data={heightOptions}
                clearable
                searchable
                {...selectProps(form.getInputProps("heightInches"))}
              />
              <Select
                label={texts.weight}
                placeholder={texts.select}
                data={weightOptions}
                clearable
                searchable
                {...selectProps(form.getInputProps("weightLbs"))}
              />
            </SimpleGrid>
          </Stack>
        ) : (
          <Select
            label={texts.otherSportingInterest}
            placeholder={texts.select}
            data={(interests.data ?? []).map((i) => i.name)}
            clearable
            {...selectProps(form.getInputProps("otherSportingInterest"))}
          />
        )}
        <SaveBar saving={save.isPending} saved={save.isSuccess} error={save.error} />
      </Stack>
    </form>
  );
}
