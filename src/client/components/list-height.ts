/**
 * The height cap of a scrolling list: the spec's height from Mantine's `sm` breakpoint (48em) up; on a
 * phone no cap, so the list grows with the page instead of scrolling inside a page that scrolls too
 * (where it cut rows off while the screen had room). For a responsive `mah` style prop.
 */
export const listMaxHeight = (height: number) => ({ base: "none", sm: height });
