import { Anchor, AppShell, Avatar, Box, Button, Group, Menu, Stack, Text, UnstyledButton, useMantineTheme } from "@mantine/core";
import {
  IconChevronDown,
  IconHome,
  IconLock,
  IconLogout,
  IconSettings,
  IconShieldCheck,
  IconUser,
  IconUserEdit,
} from "@tabler/icons-react";
import { useMediaQuery } from "@mantine/hooks";
import { Notifications } from "@mantine/notifications";
import { Link, Outlet, useNavigate } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import type { SessionMember } from "../../../domains/accounts/accounts.schema.ts";
import { texts } from "../../../shared/texts.ts";
import { adminTexts } from "../../../shared/admin-texts.ts";
import { hasRole } from "../../../shared/members.ts";
import { adminLink } from "../../features/admin/admin-link.ts";
import { useAfterPaint } from "../../lib/use-after-paint.ts";
import { useSiteInfo } from "../../lib/use-site-info.ts";
import { showSiteName, siteName as pageSiteName } from "../../lib/site-name.ts";
import { useCurrentMember } from "../../lib/use-current-member.ts";
import { SuggestionsOnScreen } from "../../lib/suggestions-on-screen.ts";
import { forgetSession, isSignedOut, useLogout } from "../../lib/session.ts";
import { ContactsMenu, PhoneSearch } from "../../features/contacts/ContactsMenu.tsx";
import { MemberSearch } from "../../features/contacts/MemberSearch.tsx";
import { UnreadLinks } from "../../features/live/UnreadLinks.tsx";
import { useLiveUpdates } from "../../features/live/use-live-updates.tsx";
import { ColorSchemeToggle } from "../../components/ColorSchemeToggle.tsx";
import { Footer } from "../../components/Footer.tsx";
import { MAIN_CONTENT_ID, SkipLink } from "../../components/SkipLink.tsx";
import { RightColumn } from "./RightColumn.tsx";

/**
 * The logged-in layout: navbar on top, the routed screen, the right column (Site Guide,
 * Suggested for you) from the large breakpoint up and below the content on smaller screens.
 */
export function MemberLayout() {
  const member = useCurrentMember();
  // The right column is mounted once: in the aside from the large breakpoint up, else below the content.
  const theme = useMantineTheme();
  // Read at once (no server render here): a first guess that is wrong would mount the column twice.
  const wide = useMediaQuery(`(min-width: ${theme.breakpoints.lg})`, true, { getInitialValueInEffect: false }) ?? true;
  // The column renders after the routed screen has been painted, in a task of its own.
  const showColumn = useAfterPaint();
  // A screen that shows its own suggestions (lib/suggestions-on-screen.ts): the stacked column leaves its list out.
  const [suggestionsOnScreen, setSuggestionsOnScreen] = useState(false);
  const navigate = useNavigate();
  // The tab's one live stream (messages, notifications, unread counts).
  useLiveUpdates();

  useEffect(() => {
    // A call answered 401: the session ended (expired, or signed out on another device). After a
    // logout here, the queries still on screen refetch once and get 401 too: that is no lost session.
    const onLost = () => {
      if (isSignedOut()) return;
      forgetSession();
      void navigate({ to: "/errors", search: { errType: "BadToken" } });
    };
    window.addEventListener("sideline:session-lost", onLost);
    return () => window.removeEventListener("sideline:session-lost", onLost);
  }, [navigate]);

  return (
    <AppShell header={{ height: 60 }} aside={{ width: 300, breakpoint: "lg", collapsed: { mobile: true } }} padding="md">
      {/* The live updates' toasts (features/live): only signed-in members get them. */}
      <Notifications limit={3} />
      <SkipLink />
      <AppShell.Header>
        <Navbar member={member} />
      </AppShell.Header>
      {/* Main before the aside: the screen comes first in reading and tab order at every width. */}
      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1}>
        <Stack gap="lg" maw={760} mx="auto">
          <Box>
            <SuggestionsOnScreen.Provider value={setSuggestionsOnScreen}>
              <Outlet />
            </SuggestionsOnScreen.Provider>
          </Box>
          {!wide && showColumn && (
            <Box component="aside" aria-label="Right column">
              <RightColumn withSuggestions={!suggestionsOnScreen} />
            </Box>
          )}
          <Footer />
        </Stack>
      </AppShell.Main>
      {/* Only one "Right column" landmark at a time: below the large breakpoint it is inside main. */}
      {wide && (
        <AppShell.Aside p="md" aria-label="Right column">
          {showColumn && <RightColumn />}
        </AppShell.Aside>
      )}
    </AppShell>
  );
}

function Navbar({ member }: { member: SessionMember }) {
  const logout = useLogout();
  // At phone width every icon has to fit in one row: tighter spacing there.
  const phone = useMediaQuery("(max-width: 36em)", false, { getInitialValueInEffect: false });
  // The name the site's admins gave it (decisions 039, 043): the page's until site info is loaded,
  // then the current one (an admin may have just changed it), which the tab's title follows.
  const liveName = useSiteInfo()?.siteName;
  useEffect(() => {
    if (liveName) showSiteName(liveName);
  }, [liveName]);
  const siteName = liveName ?? pageSiteName();
  return (
    <Group h="100%" px={phone ? "xs" : "md"} gap={phone ? 4 : "md"} justify="space-between" wrap="nowrap" component="nav" aria-label="Main">
      <Group gap={phone ? 4 : "md"} wrap="nowrap">
        <Anchor component={Link} to="/home" fw={800} fz="xl" underline="never" aria-label={`${siteName} ${texts.home}`}>
          {siteName}
        </Anchor>
        <Button component={Link} to="/home" variant="subtle" leftSection={<IconHome size={18} />} visibleFrom="sm">
          {texts.home}
        </Button>
        <ContactsMenu />
      </Group>
      <Box visibleFrom="md">
        <MemberSearch />
      </Box>
      <Group gap={phone ? 2 : "xs"} wrap="nowrap">
        <PhoneSearch />
        <UnreadLinks />
        <ColorSchemeToggle />
        <Menu position="bottom-end" withArrow>
          <Menu.Target>
            <UnstyledButton aria-label={`${member.name}: account menu`}>
              <Group gap={6} wrap="nowrap">
                <Avatar src={member.picturePath} alt="" radius="xl" size={34} />
                <Text size="sm" fw={500} visibleFrom="sm">
                  {member.firstName}
                </Text>
                <Box display="flex" visibleFrom="xs">
                  <IconChevronDown size={14} />
                </Box>
              </Group>
            </UnstyledButton>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>{member.name}</Menu.Label>
            <Menu.Item component={Link} to="/home" leftSection={<IconHome size={16} />} hiddenFrom="sm">
              {texts.home}
            </Menu.Item>
            <Menu.Item
              renderRoot={(props) => <Link {...props} to="/members/view-profile/show-profile" search={{ memberID: member.memberId }} />}
              leftSection={<IconUser size={16} />}
            >
              {texts.viewProfile}
            </Menu.Item>
            <Menu.Item component={Link} to="/members/edit-profile" leftSection={<IconUserEdit size={16} />}>
              {texts.editProfile}
            </Menu.Item>
            <Menu.Item component={Link} to="/settings/account-setting" leftSection={<IconSettings size={16} />}>
              {texts.accountSettings}
            </Menu.Item>
            <Menu.Item component={Link} to="/settings/privacy-setting" leftSection={<IconLock size={16} />}>
              {texts.privacySettings}
            </Menu.Item>
            {hasRole(member.role, "moderator") && (
              <Menu.Item renderRoot={(props) => <Link {...props} {...adminLink("members")} />} leftSection={<IconShieldCheck size={16} />}>
                {adminTexts.adminLink}
              </Menu.Item>
            )}
            <Menu.Divider />
            <Menu.Item leftSection={<IconLogout size={16} />} onClick={() => logout.mutate()}>
              {texts.logout}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Group>
  );
}
