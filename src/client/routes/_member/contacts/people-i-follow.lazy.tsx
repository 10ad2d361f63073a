import { Anchor } from "@mantine/core";
import { createLazyFileRoute } from "@tanstack/react-router";
import { useState } from "react";
import type { MemberCard } from "../../../../domains/contacts/contacts.schema.ts";
import { texts } from "../../../../shared/texts.ts";
import { ErrorAlert } from "../../../components/ErrorAlert.tsx";
import { useBusyMembers, useContactAction } from "../../../features/contacts/actions.ts";
import { ConfirmModal } from "../../../features/contacts/ConfirmModal.tsx";
import { ContactsPage } from "../../../features/contacts/ContactsPage.tsx";
import { MemberList, MemberRow } from "../../../features/contacts/MemberRow.tsx";
import { useMemberPages } from "../../../features/contacts/use-member-pages.ts";

export const Route = createLazyFileRoute("/_member/contacts/people-i-follow")({ component: PeopleIFollowPage });

/** People I Follow (spec section 2): the members followed, Unfollow with a question (350 px). */
function PeopleIFollowPage() {
  const { query, members } = useMemberPages("following");
  const [leaving, setLeaving] = useState<MemberCard | null>(null);
  const unfollow = useContactAction();
  const busy = useBusyMembers();
  return (
    <ContactsPage title={texts.peopleIFollow}>
      <ErrorAlert error={query.error ?? unfollow.error} />
      <MemberList
        label={texts.peopleIFollow}
        members={query.error ? [] : members}
        height={350}
        emptyText={texts.notFollowingAnyone}
        hasMore={query.hasNextPage}
        loadingMore={query.isFetchingNextPage}
        onLoadMore={() => void query.fetchNextPage()}
        renderRow={(member) => (
          <MemberRow
            key={member.memberId}
            member={member}
            busy={busy.has(member.memberId)}
            actions={
              <Anchor component="button" type="button" size="sm" onClick={() => setLeaving(member)}>
                {texts.unfollow}
              </Anchor>
            }
          />
        )}
      />
      <ConfirmModal
        member={leaving}
        title={texts.unfollow}
        message={texts.unfollowConfirm}
        onConfirm={(m) => unfollow.mutate({ action: "unfollow", memberId: m.memberId })}
        onClose={() => setLeaving(null)}
      />
    </ContactsPage>
  );
}
