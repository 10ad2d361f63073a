import { TextInput } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import type { MemberCard } from "../../../domains/contacts/contacts.schema.ts";
import { fillText, texts } from "../../../shared/texts.ts";
import { screenTexts } from "../../../shared/screen-texts.ts";
import { ErrorAlert } from "../../components/ErrorAlert.tsx";
import { trpc } from "../../lib/trpc.ts";
import { useBusyMembers, useContactAction } from "./actions.ts";
import { RequestContactModal } from "./ConfirmModal.tsx";
import { ContactsPage } from "./ContactsPage.tsx";
import { MemberList, MemberRow } from "./MemberRow.tsx";
import { RelationActions } from "./RelationActions.tsx";

/**
 * Search results (spec section 2): the members found for `text`, each with photo, name, status and
 * sport, city/state (as their privacy allows) and Add as Contact / Follow. The query stays in the
 * page's own box, where it can be changed (Enter searches again).
 */
export function SearchResultsPage({ text }: { text: string }) {
  const results = useQuery({ ...trpc.search.members.queryOptions({ text, limit: 50 }), enabled: text !== "" });
  const [requesting, setRequesting] = useState<MemberCard | null>(null);
  const action = useContactAction();
  const busy = useBusyMembers();
  return (
    <ContactsPage title={text ? fillText(texts.searchResultsFor, { text }) : texts.searchResults}>
      <SearchAgain key={text} text={text} />
      <ErrorAlert error={results.error ?? action.error} />
      <MemberList
        label={texts.searchResults}
        members={text === "" || results.error ? [] : results.data}
        height={600}
        emptyText={texts.noContactsFound}
        renderRow={(member) => (
          <MemberRow
            key={member.memberId}
            member={member}
            details="profile"
            busy={busy.has(member.memberId)}
            actions={<RelationActions member={member} onRequest={setRequesting} withFollow />}
          />
        )}
      />
      <RequestContactModal
        member={requesting}
        onSend={(m) => action.mutate({ action: "sendRequest", memberId: m.memberId })}
        onClose={() => setRequesting(null)}
      />
    </ContactsPage>
  );
}

/** The query being shown, editable: Enter opens the results for the new text. */
function SearchAgain({ text }: { text: string }) {
  const navigate = useNavigate();
  const [value, setValue] = useState(text);
  return (
    <form
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        const searchText = value.trim();
        if (searchText) void navigate({ to: "/contacts/search-results", search: { searchText } });
      }}
    >
      <TextInput
        label={screenTexts.searchAgainLabel}
        placeholder={texts.searchPlaceholder}
        leftSection={<IconSearch size={16} aria-hidden />}
        maxLength={100}
        value={value}
        onChange={(e) => setValue(e.currentTarget.value)}
      />
    </form>
  );
}
