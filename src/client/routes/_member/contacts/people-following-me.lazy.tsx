import { createLazyFileRoute } from "@tanstack/react-router";
import { PeopleFollowingMePage } from "../../../features/contacts/MemberListPage.tsx";

export const Route = createLazyFileRoute("/_member/contacts/people-following-me")({ component: PeopleFollowingMePage });
