import { Anchor, Card, Group, Progress, Stack, Text, ThemeIcon, Title, VisuallyHidden } from "@mantine/core";
import { IconCircleCheck, IconCircleDashed } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useId } from "react";
import { FIRST_HOUR_STEPS, type FirstHourStep } from "../../../domains/onboarding/onboarding.schema.ts";
import { fillText } from "../../../shared/texts.ts";
import { screenTexts } from "../../../shared/screen-texts.ts";
import { withSiteName } from "../../lib/site-name.ts";
import { trpc } from "../../lib/trpc.ts";

const STEP_TEXT: Record<FirstHourStep, string> = {
  photo: screenTexts.firstHourStepPhoto,
  sportAndStatus: screenTexts.firstHourStepSportAndStatus,
  education: screenTexts.firstHourStepEducation,
  contact: screenTexts.firstHourStepContact,
  post: screenTexts.firstHourStepPost,
};

/** A step still to do, as a link to the page where it is done (the first post: Add New Post, just below on home). */
function StepLink({ step, label }: { step: FirstHourStep; label: string }) {
  const props = { size: "sm", fw: 600 } as const;
  if (step === "education")
    return (
      <Anchor renderRoot={(root) => <Link {...root} to="/members/edit-profile" search={{ tab: "education" }} />} {...props}>
        {label}
      </Anchor>
    );
  if (step === "contact")
    return (
      <Anchor component={Link} to="/contacts/find-contacts" {...props}>
        {label}
      </Anchor>
    );
  if (step === "post") return <Text size="sm">{label}</Text>;
  return (
    <Anchor component={Link} to="/members/edit-profile" {...props}>
      {label}
    </Anchor>
  );
}

/** The member's first-hour progress (onboarding.firstHour); lists and forms that change it invalidate it. */
export const useFirstHour = () => useQuery(trpc.onboarding.firstHour.queryOptions());

/**
 * The first hour's checklist on home (issue 16): photo, sport and status, a school, a first contact
 * and a first post, each a link to where it is done, with a meter; gone once every step is done.
 */
export function FirstHourChecklist() {
  const headingId = useId();
  const progress = useFirstHour().data;
  if (!progress || progress.complete) return null;
  return (
    <Card component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4" id={headingId}>
            {withSiteName(screenTexts.firstHourTitle)}
          </Title>
          <Text size="sm">{fillText(screenTexts.firstHourProgress, { done: progress.done, total: progress.total })}</Text>
        </Group>
        <Progress value={progress.percent} aria-label={screenTexts.firstHourTitle} />
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: "none" }} aria-label={screenTexts.firstHourTitle}>
          {FIRST_HOUR_STEPS.map((step) => {
            const done = progress.steps[step];
            const label = STEP_TEXT[step];
            return (
              <Group component="li" key={step} gap="sm" wrap="nowrap">
                <ThemeIcon variant="light" color={done ? "teal" : "gray"} radius="xl" size={24}>
                  {done ? <IconCircleCheck size={16} aria-hidden /> : <IconCircleDashed size={16} aria-hidden />}
                </ThemeIcon>
                {done ? (
                  <Text size="sm" td="line-through">
                    {label}
                  </Text>
                ) : (
                  <StepLink step={step} label={label} />
                )}
                <VisuallyHidden>{done ? screenTexts.firstHourDone : screenTexts.firstHourToDo}</VisuallyHidden>
              </Group>
            );
          })}
        </Stack>
      </Stack>
    </Card>
  );
}

/** The own profile's completeness meter: the first hour's steps done, in percent. */
export function ProfileCompleteness() {
  const progress = useFirstHour().data;
  if (!progress) return null;
  return (
    <Stack gap={4} maw={320}>
      <Text size="sm">{fillText(screenTexts.profileCompleteness, { percent: progress.percent })}</Text>
      <Progress value={progress.percent} aria-label={screenTexts.profileCompletenessLabel} color={progress.complete ? "teal" : undefined} />
    </Stack>
  );
}
