import { Tabs } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import type { ComponentType, ReactNode } from "react";
import { useSelectedTabInView } from "../../lib/use-selected-tab-in-view.ts";

export interface SettingsTab<T extends string> {
  value: T;
  label: string;
  Icon: ComponentType<{ size?: number; "aria-hidden"?: boolean }>;
  panel: ReactNode;
}

/**
 * The tabs of a settings screen, the chosen one in the address (?tab=) so a link or a reload opens
 * it. Many tabs stand in a column beside the panel from the small breakpoint up; on a phone (and
 * for few tabs) they are a row above it that scrolls sideways, keeping the chosen tab in view.
 */
export function SettingsTabs<T extends string>({
  tabs,
  value,
  onChange,
  label,
  vertical = false,
}: {
  tabs: ReadonlyArray<SettingsTab<T>>;
  value: T;
  onChange: (value: T) => void;
  label: string;
  vertical?: boolean;
}) {
  const wide = useMediaQuery("(min-width: 48em)", true, { getInitialValueInEffect: false });
  const column = vertical && wide;
  const listRef = useSelectedTabInView(value);
  return (
    <Tabs
      value={value}
      onChange={(v) => v && onChange(v as T)}
      orientation={column ? "vertical" : "horizontal"}
      keepMounted
      // On a phone a row of many tabs reads better as pills than as underlined text.
      variant={vertical && !wide ? "pills" : "default"}
      styles={column ? { tab: { justifyContent: "flex-start" }, tabLabel: { textAlign: "left" } } : undefined}
    >
      <Tabs.List ref={listRef} aria-label={label} style={column ? { minWidth: 190 } : vertical ? { gap: 4 } : undefined}>
        {tabs.map(({ value: v, label: text, Icon }) => (
          <Tabs.Tab key={v} value={v} leftSection={<Icon size={16} aria-hidden />}>
            {text}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.map(({ value: v, panel }) => (
        <Tabs.Panel key={v} value={v} pt={column ? 0 : "md"} pl={column ? "lg" : 0} style={{ minWidth: 0 }}>
          {panel}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
