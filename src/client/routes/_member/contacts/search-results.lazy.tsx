import { createLazyFileRoute } from "@tanstack/react-router";
import { useQuery } from "@tanstack/react-query";
import { fillText, texts } from "../../../../shared/texts.ts";
import { ErrorAlert } from "../../../components/ErrorAlert.tsx";
import { ContactsPage } from "../../../features/contacts/ContactsPage.tsx";
import { MemberList, MemberRow } from "../../../features/contacts/MemberRow.tsx";
import { trpc } from "../../../lib/trpc.ts";

export const Route = createLazyFileRoute("/_member/contacts/search-results")({ component: SearchResultsPage });

/** Search results (spec section 2): the members found, with photo, name and city/state. */
function SearchResultsPage() {
  const text = (Route.useSearch().searchText ?? "").trim();
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
