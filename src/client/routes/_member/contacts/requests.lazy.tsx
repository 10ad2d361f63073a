import { Anchor, Text } from "@mantine/core";
import { createLazyFileRoute } from "@tanstack/react-router";
import { texts } from "../../../../shared/texts.ts";
import { ErrorAlert } from "../../../components/ErrorAlert.tsx";
import { useBusyMembers, useContactAction } from "../../../features/contacts/actions.ts";
import { ContactsPage } from "../../../features/contacts/ContactsPage.tsx";
import { MemberList, MemberRow } from "../../../features/contacts/MemberRow.tsx";
import { useMemberPages } from "../../../features/contacts/use-member-pages.ts";

export const Route = createLazyFileRoute("/_member/contacts/requests")({ component: RequestsPage });

/** Contact Requests (spec section 2): the requests received, Accept | Reject each (400 px). */
function RequestsPage() {
  const { query, members } = useMemberPages("requests");
  const action = useContactAction();
  const busy = useBusyMembers();
  return (
    <ContactsPage title={texts.contactRequests}>
      <ErrorAlert error={query.error ?? action.error} />
      <MemberList
        label={texts.contactRequests}
        members={query.error ? [] : members}
        height={400}
        emptyText={texts.noContactRequests}
        hasMore={query.hasNextPage}
        loadingMore={query.isFetchingNextPage}
        onLoadMore={() => void query.fetchNextPage()}
        renderRow={(member) => (
          <MemberRow
            key={member.memberId}
            member={member}
            busy={busy.has(member.memberId)}
            actions={
              <>
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  onClick={() => action.mutate({ action: "accept", memberId: member.memberId })}
                >
                  {texts.accept}
                </Anchor>
                <Text size="sm" c="dimmed" aria-hidden>
                  |
                </Text>
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  c="red"
                  onClick={() => action.mutate({ action: "reject", memberId: member.memberId })}
                >
                  {texts.reject}
                </Anchor>
              </>
            }
          />
        )}
      />
    </ContactsPage>
  );
}
