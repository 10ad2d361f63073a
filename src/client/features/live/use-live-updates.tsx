import { Anchor } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useQueryClient } from "@tanstack/react-query";
import { useSubscription } from "@trpc/tanstack-react-query";
import { type AnyRouter, useRouter } from "@tanstack/react-router";
import { type MouseEvent, useEffect, useRef } from "react";
import type { NotificationKind } from "../../../domains/notifications/notifications.schema.ts";
import { fillText, texts } from "../../../shared/texts.ts";
import { isUnauthorized, trpc } from "../../lib/trpc.ts";
import { setCachedLikes } from "../feed/likes-cache.ts";

/** The screens that show what a toast would announce: no toast there. */
export const MESSENGER_PATH = "/messages/view-messages";
export const NOTIFICATIONS_PATH = "/messages/view-notifications";

/** After an error the link does not retry by itself (a bad answer, not a dropped connection), try again after this. */
const RESTART_AFTER_MS = 10_000;
/** A reconnect may replay many events at once: at most this many toasts in a burst, the badges tell the rest. */
const TOAST_BURST = 3;
const BURST_WINDOW_MS = 2_000;

interface MessageReceived {
  messageId?: number;
  from?: string;
  subject?: string;
}
interface NotificationCreated {
  notificationId?: number;
  kind?: NotificationKind;
  subject?: string;
  text?: string;
  link?: string;
}

/** A post's new like count; `liked` only when the change was the member's own (another tab). */
interface PostLikes {
  postId?: number;
  likes?: number;
  liked?: boolean;
}

/** A plain left click that the app can handle itself (a modified click opens a new tab as usual). */
const plainClick = (e: MouseEvent) => !(e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey);

/** A path on this site (never javascript:, data: or another host). */
const isInternal = (href: string | undefined): href is string =>
  !!href && href.startsWith("/") && !href.startsWith("//") && !href.startsWith("/\\");

/**
 * The one live stream of this tab (tRPC subscription over server-sent events), mounted once by the
 * member layout: new and changed messages and notifications refresh the queries that show them
 * (the navbar badges, the messenger, the notifications screen) and announce themselves with a toast;
 * a post's new like count is written into the feed pages that show it.
 * A dropped connection is resumed by the link from the last event id, and every (re)start refetches
 * both families of queries, so nothing missed while disconnected stays stale; a new stream refetches
 * them again once the server says it listens (stream.ready), for what came while it was set up.
 */
export function useLiveUpdates(): void {
  const queryClient = useQueryClient();
  const router = useRouter();
  const recentToasts = useRef<number[]>([]);

  const subscription = useSubscription(
    trpc.live.events.subscriptionOptions(undefined, {
      onStarted: () => {
        void queryClient.invalidateQueries({ queryKey: trpc.messages.pathKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.notifications.pathKey() });
      },
      onData: ({ data: event }) => {
        const path = router.state.location.pathname;
        switch (event.type) {
          case "stream.ready":
            // The server listens from here on: what came before (after the refetch of onStarted, while
            // the stream was being set up) is in the counts read now.
            void queryClient.invalidateQueries({ queryKey: trpc.messages.pathKey() });
            void queryClient.invalidateQueries({ queryKey: trpc.notifications.pathKey() });
            break;
          case "message.received":
            void queryClient.invalidateQueries({ queryKey: trpc.messages.pathKey() });
            if (path !== MESSENGER_PATH && mayToast(recentToasts.current)) toastMessage(router, event.data);
            break;
          case "messages.changed":
            void queryClient.invalidateQueries({ queryKey: trpc.messages.pathKey() });
            break;
          case "notification.created": {
            void queryClient.invalidateQueries({ queryKey: trpc.notifications.pathKey() });
            const data = event.data as NotificationCreated;
            // A new message has its own toast (above).
            if (data.kind !== "message.received" && path !== NOTIFICATIONS_PATH && mayToast(recentToasts.current))
              toastNotification(router, data);
            break;
          }
          case "notifications.changed":
            void queryClient.invalidateQueries({ queryKey: trpc.notifications.pathKey() });
            break;
          case "post.likes": {
            const { postId, likes, liked } = event.data as PostLikes;
            if (typeof postId !== "number" || typeof likes !== "number") break;
            setCachedLikes(queryClient, { postId, likes, liked });
            void queryClient.invalidateQueries({ queryKey: trpc.feed.likers.pathKey() });
            break;
          }
        }
      },
      onError: (error) => {
        // The session ended: the layout sends the member to the error page.
        if (isUnauthorized(error)) window.dispatchEvent(new CustomEvent("sideline:session-lost"));
      },
    }),
  );

  // A dropped connection is retried by the browser and the link; an error ends the subscription,
  // so start it again a little later (a server restart answering 502 for a moment, for example).
  const { status, error, reset } = subscription;
  useEffect(() => {
    if (status !== "error" || isUnauthorized(error)) return;
    const timer = window.setTimeout(reset, RESTART_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [status, error, reset]);
}

/** True when one more toast fits in the burst window (and records it). */
function mayToast(recent: number[]): boolean {
  const now = Date.now();
  while (recent.length && now - recent[0]! > BURST_WINDOW_MS) recent.shift();
  if (recent.length >= TOAST_BURST) return false;
  recent.push(now);
  return true;
}

/**
 * The toasts render outside the router (in the notifications portal), so they navigate through
 * the router instance captured here, and are plain links for the keyboard and screen readers.
 */
function toastLink(router: AnyRouter, id: string, href: string, label: string) {
  return (
    <Anchor
      href={href}
      size="sm"
      onClick={(e: MouseEvent) => {
        if (!plainClick(e)) return;
        e.preventDefault();
        notifications.hide(id);
        void router.navigate({ href });
      }}
    >
      {label}
    </Anchor>
  );
}

/** Clicking anywhere on the toast (but its close button) follows its link. */
function followOnClick(router: AnyRouter, id: string, href: string) {
  return (e: MouseEvent<HTMLDivElement>) => {
    if (!plainClick(e) || (e.target as HTMLElement).closest("button, a")) return;
    notifications.hide(id);
    void router.navigate({ href });
  };
}

function toastMessage(router: AnyRouter, data: MessageReceived) {
  const id = `message-${data.messageId ?? Date.now()}`;
  notifications.show({
    id,
    title: fillText(texts.newMessageFrom, { name: data.from ?? "" }),
    message: toastLink(router, id, MESSENGER_PATH, data.subject || texts.messagesTitle),
    onClick: followOnClick(router, id, MESSENGER_PATH),
    style: { cursor: "pointer" },
    autoClose: 8_000,
  });
}

function toastNotification(router: AnyRouter, data: NotificationCreated) {
  const id = `notification-${data.notificationId ?? Date.now()}`;
  const link = isInternal(data.link) ? data.link : undefined;
  notifications.show({
    id,
    title: data.subject,
    message: link ? toastLink(router, id, link, data.text ?? "") : data.text,
    onClick: link ? followOnClick(router, id, link) : undefined,
    style: link ? { cursor: "pointer" } : undefined,
    autoClose: 8_000,
  });
}
