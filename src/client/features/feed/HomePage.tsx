import { Button, Modal, Stack, Text, Title } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { texts } from "../../../shared/texts.ts";
import { FirstHourChecklist } from "../onboarding/FirstHour.tsx";
import { RecentNews } from "./RecentNews.tsx";
import { RecentPosts } from "./RecentPosts.tsx";
import { rememberMember } from "../../lib/session.ts";
import { withSiteName } from "../../lib/site-name.ts";
import { trpc } from "../../lib/trpc.ts";
import { useCurrentMember } from "../../lib/use-current-member.ts";

/** Home (spec section 2): Recent News, Recent Posts, and the welcome-back modal after a reactivation. */
export function HomePage() {
  const member = useCurrentMember();
  return (
    <Stack gap="lg">
      <Title order={1} size="h3">
        {withSiteName(texts.homeWelcome)}, {member.firstName}
      </Title>
      <FirstHourChecklist />
      <RecentNews />
      <RecentPosts />
      <WelcomeBackModal />
    </Stack>
  );
}

/** Shown once after a reactivation: closing it tells the server, so it never shows again. */
function WelcomeBackModal() {
  const member = useCurrentMember();
  const dismiss = useMutation(trpc.account.dismissWelcomeBack.mutationOptions());
  const close = () => {
    rememberMember({ ...member, welcomeBackPending: false });
    dismiss.mutate();
  };
  return (
    <Modal opened={member.welcomeBackPending} onClose={close} title={texts.welcomeBackTitle}>
      <Stack>
        <Text>{texts.welcomeBackBody}</Text>
        <Button onClick={close}>{texts.close}</Button>
      </Stack>
    </Modal>
  );
}
