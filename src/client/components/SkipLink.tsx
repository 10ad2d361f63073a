import type { MouseEvent } from "react";
import { texts } from "../../shared/texts.ts";

/** The id of the element the skip link moves focus to (the layout's main landmark). */
export const MAIN_CONTENT_ID = "main-content";

/**
 * "Skip to main content": the page's first tab stop, shown only while focused. It moves focus to the
 * main landmark itself (tabindex -1), so the next Tab continues inside the screen, past the navbar.
 */
export function SkipLink() {
  const skip = (e: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    e.preventDefault();
    main.focus();
  };
  return (
    <a className="skip-link" href={`#${MAIN_CONTENT_ID}`} onClick={skip}>
      {texts.skipToMain}
    </a>
  );
}
