import { createFileRoute } from "@tanstack/react-router";
import { profileSearch } from "../../../features/profiles/profile-search.ts";

/** The profile link of lists and search results (spec route members/show-profile?memberID). */
export const Route = createFileRoute("/_member/members/show-profile")({ validateSearch: profileSearch });
