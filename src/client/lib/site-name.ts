import { texts } from "../../shared/texts.ts";

/*
 * The site's name as its admins set it (decision 043). The server writes it into the page it sends
 * (the title and <meta name="application-name">), so every screen, the logged-out ones included,
 * reads it from there at once: no request, next to no bytes in the login page's first load.
 */

const nameTag = () => document.querySelector<HTMLMetaElement>('meta[name="application-name"]');

/** The site's name; the built-in one when the page carries none. */
export const siteName = (): string => nameTag()?.content || texts.appName;

/** A catalogue text that names the product, naming the site instead ("New to Sideline?"). */
export const withSiteName = (text: string): string => text.replaceAll(texts.appName, siteName());

/** A name the member area has just learnt (an admin changed it): the tab's title and later reads follow. */
export function showSiteName(name: string): void {
  const tag = nameTag();
  if (tag) tag.content = name;
  document.title = name;
}
