import { ActionIcon, Box, Button, Menu, Modal } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconChevronDown, IconSearch, IconUserCheck, IconUserPlus, IconUsers, IconUserSearch, IconUserShare } from "@tabler/icons-react";
import { Link } from "@tanstack/react-router";
import { texts } from "../../../shared/texts.ts";
import { MemberSearch } from "./MemberSearch.tsx";

/** The navbar's Contacts menu (spec section 2); on phones only its icon shows. */
export function ContactsMenu() {
  return (
    <Menu position="bottom-start" withArrow>
      <Menu.Target>
        <Button variant="subtle" px={{ base: 8, sm: "sm" }} aria-label={texts.contacts}>
          <IconUsers size={18} aria-hidden />
          <Box component="span" ml={6} visibleFrom="sm">
            {texts.contacts}
          </Box>
          <Box component="span" ml={4} visibleFrom="sm" display="flex">
            <IconChevronDown size={14} aria-hidden />
          </Box>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to="/contacts/my-contacts" leftSection={<IconUsers size={16} aria-hidden />}>
          {texts.myContacts}
        </Menu.Item>
        <Menu.Item component={Link} to="/contacts/requests" leftSection={<IconUserPlus size={16} aria-hidden />}>
          {texts.requestsMenu}
        </Menu.Item>
        <Menu.Item component={Link} to="/contacts/find-contacts" leftSection={<IconUserSearch size={16} aria-hidden />}>
          {texts.findContacts}
        </Menu.Item>
        <Menu.Item component={Link} to="/contacts/people-i-follow" leftSection={<IconUserShare size={16} aria-hidden />}>
          {texts.peopleIFollow}
        </Menu.Item>
        <Menu.Item component={Link} to="/contacts/people-following-me" leftSection={<IconUserCheck size={16} aria-hidden />}>
          {texts.peopleFollowingMeMenu}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** Below the medium breakpoint the navbar has no room for the search box: a search icon opens it. */
export function PhoneSearch() {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <ActionIcon variant="subtle" size="lg" aria-label={texts.openSearch} onClick={open} hiddenFrom="md">
        <IconSearch size={20} aria-hidden />
      </ActionIcon>
      <Modal opened={opened} onClose={close} title={texts.searchLabel} centered={false} yOffset="8vh">
        <MemberSearch width="100%" autoFocus onDone={close} />
      </Modal>
    </>
  );
}
