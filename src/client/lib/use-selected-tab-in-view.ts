import { useEffect, useRef } from "react";

/**
 * For a row of tabs that scrolls sideways (a phone, theme.ts): brings the selected tab into view when
 * the screen opens on it (`?tab=`) and whenever `selected` changes. Returns the ref for Tabs.List.
 */
export function useSelectedTabInView(selected?: string | null) {
  const listRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const list = listRef.current;
    const tab = list?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
    if (!list || !tab || list.scrollWidth <= list.clientWidth) return;
    // Scroll the row only, never the page (scrollIntoView would also move the window): the tab to the middle.
    const row = list.getBoundingClientRect();
    const box = tab.getBoundingClientRect();
    if (box.left < row.left || box.right > row.right) list.scrollLeft += box.left - row.left - (row.width - box.width) / 2;
  }, [selected]);
  return listRef;
}
