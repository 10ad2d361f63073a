import { Tabs } from "@mantine/core";
import { IconAddressBook, IconId, IconPhoto, IconSchool, IconVideo } from "@tabler/icons-react";
import { texts } from "../../../shared/texts.ts";

export type ProfileTab = "basic" | "contact" | "education" | "photos" | "videos";

const tabs = [
  { value: "basic", label: texts.tabBasicInfo, Icon: IconId },
  { value: "contact", label: texts.tabContactInfo, Icon: IconAddressBook },
  { value: "education", label: texts.tabEducation, Icon: IconSchool },
  { value: "photos", label: texts.tabPhotos, Icon: IconPhoto },
  { value: "videos", label: texts.tabVideos, Icon: IconVideo },
] as const;

/** The five tabs both profile screens share (one row, scrolling sideways on a phone: see theme.ts). */
export function ProfileTabList() {
  return (
    <Tabs.List aria-label={texts.profileTabs}>
      {tabs.map(({ value, label, Icon }) => (
        <Tabs.Tab key={value} value={value} leftSection={<Icon size={16} aria-hidden />}>
          {label}
        </Tabs.Tab>
      ))}
    </Tabs.List>
  );
}
