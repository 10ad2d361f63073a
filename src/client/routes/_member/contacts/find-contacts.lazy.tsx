import { createLazyFileRoute } from "@tanstack/react-router";
import { FindContactsPage } from "../../../features/contacts/FindContactsPage.tsx";

export const Route = createLazyFileRoute("/_member/contacts/find-contacts")({ component: FindContactsPage });
