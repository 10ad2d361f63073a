import { Tabs } from "@mantine/core";
import { IconAddressBook, IconBriefcase, IconId, IconPhoto, IconSchool, IconUserHeart, IconVideo } from "@tabler/icons-react";
import { texts } from "../../../shared/texts.ts";
import { screenTexts } from "../../../shared/screen-texts.ts";
import { useSelectedTabInView } from "../../lib/use-selected-tab-in-view.ts";

export type ProfileTab = "basic" | "contact" | "education" | "photos" | "videos" | "about" | "work";

const tabs = [
  { value: "basic", label: texts.tabBasicInfo, Icon: IconId },
  { value: "contact", label: texts.tabContactInfo, Icon: IconAddressBook },
  { value: "education", label: texts.tabEducation, Icon: IconSchool },
  { value: "photos", label: texts.tabPhotos, Icon: IconPhoto },
  { value: "videos", label: texts.tabVideos, Icon: IconVideo },
] as const;

/** Edit Profile's own tabs after the spec's five: the personal section and the jobs the profile view shows. */
const editTabs = [
  { value: "about", label: screenTexts.tabAboutMe, Icon: IconUserHeart },
  { value: "work", label: screenTexts.tabWorkExperience, Icon: IconBriefcase },
] as const;

/** The five tabs both profile screens share (one row, scrolling sideways on a phone: see theme.ts); Edit Profile adds About Me and Work Experience. */
export function ProfileTabList({ editing = false }: { editing?: boolean }) {
  // Uncontrolled tabs: the row brings the tab the screen opens on (Edit Profile's ?tab=) into view; a clicked tab is in view already.
  const listRef = useSelectedTabInView();
  return (
    <Tabs.List ref={listRef} aria-label={texts.profileTabs}>
      {(editing ? [...tabs, ...editTabs] : tabs).map(({ value, label, Icon }) => (
        <Tabs.Tab key={value} value={value} leftSection={<Icon size={16} aria-hidden />}>
          {label}
        </Tabs.Tab>
      ))}
    </Tabs.List>
  );
}
