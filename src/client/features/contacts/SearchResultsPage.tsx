import { useQuery } from "@tanstack/react-query";
import { fillText, texts } from "../../../shared/texts.ts";
import { ErrorAlert } from "../../components/ErrorAlert.tsx";
import { trpc } from "../../lib/trpc.ts";
import { ContactsPage } from "./ContactsPage.tsx";
import { MemberList, MemberRow } from "./MemberRow.tsx";

/** Search results (spec section 2): the members found for `text`, with photo, name and city/state. */
export function SearchResultsPage({ text }: { text: string }) {
  const results = useQuery({ ...trpc.search.members.queryOptions({ text, limit: 50 }), enabled: text !== "" });
  return (
    <ContactsPage title={text ? fillText(texts.searchResultsFor, { text }) : texts.searchResults}>
      <ErrorAlert error={results.error} />
      <MemberList
        label={texts.searchResults}
        members={text === "" || results.error ? [] : results.data}
        height={600}
        emptyText={texts.noContactsFound}
        renderRow={(member) => <MemberRow key={member.memberId} member={member} details="place" />}
      />
    </ContactsPage>
  );
}
