import { Button, Group, Loader, Stack, Text } from "@mantine/core";
import { IconCheck, IconMessage, IconUserPlus, IconX } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { fillText, texts } from "../../../shared/texts.ts";
import { ErrorAlert } from "../../components/ErrorAlert.tsx";
import { trpc } from "../../lib/trpc.ts";
import { useContactAction } from "./actions.ts";
import { RequestContactModal } from "./ConfirmModal.tsx";
import { StateBadge } from "./RelationActions.tsx";

/**
 * The buttons of another member's profile (spec sections 2, 4), from contacts.relationship:
 * Add as Contact (the "Requesting to Add Contact" modal) while a request is possible, then
 * "Request sent"; Accept / Reject when this member asked the viewer; Follow this Member until
 * followed. Nothing on one's own profile.
 */
export function ProfileActions({ memberId, name }: { memberId: number; name: string }) {
  // The other member may have answered meanwhile: always check again when the profile opens.
  const relationship = useQuery({ ...trpc.contacts.relationship.queryOptions({ memberId }), staleTime: 0 });
  const action = useContactAction();
  const [requesting, setRequesting] = useState(false);
  const r = relationship.data;
  if (!r || r.isSelf) return null;
  const pending = action.isPending ? action.variables.action : null;
  return (
    <Stack gap="xs">
      <Group gap="xs" mt="xs" wrap="wrap" aria-busy={pending !== null || undefined}>
        {r.canRequest && (
          <Button
            size="xs"
            leftSection={<IconUserPlus size={14} aria-hidden />}
            loading={pending === "sendRequest"}
            onClick={() => setRequesting(true)}
          >
            {texts.addAsContact}
          </Button>
        )}
        {r.requestSent && <StateBadge label={texts.relationRequestSent} />}
        {r.isContact && <StateBadge label={texts.relationContact} />}
        {r.canFollow && (
          <Button
            size="xs"
            variant="light"
            loading={pending === "follow"}
            disabled={pending !== null}
            onClick={() => action.mutate({ action: "follow", memberId })}
          >
            {texts.followThisMember}
          </Button>
        )}
        {r.isFollowing && <StateBadge label={texts.relationFollowing} />}
        {r.isContact && r.canMessage && (
          <Button
            renderRoot={(props) => <Link {...props} to="/messages/view-messages" search={{ compose: memberId }} />}
            size="xs"
            variant="light"
            leftSection={<IconMessage size={14} aria-hidden />}
          >
            {texts.sendMessageToMember}
          </Button>
        )}
        {pending && pending !== "sendRequest" && pending !== "follow" && <Loader size="xs" aria-label={texts.loading} />}
      </Group>
      {r.requestReceived && (
        <Group gap="xs" wrap="wrap" role="group" aria-label={texts.respondToRequest}>
          <Text size="sm">{fillText(texts.requestFrom, { name })}</Text>
          <Button
            size="xs"
            color="turf"
            leftSection={<IconCheck size={14} aria-hidden />}
            disabled={pending !== null}
            onClick={() => action.mutate({ action: "accept", memberId })}
          >
            {texts.accept}
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconX size={14} aria-hidden />}
            disabled={pending !== null}
            onClick={() => action.mutate({ action: "reject", memberId })}
          >
            {texts.reject}
          </Button>
        </Group>
      )}
      <ErrorAlert error={action.error} />
      <RequestContactModal
        member={requesting ? { memberId, name } : null}
        onSend={() => action.mutate({ action: "sendRequest", memberId })}
        onClose={() => setRequesting(false)}
      />
    </Stack>
  );
}
