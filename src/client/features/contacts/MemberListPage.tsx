import { Anchor, Button, Text, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useDebouncedValue } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { type ReactNode, useState } from "react";
import type { MemberCard } from "../../../domains/contacts/contacts.schema.ts";
import { fillText, texts } from "../../../shared/texts.ts";
import { screenTexts } from "../../../shared/screen-texts.ts";
import { ErrorAlert } from "../../components/ErrorAlert.tsx";
import { type ContactAction, useBusyMembers, useContactAction } from "./actions.ts";
import { ConfirmModal, RequestContactModal } from "./ConfirmModal.tsx";
import { ContactsPage } from "./ContactsPage.tsx";
import { MemberList, MemberRow } from "./MemberRow.tsx";
import { RelationActions } from "./RelationActions.tsx";
import { type ListKind, useMemberPages } from "./use-member-pages.ts";

/** What a row's actions may do: ask the page's question about the member, or act at once. */
interface RowTools {
  ask: (member: MemberCard) => void;
  /** Runs the action now; `done`, when given, shows as a toast once it succeeded and the lists reloaded. */
  act: (action: ContactAction, done?: string) => void;
}

/** The question asked before an action: the contact request's modal, or a Yes/No question. */
type Question = { action: "sendRequest" } | { action: ContactAction; title: string; message: string; danger?: boolean };

interface MemberListPageProps {
  kind: ListKind;
  title: string;
  /** Height of the list in pixels (spec section 2). */
  height: number;
  emptyText: string;
  /** A search box over the list (with the empty text while searching) and the count found next to the title. */
  search?: { label: string; placeholder: string; emptyText: string };
  actions: (member: MemberCard, tools: RowTools) => ReactNode;
  question?: Question;
}

/**
 * One list of the signed-in member (spec section 2) page by page, with its actions on each row. A
 * row shows a spinner while an action on its member runs and the lists reload.
 */
function MemberListPage({ kind, title, height, emptyText, search, actions, question }: MemberListPageProps) {
  const [searchText, setSearchText] = useState("");
  const [debounced] = useDebouncedValue(searchText.trim(), 300);
  const { query, members, total } = useMemberPages(kind, debounced);
  const [asked, setAsked] = useState<MemberCard | null>(null);
  const action = useContactAction();
  const busy = useBusyMembers();
  const run = (memberId: number, contactAction: ContactAction, done?: string) =>
    action.mutate({ action: contactAction, memberId }, { onSuccess: () => done && notifications.show({ message: done, color: "teal" }) });
  const count = search && members && (total === 1 ? texts.contactsFoundOne : fillText(texts.contactsFound, { count: total }));
  return (
    <ContactsPage
      title={title}
      aside={
        count && (
          <Text size="sm" c="dimmed" role="status">
            {count}
          </Text>
        )
      }
    >
      {search && (
        <TextInput
          label={search.label}
          placeholder={search.placeholder}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={searchText}
          onChange={(e) => setSearchText(e.currentTarget.value)}
          maxLength={100}
        />
      )}
      <ErrorAlert error={query.error ?? action.error} />
      <MemberList
        label={title}
        members={query.error ? [] : members}
        height={height}
        emptyText={search && debounced ? search.emptyText : emptyText}
        hasMore={query.hasNextPage}
        loadingMore={query.isFetchingNextPage}
        onLoadMore={() => void query.fetchNextPage()}
        renderRow={(member) => (
          <MemberRow
            key={member.memberId}
            member={member}
            busy={busy.has(member.memberId)}
            actions={actions(member, { ask: setAsked, act: (a, done) => run(member.memberId, a, done) })}
          />
        )}
      />
      {question &&
        ("title" in question ? (
          <ConfirmModal
            member={asked}
            title={question.title}
            message={question.message}
            danger={question.danger}
            onConfirm={(m) => run(m.memberId, question.action)}
            onClose={() => setAsked(null)}
          />
        ) : (
          <RequestContactModal member={asked} onSend={(m) => run(m.memberId, question.action)} onClose={() => setAsked(null)} />
        ))}
    </ContactsPage>
  );
}

/** A row action shown as a link-styled button. */
function ActionLink({ label, danger, onClick }: { label: string; danger?: boolean; onClick: () => void }) {
  return (
    <Anchor component="button" type="button" size="sm" c={danger ? "red" : undefined} onClick={onClick}>
      {label}
    </Anchor>
  );
}

/** My Contacts: search box, list (600 px), Drop Contact with a Yes/No question, count found. */
export function MyContactsPage() {
  return (
    <MemberListPage
      kind="contacts"
      title={texts.myContacts}
      height={600}
      emptyText={texts.noContacts}
      search={{ label: texts.searchMyContacts, placeholder: texts.searchMyContactsPlaceholder, emptyText: texts.noContactsFound }}
      actions={(member, { ask }) => <ActionLink label={texts.dropContact} danger onClick={() => ask(member)} />}
      question={{ action: "drop", title: texts.dropContact, message: texts.dropContactConfirm, danger: true }}
    />
  );
}

/**
 * Contact Requests: the requests received, Accept | Reject each (400 px), as buttons: the row shows
 * a spinner while the answer is saved and the lists reload, then a toast says what happened.
 */
export function ContactRequestsPage() {
  return (
    <MemberListPage
      kind="requests"
      title={texts.contactRequests}
      height={400}
      emptyText={texts.noContactRequests}
      actions={(member, { act }) => (
        <>
          <Button
            size="xs"
            aria-label={`${texts.accept} ${member.name}`}
            onClick={() => act("accept", fillText(screenTexts.requestAccepted, { name: member.name }))}
          >
            {texts.accept}
          </Button>
          <Button
            size="xs"
            variant="default"
            aria-label={`${texts.reject} ${member.name}`}
            onClick={() => act("reject", fillText(screenTexts.requestRejected, { name: member.name }))}
          >
            {texts.reject}
          </Button>
        </>
      )}
    />
  );
}

/** People I Follow: the members followed, Unfollow with a question (350 px). */
export function PeopleIFollowPage() {
  return (
    <MemberListPage
      kind="following"
      title={texts.peopleIFollow}
      height={350}
      emptyText={texts.notFollowingAnyone}
      actions={(member, { ask }) => <ActionLink label={texts.unfollow} onClick={() => ask(member)} />}
      question={{ action: "unfollow", title: texts.unfollow, message: texts.unfollowConfirm }}
    />
  );
}

/**
 * People Following Me: the followers (350 px), with Add as a Contact and its question where a
 * request is possible (not for contacts, pending requests, or members who refuse requests).
 */
export function PeopleFollowingMePage() {
  return (
    <MemberListPage
      kind="followers"
      title={texts.peopleFollowingMe}
      height={350}
      emptyText={texts.noFollowers}
      actions={(member, { ask }) => <RelationActions member={member} onRequest={ask} addLabel={texts.addAsAContact} />}
      question={{ action: "sendRequest" }}
    />
  );
}
