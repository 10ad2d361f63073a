import { Card, Divider, Fieldset, Group, Radio, Select, Stack, Switch, Text, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMutation, useQuery } from "@tanstack/react-query";
import { IconBan, IconSearch, IconUserShield } from "@tabler/icons-react";
import { Fragment } from "react";
import {
  PRIVACY_LEVELS,
  type PrivacyLevelValue,
  type ProfilePrivacy,
  type ProfilePrivacyKey,
  SEARCH_FLAG_KEYS,
  SEARCH_VISIBILITY,
  type SearchFlagKey,
  type SearchPrivacy,
} from "../../../domains/settings/settings.schema.ts";
import { safetyTexts } from "../../../shared/safety-texts.ts";
import { type TextId, texts } from "../../../shared/texts.ts";
import { BlockedMembersTab } from "../safety/BlockedMembersTab.tsx";
import { queryClient, trpc } from "../../lib/trpc.ts";
import { SaveBar } from "../../components/SaveBar.tsx";
import { type SettingsTab, SettingsTabs } from "./SettingsTabs.tsx";
import { TabLoading } from "./TabLoading.tsx";
import type { PrivacyTab } from "./tabs.ts";

const levels = PRIVACY_LEVELS.map((l) => ({ value: String(l.id), label: l.text }));

/** A level of the Profile tab: the key, its label and an optional line on what it covers. */
type LevelRow = readonly [ProfilePrivacyKey, TextId, TextId?];

/** The Profile tab in two groups: whole sections, then single contact details. */
const SECTIONS: ReadonlyArray<LevelRow> = [
  ["basicInfo", "privacyBasicInfo"],
  ["personalInfo", "privacyPersonalInfo", "privacyPersonalInfoHint"],
  ["contactInfo", "privacyContactInfo"],
  ["education", "privacyEducation"],
  ["workInfo", "privacyWorkInfo"],
  ["photos", "privacyPhotos", "privacyPhotosHint"],
  ["videos", "privacyVideos", "privacyVideosHint"],
];
const DETAILS: ReadonlyArray<LevelRow> = [
  ["mobilePhone", "privacyMobilePhone"],
  ["otherPhone", "privacyOtherPhone"],
  ["emailAddress", "privacyEmailAddress"],
];
const FLAGS: Record<SearchFlagKey, TextId> = {
  viewProfilePicture: "searchViewProfilePicture",
  viewFriendsList: "searchViewFriendsList",
  viewLinkToRequestAddingYouAsFriend: "searchViewLinkToRequestAddingYouAsFriend",
  viewLinkToSendYouMsg: "searchViewLinkToSendYouMsg",
};

/** Privacy settings (spec section 2): tabs Profile and Search. What others see changes at once. */
export function PrivacySettingsPage({ tab, onTabChange }: { tab: PrivacyTab; onTabChange: (tab: PrivacyTab) => void }) {
  const privacy = useQuery(trpc.settings.privacy.queryOptions());
  const tabs: ReadonlyArray<SettingsTab<PrivacyTab>> = [
    {
      value: "profile",
      label: texts.tabProfile,
      Icon: IconUserShield,
      panel: privacy.data ? <ProfilePrivacyForm profile={privacy.data.profile} /> : <TabLoading error={privacy.error} rows={6} />,
    },
    {
      value: "search",
      label: texts.tabSearch,
      Icon: IconSearch,
      panel: privacy.data ? <SearchPrivacyForm search={privacy.data.search} /> : <TabLoading error={privacy.error} rows={5} />,
    },
    { value: "blocked", label: safetyTexts.blockedTitle, Icon: IconBan, panel: <BlockedMembersTab /> },
  ];
  return (
    <Stack>
      <Title order={1} size="h2">
        {texts.privacySettings}
      </Title>
      <Card p={{ base: "sm", sm: "lg" }}>
        <SettingsTabs tabs={tabs} value={tab} onChange={onTabChange} label={texts.privacySettingsTabs} />
      </Card>
    </Stack>
  );
}

const asStrings = (p: ProfilePrivacy) =>
  Object.fromEntries(Object.entries(p).map(([k, v]) => [k, String(v)])) as Record<ProfilePrivacyKey, string>;

/** Profile: a level (Public, Private, Only Contacts) for each section and contact detail. */
function ProfilePrivacyForm({ profile }: { profile: ProfilePrivacy }) {
  const form = useForm({ mode: "controlled", initialValues: asStrings(profile) });
  const save = useMutation(
    trpc.settings.saveProfilePrivacy.mutationOptions({
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.settings.privacy.queryKey(), (old) => (old ? { ...old, profile: saved } : old));
        form.resetDirty(asStrings(saved));
        void queryClient.invalidateQueries(trpc.profiles.pathFilter());
      },
    }),
  );
  const submit = (values: Record<ProfilePrivacyKey, string>) =>
    save.mutate(Object.fromEntries(Object.entries(values).map(([k, v]) => [k, Number(v) as PrivacyLevelValue])));
  const row = ([key, label, hint]: LevelRow, i: number) => (
    <Fragment key={key}>
      {i > 0 && <Divider />}
      <Group justify="space-between" wrap="nowrap" gap="md">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text component="label" htmlFor={`privacy-${key}`} size="sm" fw={500}>
            {texts[label]}
          </Text>
          {hint && (
            <Text size="xs" c="dimmed">
              {texts[hint]}
            </Text>
          )}
        </Stack>
        <Select id={`privacy-${key}`} data={levels} allowDeselect={false} w={160} style={{ flexShrink: 0 }} {...form.getInputProps(key)} />
      </Group>
    </Fragment>
  );
  return (
    <form noValidate onSubmit={form.onSubmit(submit)}>
      <Stack>
        <Text size="sm" c="dimmed">
          {texts.profilePrivacyIntro}
        </Text>
        <Fieldset legend={texts.profileSectionsLegend} variant="filled">
          <Stack gap="xs">{SECTIONS.map(row)}</Stack>
        </Fieldset>
        <Fieldset legend={texts.contactDetailsLegend} variant="filled">
          <Stack gap="xs">{DETAILS.map(row)}</Stack>
        </Fieldset>
        <SaveBar saving={save.isPending} saved={save.isSuccess} error={save.error} />
      </Stack>
    </form>
  );
}

/** Search: who may find the member, and what everyone who finds them sees (else contacts only). */
function SearchPrivacyForm({ search }: { search: SearchPrivacy }) {
  const form = useForm({ mode: "controlled", initialValues: { ...search, visibility: String(search.visibility) } });
  const save = useMutation(
    trpc.settings.saveSearchPrivacy.mutationOptions({
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.settings.privacy.queryKey(), (old) => (old ? { ...old, search: saved } : old));
        form.resetDirty({ ...saved, visibility: String(saved.visibility) });
      },
    }),
  );
  return (
    <form noValidate onSubmit={form.onSubmit((v) => save.mutate({ ...v, visibility: Number(v.visibility) }))}>
      <Stack>
        <Radio.Group label={texts.searchVisibility} {...form.getInputProps("visibility")}>
          <Stack gap="xs" mt="xs">
            {SEARCH_VISIBILITY.map((v) => (
              <Radio key={v.id} value={String(v.id)} label={v.text} />
            ))}
          </Stack>
        </Radio.Group>
        <Fieldset legend={texts.searchFlagsLegend} variant="filled">
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {texts.searchFlagsHint}
            </Text>
            {SEARCH_FLAG_KEYS.map((key) => (
              <Switch key={key} label={texts[FLAGS[key]]} {...form.getInputProps(key, { type: "checkbox" })} />
            ))}
          </Stack>
        </Fieldset>
        <SaveBar saving={save.isPending} saved={save.isSuccess} error={save.error} />
      </Stack>
    </form>
  );
}
