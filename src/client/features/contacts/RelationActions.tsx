import { Badge, Button } from "@mantine/core";
import type { MemberCard } from "../../../domains/contacts/contacts.schema.ts";
import { texts } from "../../../shared/texts.ts";
import { ErrorAlert } from "../../components/ErrorAlert.tsx";
import { useContactAction } from "./actions.ts";

interface Props {
  member: MemberCard;
  /** Opens the "Requesting to Add Contact" modal for this member. */
  onRequest: (member: MemberCard) => void;
  addLabel?: string;
  /** Offer Follow too (suggestions). */
  withFollow?: boolean;
  /** Smaller buttons (the narrow suggestion cards). */
  compact?: boolean;
}

/**
 * The buttons of a list row, from how the viewer stands to the member (the card's relation, which
 * the server computes for the whole page):
 * Add as Contact only where a request is possible, Follow only where not followed yet; otherwise
 * a small label says why (Request sent, Contact, Following).
 */
export function RelationActions({ member, onRequest, addLabel = texts.addAsContact, withFollow = false, compact = false }: Props) {
  const size = compact ? "compact-sm" : "xs";
  const action = useContactAction();
  const r = member.relation;
  if (r.isSelf) return null;
  return (
    <>
      {r.canRequest && (
        <Button size={size} onClick={() => onRequest(member)}>
          {addLabel}
        </Button>
      )}
      {r.requestSent && <StateBadge label={texts.relationRequestSent} />}
      {r.requestReceived && <StateBadge label={texts.relationRequestReceived} />}
      {r.isContact && <StateBadge label={texts.relationContact} />}
      {withFollow && r.canFollow && (
        <Button size={size} variant="light" onClick={() => action.mutate({ action: "follow", memberId: member.memberId })}>
          {texts.follow}
        </Button>
      )}
      {withFollow && r.isFollowing && <StateBadge label={texts.relationFollowing} />}
      <ErrorAlert error={action.error} />
    </>
  );
}

export function StateBadge({ label }: { label: string }) {
  return (
    <Badge variant="light" color="gray" radius="sm" tt="none" fw={500}>
      {label}
    </Badge>
  );
}
