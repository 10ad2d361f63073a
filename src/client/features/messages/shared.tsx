import { Anchor, Button } from "@mantine/core";
import { IconSend } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import type { MouseEvent } from "react";
import { MESSAGE_SUBJECT_MAX, type MessageItem, type MessageParty } from "../../../domains/messages/messages.schema.ts";
import { texts } from "../../../shared/texts.ts";
import { trpc } from "../../lib/trpc.ts";

/** Every messages query (lists, unread count) fetched again: after a change made here. */
export function useRefreshMessages() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: trpc.messages.pathKey() });
}

/** The member on the other side of this copy: the sender of a received message, the recipient of a sent one. */
export const otherParty = (item: MessageItem): MessageParty => (item.box === "sent" ? item.to : item.from);

/** A received message not read yet (shown bold). */
export const isUnread = (item: MessageItem) => item.box === "inbox" && !item.read;

/** "Re: <subject>", without doubling an existing "Re:", within the subject's length. */
export function replySubject(subject: string): string {
  const s = subject.trim();
  return (/^re:/i.test(s) ? s : `Re: ${s}`).slice(0, MESSAGE_SUBJECT_MAX);
}

/**
 * A member's name as a link to their profile (a click on it does not open the row's message). A line
 * 24 px high: the least target size (WCAG 2.5.8), the row's subject button being right below it.
 */
export function PartyLink({ party, fw = 600, size }: { party: MessageParty; fw?: number; size?: string }) {
  return (
    <Anchor
      renderRoot={(props) => <Link {...props} to="/members/view-profile/show-profile" search={{ memberID: party.memberId }} />}
      fw={fw}
      size={size}
      truncate="end"
      lh="24px"
      onClick={(e: MouseEvent) => e.stopPropagation()}
      style={{ minWidth: 0 }}
    >
      {party.name}
    </Anchor>
  );
}

/** The submit button of Compose and of a reply: "Sending..." and disabled while the message goes out. */
export function SendButton({ sending }: { sending: boolean }) {
  return (
    <Button type="submit" leftSection={<IconSend size={16} aria-hidden />} disabled={sending}>
      {sending ? texts.messageSending : texts.messageSend}
    </Button>
  );
}
