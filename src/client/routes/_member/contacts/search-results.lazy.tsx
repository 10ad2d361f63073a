import { createLazyFileRoute } from "@tanstack/react-router";
import { SearchResultsPage } from "../../../features/contacts/SearchResultsPage.tsx";

export const Route = createLazyFileRoute("/_member/contacts/search-results")({ component: SearchResultsRoute });

function SearchResultsRoute() {
  return <SearchResultsPage text={(Route.useSearch().searchText ?? "").trim()} />;
}
