import { createTheme, type MantineColorsTuple } from "@mantine/core";

// One primary colour (a sporty blue) and one accent (turf green), the system font stack.
const sideline: MantineColorsTuple = [
  "#e7f3ff",
  "#d0e3ff",
  "#a0c4fb",
  "#6da4f7",
  "#4288f4",
  "#2877f3",
  "#176ef4",
  "#055dd9",
  "#0052c3",
  "#0046ad",
];
const turf: MantineColorsTuple = [
  "#e9fbf0",
  "#d8f3e1",
  "#b0e6c2",
  "#85d8a1",
  "#61cc85",
  "#4ac572",
  "#3cc168",
  "#2daa57",
  "#22974c",
  "#0f833e",
];

export const theme = createTheme({
  primaryColor: "sideline",
  // Dark: shade 6, white text on it reads 4.6:1 (shade 5 was 4.2:1).
  primaryShade: { light: 7, dark: 6 },
  colors: { sideline, turf },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: "700" },
  defaultRadius: "md",
  cursorType: "pointer",
  components: {
    Button: { defaultProps: { radius: "md" } },
    Card: { defaultProps: { withBorder: true, radius: "md", padding: "lg" } },
    Modal: { defaultProps: { centered: true } },
    // Tabs stay on one row and scroll sideways on a phone instead of wrapping onto several rows.
    Tabs: {
      styles: {
        list: { flexWrap: "nowrap", overflowX: "auto", overflowY: "hidden", scrollbarWidth: "thin" },
        tab: { flexShrink: 0 },
      },
    },
  },
});
