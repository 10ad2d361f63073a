import { Anchor, type AnchorProps, VisuallyHidden } from "@mantine/core";
import { IconExternalLink } from "@tabler/icons-react";
import { useRouter } from "@tanstack/react-router";
import type { MouseEvent, ReactNode } from "react";
import { texts } from "../../shared/texts.ts";

/** "internal" for a path on this site, "external" for an http(s) address, null for anything else (never javascript: or data:). */
export function linkKind(href: string): "internal" | "external" | null {
  if (href.startsWith("/") && !href.startsWith("//") && !href.startsWith("/\\")) return "internal";
  if (/^https?:\/\/[^\s]+$/i.test(href)) return "external";
  return null;
}

interface Props extends AnchorProps {
  /** A path on this site ("/members/edit-profile?adId=2") or an http(s) address. */
  href: string;
  children: ReactNode;
  "aria-label"?: string;
}

/**
 * A link whose address comes from data (news, site guide): a path on this site opens in the app
 * (the router, no page load; a modified click still opens a new tab), an outside address opens in a
 * new tab with rel="noopener noreferrer" and says so. Anything else is shown as plain text.
 */
export function SmartLink({ href, children, ...props }: Props) {
  const router = useRouter();
  const kind = linkKind(href);
  if (kind === null) return <>{children}</>;
  if (kind === "external") {
    const label = props["aria-label"];
    return (
      <Anchor href={href} target="_blank" rel="noopener noreferrer" {...props} aria-label={label && `${label} ${texts.opensInNewTab}`}>
        {children}
        <IconExternalLink size="0.85em" aria-hidden style={{ marginInlineStart: 4, verticalAlign: "-0.1em" }} />
        {!label && <VisuallyHidden> {texts.opensInNewTab}</VisuallyHidden>}
      </Anchor>
    );
  }
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    void router.navigate({ href });
  };
  return (
    <Anchor href={href} onClick={onClick} {...props}>
      {children}
    </Anchor>
  );
}
