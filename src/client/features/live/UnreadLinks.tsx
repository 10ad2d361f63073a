import { Box, Button, Indicator, VisuallyHidden } from "@mantine/core";
import { IconBell, IconMessage } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { Link, useRouterState } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { unreadText } from "../../../domains/messages/messages.schema.ts";
import { fillText, texts } from "../../../shared/texts.ts";
import { trpc } from "../../lib/trpc.ts";
import { MESSENGER_PATH, NOTIFICATIONS_PATH } from "./use-live-updates.tsx";

/** The badge's text: the count, "99+" beyond. */
const badge = (count: number) => (count > 99 ? "99+" : String(count));

function UnreadButton(props: {
  to: typeof MESSENGER_PATH | typeof NOTIFICATIONS_PATH;
  icon: ReactNode;
  label: string;
  count: number;
  /** The accessible name: the label followed by the count in words (the catalogue's "Messages: {text}"). */
  name: string;
}) {
  const active = useRouterState({ select: (s) => s.location.pathname === props.to });
  return (
    <Button
      component={Link}
      to={props.to}
      variant={active ? "light" : "subtle"}
      px={{ base: 6, lg: "sm" }}
      aria-current={active ? "page" : undefined}
      // The badge sits over the icon's corner: nothing of the button may cut it off.
      styles={{ root: { overflow: "visible" }, label: { overflow: "visible" } }}
    >
      <Indicator label={badge(props.count)} disabled={props.count <= 0} size={16} offset={2} color="red" inline aria-hidden>
        <Box display="flex">{props.icon}</Box>
      </Indicator>
      {/* The accessible name is one hidden text (no space creeps in between parts); it starts with the word shown (WCAG 2.5.3). */}
      <Box component="span" ml={8} visibleFrom="lg" aria-hidden>
        {props.label}
      </Box>
      <VisuallyHidden>{props.name}</VisuallyHidden>
    </Button>
  );
}

/**
 * The navbar's messenger and notifications links, each with its unread count as a badge (the live
 * stream keeps the counts current). On smaller screens only the icons show; the accessible names
 * say the counts ("Messages: You have 2 un-read messages!").
 */
export function UnreadLinks() {
  const messages = useQuery(trpc.messages.unreadCount.queryOptions(undefined, { staleTime: 30_000, refetchOnWindowFocus: true }));
  const notifications = useQuery(trpc.notifications.unreadCount.queryOptions(undefined, { staleTime: 30_000, refetchOnWindowFocus: true }));
  const unreadMessages = messages.data ?? 0;
  const unreadNotifications = notifications.data ?? 0;
  return (
    <>
      <UnreadButton
        to={MESSENGER_PATH}
        icon={<IconMessage size={20} aria-hidden />}
        label={texts.messagesTitle}
        count={unreadMessages}
        name={fillText(texts.messengerUnreadLabel, { text: unreadText(unreadMessages) })}
      />
      <UnreadButton
        to={NOTIFICATIONS_PATH}
        icon={<IconBell size={20} aria-hidden />}
        label={texts.notificationsLink}
        count={unreadNotifications}
        name={fillText(texts.notificationsUnreadLabel, { count: unreadNotifications })}
      />
    </>
  );
}
