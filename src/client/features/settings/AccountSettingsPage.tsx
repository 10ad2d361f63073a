import { Card, Stack, Title } from "@mantine/core";
import {
  IconAt,
  IconBell,
  IconDatabase,
  IconDevices,
  IconKey,
  IconPhoto,
  IconShieldQuestion,
  IconUserCircle,
  IconUserOff,
} from "@tabler/icons-react";
import { useEffect, useRef } from "react";
import { texts } from "../../../shared/texts.ts";
import { dataRightsTexts } from "../../../shared/data-rights-texts.ts";
import { DataRightsTab } from "./DataRightsTab.tsx";
import { DeactivateForm } from "./DeactivateForm.tsx";
import { DevicesTab } from "./DevicesTab.tsx";
import { EmailTab, useConfirmEmailChange } from "./EmailTab.tsx";
import { NameTab } from "./NameForm.tsx";
import { NotificationsTab } from "./NotificationsForm.tsx";
import { PasswordForm } from "./PasswordForm.tsx";
import { PhotoTab } from "./PhotoTab.tsx";
import { SecurityQuestionTab } from "./SecurityQuestionForm.tsx";
import { type SettingsTab, SettingsTabs } from "./SettingsTabs.tsx";
import type { AccountTab } from "./tabs.ts";

interface Props {
  tab: AccountTab;
  onTabChange: (tab: AccountTab) => void;
  /** confirmEmail and code of the e-mail's link, when the page was opened from it. */
  emailLink: { email: string; code: string } | null;
  /** Called once the link was used, so a reload does not send it again. */
  onEmailLinkUsed: () => void;
}

/**
 * Account settings (spec section 2): the spec's six tabs plus E-mail (after Name) and Devices
 * (before Deactivate), and Your data (export and deletion, decision 036). Every tab stays mounted, so switching keeps what was typed.
 */
export function AccountSettingsPage({ tab, onTabChange, emailLink, onEmailLinkUsed }: Props) {
  const confirmEmail = useConfirmEmailChange();
  const linkUsed = useRef(false);
  useEffect(() => {
    if (!emailLink || linkUsed.current) return;
    linkUsed.current = true;
    confirmEmail.mutate(emailLink);
    onEmailLinkUsed();
  }, [emailLink, confirmEmail, onEmailLinkUsed]);

  const tabs: ReadonlyArray<SettingsTab<AccountTab>> = [
    { value: "photo", label: texts.tabChangePhoto, Icon: IconPhoto, panel: <PhotoTab /> },
    { value: "name", label: texts.tabName, Icon: IconUserCircle, panel: <NameTab /> },
    { value: "email", label: texts.tabEmail, Icon: IconAt, panel: <EmailTab confirm={confirmEmail} /> },
    { value: "password", label: texts.tabPassword, Icon: IconKey, panel: <PasswordForm /> },
    { value: "security", label: texts.tabSecurityQuestions, Icon: IconShieldQuestion, panel: <SecurityQuestionTab /> },
    { value: "notifications", label: texts.tabNotifications, Icon: IconBell, panel: <NotificationsTab /> },
    { value: "devices", label: texts.tabDevices, Icon: IconDevices, panel: <DevicesTab /> },
    { value: "deactivate", label: texts.tabDeactivate, Icon: IconUserOff, panel: <DeactivateForm /> },
    { value: "data", label: dataRightsTexts.tabYourData, Icon: IconDatabase, panel: <DataRightsTab /> },
  ];
  return (
    <Stack>
      <Title order={1} size="h2">
        {texts.accountSettings}
      </Title>
      <Card p={{ base: "sm", sm: "lg" }}>
        <SettingsTabs tabs={tabs} value={tab} onChange={onTabChange} label={texts.accountSettingsTabs} vertical />
      </Card>
    </Stack>
  );
}
