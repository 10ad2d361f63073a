import { createLazyFileRoute } from "@tanstack/react-router";
import { PeopleIFollowPage } from "../../../features/contacts/MemberListPage.tsx";

export const Route = createLazyFileRoute("/_member/contacts/people-i-follow")({ component: PeopleIFollowPage });
