import { createFileRoute } from "@tanstack/react-router";
import { profileSearch } from "../../../../features/profiles/profile-search.ts";

/** View a profile (spec route members/view-profile/show-profile?memberID&code). */
export const Route = createFileRoute("/_member/members/view-profile/show-profile")({ validateSearch: profileSearch });
