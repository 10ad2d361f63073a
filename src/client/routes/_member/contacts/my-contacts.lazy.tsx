import { createLazyFileRoute } from "@tanstack/react-router";
import { MyContactsPage } from "../../../features/contacts/MemberListPage.tsx";

export const Route = createLazyFileRoute("/_member/contacts/my-contacts")({ component: MyContactsPage });
