import { createLazyFileRoute } from "@tanstack/react-router";
import { ContactRequestsPage } from "../../../features/contacts/MemberListPage.tsx";

export const Route = createLazyFileRoute("/_member/contacts/requests")({ component: ContactRequestsPage });
