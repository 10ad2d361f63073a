import {
  Anchor,
  Button,
  Card,
  DataList,
  Group,
  Paper,
  ScrollArea,
  Stack,
  Tabs,
  Text,
  Title,
  useMatches,
  VisuallyHidden,
} from "@mantine/core";
import { IconExternalLink, IconLock, IconPencil } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import {
  type BasicInfo,
  type ContactInfo,
  type EducationEntry,
  type EmploymentEntry,
  formatHeight,
  isAthleteStatus,
  LOOKING_FOR,
  type PersonalInfo,
} from "../../../domains/profiles/profiles.schema.ts";
import { formatBirthDate, MONTHS } from "../../../shared/calendar.ts";
import { texts } from "../../../shared/texts.ts";
import { ErrorAlert } from "../../components/ErrorAlert.tsx";
import { trpc } from "../../lib/trpc.ts";
import { ProfileActions } from "../contacts/ProfileActions.tsx";
import { MemberSafetyMenu } from "../safety/MemberSafetyMenu.tsx";
import { ProfileCompleteness } from "../onboarding/FirstHour.tsx";
import { useCurrentMember } from "../../lib/use-current-member.ts";
import { ProfileSkeleton } from "./EditProfilePage.tsx";
import { SchoolSummary } from "./EducationTab.tsx";
import { ProfileHeader } from "./ProfileHeader.tsx";
import { ProfileTabList } from "./ProfileTabList.tsx";
import { VideosView } from "./VideosView.tsx";
import { listMaxHeight } from "../../components/list-height.ts";

/** View profile (spec section 2): what this member lets the viewer see, tab by tab. */
export function ViewProfilePage({ memberId }: { memberId?: number }) {
  const me = useCurrentMember();
  const id = memberId ?? me.memberId;
  const view = useQuery(trpc.profiles.view.queryOptions({ memberId: id }));
  if (view.error) {
    return (
      <Card>
        <Text>{texts.profileNotFound}</Text>
        <ErrorAlert error={view.error} />
      </Card>
    );
  }
  if (!view.data) return <ProfileSkeleton />;
  const p = view.data;
  return (
    <Stack>
      <ProfileHeader name={p.name} title={p.title} picturePath={p.picturePath}>
        {p.relation === "self" && <ProfileCompleteness />}
        {p.relation === "self" && (
          <Group mt="xs">
            <Button
              component={Link}
              to="/members/edit-profile"
              variant="light"
              size="xs"
              leftSection={<IconPencil size={14} aria-hidden />}
            >
              {texts.editProfile}
            </Button>
          </Group>
        )}
        {p.relation !== "self" && (
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <ProfileActions memberId={p.memberId} name={p.name} />
            <MemberSafetyMenu memberId={p.memberId} name={p.name} />
          </Group>
        )}
      </ProfileHeader>
      <Card p={{ base: "sm", sm: "lg" }}>
        <Tabs defaultValue="basic">
          <ProfileTabList />
          <Tabs.Panel value="basic" pt="md">
            {p.basic ? <BasicView basic={p.basic} personal={p.personal} employment={p.employment} /> : <PrivateSection />}
          </Tabs.Panel>
          <Tabs.Panel value="contact" pt="md">
            {p.contact ? <ContactView contact={p.contact} /> : <PrivateSection />}
          </Tabs.Panel>
          <Tabs.Panel value="education" pt="md">
            {p.education ? <EducationView entries={p.education} /> : <PrivateSection />}
          </Tabs.Panel>
          <Tabs.Panel value="photos" pt="md">
            {p.photoAccountUrl === null ? <PrivateSection /> : <PhotosView url={p.photoAccountUrl} />}
          </Tabs.Panel>
          <Tabs.Panel value="videos" pt="md">
            {p.videoChannelId === null ? <PrivateSection /> : <VideosView memberId={p.memberId} channelId={p.videoChannelId} />}
          </Tabs.Panel>
        </Tabs>
      </Card>
    </Stack>
  );
}

function PrivateSection() {
  return (
    <Group gap="xs" c="dimmed">
      <IconLock size={16} aria-hidden />
      <Text c="inherit">{texts.sectionPrivate}</Text>
    </Group>
  );
}

/** A label and value list that leaves out what is empty. */
function Facts({ items }: { items: Array<[string, ReactNode]> }) {
  const shown = items.filter(([, value]) => value !== "" && value !== null && value !== undefined);
  const labelWidth = useMatches({ base: 150, sm: 170 });
  if (shown.length === 0) return null;
  return (
    <DataList labelWidth={labelWidth} gap="xs">
      {shown.map(([label, value]) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel>{label}</DataList.ItemLabel>
          <DataList.ItemValue style={{ overflowWrap: "anywhere" }}>{value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={4}>
      <Title order={2} size="h5">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

const dateFormat = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric" });

function formatJoined(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : dateFormat.format(date);
}

function BasicView({
  basic,
  personal,
  employment,
}: {
  basic: BasicInfo;
  personal: PersonalInfo | null;
  employment: EmploymentEntry[] | null;
}) {
  const athlete = isAthleteStatus(basic.currentStatus);
  const lookingFor = LOOKING_FOR.filter((k) => basic.lookingFor[k]).join(", ");
  return (
    <Stack gap="lg">
      <Facts
        items={[
          [texts.sport, basic.sport],
          [texts.currentStatus, basic.currentStatus],
          [texts.gender, basic.gender ?? ""],
          [texts.birthDate, basic.birthDate ? formatBirthDate(basic.birthDate) : ""],
          [texts.lookingFor, lookingFor],
          [texts.preferredHandFoot, athlete ? basic.preferredHandFoot : ""],
          [texts.preferredPosition, athlete ? basic.preferredPosition : ""],
          [texts.secondaryPosition, athlete ? basic.secondaryPosition : ""],
          [texts.height, athlete && basic.heightInches !== null ? formatHeight(basic.heightInches) : ""],
          [texts.weight, athlete && basic.weightLbs !== null ? `${basic.weightLbs} ${texts.lbs}` : ""],
          [texts.otherSportingInterest, athlete ? "" : basic.otherSportingInterest],
          [texts.currentCity, basic.currentCity],
          [texts.hometown, basic.hometown],
          [texts.joined, formatJoined(basic.joinedDate)],
        ]}
      />
      {basic.bio && (
        <Section title={texts.bio}>
          <Text style={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}>{basic.bio}</Text>
        </Section>
      )}
      {personal && <PersonalView personal={personal} />}
      {employment && employment.length > 0 && <EmploymentView entries={employment} />}
    </Stack>
  );
}

function PersonalView({ personal }: { personal: PersonalInfo }) {
  const parts: Array<[string, string]> = [
    [texts.aboutMe, personal.aboutMe],
    [texts.activities, personal.activities],
    [texts.interests, personal.interests],
    [texts.specialSkills, personal.specialSkills],
  ];
  return (
    <>
      {parts
        .filter(([, value]) => value)
        .map(([title, value]) => (
          <Section key={title} title={title}>
            <Text style={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}>{value}</Text>
          </Section>
        ))}
    </>
  );
}

const monthYear = (month: number | null, year: number | null) =>
  [month ? MONTHS[month - 1]?.slice(0, 3) : "", year ? String(year) : ""].filter(Boolean).join(" ");

function EmploymentView({ entries }: { entries: EmploymentEntry[] }) {
  return (
    <Section title={texts.workExperience}>
      <Stack gap="xs">
        {entries.map((job) => {
          const start = monthYear(job.startMonth, job.startYear);
          const end = job.currentlyWorksHere ? texts.present : monthYear(job.endMonth, job.endYear);
          const period = [start, end].filter(Boolean).join(" – ");
          return (
            <Paper key={job.entryId} withBorder p="sm" radius="md">
              <Text fw={600}>{[job.title, job.companyName].filter(Boolean).join(", ")}</Text>
              {(period || job.city || job.state) && (
                <Text size="sm" c="dimmed">
                  {[period, [job.city, job.state].filter(Boolean).join(", ")].filter(Boolean).join(" · ")}
                </Text>
              )}
              {job.description && (
                <Text size="sm" mt={4} style={{ whiteSpace: "pre-line" }}>
                  {job.description}
                </Text>
              )}
            </Paper>
          );
        })}
      </Stack>
    </Section>
  );
}

const isWebAddress = (value: string) => /^https?:\/\/[^\s]+$/i.test(value);

/** A member-supplied address as a link (new tab, no referrer) when it is a web address, else text. */
function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  if (!isWebAddress(href)) return <>{children}</>;
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" fz="inherit">
      {children}
    </Anchor>
  );
}

function ContactView({ contact: c }: { contact: ContactInfo }) {
  const items: Array<[string, ReactNode]> = [
    [texts.email, c.email],
    [texts.otherEmail, c.otherEmail],
    [texts.cellPhone, c.cellPhone],
    [texts.homePhone, c.homePhone],
    [texts.otherPhone, c.otherPhone],
    [texts.address, c.address],
    [texts.neighborhood, c.neighborhood],
    [texts.city, c.city],
    [texts.state, c.state],
    [texts.zip, c.zip],
    [texts.facebook, c.facebook],
    [texts.instagram, c.instagram],
    [texts.twitter, c.twitter],
    [texts.website, c.website && <ExternalLink href={c.website}>{c.website}</ExternalLink>],
  ];
  if (items.every(([, value]) => !value)) return <Text c="dimmed">{texts.noContactInfo}</Text>;
  return <Facts items={items} />;
}

function EducationView({ entries }: { entries: EducationEntry[] }) {
  if (entries.length === 0) return <Text c="dimmed">{texts.noEducationFound}</Text>;
  return (
    <ScrollArea.Autosize mah={listMaxHeight(450)} type="auto" offsetScrollbars="present">
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: "none" }} aria-label={texts.tabEducation}>
        {entries.map((entry) => (
          <Paper key={entry.entryId} component="li" withBorder p="sm" radius="md">
            <SchoolSummary entry={entry} />
          </Paper>
        ))}
      </Stack>
    </ScrollArea.Autosize>
  );
}

function PhotosView({ url }: { url: string }) {
  if (!url || !isWebAddress(url)) return <Text c="dimmed">{texts.noPhotoAccount}</Text>;
  return (
    <Stack gap="xs" align="flex-start">
      <Anchor href={url} target="_blank" rel="noopener noreferrer">
        <Group gap={6} wrap="nowrap" component="span">
          <IconExternalLink size={16} aria-hidden />
          <span>
            {texts.seePhotos} <VisuallyHidden>{texts.opensInNewTab}</VisuallyHidden>
          </span>
        </Group>
      </Anchor>
      <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
        {url}
      </Text>
    </Stack>
  );
}
