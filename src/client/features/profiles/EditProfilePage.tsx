import { Card, Skeleton, Stack, Tabs } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { texts } from "../../../shared/texts.ts";
import { ErrorAlert } from "../../components/ErrorAlert.tsx";
import { trpc } from "../../lib/trpc.ts";
import { ProfileCompleteness } from "../onboarding/FirstHour.tsx";
import { AboutMeForm } from "./AboutMeForm.tsx";
import { BasicInfoForm } from "./BasicInfoForm.tsx";
import { ChangePhoto } from "./ChangePhoto.tsx";
import { ContactInfoForm } from "./ContactInfoForm.tsx";
import { EducationTab } from "./EducationTab.tsx";
import { PhotoAccountForm, VideoChannelForm } from "./MediaLinkForms.tsx";
import { ProfileHeader } from "./ProfileHeader.tsx";
import { ProfileTabList, type ProfileTab } from "./ProfileTabList.tsx";
import { WorkExperienceTab } from "./WorkExperienceTab.tsx";

/** Edit profile (spec section 2): the header with Change photo, then one tab per part of the profile. */
export function EditProfilePage({ initialTab }: { initialTab: ProfileTab }) {
  const mine = useQuery(trpc.profiles.mine.queryOptions());
  if (mine.error) return <ErrorAlert error={mine.error} />;
  if (!mine.data) return <ProfileSkeleton />;
  const p = mine.data;
  return (
    <Stack>
      <ProfileHeader name={p.name} title={p.title} picturePath={p.picturePath}>
        <ProfileCompleteness />
        <ChangePhoto />
      </ProfileHeader>
      <Card p={{ base: "sm", sm: "lg" }}>
        <Tabs defaultValue={initialTab} keepMounted>
          <ProfileTabList editing />
          <Tabs.Panel value="basic" pt="md">
            {p.basic && <BasicInfoForm basic={p.basic} />}
          </Tabs.Panel>
          <Tabs.Panel value="contact" pt="md">
            {p.contact && <ContactInfoForm contact={p.contact} />}
          </Tabs.Panel>
          <Tabs.Panel value="education" pt="md">
            <EducationTab entries={p.education ?? []} />
          </Tabs.Panel>
          <Tabs.Panel value="photos" pt="md">
            <PhotoAccountForm url={p.photoAccountUrl ?? ""} />
          </Tabs.Panel>
          <Tabs.Panel value="videos" pt="md">
            <VideoChannelForm channelId={p.videoChannelId ?? ""} />
          </Tabs.Panel>
          <Tabs.Panel value="about" pt="md">
            {p.personal && <AboutMeForm personal={p.personal} />}
          </Tabs.Panel>
          <Tabs.Panel value="work" pt="md">
            <WorkExperienceTab entries={p.employment ?? []} />
          </Tabs.Panel>
        </Tabs>
      </Card>
    </Stack>
  );
}

/** What the profile screens show while the profile loads. */
export function ProfileSkeleton() {
  return (
    <Stack aria-busy="true" aria-label={texts.pleaseWait}>
      <Card>
        <Stack gap="sm">
          <Skeleton circle height={112} />
          <Skeleton height={24} width="50%" />
          <Skeleton height={14} width="30%" />
        </Stack>
      </Card>
      <Card>
        <Stack gap="sm">
          <Skeleton height={32} />
          <Skeleton height={36} />
          <Skeleton height={36} />
          <Skeleton height={36} />
        </Stack>
      </Card>
    </Stack>
  );
}
