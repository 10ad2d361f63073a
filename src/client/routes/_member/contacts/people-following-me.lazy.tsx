import { createLazyFileRoute } from "@tanstack/react-router";
import { useState } from "react";
import type { MemberCard } from "../../../../domains/contacts/contacts.schema.ts";
import { texts } from "../../../../shared/texts.ts";
import { ErrorAlert } from "../../../components/ErrorAlert.tsx";
import { useBusyMembers, useContactAction } from "../../../features/contacts/actions.ts";
import { RequestContactModal } from "../../../features/contacts/ConfirmModal.tsx";
import { ContactsPage } from "../../../features/contacts/ContactsPage.tsx";
import { MemberList, MemberRow } from "../../../features/contacts/MemberRow.tsx";
import { RelationActions } from "../../../features/contacts/RelationActions.tsx";
import { useMemberPages } from "../../../features/contacts/use-member-pages.ts";

export const Route = createLazyFileRoute("/_member/contacts/people-following-me")({ component: PeopleFollowingMePage });

/**
 * People Following Me (spec section 2): the followers, with Add as a Contact and its question where
 * a request is possible (not for contacts, pending requests, or members who refuse requests).
 */
function PeopleFollowingMePage() {
  const { query, members } = useMemberPages("followers");
  const [requesting, setRequesting] = useState<MemberCard | null>(null);
  const send = useContactAction();
  const busy = useBusyMembers();
  return (
    <ContactsPage title={texts.peopleFollowingMe}>
      <ErrorAlert error={query.error ?? send.error} />
      <MemberList
        label={texts.peopleFollowingMe}
        members={query.error ? [] : members}
        height={350}
        emptyText={texts.noFollowers}
        hasMore={query.hasNextPage}
        loadingMore={query.isFetchingNextPage}
        onLoadMore={() => void query.fetchNextPage()}
        renderRow={(member) => (
          <MemberRow
            key={member.memberId}
            member={member}
            busy={busy.has(member.memberId)}
            actions={<RelationActions member={member} onRequest={setRequesting} addLabel={texts.addAsAContact} />}
          />
        )}
      />
      <RequestContactModal
        member={requesting}
        onSend={(m) => send.mutate({ action: "sendRequest", memberId: m.memberId })}
        onClose={() => setRequesting(null)}
      />
    </ContactsPage>
  );
}
