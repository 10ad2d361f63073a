import { Anchor, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { createLazyFileRoute } from "@tanstack/react-router";
import { useState } from "react";
import type { MemberCard } from "../../../../domains/contacts/contacts.schema.ts";
import { fillText, texts } from "../../../../shared/texts.ts";
import { ErrorAlert } from "../../../components/ErrorAlert.tsx";
import { useBusyMembers, useContactAction } from "../../../features/contacts/actions.ts";
import { ConfirmModal } from "../../../features/contacts/ConfirmModal.tsx";
import { ContactsPage } from "../../../features/contacts/ContactsPage.tsx";
import { MemberList, MemberRow } from "../../../features/contacts/MemberRow.tsx";
import { useMemberPages } from "../../../features/contacts/use-member-pages.ts";

export const Route = createLazyFileRoute("/_member/contacts/my-contacts")({ component: MyContactsPage });

/** My Contacts (spec section 2): search box, list (600 px), Drop Contact with a Yes/No question, count found. */
function MyContactsPage() {
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const { query, members, total } = useMemberPages("contacts", debounced);
  const [dropping, setDropping] = useState<MemberCard | null>(null);
  const drop = useContactAction();
  const busy = useBusyMembers();
  const count = members && (total === 1 ? texts.contactsFoundOne : fillText(texts.contactsFound, { count: total }));
  return (
    <ContactsPage
      title={texts.myContacts}
      aside={
        count && (
          <Text size="sm" c="dimmed" role="status">
            {count}
          </Text>
        )
      }
    >
      <TextInput
        label={texts.searchMyContacts}
        placeholder={texts.searchMyContactsPlaceholder}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        maxLength={100}
      />
      <ErrorAlert error={query.error ?? drop.error} />
      <MemberList
        label={texts.myContacts}
        members={query.error ? [] : members}
        height={600}
        emptyText={debounced ? texts.noContactsFound : texts.noContacts}
        hasMore={query.hasNextPage}
        loadingMore={query.isFetchingNextPage}
        onLoadMore={() => void query.fetchNextPage()}
        renderRow={(member) => (
          <MemberRow
            key={member.memberId}
            member={member}
            busy={busy.has(member.memberId)}
            actions={
              <Anchor component="button" type="button" size="sm" c="red" onClick={() => setDropping(member)}>
                {texts.dropContact}
              </Anchor>
            }
          />
        )}
      />
      <ConfirmModal
        member={dropping}
        title={texts.dropContact}
        message={texts.dropContactConfirm}
        danger
        onConfirm={(m) => drop.mutate({ action: "drop", memberId: m.memberId })}
        onClose={() => setDropping(null)}
      />
    </ContactsPage>
  );
}
