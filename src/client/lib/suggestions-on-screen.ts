import { createContext, useContext, useEffect } from "react";

/**
 * Whether the routed screen itself shows "Suggested for you" (a strip: Find Contacts, an empty
 * feed). Where the right column stacks below the screen (a phone), it then leaves its own list out,
 * so nobody scrolls past the same members twice. MemberLayout provides the setter.
 */
export const SuggestionsOnScreen = createContext<(shown: boolean) => void>(() => {});

/** Marks the screen as showing suggestions while the calling component is mounted. */
export function useSuggestionsOnScreen(): void {
  const setShown = useContext(SuggestionsOnScreen);
  useEffect(() => {
    setShown(true);
    return () => setShown(false);
  }, [setShown]);
}
